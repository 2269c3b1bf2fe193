/* num_workers(4) makes the compiler note, at the construct, that the cpu
   device uses one worker.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

int a[1000];

void
f (void)
{
#pragma acc parallel loop gang worker num_workers(4) /* { dg-warning "gangway: using num_workers \\(1\\), ignoring 4: the cpu device runs one worker per gang" } */
  for (int i = 0; i < 1000; i++)
    a[i] = i;
}

/* GCC names the region's function in a context line.  */
