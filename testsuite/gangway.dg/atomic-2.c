/* An atomic construct on an object no atomic instruction covers (a long
   double: GCC makes it a critical section, GOMP_atomic_start/end) keeps
   its region on the host, with a warning at the region.  Atomic builtins
   the device does not have (a fence) are refused with their name.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

long double ld;
int x;

void
f (void)
{
#pragma acc parallel loop /* { dg-warning "gangway: atomic operations on objects no atomic instruction covers \\(GCC makes them a critical section\\) are not supported on the device yet; this OpenACC parallel region runs on the host" } */
  for (int i = 0; i < 1000; i++)
    {
#pragma acc atomic update
      ld += 1.0L;
    }
}

void
g (void)
{
#pragma acc parallel loop
  for (int i = 0; i < 1000; i++)
    {
      __atomic_thread_fence (__ATOMIC_SEQ_CST); /* { dg-warning "the atomic builtin '__atomic_thread_fence' is not supported on the device" } */
      x = i;
    }
}
