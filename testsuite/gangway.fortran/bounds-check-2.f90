! -fcheck=bounds in a region on the device: a failing check reports as
! on the host, libgfortran's message naming the line, the index, the
! array and the bound, then libgfortran's error termination (exit status
! 2).  The region stayed on the host ("'_gfortran_runtime_error_at' is
! called").  On the ptx device the message comes through printf and the
! kernel traps (the runtime then aborts).
! { dg-do run }
! { dg-options "-fcheck=bounds" }
! { dg-set-target-env-var GFORTRAN_ERROR_BACKTRACE "1" }
! { dg-shouldfail "index 11 of a(10)" }

program bounds2
  implicit none
  integer :: a(10), i, k
  k = 11
  a = 0
  !$acc parallel loop copy(a) firstprivate(k)
  do i = 1, 10
    a(i) = i
    if (i == 7) a(k) = 1
  end do
  print *, "not reached", a
end program bounds2

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "At line 20 of file \[^\n\]*bounds-check-2.f90(\n|\r\n|\r)" }
! { dg-output "Fortran runtime error: Index '11' of dimension 1 of array 'a' above upper bound of 10(\n|\r\n|\r)" }
! { dg-output "(\n|\r\n|\r)*Error termination. Backtrace:" }
