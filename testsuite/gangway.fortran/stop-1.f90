! STOP with a code in a region on the cpu device ends the program with
! that code and libgfortran's message, from the thread that runs it.
! { dg-do run }
! { dg-shouldfail "STOP 7" }

program stop1
  implicit none
  integer :: a(1000), i

  !$acc parallel loop copyout(a)
  do i = 1, 1000
    if (i == 377) stop 7
    a(i) = i
  end do
  print *, "not reached"
end program stop1

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "STOP 7" }
