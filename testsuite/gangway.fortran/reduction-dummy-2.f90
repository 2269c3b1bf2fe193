! reduction-dummy-1.f90 on an x86-64-v2 image: 8 vector lanes, so that
! the 4 workers of 8 lanes run in one chunk (an AVX-512 machine's native
! image runs them in two), the shape of the wrong answer found on an
! AVX2 machine, here on every machine.
! { dg-do run }
! { dg-options "-O0" }
! { dg-additional-options "-fplugin-arg-gangway-isa=x86-64-v2" }
! { dg-set-target-env-var GANGWAY_NUM_THREADS "2" }

include 'reduction-dummy.inc'

! { dg-output "gangway: launch __reddummy_MOD_gwv._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_gwv_optional._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_wv._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_w_max._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_v_prod._omp_fn.0 device=cpu \[^\n\]*\n" }
! { dg-output "(\[^\n\]*\n)*gangway: launch __reddummy_MOD_g_wv._omp_fn.0 device=cpu gangs=4 workers=2 vector=8" }
