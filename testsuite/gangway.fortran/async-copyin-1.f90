! A scalar dummy passed by reference in an explicit copyin clause of a
! queued region (map(to:*k1) map(alloc:k1 [pointer assign])), the
! caller's local, which the caller changes after the call returns (found
! by gangway-fuzz's Fortran generator, knob f_async_launcher): the region
! reads the value the variable had at the launch, through the copy of
! the pointer, which points into the copy of its target; both launches
! read k1 = 21, its value when they ran, before the runtime did so.
! { dg-do run }
! { dg-set-target-env-var GANGWAY_NUM_THREADS "2" }

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
