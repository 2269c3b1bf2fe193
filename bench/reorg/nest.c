/* A gang/worker/vector nest with single code at every level: a
   read-modify-write in worker-single code whose result every worker reads,
   one in vector-single code whose result every lane reads.  */
int once[64], perw[64 * 64], m[64 * 64 * 16];

void
kernel (void)
{
#pragma acc parallel num_workers (4) vector_length (32) copy (once, perw, m)
#pragma acc loop gang
  for (int i = 0; i < 64; i++)
    {
      once[i] += 1;
      int base = once[i] * 100;
#pragma acc loop worker
      for (int j = 0; j < 64; j++)
	{
	  perw[i * 64 + j] += base;
	  int t = perw[i * 64 + j];
#pragma acc loop vector
	  for (int k = 0; k < 16; k++)
	    m[(i * 64 + j) * 16 + k] += t + k;
	}
    }
}
