/* Reductions of arrays and array sections: GCC 12's front end accepts
   them in OpenACC clauses and its gimplifier crashes on them.  The plugin
   drops those clauses and gives the construct an if (0) clause, with a
   warning at the clause (once for a combined construct): GCC's host
   fallback runs it in order, and the answer is the loop's.  Whole arrays
   and sections, on the construct and on its loops, + and max, next to a
   scalar reduction and an if clause of its own; each result against the
   same loop run on the host; the launch log shows the host and why.  */
/* { dg-do run } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
main (void)
{
  int a[4] = { 1, 2, 3, 4 }, ra[4] = { 1, 2, 3, 4 };
  int s[8] = { 0 }, rs[8] = { 0 };
  double d[3] = { 0.5, 0, 0 }, rd[3] = { 0.5, 0, 0 };
  long g = 0, rg = 0;

#pragma acc parallel loop reduction(+:a) /* { dg-warning "gangway: GCC 12 cannot compile the reduction of the array .a.; this OpenACC parallel region runs on the host, in order" } */
  for (int i = 0; i < 100; i++)
    a[i % 4] += i;
  for (int i = 0; i < 100; i++)
    ra[i % 4] += i;

#pragma acc parallel num_gangs(4)
  {
#pragma acc loop gang reduction(+:s[2:4]) /* { dg-warning "gangway: GCC 12 cannot compile the reduction of the array .s.; this OpenACC parallel region runs on the host, in order" } */
    for (int i = 0; i < 100; i++)
      s[2 + i % 4] += i;
  }
  for (int i = 0; i < 100; i++)
    rs[2 + i % 4] += i;

#pragma acc parallel loop reduction(max:d) reduction(+:g) if(g == 0) /* { dg-warning "gangway: GCC 12 cannot compile the reduction of the array .d.; this OpenACC parallel region runs on the host, in order" } */
  for (int i = 0; i < 100; i++)
    {
      d[i % 3] = d[i % 3] > i * 0.25 ? d[i % 3] : i * 0.25;
      g += i;
    }
  for (int i = 0; i < 100; i++)
    {
      rd[i % 3] = rd[i % 3] > i * 0.25 ? rd[i % 3] : i * 0.25;
      rg += i;
    }

  if (memcmp (a, ra, sizeof a) || memcmp (s, rs, sizeof s)
      || memcmp (d, rd, sizeof d) || g != rg)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=if-clause(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=host gangs=1 workers=1 vector=1 reason=if-clause(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.2 device=host gangs=1 workers=1 vector=1 reason=if-clause" } */
