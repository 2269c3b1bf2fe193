! The Fortran versions of three of the benchmark kernels (saxpy, the
! stencil's sweep, the dot product), as a Fortran user writes them, with
! both OpenACC and OpenMP directives: compiled with the plugin (run.sh:
! -DSAXPY=facc_saxpy ...) the OpenACC ones run on the cpu device, with
! -fopenmp (-DSAXPY=fomp_saxpy ...) the OpenMP ones.  bind(C) makes them
! the C kernels' interfaces (kernels.h); the arrays are the C arrays, a
! row of the stencil's n x n grid being a column here.  The arithmetic is
! the C kernels', in the same order.

subroutine SAXPY (n, a, x, y) bind(C)
  use iso_c_binding, only: c_int, c_float
  implicit none
  integer(c_int), value :: n
  real(c_float), value :: a
  real(c_float), intent(in) :: x(n)
  real(c_float), intent(inout) :: y(n)
  integer :: i
  !$acc parallel loop copyin(x) copy(y)
  !$omp parallel do simd
  do i = 1, n
    y(i) = a * x(i) + y(i)
  end do
end subroutine SAXPY

subroutine SWEEP (n, a, b) bind(C)
  use iso_c_binding, only: c_int, c_float
  implicit none
  integer(c_int), value :: n
  real(c_float), intent(in) :: a(n, n)
  real(c_float), intent(inout) :: b(n, n)
  integer :: i, j
  !$acc parallel loop gang copyin(a) copy(b)
  !$omp parallel do
  do i = 2, n - 1
    !$acc loop vector
    !$omp simd
    do j = 2, n - 1
      b(j, i) = 0.25 * (a(j, i - 1) + a(j, i + 1) + a(j - 1, i) + a(j + 1, i))
    end do
  end do
end subroutine SWEEP

function DOT (n, x, y) bind(C)
  use iso_c_binding, only: c_int, c_float
  implicit none
  integer(c_int), value :: n
  real(c_float), intent(in) :: x(n), y(n)
  real(c_float) :: DOT, s
  integer :: i
  s = 0
  !$acc parallel loop reduction(+:s) copyin(x, y)
  !$omp parallel do simd reduction(+:s)
  do i = 1, n
    s = s + x(i) * y(i)
  end do
  DOT = s
end function DOT
