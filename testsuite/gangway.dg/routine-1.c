/* A call of a function defined in another unit (an "acc routine") makes
   the compiler warn, at the call, that the region runs on the host.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

#pragma acc routine seq
extern int transform (int);

int a[1000];

void
apply (void)
{
#pragma acc parallel loop
  for (int i = 0; i < 1000; i++)
    a[i] = transform (a[i]); /* { dg-warning "gangway: calls are not supported on the device yet \\('transform' is called\\); this OpenACC parallel region runs on the host" } */
}

/* GCC names the region's function in a context line.  */
