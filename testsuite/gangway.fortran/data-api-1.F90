! The OpenACC data API from Fortran (libruntime/data-api.c), in its three
! forms (an array; an address and a 32- or 64-bit length) and the async
! ones, together with present regions, in both memory views: with
! separate memory (gangway.separate, GANGWAY_MEM_SEPARATE, and a GPU)
! the host sees the device's writes only where a call copies them back.
! { dg-do run }

program dataapi1
  use openacc
  implicit none
  integer, parameter :: n = 600
  real(8), allocatable :: a(:), b(:,:)
  integer :: c(n)
  integer :: i, j, failures
  ! Whether the device has memory of its own: known from the first
  ! region, and required in the separate view.
  logical :: separate

  failures = 0
  allocate (a(n), b(n, 2))
  a = 1
  b = 2
  c = 3

  ! The array form.
  call acc_copyin (a)
  if (.not. acc_is_present (a)) call fail ("acc_is_present (a)")
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) + i
  end do
  separate = a(5) == 1
#ifdef GANGWAY_MEM_SEPARATE
  if (.not. separate) call fail ("a device copy in the separate view")
#endif
  call acc_copyout (a)
  if (any (a /= [(1 + i, i = 1, n)])) call fail ("acc_copyout (a)")
  if (separate .and. acc_is_present (a)) call fail ("a after copyout")

  ! An address and a 32-bit length: acc_create, acc_update_self,
  ! acc_delete.
  call acc_create (b, n * 2 * 8)
  if (.not. acc_is_present (b, n * 2 * 8)) call fail ("acc_is_present (b)")
  !$acc parallel loop collapse(2) present(b)
  do i = 1, 2
    do j = 1, n
      b(j, i) = j * i
    end do
  end do
  call acc_update_self (b(:, 2), n * 8)
  if (any (b(:, 2) /= [(2 * j, j = 1, n)])) call fail ("acc_update_self (b)")
  if (separate .and. b(3, 1) /= 2) call fail ("b(:, 1) on the host")
  call acc_delete (b, n * 2 * 8)
  if (separate .and. acc_is_present (b)) call fail ("b after delete")

  ! A 64-bit length, async forms on queue 1.
  call acc_copyin_async (c, int (n * 4, 8), 1)
  !$acc parallel loop present(c) async(1)
  do i = 1, n
    c(i) = c(i) * i
  end do
  call acc_copyout_async (c, int (n * 4, 8), 1)
  call acc_wait (1)
  if (any (c /= [(3 * i, i = 1, n)])) call fail ("acc_copyout_async (c)")

  ! acc_update_device.
  call acc_copyin (c)
  c = 5
  call acc_update_device (c)
  !$acc parallel loop present(c)
  do i = 1, n
    c(i) = c(i) + 1
  end do
  call acc_copyout_finalize (c)
  if (any (c /= 6)) call fail ("acc_update_device (c)")

  if (failures /= 0) stop 1
contains
  subroutine fail (what)
    character(*), intent(in) :: what
    print *, what, ": wrong"
    failures = failures + 1
  end subroutine fail
end program dataapi1

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu" }
