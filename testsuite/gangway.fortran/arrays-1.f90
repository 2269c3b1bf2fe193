! Fortran arrays in regions: explicit-shape with lower bounds other than
! 1, assumed-shape and allocatable arrays (descriptors), rank 3, array
! syntax and the elemental intrinsics, against the host's answers.
! { dg-do run }

module arrays1_m
  implicit none
contains
  subroutine blend (a, b, c, n)
    integer, intent(in) :: n
    real(8), intent(in) :: a(:), b(:)
    real(8), intent(inout) :: c(:)
    integer :: i
    !$acc parallel loop copyin(a, b) copy(c)
    do i = 1, n
      c(i) = merge (a(i), b(i), a(i) > b(i)) + sign (1.0_8, a(i) - b(i)) &
	     + max (a(i), b(i), c(i)) - min (a(i), 0.5_8, b(i))
    end do
  end subroutine blend
end module arrays1_m

program arrays1
  use arrays1_m
  implicit none
  integer, parameter :: n = 200
  real(8) :: x(-5:n-6), y(0:n-1)
  real(8), allocatable :: a(:), b(:), c(:), hc(:), g(:,:,:)
  integer :: m(3:n+2), hm(3:n+2)
  integer :: i, j, k
  real(8) :: s1, s2, hs1, hs2

  do i = -5, n - 6
    x(i) = real (i, 8) / 7
  end do
  !$acc parallel loop copyin(x) copyout(y)
  do i = 0, n - 1
    y(i) = sqrt (abs (x(i - 5))) + exp (-abs (x(i - 5))) + x(i - 5) ** 2
  end do
  do i = 0, n - 1
    if (abs (y(i) - (sqrt (abs (x(i - 5))) + exp (-abs (x(i - 5))) &
		     + x(i - 5) ** 2)) > 1e-12_8 * (1 + abs (y(i)))) stop 1
  end do

  !$acc parallel loop copyout(m)
  do i = 3, n + 2
    m(i) = mod (i * 37 - 1000, 11) + modulo (i * 37 - 1000, 13) + i / 3
  end do
  do i = 3, n + 2
    hm(i) = mod (i * 37 - 1000, 11) + modulo (i * 37 - 1000, 13) + i / 3
  end do
  if (any (m /= hm)) stop 2

  allocate (a(n), b(n), c(n), hc(n))
  do i = 1, n
    a(i) = cos (real (i, 8))
    b(i) = sin (real (i, 8))
    c(i) = real (mod (i, 5), 8) / 4
  end do
  do i = 1, n
    hc(i) = merge (a(i), b(i), a(i) > b(i)) + sign (1.0_8, a(i) - b(i)) &
	    + max (a(i), b(i), c(i)) - min (a(i), 0.5_8, b(i))
  end do
  call blend (a, b, c, n)
  if (maxval (abs (c - hc)) > 1e-14_8) stop 3

  ! Array syntax inside a region, and whole-array intrinsics over small
  ! arrays of each iteration.
  allocate (g(4, 0:9, -2:2))
  !$acc parallel loop collapse(2) copyout(g)
  do k = -2, 2
    do j = 0, 9
      g(:, j, k) = [1, 2, 3, 4] * real (j + 10 * k, 8)
    end do
  end do
  do k = -2, 2
    do j = 0, 9
      do i = 1, 4
	if (g(i, j, k) /= i * real (j + 10 * k, 8)) stop 4
      end do
    end do
  end do
  s1 = 0
  s2 = 0
  !$acc parallel copyin(g)
  !$acc loop reduction(+:s1, s2)
  do k = -2, 2
    s1 = s1 + sum (g(:, 5, k))
    s2 = s2 + maxval (g(:, 5, k))
  end do
  !$acc end parallel
  hs1 = 0
  hs2 = 0
  do k = -2, 2
    hs1 = hs1 + sum (g(:, 5, k))
    hs2 = hs2 + maxval (g(:, 5, k))
  end do
  if (s1 /= hs1 .or. s2 /= hs2) stop 5
end program arrays1

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.1 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch __arrays1_m_MOD_blend._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.2 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.3 device=cpu " }
