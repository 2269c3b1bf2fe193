/* The variables declared in a seq loop's body get the privatization
   level of the code around the loop (plugin/seq-private.cc): the gang's
   (a shared slot) at a region's top and in a gang loop, the worker's in
   a worker loop, a thread's own in a vector loop; each once for the cpu
   and once for the ptx target.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump=expand -fplugin-arg-gangway-targets=cpu,ptx" } */

#pragma acc routine vector
__attribute__ ((noinline)) void
vfill (int *x, int n)
{
#pragma acc loop vector
  for (int i = 0; i < n; i++)
    x[i] = i;
}

#pragma acc routine seq
__attribute__ ((noinline)) int
sfill (int *x, int n)
{
  for (int i = 0; i < n; i++)
    x[i] = i;
  return x[n - 1];
}

int out[64];

void
top (int n)
{
#pragma acc parallel loop seq copyout (out)
  for (int k = 0; k < 4; k++)
    {
      int top_a[16];
      vfill (top_a, n);
#pragma acc loop seq
      for (int j = 0; j < 4; j++)
	{
	  int top_b[16];
	  vfill (top_b, n);
	  out[k * 4 + j] = top_a[j] + top_b[j];
	}
    }
}

void
in_gang (int n)
{
#pragma acc parallel loop gang copyout (out)
  for (int i = 0; i < 64; i++)
#pragma acc loop seq
    for (int k = 0; k < 4; k++)
      {
	int gang_c[16];
	vfill (gang_c, n);
	out[i] = gang_c[k];
      }
}

void
in_worker (int n)
{
#pragma acc parallel loop gang worker num_workers (4) copyout (out)
  for (int i = 0; i < 64; i++)
#pragma acc loop seq
    for (int k = 0; k < 4; k++)
      {
	int worker_d[16];
	vfill (worker_d, n);
	out[i] = worker_d[k];
      }
}

void
in_vector (int n)
{
#pragma acc parallel loop gang vector copyout (out)
  for (int i = 0; i < 64; i++)
#pragma acc loop seq
    for (int k = 0; k < 4; k++)
      {
	int vector_e[16];
	out[i] = sfill (vector_e, n);
      }
}

/* { dg-final { scan-gangway-dump-times "(?n)^slot \\\$\[0-9\]+ 64 \[0-9\]+ top_a shared$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^slot \\\$\[0-9\]+ 64 \[0-9\]+ top_b shared$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^slot \\\$\[0-9\]+ 64 \[0-9\]+ gang_c shared$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^slot \\\$\[0-9\]+ 64 \[0-9\]+ worker_d shared worker$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^slot \\\$\[0-9\]+ 64 \[0-9\]+ vector_e$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^slot " 10 } } */
