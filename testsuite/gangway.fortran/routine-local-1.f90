! A worker routine's and a vector routine's own arrays (declared in the
! routine, outside its loops): a partitioned loop fills them, the code
! after the loop reads them.  They are one per call, shared by the
! threads that make it (plugin/routine-locals.cc); they used to stay in
! each thread's own frame, and the single thread read back only its own
! iterations' stores.  The vector routine is called in a worker loop:
! each worker's array is its own.
! { dg-do run }

module routine_local_m
  implicit none
  integer, parameter :: m = 37
contains
  subroutine wrow (a, out, i)
    !$acc routine worker
    real, intent(in) :: a(:, :)
    real, intent(inout) :: out(:)
    integer, value :: i
    real :: t(m), s
    integer :: j
    !$acc loop worker
    do j = 1, m
      t(j) = a(j, i) * 2
    end do
    s = 0
    !$acc loop worker reduction(+:s)
    do j = 1, m
      s = s + t(j) * j + t(m + 1 - j)
    end do
    out(i) = s + t(1) + t(m)
  end subroutine wrow

  integer function vrow (a, i)
    !$acc routine vector
    integer, intent(in) :: a(:, :)
    integer, value :: i
    integer :: t(m), j
    !$acc loop vector
    do j = 1, m
      t(j) = a(j, i) + i
    end do
    vrow = 0
    do j = 1, m
      vrow = vrow + t(m + 1 - j) * mod (j, 5)
    end do
  end function vrow
end module routine_local_m

program routine_local
  use routine_local_m
  implicit none
  integer, parameter :: n = 48
  real :: a(m, n), out(n), want
  integer :: ia(m, n), iout(n), iwant, i, j

  do i = 1, n
    do j = 1, m
      a(j, i) = mod (i * m + j, 17) * 0.5
      ia(j, i) = mod ((i * m + j) * 7, 23)
    end do
  end do
  out = 0
  !$acc parallel loop gang num_workers(4) copyin(a) copy(out)
  do i = 1, n
    call wrow (a, out, i)
  end do
  !$acc parallel loop gang worker num_workers(4) copyin(ia) copyout(iout)
  do i = 1, n
    iout(i) = vrow (ia, i)
  end do
  do i = 1, n
    want = 0
    do j = 1, m
      want = want + a(j, i) * 2 * j + a(m + 1 - j, i) * 2
    end do
    want = want + a(1, i) * 2 + a(m, i) * 2
    if (out(i) /= want) then
      print *, 'out', i, out(i), want
      stop 1
    end if
    iwant = 0
    do j = 1, m
      iwant = iwant + (ia(m + 1 - j, i) + i) * mod (j, 5)
    end do
    if (iout(i) /= iwant) then
      print *, 'iout', i, iout(i), iwant
      stop 2
    end if
  end do
end program routine_local

! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=4 vector=\[0-9\]+.*" }
! { dg-output "gangway: launch MAIN__._omp_fn.1 device=cpu gangs=\[0-9\]+ workers=4 vector=\[0-9\]+" }
