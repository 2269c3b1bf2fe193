/* The cpu device's default vector length: the ISA's lanes of 4-byte
   values (16 on x86-64-v4), but half as many in a region whose
   floating-point arithmetic is mostly on doubles, so that each vector of
   doubles is one register (8 on x86-64-v4).  An explicit vector_length
   and a region calling a vector routine keep theirs.  The dump has each
   function after the expander, eleven passes, cpu-simplify,
   cpu-ifconvert, cpu-compact, cpu-combine-atomics and cpu-plan: 17
   times.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4" } */

void
fd (int n, double *restrict a, const double *restrict b)
{
#pragma acc parallel loop copy(a[0:n]) copyin(b[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 2.0 * b[i];
}

void
ff (int n, float *restrict a, const float *restrict b)
{
#pragma acc parallel loop copy(a[0:n]) copyin(b[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 2.0f * b[i];
}

void
fdv (int n, double *restrict a)
{
#pragma acc parallel loop vector_length(16) copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 3.0;
}

/* { dg-final { scan-gangway-dump-times "(?n)^function gw_k\[0-9\]+_fd__omp_fn_0 host fd\\._omp_fn\\.0 dims 0 1 8$" 17 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^function gw_k\[0-9\]+_ff__omp_fn_0 host ff\\._omp_fn\\.0 dims 0 1 16$" 17 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^function gw_k\[0-9\]+_fdv__omp_fn_0 host fdv\\._omp_fn\\.0 dims 0 1 16$" 17 } } */
