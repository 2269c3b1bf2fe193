/* num_workers with a runtime value makes the compiler note, at the
   construct, that the cpu device ignores it and uses one worker.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

int a[1000];

void
f (int n)
{
#pragma acc parallel loop gang worker num_workers(n) /* { dg-warning "gangway: using num_workers \\(1\\), ignoring runtime setting: the cpu device runs one worker per gang" } */
  for (int i = 0; i < 1000; i++)
    a[i] = i;
}

/* GCC names the region's function in a context line.  */
