/* abort () in a region raises SIGABRT, as on the host: the program's
   handler sees it, in the thread that runs the gang, and ends the
   program successfully.  */
/* { dg-do run } */

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static void
caught (int sig)
{
  static const char msg[] = "caught SIGABRT\n";
  if (sig == SIGABRT)
    write (2, msg, sizeof msg - 1);
  _exit (sig == SIGABRT ? 0 : 1);
}

int
main (void)
{
  int a[100];
  signal (SIGABRT, caught);
  signal (SIGILL, caught);
#pragma acc parallel loop copyout (a)
  for (int i = 0; i < 100; i++)
    {
      if (i == 57)
	abort ();
      a[i] = i;
    }
  return 1;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)caught SIGABRT" } */
