/* An inner loop with uniform bounds (k < m) inside a vector loop stays a
   scalar loop in the emitted C: its counter is a scalar updated without a
   mask, its exit test a plain "if", and c[k] a scalar load.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4" } */

void
poly (int n, int m, const float *restrict c, const float *restrict x,
      float *restrict y)
{
#pragma acc parallel loop copyin(c[0:m], x[0:n]) copyout(y[0:n])
  for (int i = 0; i < n; i++)
    {
      float s = 0.0f;
      for (int k = 0; k < m; k++)
	s = s * x[i] + c[k];
      y[i] = s;
    }
}

/* The counter (GCC turns k into a pointer into c): set on entry and
   advanced as a scalar, copied into its phi with no blend.  */
/* { dg-final { scan-gangway-dump-times "(?n)uint64_t gw_p1 = r\[0-9\]+; r\[0-9\]+ = gw_p0; r\[0-9\]+ = gw_p1; \}$" 2 "emit (cpu" } } */
/* Two uniform branches, plain "if"s: m > 0 (GCC hoists it out of the i
   loop) and the k loop's exit test.  */
/* { dg-final { scan-gangway-dump-times "(?n)^  if \\(r\[0-9\]+\\)$" 2 "emit (cpu" } } */
/* c[k] is read once for all lanes; x[i] is a vector load.  */
/* { dg-final { scan-gangway-dump-times "(?n)= \\*\\(const float \\*\\) \\(uintptr_t\\) " 1 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= gw_ld_f32x16 \\(" 1 "emit (cpu" } } */
/* { dg-final { scan-gangway-dump-times "(?n)gw_gather_" 0 "emit (cpu" } } */
