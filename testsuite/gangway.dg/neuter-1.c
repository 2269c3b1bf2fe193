/* saxpy: the single-lane code before the vector partition (loads of n, x,
   a, y) is neutered by one br.single, and propagate broadcasts its four
   results at the fork: n (i32), x and y (i64), a (f32).  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4" } */

void
saxpy (int n, float a, const float *restrict x, float *restrict y)
{
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

/* { dg-final { scan-gangway-dump-times "(?n)^  br\\.single vector, @\[0-9\]+, @\[0-9\]+$" 0 "split-markers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  br\\.single vector, @\[0-9\]+, @\[0-9\]+$" 1 "neuter" } } */
/* { dg-final { scan-gangway-dump-times "(?n)bcast" 0 "neuter" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  br\\.single vector, @\[0-9\]+, @\[0-9\]+$" 1 "propagate" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  %\[0-9\]+ = bcast\\.\[a-z0-9\]+ vector %\[0-9\]+$" 4 "propagate" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= bcast\\.i32 vector" 1 "propagate" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= bcast\\.i64 vector" 2 "propagate" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= bcast\\.f32 vector" 1 "propagate" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  fork vector\n(  %\[0-9\]+ = bcast\[^\n\]*\n){4}  br @" 1 "propagate" } } */
