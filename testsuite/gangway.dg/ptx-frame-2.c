/* Private data beyond what a GPU thread has (512 KiB of .local memory),
   or worker-private data beyond a CTA's 48 KiB of static shared memory:
   the ptx target refuses the region, naming the size; the cpu target
   compiles it.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu,ptx" } */

long out[100];

void
f (void)
{
  char buf[600 * 1024];
#pragma acc parallel loop gang vector private(buf) copyout(out) /* { dg-warning "gangway: ptx: 614400 bytes of private data per thread \\(a GPU thread has at most 524288\\); this OpenACC parallel region has no ptx code" } */
  for (int i = 0; i < 100; i++)
    {
      buf[i * 4096] = i;
      out[i] = buf[i * 4096] + buf[(i + 1) * 4096];
    }

#pragma acc parallel loop gang worker num_workers(4) private(buf) copyout(out) /* { dg-warning "gangway: ptx: 2457600 bytes of data private to gangs or workers \\(a GPU gang has at most 49152 of shared memory\\); this OpenACC parallel region has no ptx code" } */
  for (int i = 0; i < 100; i++)
    {
      for (int k = 0; k < 150; k++)
	buf[k * 4096] = i + k;
      long s = 0;
      for (int k = 0; k < 150; k++)
	s += buf[k * 4096];
      out[i] = s;
    }

#pragma acc parallel loop gang vector copyout(out)
  for (int i = 0; i < 100; i++)
    {
      char small[512 * 1024];
      small[i * 4096] = i;
      out[i] = small[i * 4096];
    }
}
