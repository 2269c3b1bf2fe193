/* A vector loop in worker-single code (worker 0 runs it, the other
   workers skip it whole), then a worker-vector loop reading what it wrote
   through a gang-private array.  */
int a[64 * 32], c[64 * 128];

void
kernel (int n)
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
