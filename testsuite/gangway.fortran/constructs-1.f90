! The compute constructs from Fortran: kernels (a loop GCC parallelizes),
! serial, parallel with collapse(2), collapse(3) and tile, private and
! firstprivate, atomics, complex arithmetic and a complex sum; every
! region on the cpu device, every answer the host's.
! { dg-do run }

program constructs1
  implicit none
  integer, parameter :: nx = 37, ny = 23, nz = 5
  real(8) :: u(nx, ny), v(nx, ny), w(nx, ny, nz), tmp(4)
  complex(8) :: z(nx), zs, hzs
  integer :: hist(8), hhist(8), cnt, hcnt
  integer(8) :: big
  integer :: i, j, k, off

  !$acc kernels copyout(u)
  do j = 1, ny
    do i = 1, nx
      u(i, j) = real (i + 100 * j, 8)
    end do
  end do
  !$acc end kernels

  !$acc serial copy(u)
  u(1, 1) = -1
  !$acc end serial
  if (u(1, 1) /= -1 .or. u(nx, ny) /= real (nx + 100 * ny, 8)) stop 1

  off = 7
  !$acc parallel loop collapse(2) copyin(u) copyout(v) private(tmp) &
  !$acc   firstprivate(off)
  do j = 1, ny
    do i = 1, nx
      tmp(1) = u(i, j)
      tmp(2) = 2 * tmp(1)
      tmp(3) = tmp(1) + tmp(2)
      tmp(4) = tmp(3) + off
      v(i, j) = tmp(4)
    end do
  end do
  do j = 1, ny
    do i = 1, nx
      if (v(i, j) /= 3 * u(i, j) + 7) stop 2
    end do
  end do

  !$acc parallel loop collapse(3) copyout(w)
  do k = 1, nz
    do j = 1, ny
      do i = 1, nx
	w(i, j, k) = i - j * k
      end do
    end do
  end do
  if (any (w(:, :, 3) /= reshape ([((real (i - j * 3, 8), i = 1, nx), &
				     j = 1, ny)], [nx, ny]))) stop 3

  v = 0
  !$acc parallel loop tile(8, 4) copyin(u) copy(v)
  do j = 2, ny - 1
    do i = 2, nx - 1
      v(i, j) = u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1)
    end do
  end do
  do j = 2, ny - 1
    do i = 2, nx - 1
      if (v(i, j) /= u(i - 1, j) + u(i + 1, j) + u(i, j - 1) &
		     + u(i, j + 1)) stop 4
    end do
  end do

  hist = 0
  cnt = 0
  big = 0
  !$acc parallel loop copy(hist, cnt, big)
  do i = 1, 4000
    !$acc atomic update
    hist(mod (i * 13, 8) + 1) = hist(mod (i * 13, 8) + 1) + 1
    if (mod (i, 3) == 0) then
      !$acc atomic
      cnt = cnt + 2
    end if
    !$acc atomic update
    big = max (big, int (i, 8) * 1000003_8)
  end do
  hhist = 0
  hcnt = 0
  do i = 1, 4000
    hhist(mod (i * 13, 8) + 1) = hhist(mod (i * 13, 8) + 1) + 1
    if (mod (i, 3) == 0) hcnt = hcnt + 2
  end do
  if (any (hist /= hhist) .or. cnt /= hcnt) stop 5
  if (big /= 4000_8 * 1000003_8) stop 6

  zs = 0
  !$acc parallel loop copyout(z) reduction(+:zs)
  do i = 1, nx
    z(i) = cmplx (i, -i, 8) * cmplx (0.5_8, 2.0_8, 8) + conjg (cmplx (1, i, 8))
    zs = zs + z(i)
  end do
  hzs = 0
  do i = 1, nx
    if (z(i) /= cmplx (i, -i, 8) * cmplx (0.5_8, 2.0_8, 8) &
		+ conjg (cmplx (1, i, 8))) stop 7
    hzs = hzs + z(i)
  end do
  if (abs (zs - hzs) > 1e-9_8 * abs (hzs)) stop 8
end program constructs1

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.1 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.2 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.3 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.4 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.5 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.6 device=cpu " }
