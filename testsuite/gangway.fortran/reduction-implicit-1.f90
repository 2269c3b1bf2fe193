! A compute construct's reductions updated inside loops without a
! reduction clause (issue 38, item 1), from Fortran: a norm routine whose
! sum and maximum are dummy arguments (reduced by reference), with the
! clauses only on the gang loop; a parallel construct's reduction with a
! bare loop inside; a worker and vector nest.  Checked against the host.
! { dg-do run }
! { dg-prune-output "(\n|^)\[^\n\]*note: the reduction of \[^\n\]*" }

subroutine norm (a, n, s, m)
  implicit none
  integer :: n, i, j
  real(8) :: a(n, n), s, m
  s = 0
  m = 0
  !$acc parallel loop gang reduction(+:s) reduction(max:m) copyin(a)
  do j = 1, n
    !$acc loop vector ! { dg-warning "nested loop in reduction needs reduction clause for .s." }
    ! { dg-warning "reduction clause for .m." "" { target *-*-* } 17 }
    do i = 1, n
      s = s + a(i, j) * a(i, j)
      m = max (m, abs (a(i, j)))
    end do
  end do
end subroutine norm

program implicit1
  implicit none
  integer, parameter :: n = 300
  real(8) :: a(n, n), s, m, rs, rm
  integer :: i, j, k, hk, c(64, 64)
  integer(8) :: p, hp

  do j = 1, n
    do i = 1, n
      a(i, j) = sin (real (i * j, 8))
    end do
  end do
  call norm (a, n, s, m)
  rs = 0
  rm = 0
  do j = 1, n
    do i = 1, n
      rs = rs + a(i, j) * a(i, j)
      rm = max (rm, abs (a(i, j)))
    end do
  end do
  if (abs (s - rs) > 1d-9 * rs .or. m /= rm) stop 1

  k = 0
  !$acc parallel reduction(+:k)
  !$acc loop ! { dg-warning "reduction clause for .k." }
  do i = 1, 10000
    k = k + mod (i, 7)
  end do
  !$acc end parallel
  hk = 0
  do i = 1, 10000
    hk = hk + mod (i, 7)
  end do
  if (k /= hk) stop 2

  do j = 1, 64
    do i = 1, 64
      c(i, j) = mod (i * 31 + j, 17)
    end do
  end do
  p = 0
  !$acc parallel loop gang reduction(+:p) copyin(c) num_workers(4)
  do j = 1, 64
    !$acc loop worker ! { dg-warning "reduction clause for .p." }
    do i = 1, 32
      !$acc loop vector ! { dg-warning "reduction clause for .p." }
      do k = 1, 2
        p = p + c(2 * i - 2 + k, j) * j
      end do
    end do
  end do
  hp = 0
  do j = 1, 64
    do i = 1, 64
      hp = hp + c(i, j) * j
    end do
  end do
  if (p /= hp) stop 3
end program implicit1

! { dg-output "gangway: launch norm_._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" }
! { dg-output "gangway: launch MAIN__._omp_fn.1 device=cpu " }
