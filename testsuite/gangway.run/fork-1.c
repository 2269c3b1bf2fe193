/* fork after launches: the child launches regions too (its cpu device
   starts a new pool), with exact results, and so does the parent
   afterwards.  */
/* { dg-do run } */

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 5000

static int a[N];

static void
add (int k)
{
#pragma acc parallel loop copy(a)
  for (int i = 0; i < N; i++)
    a[i] += i + k;
}

static int
check (int sum_k, int times)
{
  for (int i = 0; i < N; i++)
    if (a[i] != times * i + sum_k)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i],
		 times * i + sum_k);
	return 1;
      }
  return 0;
}

int
main (void)
{
  add (1);
  add (2);
  pid_t pid = fork ();
  if (pid < 0)
    abort ();
  if (pid == 0)
    {
      for (int r = 0; r < 50; r++)
	add (3);
      _exit (check (3 + 150, 52) ? 3 : 0);
    }
  for (int r = 0; r < 50; r++)
    add (4);
  int status;
  if (waitpid (pid, &status, 0) != pid || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0)
    {
      fprintf (stderr, "the child failed (status %#x)\n", status);
      abort ();
    }
  if (check (3 + 200, 52))
    abort ();
  return 0;
}

/* { dg-output "gangway: launch add._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
