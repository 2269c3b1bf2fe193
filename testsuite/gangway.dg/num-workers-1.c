/* num_workers above what the cpu device runs makes the compiler note, at
   the construct, the number of workers it uses: 32 (at most 1024 lanes
   per gang; a gang worker loop has one lane per worker).  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

int a[1000];

void
f (void)
{
#pragma acc parallel loop gang worker num_workers(64) /* { dg-warning "gangway: using num_workers \\(32\\), ignoring 64: the cpu device runs at most 1024 lanes per gang" } */
  for (int i = 0; i < 1000; i++)
    a[i] = i;
}

/* GCC names the region's function in a context line.  */
