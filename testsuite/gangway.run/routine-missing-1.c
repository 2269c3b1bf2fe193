/* A routine the program's device code calls, whose definition was not
   compiled as an OpenACC routine (routine-missing-1-aux.c lacks the
   directive, as if compiled without the plugin): loading this unit's
   device code is a fatal error that names the routine.  */
/* { dg-do run } */
/* { dg-additional-sources "routine-missing-1-aux.c" } */
/* { dg-shouldfail "no device code for a routine" } */

#include <stdio.h>

#pragma acc routine seq
extern int helper (int);

int
main (void)
{
  int a[16];
#pragma acc parallel loop copyout (a)
  for (int i = 0; i < 16; i++)
    a[i] = helper (i);
  printf ("%d\n", a[3]);
  return 0;
}

/* { dg-output "gangway: fatal error: the routine 'helper', which device code of \[^\n\]* calls, has no cpu code in any unit of this program" } */
