/* private(tmp, scal) on a gang vector loop: every iteration (lane) has
   its own array and scalar; firstprivate(base) copies a host array into
   the region.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 1000

int
main (void)
{
  static int out[N];
  int tmp[4], scal;
  int base[3] = { 10, 20, 30 };

#pragma acc parallel loop private(tmp, scal) firstprivate(base) copyout(out)
  for (int i = 0; i < N; i++)
    {
      for (int k = 0; k < 4; k++)
	tmp[k] = i * k + base[k % 3];
      scal = tmp[i % 4] - tmp[(i + 1) % 4];
      out[i] = scal + tmp[3];
    }

  for (int i = 0; i < N; i++)
    {
      int t[4];
      for (int k = 0; k < 4; k++)
	t[k] = i * k + base[k % 3];
      int want = t[i % 4] - t[(i + 1) % 4] + t[3];
      if (out[i] != want)
	{
	  fprintf (stderr, "out[%d] = %d, expected %d\n", i, out[i], want);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
