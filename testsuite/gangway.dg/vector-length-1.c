/* vector_length(100), above the cpu device's limit of 64 lanes, makes the
   compiler note that it uses vector_length (64).  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

int a[1000];

void
f (void)
{
#pragma acc parallel loop gang vector vector_length(100) /* { dg-warning "gangway: using vector_length \\(64\\), ignoring 100" } */
  for (int i = 0; i < 1000; i++)
    a[i] = i;
}

/* GCC names the region's function in a context line.  */
