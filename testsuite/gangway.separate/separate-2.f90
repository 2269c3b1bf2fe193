! GANGWAY_MEM=separate (separate.exp sets it): allocatable and
! assumed-shape arrays, whose descriptors the regions get with their data
! pointer translated to the device's copy: copyin'd data stays on the
! device, copy and copyout bring results back, update self does too.
! { dg-do run }

module separate2_m
  implicit none
contains
  subroutine scale (x, f)
    real(8), intent(inout) :: x(:)
    real(8), intent(in) :: f
    integer :: i
    !$acc parallel loop copy(x)
    do i = 1, size (x)
      x(i) = x(i) * f
    end do
  end subroutine scale
end module separate2_m

program separate2
  use separate2_m
  implicit none
  integer, parameter :: n = 500
  real(8), allocatable :: a(:), b(:)
  integer :: i

  allocate (a(n), b(n))
  do i = 1, n
    a(i) = i
    b(i) = 0
  end do

  !$acc parallel loop copyin(a) copyout(b)
  do i = 1, n
    b(i) = a(i) + 1
    a(i) = -1
  end do
  do i = 1, n
    if (a(i) /= i) stop 1
    if (b(i) /= i + 1) stop 2
  end do

  call scale (b, 2.0_8)
  do i = 1, n
    if (b(i) /= 2 * (i + 1)) stop 3
  end do

  !$acc enter data copyin(a)
  !$acc parallel loop present(a)
  do i = 1, n
    a(i) = a(i) * 10
  end do
  if (a(7) /= 7) stop 4
  !$acc update self(a)
  if (a(7) /= 70) stop 5
  !$acc exit data delete(a)
  print *, 'ok'
end program separate2

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch __separate2_m_MOD_scale._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.1 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output " ok" }
