! A non-contiguous array passed for an explicit-shape dummy argument in a
! region: gfortran packs it into a temporary on the heap (malloc, or
! libgfortran's internal_pack at -O0), which the device cannot allocate.
! The warning names the procedure and the arrays and says why and what
! to do (it said "'malloc' is called, but it is not an OpenACC
! routine"); the regions run on the host, with the host's answers, and
! a contiguous argument runs on the device.
! { dg-do run }

module packing1_m
  implicit none
contains
  subroutine work (x, n)
    !$acc routine seq
    integer, intent(in) :: n
    real, intent(inout) :: x(n)
    integer :: i
    do i = 1, n
      x(i) = x(i) + i
    end do
  end subroutine work

  subroutine pair (x, y, n)
    !$acc routine seq
    integer, intent(in) :: n
    real, intent(inout) :: x(n), y(n)
    integer :: i
    do i = 1, n
      x(i) = x(i) + y(i)
    end do
  end subroutine pair

  subroutine strided (b, c, n)
    real, intent(inout) :: b(:), c(:)
    integer, intent(in) :: n
    !$acc parallel copy(b)
    call work (b, n) ! { dg-warning "gangway: the call of 'work' needs a contiguous copy of the array 'b', which may not be contiguous \\(an assumed-shape array or a section with a stride, passed for an explicit-shape or assumed-size dummy argument\\), and the device cannot allocate the copy; pass a contiguous array, or make the dummy argument assumed-shape; this OpenACC parallel region runs on the host" }
    !$acc end parallel
    !$acc parallel copy(b, c)
    call pair (b, c, n) ! { dg-warning "gangway: the call of 'pair' needs contiguous copies of the arrays 'b' and 'c', which may not be contiguous .* this OpenACC parallel region runs on the host" }
    !$acc end parallel
  end subroutine strided
end module packing1_m

program packing1
  use packing1_m
  implicit none
  integer, parameter :: m = 40
  real :: a(m), d(m)
  integer :: n, i

  n = m / 2
  a = 0
  d = 0
  !$acc parallel copy(a)
  call work (a(1:2 * n:2), n) ! { dg-warning "gangway: the call of 'work' needs a contiguous copy of the array 'a', which may not be contiguous .* this OpenACC parallel region runs on the host" }
  !$acc end parallel
  call strided (a(2:m:2), d(1:m:2), n)
  !$acc parallel copy(d)
  call work (d, m)
  !$acc end parallel

  do i = 1, n
    if (a(2 * i - 1) /= i) stop 1
    if (a(2 * i) /= i) stop 2
    if (d(2 * i - 1) /= 2 * i - 1) stop 3
    if (d(2 * i) /= 2 * i) stop 4
  end do
end program packing1

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=host \[^\n\]*reason=no-cpu-code(\n|\r\n|\r)" }
! { dg-output "gangway: launch __packing1_m_MOD_strided._omp_fn.0 device=host \[^\n\]*reason=no-cpu-code(\n|\r\n|\r)" }
! { dg-output "gangway: launch __packing1_m_MOD_strided._omp_fn.1 device=host \[^\n\]*reason=no-cpu-code(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.1 device=cpu " }
