/* An inner loop with a per-lane trip count (k < i % 17) inside a vector
   loop is linearized under masks: no uniform "if" exit test; its sum, read
   after the loop by lanes that left at different iterations, is a vector
   written with blends, while its counter, equal in every lane still in the
   loop, stays a scalar (cf. uniform-loop-1.c).  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4" } */

void
f (int n, const int *restrict a, int *restrict s)
{
#pragma acc parallel loop copyin(a[0:n]) copyout(s[0:n])
  for (int i = 0; i < n; i++)
    {
      int t = 0;
      for (int k = 0; k < i % 17; k++)
	t += a[i] * k + 1;
      s[i] = t;
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)^  if \\(r\[0-9\]+\\)$" 0 "emit (cpu" } } */
/* t and k, set to 0 and 0, then to t + a[i] * k + 1 and k + 1.  */
/* { dg-final { scan-gangway-dump-times "(?n)uint32_t gw_p1 = \[^;\]*; r\[0-9\]+ = gw_blend_u32x16 \\(gw_cur, gw_p0, r\[0-9\]+\\); r\[0-9\]+ = gw_p1; \}$" 2 "emit (cpu" } } */
