! Reductions of dummy arguments (reduced by reference) in worker and
! vector loops at -O0.  gfortran's lowering sets a pointer slot to the
! worker's and then the vector lanes' private copies in single code and
! loads it before each partition; the loads in the worker-single block
! before the vector loop carried the single lane's pointer into the
! partition, and every lane of a worker added into one copy: 16 instead
! of 55 where the workers fit in one chunk of lanes (an AVX2 machine; an
! AVX-512 one refused the region as a reduction across chunks whose
! partial value escapes); a gang loop's body that sets the pointer made
! the same shape with 2 workers of 16 lanes on any machine (1345 instead
! of 4796).  Each shape is checked against a host loop; -2.f90 is this
! test on an x86-64-v2 image (8 lanes: the workers in one chunk).
! { dg-do run }
! { dg-options "-O0" }
! { dg-set-target-env-var GANGWAY_NUM_THREADS "2" }

module reddummy
  implicit none
contains
  subroutine gwv (n, s)
    integer, value :: n
    integer :: s, i
    !$acc parallel num_gangs(8) num_workers(4) vector_length(32) copy(s)
    !$acc loop reduction(+:s) gang worker vector
    do i = 1, n
      s = s + i
    end do
    !$acc end parallel
  end subroutine gwv

  subroutine gwv_optional (n, s)
    integer, value :: n
    integer, optional :: s
    integer :: i
    !$acc parallel num_gangs(8) num_workers(4) vector_length(32) copy(s)
    !$acc loop reduction(+:s) gang worker vector
    do i = 1, n
      s = s + 2 * i
    end do
    !$acc end parallel
  end subroutine gwv_optional

  subroutine wv (n, s)
    integer, value :: n
    integer :: s, i
    !$acc parallel num_gangs(1) num_workers(4) vector_length(32) copy(s)
    !$acc loop reduction(+:s) worker vector
    do i = 1, n
      s = s + i * i
    end do
    !$acc end parallel
  end subroutine wv

  subroutine w_max (n, a, m)
    integer, value :: n
    real :: a(n), m
    integer :: i
    !$acc parallel num_gangs(1) num_workers(8) copyin(a) copy(m)
    !$acc loop reduction(max:m) worker
    do i = 1, n
      m = max (m, a(i))
    end do
    !$acc end parallel
  end subroutine w_max

  subroutine v_prod (n, p)
    integer, value :: n
    double precision :: p
    integer :: i
    !$acc parallel num_gangs(1) vector_length(64) copy(p)
    !$acc loop reduction(*:p) vector
    do i = 1, n
      p = p * (1.0d0 + mod (i, 3))
    end do
    !$acc end parallel
  end subroutine v_prod

  subroutine g_wv (n, a, s)
    integer, value :: n
    integer :: a(n, 16), s
    integer :: i, j
    !$acc parallel num_gangs(4) num_workers(2) vector_length(16) &
    !$acc copyin(a) copy(s)
    !$acc loop reduction(+:s) gang
    do j = 1, 16
      !$acc loop reduction(+:s) worker vector
      do i = 1, n
        s = s + a(i, j)
      end do
    end do
    !$acc end parallel
  end subroutine g_wv
end module reddummy

program reductiondummy
  use reddummy
  implicit none
  integer :: s, i, j, want, a(100, 16)
  real :: r(300), m
  double precision :: p, pw

  s = 5
  call gwv (1000, s)
  if (s /= 5 + 1000 * 1001 / 2) stop 1

  s = 7
  call gwv_optional (333, s)
  if (s /= 7 + 333 * 334) stop 2

  s = 0
  call wv (77, s)
  want = 0
  do i = 1, 77
    want = want + i * i
  end do
  if (s /= want) stop 3

  do i = 1, 300
    r(i) = mod (i * 37, 101) - 50.0
  end do
  m = -1000.0
  call w_max (300, r, m)
  if (m /= maxval (r)) stop 4

  p = 1.0d0
  call v_prod (40, p)
  pw = 1.0d0
  do i = 1, 40
    pw = pw * (1.0d0 + mod (i, 3))
  end do
  if (p /= pw) stop 5

  do j = 1, 16
    do i = 1, 100
      a(i, j) = mod (i * 13 + j, 7)
    end do
  end do
  s = 1
  call g_wv (100, a, s)
  if (s /= 1 + sum (a)) stop 6
end program reductiondummy

! { dg-output "gangway: launch __reddummy_MOD_gwv._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_gwv_optional._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_wv._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_w_max._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_v_prod._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_g_wv._omp_fn.0 device=cpu " }
