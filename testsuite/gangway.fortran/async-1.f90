! Queued regions from Fortran: acc_wait, acc_async_test and the wait
! directive (the openacc module's external procedures, which Gangway's
! runtime replaces) wait for the cpu device's queue.
! { dg-do run }

program async1
  use openacc
  implicit none
  integer, parameter :: n = 20000
  real(8) :: a(n), b(n)
  integer :: i, k

  a = 0
  b = 0
  !$acc data copy(a, b)
  do k = 1, 20
    !$acc parallel loop async(1)
    do i = 1, n
      a(i) = a(i) + real (i, 8)
    end do
  end do
  call acc_wait (1)
  if (.not. acc_async_test (1)) stop 1
  !$acc parallel loop async(2)
  do i = 1, n
    b(i) = 2 * a(i)
  end do
  !$acc wait (2)
  !$acc parallel loop async(3)
  do i = 1, n
    b(i) = b(i) + 1
  end do
  call acc_wait_all ()
  if (.not. acc_async_test_all ()) stop 2
  !$acc end data

  do i = 1, n
    if (a(i) /= 20 * real (i, 8)) stop 3
    if (b(i) /= 40 * real (i, 8) + 1) stop 4
  end do
end program async1

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu \[^\n\]* async=1(\n|\r\n|\r)" }
! { dg-output "(\[^\n\]*(\n|\r\n|\r))*gangway: launch MAIN__._omp_fn.2 device=cpu \[^\n\]* async=3" }
