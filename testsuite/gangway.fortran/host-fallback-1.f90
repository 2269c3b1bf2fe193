! A region the device cannot run (Fortran I/O: a call of libgfortran)
! gets a located warning and runs on the host, with the host's answer;
! the other region of the program still runs on the device.
! { dg-do run }

program fallback1
  implicit none
  integer :: a(10), i

  !$acc parallel loop copyout(a)
  do i = 1, 10
    a(i) = i * i
  end do

  !$acc parallel copy(a)
  write (*, '(a, i0)') 'a(3) = ', a(3) ! { dg-warning "'_gfortran_st_write' is called, but it is not an OpenACC routine .* this OpenACC parallel region runs on the host" }
  a(1) = -1
  !$acc end parallel
  if (a(1) /= -1 .or. a(10) /= 100) stop 1
end program fallback1

! The program's own line may come before or after the launch log.
! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "(a\\(3\\) = 9(\n|\r\n|\r))?" }
! { dg-output "gangway: launch MAIN__._omp_fn.1 device=host \[^\n\]*reason=no-cpu-code" }
