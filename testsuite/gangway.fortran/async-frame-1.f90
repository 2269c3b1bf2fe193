! Queued regions launched by subroutines that return at once never read
! the launching frames (issue 38, item 2): assumed-shape dummies (their
! descriptors and data pointers live in the caller's and the
! subroutine's frames), a scalar dummy passed by reference (the caller's
! loop counter, which goes on counting), a VALUE dummy, an optional
! dummy present or absent, inside a data construct, in a
! collapse(3) loop as a weather code's time step has them; waited for
! once at the end.  Checked against the host.
! { dg-do run }
! { dg-set-target-env-var GANGWAY_NUM_THREADS "2" }

module frame1
  implicit none
contains
  subroutine step (a, b, n, t, c, o)
    integer, intent(in) :: n, t
    real(8), intent(inout) :: a(:,:,:)
    real(8), intent(in) :: b(:,:,:)
    real(8), value :: c
    real(8), intent(in), optional :: o
    integer :: i, j, k
    !$acc parallel loop collapse(3) present(a, b) async(1)
    do k = 1, n
      do j = 1, n
        do i = 1, n
          a(i, j, k) = a(i, j, k) * 0.5d0 + b(i, j, k) + c + t
        end do
      end do
    end do
    if (present (o)) then
      !$acc parallel loop collapse(3) present(a) async(1)
      do k = 1, n
        do j = 1, n
          do i = 1, n
            a(i, j, k) = a(i, j, k) + o
          end do
        end do
      end do
    end if
  end subroutine step

  subroutine run (a, b, n, steps)
    integer :: n, steps, t
    real(8) :: a(n, n, n), b(n, n, n)
    !$acc data copy(a) copyin(b)
    do t = 1, steps
      if (mod (t, 3) == 0) then
        call step (a(:,:,:), b, n, t, real (t, 8), 0.25d0)
      else
        call step (a(:,:,:), b, n, t, real (t, 8))
      end if
    end do
    !$acc wait
    !$acc end data
  end subroutine run
end module frame1

program asyncframe1
  use frame1
  implicit none
  integer, parameter :: n = 24, steps = 12
  real(8), allocatable :: a(:,:,:), b(:,:,:), r(:,:,:)
  integer :: t

  allocate (a(n, n, n), b(n, n, n), r(n, n, n))
  call random_number (b)
  a = 1
  r = 1
  call run (a, b, n, steps)
  do t = 1, steps
    r = r * 0.5d0 + b + t + t
    if (mod (t, 3) == 0) r = r + 0.25d0
  end do
  if (any (a /= r)) then
    print *, 'wrong', count (a /= r), a(1, 1, 1), r(1, 1, 1)
    stop 1
  end if
end program asyncframe1

! { dg-output "(gangway: launch __frame1_MOD_step._omp_fn.\[01\] device=cpu \[^\n\]* async=1(\n|\r\n|\r)){16}" }
