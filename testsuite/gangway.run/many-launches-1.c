/* A region launched 1000 times in a loop: every launch runs on the cpu
   device and the accumulated result is exact.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gangway.h>

#define N 333
#define LAUNCHES 1000

int
main (void)
{
  static int a[N];
  int on_cpu = 0;

  for (int r = 0; r < LAUNCHES; r++)
    {
#pragma acc parallel loop copy(a)
      for (int i = 0; i < N; i++)
	a[i] += i + r;
      const char *d = gangway_last_launch_device ();
      on_cpu += d && strcmp (d, "cpu") == 0;
    }

  for (int i = 0; i < N; i++)
    {
      int want = LAUNCHES * i + LAUNCHES * (LAUNCHES - 1) / 2;
      if (a[i] != want)
	{
	  fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], want);
	  abort ();
	}
    }
  if (on_cpu != LAUNCHES)
    {
      fprintf (stderr, "%d of %d launches ran on the cpu device\n", on_cpu,
	       LAUNCHES);
      abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
