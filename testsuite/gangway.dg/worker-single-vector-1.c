/* A vector loop in worker-single code runs on worker 0 only: the other
   workers skip the whole partition, fork and join included, with one
   br.single worker; inside, worker 0's lanes take the loop's inputs by
   vector broadcasts (no worker broadcast, no worker barrier at its
   fork).  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4" } */

int a[64 * 32], c[64 * 128];

void
f (int n)
{
#pragma acc parallel num_workers (4) vector_length (32) copy (a, c)
#pragma acc loop gang
  for (int i = 0; i < 64; i++)
    {
      int tmp[32];
      int go = a[i * 32] * 2 + n;
#pragma acc loop vector
      for (int k = 0; k < 32; k++)
	tmp[k] = a[i * 32 + k] = i + k * go;
#pragma acc loop worker vector
      for (int j = 0; j < 128; j++)
	c[i * 128 + j] += tmp[j % 32] * go;
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)^  br\\.single worker, @\[0-9\]+, @\[0-9\]+\n@\[0-9\]+:\[^\n\]*\n  fork vector\n(  %\[0-9\]+ = bcast\\.\[a-z0-9\]+ vector %\[0-9\]+\n)+  br @" 1 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  br\\.single worker, " 1 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  fork vector\n(  %\[0-9\]+ = bcast\[^\n\]*\n)*  barrier worker" 0 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^slot \\\$0 128 \[0-9\]+ tmp shared$" 1 "barriers" } } */
