! An async compute construct's reduction of a dummy argument (reduced by
! reference), updated in a nested loop without the clause (found by
! gangway-fuzz's Fortran generator, knob f_reduction_implicit): gfortran
! reads and writes the dummy of an async construct through a copy of the
! reference made at each use (s.6 = s; *s.6 = D.1 + ...), which the
! plugin now follows; the loops got no clause, and the vector lanes raced
! on the gang's copy (256 instead of 4096).
! { dg-do run }
! { dg-set-target-env-var GANGWAY_NUM_THREADS "2" }
! { dg-prune-output "(\n|^)\[^\n\]*note: the reduction of \[^\n\]*" }

module redasync
  implicit none
contains
  subroutine total (a, s)
    integer, intent(in) :: a(64, 32)
    integer, intent(inout) :: s
    integer :: i, j
    !$acc parallel copyin(a) reduction(+:s) async(1)
    !$acc loop gang ! { dg-warning "reduction clause for .s." }
    do j = 1, 32
      !$acc loop vector ! { dg-warning "reduction clause for .s." }
      do i = 1, 64
        s = s + a(i, j)
      end do
    end do
    !$acc end parallel
    !$acc wait
  end subroutine total
end module redasync

program reductionasync
  use redasync
  implicit none
  integer :: a(64, 32), s, i, j
  do j = 1, 32
    do i = 1, 64
      a(i, j) = mod (i * 7 + j * 3, 5)
    end do
  end do
  s = 0
  call total (a, s)
  if (s /= sum (a)) stop 1
end program reductionasync

! { dg-output "gangway: launch __redasync_MOD_total._omp_fn.0 device=cpu \[^\n\]* async=1" }
