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

include 'reduction-dummy.inc'

! { dg-output "gangway: launch __reddummy_MOD_gwv._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_gwv_optional._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_wv._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_w_max._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_v_prod._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_g_wv._omp_fn.0 device=cpu " }
