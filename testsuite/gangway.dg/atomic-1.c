/* "#pragma acc atomic" makes the compiler warn, at the atomic construct,
   that the region runs on the host.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

int a[1000], hist[10];

void
histogram (void)
{
#pragma acc parallel loop
  for (int i = 0; i < 1000; i++)
    {
#pragma acc atomic update /* { dg-warning "gangway: atomic operations are not supported on the device yet; this OpenACC parallel region runs on the host" } */
      hist[a[i] % 10]++;
    }
}
