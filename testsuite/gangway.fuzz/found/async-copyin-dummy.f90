! Found by gangway-fuzz's Fortran generator on the cpu device, after the
! runtime's copies of a queued region's stack data (407064a) (knob
! f_async_launcher: seeds 7118, 7128, 7138, 7139 of --set
! f_async_launcher=60, 7231 and 7233 of --set f_rounding=100, at -O0 to
! -O3; then by hand).  A scalar dummy passed by reference in an explicit
! copyin clause of a queued region (map(to:*k1) map(alloc:k1 [pointer
! assign])), the caller's local, which the caller changes after the call
! returns: the region reads the value the variable has when it runs, not
! the one it had at the launch, as the manual promises for "every object
! of the launching thread's stack that its data clauses map and that is
! not present" and "arguments passed by reference".  Both launches read
! k1 = 21 (z = 2100.25 and 2101.25 instead of 700.25 and 1501.25).  The
! same dummy without the clause (firstprivate), a VALUE dummy in the
! clause, and C's copyin(k1[0:1]) of a pointer to the caller's local
! are right.
! { dg-do run }

module copyindummy
  implicit none
contains
  subroutine launch (dev, j, k1, k2, z)
    logical, intent(in) :: dev
    integer, value :: j
    integer(4), intent(in) :: k1
    real(8), intent(in) :: k2
    real(8), intent(inout) :: z(0:, -1:)
    integer :: i
    !$acc parallel loop if (dev) async(3) copyin(k1)
    do i = 0, 37
      z(i, j) = real (k1, 8) * 100 + k2
    end do
  end subroutine launch

  subroutine compute (dev, z)
    logical, intent(in) :: dev
    real(8), intent(inout) :: z(0:37, -1:0)
    integer(4) :: lk
    real(8) :: lr
    !$acc data copy(z) if (dev)
    lk = 7
    lr = 0.25_8
    call launch (dev, -1, lk, lr, z)
    lk = lk + 8
    lr = lr + 1
    call launch (dev, 0, lk, lr, z)
    lk = lk + 6
    lr = lr + 1
    !$acc wait
    !$acc end data
  end subroutine compute
end module copyindummy

program copyin1
  use copyindummy
  implicit none
  real(8) :: z(0:37, -1:0), h(0:37, -1:0)
  z = 0
  h = 0
  call compute (.false., h)
  call compute (.true., z)
  if (any (z /= h)) stop 1
end program copyin1

! { dg-output "gangway: launch __copyindummy_MOD_launch._omp_fn.0 device=host \[^\n\]*reason=if-clause(\n|\r\n|\r)" }
! { dg-output "gangway: launch __copyindummy_MOD_launch._omp_fn.0 device=host \[^\n\]*reason=if-clause(\n|\r\n|\r)" }
! { dg-output "gangway: launch __copyindummy_MOD_launch._omp_fn.0 device=cpu \[^\n\]* async=3(\n|\r\n|\r)" }
! { dg-output "gangway: launch __copyindummy_MOD_launch._omp_fn.0 device=cpu \[^\n\]* async=3" }
