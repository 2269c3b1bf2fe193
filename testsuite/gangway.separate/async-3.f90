! GANGWAY_MEM=separate (separate.exp sets it): enter data, regions and
! exit data on queues, with allocatable arrays and an assumed-shape dummy
! whose descriptors the engine copies on the queue (a copy to the device
! takes its source at the directive: the pointer it attaches is a
! temporary), chunks alternating between queues 1 and 2, then one wait:
! every chunk's results are back, and what stayed on the device (b) is
! the host's only after its update self on its queue.
! { dg-do run }

module async3_m
  implicit none
contains
  subroutine twice (x, q)
    real(8), intent(inout) :: x(:)
    integer, intent(in) :: q
    integer :: i
    !$acc enter data copyin(x) async(q)
    !$acc parallel loop present(x) async(q)
    do i = 1, size (x)
      x(i) = 2 * x(i) + 1
    end do
    !$acc exit data copyout(x) async(q)
  end subroutine twice
end module async3_m

program async3
  use async3_m
  implicit none
  integer, parameter :: n = 300, chunks = 4
  real(8), allocatable :: a(:), b(:)
  integer :: c, i

  allocate (a(n * chunks), b(n))
  do i = 1, n * chunks
    a(i) = i
  end do
  b = 0
  !$acc enter data copyin(b) async(1)
  do c = 0, chunks - 1
    call twice (a(c * n + 1 : (c + 1) * n), 1 + mod (c, 2))
    !$acc parallel loop present(b) async(1)
    do i = 1, n
      b(i) = b(i) + i
    end do
  end do
  !$acc update self(b) async(1)
  !$acc wait
  do i = 1, n * chunks
    if (a(i) /= 2 * i + 1) stop 1
  end do
  do i = 1, n
    if (b(i) /= chunks * i) stop 2
  end do
  !$acc exit data delete(b) async(2) wait(1)
  !$acc wait
end program async3
