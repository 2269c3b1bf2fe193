/* The cpu device gives a region one lane per gang when its loops' every
   moving access is strided and it does less moving arithmetic than it
   has such accesses (plugin/lanes.cc): a halo exchange down the rows of
   a 2-D array.  A region that also makes one consecutive access, one
   that computes much on each element, and one whose vector_length is
   given keep their lanes (8 doubles on AVX-512); the emitter says "0
   lanes" of scalar code.  The ptx target is not asked: its lanes are
   threads.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-targets=cpu,ptx" } */

void
f (int n, int m, double *restrict a, double *restrict b)
{
  /* Strided: one lane.  */
#pragma acc parallel loop copy(a[0:n*m])
  for (int k = 0; k < n; k++)
    {
      a[k * m] = a[k * m + m - 2];
      a[k * m + m - 1] = a[k * m + 1];
    }

  /* And a consecutive store: lanes.  */
#pragma acc parallel loop copy(a[0:n*m], b[0:n])
  for (int k = 0; k < n; k++)
    {
      a[k * m] = a[k * m + m - 2];
      b[k] = a[k * m + 1];
    }

  /* Strided, but arithmetic on each element: lanes.  */
#pragma acc parallel loop copy(a[0:n*m])
  for (int k = 0; k < n; k++)
    a[k * m] = a[k * m + 1] * a[k * m + 2] / (a[k * m + 3] + 1.0) - 2.0;

  /* The user's vector length.  */
#pragma acc parallel loop vector_length(8) copy(a[0:n*m]) /* { dg-warning "gangway: ptx: using vector_length \\(32\\), ignoring 8" } */
  for (int k = 0; k < n; k++)
    a[k * m] = a[k * m + m - 2];
}

/* { dg-final { scan-gangway-dump-times "(?n)^;; After emit \\(cpu, x86-64-v4, 0 lanes\\)$" 1 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^;; After emit \\(cpu, x86-64-v4, 8 lanes\\)$" 3 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^;; After emit \\(ptx" 4 } } */
