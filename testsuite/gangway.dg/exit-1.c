/* exit and its kin in device code are errors at the call: OpenACC gives a
   region or a routine no way to end the program (abort does).  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

#include <stdlib.h>

#pragma acc routine seq
static int
check (int x)
{
  if (x < 0)
    exit (2); /* { dg-error "'exit' cannot be called in device code \\(OpenACC compute regions and routines\\); call 'abort' to stop the program" } */
  return x;
}

int a[100];

void
f (void)
{
#pragma acc parallel loop
  for (int i = 0; i < 100; i++)
    {
      if (a[i] > 1000)
	_Exit (1); /* { dg-error "'_Exit' cannot be called in device code" } */
      a[i] = check (a[i]);
    }
}
