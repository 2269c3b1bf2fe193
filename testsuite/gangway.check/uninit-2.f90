! In Fortran, an array created on the device and read by a region before
! anything wrote it.
! { dg-do run }

program uninit_2
  implicit none
  integer, parameter :: n = 100000
  real(8), allocatable :: a(:), b(:)
  integer :: i
  allocate (a(n), b(n))
  a = 1
  b = 1
  !$acc data copyin(a) create(b)
  !$acc parallel loop present(a, b)
  do i = 1, n
    b(i) = b(i) + a(i)
  end do
  !$acc update self(b)
  !$acc end data
  if (b(2) > -1d300) stop 1
end program uninit_2

! { dg-output "gangway: data check: the parallel at \[^\n\]*uninit-2.f90:14 reads 'b' \\(host 0x\[0-9a-f\]+, mapped by the data at \[^\n\]*uninit-2.f90:13\\) before anything wrote it: its device copy is uninitialised" }
