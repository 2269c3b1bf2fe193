! The routine of another unit that routines-1.f90 calls.

integer function twice (k)
  !$acc routine seq
  implicit none
  integer, intent(in) :: k
  twice = 2 * k
end function twice
