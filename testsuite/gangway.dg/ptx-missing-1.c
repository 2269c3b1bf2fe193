/* A region the ptx target cannot compile (each thread would have 800000
   bytes of private data, more than a GPU thread may) when ptx is asked
   for: with the cpu target too, the warning says the region has no ptx
   code (it runs on the cpu device); with ptx alone, that it runs on the
   host.  The warnings come at the end of the unit, once every target has
   had its go.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu,ptx" } */

float a[100];

void
f (void)
{
#pragma acc parallel loop copy (a) /* { dg-warning "gangway: ptx: 800000 bytes of private data per thread \\(a GPU thread has at most 524288\\); this OpenACC parallel region has no ptx code" } */
  for (int i = 0; i < 100; i++)
    {
      float big[200000];
      for (int k = 0; k < 200000; k++)
	big[k] = a[i] + k;
      a[i] = big[(int) a[i] & 1023];
    }
}
