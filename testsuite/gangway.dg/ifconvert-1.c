/* The cpu target's if-conversion (config/cpu/ifconvert.cc): the small
   conditionals of a vector loop's body become selects, so the image has
   no block of its own for them.  The loop body is emitted twice (the
   whole vectors' copy and the tail, align-rows), each with 5 tested
   blocks: those of its loop and of the conditional whose arm loads,
   which stays a branch.  With the pass disabled (ifconvert-2.c) each
   copy has 14.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-keep-temps -fplugin-arg-gangway-isa=x86-64-v4" } */

void
f (int n, float *restrict x, float *restrict y, const float *restrict z)
{
#pragma acc parallel loop vector_length(16) copyin(x[0:n], z[0:n]) copyout(y[0:n])
  for (int i = 0; i < n; i++)
    {
      float t = x[i], u = 2 * t;
      if (t > 1.0f)
	t -= 1.0f;
      if (u < t)
	u = t * 0.5f;
      else
	u = u * 3.0f + t;
      if (t * t < 4.0f)
	{
	  if (u > 8.0f)
	    u -= 8.0f;
	  t = t + u;
	}
      if (u > 100.0f)
	t = z[i];
      y[i] = t + u;
    }
}

/* { dg-final { scan-cpu-image-times "if \\(!gw_any16 \\(" 10 } } */
