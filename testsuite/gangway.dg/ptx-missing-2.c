/* ptx-missing-1.c with the ptx target alone: the region whose threads
   would have too much private data has no device code at all, and runs
   on the host.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=ptx" } */

float a[100];

void
f (void)
{
#pragma acc parallel loop copy (a) /* { dg-warning "gangway: ptx: 800000 bytes of private data per thread \\(a GPU thread has at most 524288\\); this OpenACC parallel region runs on the host" } */
  for (int i = 0; i < 100; i++)
    {
      float big[200000];
      for (int k = 0; k < 200000; k++)
	big[k] = a[i] + k;
      a[i] = big[(int) a[i] & 1023];
    }
}
