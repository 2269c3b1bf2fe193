! OpenACC routines from Fortran: a seq routine and a vector routine in a
! module, an internal (contains) routine, and a routine of another file
! (routines-1-aux.f90) called through its interface; derived types and
! their components; a module variable made present with declare.
! { dg-do run }
! { dg-additional-sources routines-1-aux.f90 }

module routines1_m
  implicit none
  type point
    real(8) :: x, y
    integer :: tag
  end type point
  real(8) :: scale = 3
  !$acc declare copyin(scale)
contains
  pure real(8) function norm1 (p)
    !$acc routine seq
    type(point), intent(in) :: p
    norm1 = abs (p%x) + abs (p%y)
  end function norm1

  subroutine fill (v, n, base)
    !$acc routine vector
    integer, intent(in) :: n, base
    integer, intent(out) :: v(n)
    integer :: i
    !$acc loop vector
    do i = 1, n
      v(i) = base + i
    end do
  end subroutine fill
end module routines1_m

program routines1
  use routines1_m
  implicit none
  interface
    integer function twice (k)
      !$acc routine seq
      integer, intent(in) :: k
    end function twice
  end interface
  integer, parameter :: n = 300, m = 40
  type(point) :: pts(n)
  real(8) :: d(n)
  integer :: t(n), w(m, 8)
  integer :: i, j

  do i = 1, n
    pts(i)%x = real (i, 8) / 3 - 50
    pts(i)%y = real (mod (i, 17), 8) - 8
    pts(i)%tag = i
  end do

  !$acc parallel loop copyin(pts) copyout(d, t)
  do i = 1, n
    d(i) = norm1 (pts(i)) * scale + offset (pts(i)%tag)
    t(i) = twice (pts(i)%tag)
  end do
  do i = 1, n
    if (abs (d(i) - ((abs (pts(i)%x) + abs (pts(i)%y)) * 3 + 0.5_8 * i)) &
	> 1e-12_8 * (1 + abs (d(i)))) stop 1
    if (t(i) /= 2 * i) stop 2
  end do

  !$acc parallel loop gang copyout(w)
  do j = 1, 8
    call fill (w(:, j), m, 100 * j)
  end do
  do j = 1, 8
    do i = 1, m
      if (w(i, j) /= 100 * j + i) stop 3
    end do
  end do

contains
  real(8) function offset (k)
    !$acc routine seq
    integer, intent(in) :: k
    offset = 0.5_8 * k
  end function offset
end program routines1

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.1 device=cpu " }
