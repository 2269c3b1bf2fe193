/* The lane checker (-fplugin-arg-gangway-check-lanes) stops a kernel in
   which a lane reads a value another lane's write overwrote: here every
   register is written without a mask (-fplugin-arg-gangway-cpu-unmasked,
   which the verifier would reject at compile time: it is off), and the
   data-dependent while loop's lanes leave it at different trips.  The
   kernel runs in a child, which must abort with the checker's message.  */
/* { dg-do run } */
/* { dg-additional-options "-fplugin-arg-gangway-verify=0 -fplugin-arg-gangway-cpu-unmasked -fplugin-arg-gangway-check-lanes" } */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 64

static void
kernel (void)
{
  static int s[N];
#pragma acc parallel loop gang vector copyout(s)
  for (int i = 0; i < N; i++)
    {
      int x = i + 1, c = 0;
      while (x > 1)
	{
	  x = (x & 1) ? x + 1 : x / 2;
	  c++;
	}
      s[i] = c;
    }
  printf ("%d\n", s[N - 1]);
}

/* The kernel runs in a child process, which the check must abort.  */

int
main (void)
{
  fflush (NULL);
  pid_t pid = fork ();
  if (pid == 0)
    {
      kernel ();
      exit (0);
    }
  int status;
  if (pid < 0 || waitpid (pid, &status, 0) != pid)
    abort ();
  if (!WIFSIGNALED (status) || WTERMSIG (status) != SIGABRT)
    {
      fprintf (stderr, "the kernel was not stopped by the lane check\n");
      abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch kernel._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+(\n|\r\n|\r)" } */
/* { dg-output "gangway: lane check: gw_k0_kernel__omp_fn_0 reads %\[0-9\]+ at @\[0-9\]+ in lanes 0x\[0-9a-f\]+, which do not hold their own value of it" } */
