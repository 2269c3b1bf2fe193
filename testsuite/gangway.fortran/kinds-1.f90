! Kinds and forms from Fortran: integer(1), integer(2) and integer(8)
! arithmetic, logical(1), logical(2) and logical(8) reductions, an
! assumed-size array, atomic read, write and capture, a worker routine.
! { dg-do run }

module kinds1_m
  implicit none
contains
  subroutine rows (a, n, m)
    !$acc routine worker
    integer, intent(in) :: n, m
    real(4), intent(inout) :: a(n, m)
    integer :: i, j
    !$acc loop worker
    do j = 1, m
      !$acc loop vector
      do i = 1, n
	a(i, j) = a(i, j) * 2 + j
      end do
    end do
  end subroutine rows

  subroutine scale (x, n)
    integer, intent(in) :: n
    real(8), intent(inout) :: x(*)
    integer :: i
    !$acc parallel loop copy(x(1:n))
    do i = 1, n
      x(i) = x(i) * 3 - i
    end do
  end subroutine scale
end module kinds1_m

program kinds1
  use kinds1_m
  implicit none
  integer, parameter :: n = 500
  integer(1) :: b(n)
  integer(2) :: h(n)
  integer(8) :: w(n)
  logical(1) :: l1, hl1
  logical(2) :: l2, hl2
  logical(8) :: l8, hl8
  real(8) :: x(n)
  real(4) :: a(16, 8)
  integer :: i, j, cnt, last, seen(n), got
  integer :: k

  !$acc parallel loop copyout(b, h, w)
  do i = 1, n
    b(i) = int (mod (i, 100) - 50, 1)
    h(i) = int (i * 61 - 20000, 2)
    w(i) = int (i, 8) * 3000000000_8
  end do
  do i = 1, n
    if (b(i) /= mod (i, 100) - 50 .or. h(i) /= i * 61 - 20000 &
	.or. w(i) /= int (i, 8) * 3000000000_8) stop 1
  end do

  l1 = .true.; l2 = .false.; l8 = .false.
  !$acc parallel loop copyin(b) reduction(.and.:l1) reduction(.or.:l2) &
  !$acc   reduction(.neqv.:l8)
  do i = 1, n
    l1 = l1 .and. (b(i) > -60_1)
    l2 = l2 .or. (b(i) == 49_1)
    l8 = l8 .neqv. (b(i) < 0_1)
  end do
  hl1 = .true.; hl2 = .false.; hl8 = .false.
  do i = 1, n
    hl1 = hl1 .and. (b(i) > -60_1)
    hl2 = hl2 .or. (b(i) == 49_1)
    hl8 = hl8 .neqv. (b(i) < 0_1)
  end do
  if ((l1 .neqv. hl1) .or. (l2 .neqv. hl2) .or. (l8 .neqv. hl8)) stop 2

  do i = 1, n
    x(i) = i
  end do
  call scale (x, n)
  do i = 1, n
    if (x(i) /= 2 * i) stop 3
  end do

  cnt = 0
  seen = 0
  !$acc parallel loop copy(cnt, seen)
  do i = 1, n
    !$acc atomic capture
    k = cnt
    cnt = cnt + 1
    !$acc end atomic
    !$acc atomic write
    seen(k + 1) = i
  end do
  if (cnt /= n) stop 4
  ! Each slot written once: the captured values are 0 .. n-1.
  do i = 1, n
    if (seen(i) < 1 .or. seen(i) > n) stop 5
    if (count (seen == seen(i)) /= 1) stop 6
  end do
  last = -1
  !$acc parallel copy(last) copyin(cnt)
  !$acc atomic read
  got = cnt
  last = got
  !$acc end parallel
  if (last /= n) stop 7

  a = 1
  !$acc parallel num_gangs(1) num_workers(4) copy(a)
  call rows (a, 16, 8)
  !$acc end parallel
  do j = 1, 8
    do i = 1, 16
      if (a(i, j) /= 2 + j) stop 8
    end do
  end do
end program kinds1

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.1 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch __kinds1_m_MOD_scale._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.2 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.3 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.4 device=cpu " }
