! Built by pkgconfig.exp with gfortran and the flags of pkg-config.

program pkgconfig2
  implicit none
  integer, parameter :: n = 1000
  real :: x(n), y(n), s
  integer :: i

  x = [(real (i), i = 1, n)]
  y = 1
  s = 0
  !$acc parallel loop copyin(x) copy(y) reduction(+:s)
  do i = 1, n
    y(i) = 2 * x(i) + y(i)
    s = s + y(i)
  end do
  if (s /= real (n) * real (n + 1) + n) stop 1
end program pkgconfig2
