! The missing copyout in Fortran: b is copied in only, the region
! writes it, and the host sums it.
! { dg-do run }

program copyout_2
  implicit none
  integer, parameter :: n = 100000
  real(8), allocatable :: a(:), b(:)
  integer :: i
  allocate (a(n), b(n))
  a = 1
  b = 0
  !$acc data copyin(a, b)
  !$acc parallel loop present(a, b)
  do i = 1, n
    b(i) = 2 * a(i)
  end do
  !$acc end data
  print *, sum (b)
end program copyout_2

! { dg-output "gangway: data check: the host reads, at \[^\n\]*, data that 'b' in the parallel at \[^\n\]*copyout-2.f90:14 wrote only on the device: its host copy is stale \\(a copyout or update self is missing; found by page protection\\)\r?\n" }
