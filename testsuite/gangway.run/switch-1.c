/* A switch on a per-lane value in a vector loop, with fallthrough, a case
   range and a default.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>

#define N 999

static int
host_f (int x)
{
  int r = 0;
  switch (x)
    {
    case 0:
      r = 10;
      break;
    case 1:
      r = 20;
      /* Fall through.  */
    case 2:
      r += 5;
      break;
    case 3 ... 6:
      r = x * 100;
      break;
    case 9:
      r = -9;
      break;
    default:
      r = x - 1000;
    }
  return r;
}

int
main (void)
{
  static int a[N], b[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i * 7) % 12;
      b[i] = 12345;
    }

#pragma acc parallel loop copyin(a) copyout(b)
  for (int i = 0; i < N; i++)
    {
      int x = a[i], r = 0;
      switch (x)
	{
	case 0:
	  r = 10;
	  break;
	case 1:
	  r = 20;
	  /* Fall through.  */
	case 2:
	  r += 5;
	  break;
	case 3 ... 6:
	  r = x * 100;
	  break;
	case 9:
	  r = -9;
	  break;
	default:
	  r = x - 1000;
	}
      b[i] = r;
    }

  for (int i = 0; i < N; i++)
    if (b[i] != host_f (a[i]))
      {
	fprintf (stderr, "b[%d] = %d, expected %d\n", i, b[i], host_f (a[i]));
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
