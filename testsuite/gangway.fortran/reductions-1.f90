! Reductions from Fortran: + * max min on integer(8) and real(8), the
! bit operators iand ior ieor, and the logical .and. .or. .eqv. .neqv.
! on default LOGICALs (4 bytes), across gangs and vector lanes, against
! the host's answers.
! { dg-do run }

program reductions1
  implicit none
  integer, parameter :: n = 1000
  integer(8) :: isum, imax, imin, ia, io, ix
  integer(8) :: hsum, hmax, hmin, ha, ho, hx
  real(8) :: rsum, rprod, hrsum, hrprod
  logical :: land, lor, leqv, lneqv, hand, hor, heqv, hneqv
  integer(8) :: v(n)
  real(8) :: r(n)
  logical :: t(n)
  integer :: i

  do i = 1, n
    v(i) = mod (i * 7919_8, 1009_8) - 500
    r(i) = 1.0_8 + real (mod (i, 7), 8) / 1000
    t(i) = mod (i, 3) /= 0
  end do
  t(500) = .true.

  isum = 0; imax = -huge (imax); imin = huge (imin)
  ia = -1; io = 0; ix = 0
  rsum = 0; rprod = 1
  land = .true.; lor = .false.; leqv = .true.; lneqv = .false.
  !$acc parallel loop copyin(v, r, t) reduction(+:isum, rsum) &
  !$acc   reduction(max:imax) reduction(min:imin) reduction(*:rprod) &
  !$acc   reduction(iand:ia) reduction(ior:io) reduction(ieor:ix) &
  !$acc   reduction(.and.:land) reduction(.or.:lor) &
  !$acc   reduction(.eqv.:leqv) reduction(.neqv.:lneqv)
  do i = 1, n
    isum = isum + v(i)
    imax = max (imax, v(i))
    imin = min (imin, v(i))
    ia = iand (ia, v(i) + 1024)
    io = ior (io, v(i) + 1024)
    ix = ieor (ix, v(i) + 1024)
    rsum = rsum + r(i)
    rprod = rprod * r(i)
    land = land .and. t(i)
    lor = lor .or. t(i)
    leqv = leqv .eqv. t(i)
    lneqv = lneqv .neqv. t(i)
  end do

  hsum = 0; hmax = -huge (hmax); hmin = huge (hmin)
  ha = -1; ho = 0; hx = 0
  hrsum = 0; hrprod = 1
  hand = .true.; hor = .false.; heqv = .true.; hneqv = .false.
  do i = 1, n
    hsum = hsum + v(i)
    hmax = max (hmax, v(i))
    hmin = min (hmin, v(i))
    ha = iand (ha, v(i) + 1024)
    ho = ior (ho, v(i) + 1024)
    hx = ieor (hx, v(i) + 1024)
    hrsum = hrsum + r(i)
    hrprod = hrprod * r(i)
    hand = hand .and. t(i)
    hor = hor .or. t(i)
    heqv = heqv .eqv. t(i)
    hneqv = hneqv .neqv. t(i)
  end do

  if (isum /= hsum .or. imax /= hmax .or. imin /= hmin) stop 1
  if (ia /= ha .or. io /= ho .or. ix /= hx) stop 2
  if (abs (rsum - hrsum) > 1e-9_8 * abs (hrsum)) stop 3
  if (abs (rprod - hrprod) > 1e-9_8 * abs (hrprod)) stop 4
  if (land .neqv. hand) stop 5
  if (lor .neqv. hor) stop 6
  if (leqv .neqv. heqv) stop 7
  if (lneqv .neqv. hneqv) stop 8
  ! The logical results are the canonical .true. (1), as the host's.
  if (transfer (lor, 0) /= 1 .or. transfer (land, 0) /= 0) stop 9
end program reductions1

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" }
