/* _Bool in a vector loop: loads of _Bool arrays, logical combinations,
   stores of _Bool results and _Bool used as an integer.  */
/* { dg-do run } */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1001

int
main (void)
{
  static bool p[N], q[N], r[N];
  static int a[N], cnt[N];
  for (int i = 0; i < N; i++)
    {
      p[i] = i % 3 == 0;
      q[i] = (i * 7) % 5 < 2;
      a[i] = i % 11 - 5;
    }

#pragma acc parallel loop copyin(p, q, a) copyout(r, cnt)
  for (int i = 0; i < N; i++)
    {
      bool pos = a[i] > 0;
      r[i] = (p[i] && !q[i]) || (pos ^ q[i]);
      cnt[i] = p[i] + q[i] + pos + (bool) a[i];
    }

  for (int i = 0; i < N; i++)
    {
      bool pos = a[i] > 0;
      bool want_r = (p[i] && !q[i]) || (pos ^ q[i]);
      int want_c = p[i] + q[i] + pos + (bool) a[i];
      if (r[i] != want_r || cnt[i] != want_c)
	{
	  fprintf (stderr, "r[%d] = %d, cnt[%d] = %d, expected %d, %d\n", i,
		   r[i], i, cnt[i], want_r, want_c);
	  abort ();
	}
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
