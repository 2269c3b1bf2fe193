/* Worker loops only: worker-single code between two worker loops
   computes what the second one reads.  */
int x[256 * 64], y[256];

void
kernel (void)
{
#pragma acc parallel num_workers (8) vector_length (32) copy (x, y)
#pragma acc loop gang
  for (int i = 0; i < 256; i++)
    {
      int s = y[i];
#pragma acc loop worker
      for (int j = 0; j < 64; j++)
	x[i * 64 + j] += s;
      y[i] = x[i * 64] + x[i * 64 + 63];
      int t = y[i] / 3;
#pragma acc loop worker
      for (int j = 0; j < 64; j++)
	x[i * 64 + j] -= t;
    }
}
