/* A string literal read in a region, per lane, through a pointer and by
   indexing the literal directly.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1000

int
main (void)
{
  static char out[N];
  static int code[N];
  const char *msg = "The quick brown fox jumps over the lazy dog";
  int len = strlen (msg);

#pragma acc parallel loop copyout(out, code)
  for (int i = 0; i < N; i++)
    {
      out[i] = msg[i % len];
      code[i] = "0123456789abcdef"[i % 16] * 2;
    }

  for (int i = 0; i < N; i++)
    if (out[i] != msg[i % len] || code[i] != "0123456789abcdef"[i % 16] * 2)
      {
	fprintf (stderr, "out[%d] = '%c', code[%d] = %d\n", i, out[i], i,
		 code[i]);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
