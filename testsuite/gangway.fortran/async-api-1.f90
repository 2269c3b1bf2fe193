! The data API and the device type's choice from Fortran (issue 38,
! items 3 and 5): acc_copyout and acc_update_self after a queued region
! without a wait return its results (the plugin puts a wait for the cpu
! device's queue before them); acc_set_device_type (acc_device_host)
! runs the next region's host version, acc_device_default the device
! again.
! { dg-do run }
! { dg-set-target-env-var GANGWAY_NUM_THREADS "2" }

program asyncapi1
  use openacc
  implicit none
  integer, parameter :: n = 2 ** 21
  integer, allocatable :: a(:)
  logical :: on_host

  allocate (a(n))
  a = 0
  call acc_copyin (a)
  call fill (a, 6)
  call acc_copyout (a)
  if (any (a /= 6)) stop 1
  call acc_copyin (a)
  call fill (a, 7)
  call acc_update_self (a)
  if (any (a /= 7)) stop 2
  call acc_delete (a)

  call acc_set_device_type (acc_device_host)
  on_host = .false.
  !$acc parallel copy(on_host)
  on_host = acc_on_device (acc_device_host)
  !$acc end parallel
  if (.not. on_host) stop 3
  call acc_set_device_type (acc_device_default)
  !$acc parallel copy(on_host)
  on_host = acc_on_device (acc_device_host)
  !$acc end parallel
  if (on_host) stop 4
contains
  ! A region of some milliseconds on queue 1 that makes A = V.
  subroutine fill (a, v)
    integer :: a(:), v, i, k, x
    !$acc parallel loop present(a) async(1)
    do i = 1, size (a)
      x = i
      do k = 1, 40
        x = iand (x * 1103515245 + 12345, 2147483647)
      end do
      a(i) = v + iand (x, 0)
    end do
  end subroutine fill
end program asyncapi1

! { dg-output "gangway: launch fill\[^\n\]*device=cpu \[^\n\]* async=1(\n|\r\n|\r)" }
! { dg-output "gangway: launch fill\[^\n\]*device=cpu \[^\n\]* async=1(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=acc_set_device_type(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.1 device=cpu " }
