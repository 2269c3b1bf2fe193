! -fcheck=bounds: regions whose checks all pass run on the device (they
! stayed on the host: "'_gfortran_runtime_error_at' is called"), with
! explicit-shape, assumed-shape and allocatable arrays of one and two
! dimensions, sections, character substrings and a routine.
! { dg-do run }
! { dg-options "-fcheck=bounds" }

module bounds1_m
  implicit none
contains
  subroutine scale (x, s)
    !$acc routine seq
    real, intent(inout) :: x(:)
    real, intent(in) :: s
    integer :: i
    do i = lbound (x, 1), ubound (x, 1)
      x(i) = x(i) * s
    end do
  end subroutine scale

  subroutine update (a, b, n)
    integer, intent(in) :: n
    real, intent(inout) :: a(:, :)
    real, intent(in) :: b(0:)
    integer :: i, j
    !$acc parallel loop collapse(2) copy(a) copyin(b)
    do j = 1, size (a, 2)
      do i = 1, n
        a(i, j) = a(i, j) + b(i - 1) * j
      end do
    end do
  end subroutine update
end module bounds1_m

program bounds1
  use bounds1_m
  implicit none
  integer, parameter :: n = 100
  real :: e(n), f(n), w(n)
  real, allocatable :: a(:, :), b(:)
  character(len=8) :: names(n)
  integer :: k(n), i, j

  allocate (a(n, 7), b(0:n - 1))
  do i = 1, n
    f(i) = i
    b(i - 1) = 2 * i
    a(i, :) = i
    write (names(i), '(a, i3.3)') 'name', i
  end do

  !$acc parallel loop copyin(f, names) copyout(e, k, w)
  do i = 1, n
    e(i) = f(i) + f(n + 1 - i)
    k(i) = ichar (names(i)(5:5)) + ichar (names(i)(7:7))
    w(i) = sum (f(max (1, i - 2):min (n, i + 2)))
  end do

  call update (a, b, n)

  !$acc parallel copy(a)
  !$acc loop
  do j = 1, 7
    call scale (a(:, j), 0.5)
  end do
  !$acc end parallel

  do i = 1, n
    if (e(i) /= n + 1) stop 1
    if (k(i) /= 96 + i / 100 + mod (i, 10)) stop 2
    if (w(i) /= (min (n, i + 2) + max (1, i - 2)) &
                * (min (n, i + 2) - max (1, i - 2) + 1) / 2) stop 3
    do j = 1, 7
      if (a(i, j) /= (i + 2 * i * j) * 0.5) stop 4
    end do
  end do
end program bounds1

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch __bounds1_m_MOD_update._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.1 device=cpu " }
