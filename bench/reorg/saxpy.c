/* A vector loop alone: the vector level of the reorg, no workers.  */
void
kernel (int n, float a, const float *restrict x, float *restrict y)
{
#pragma acc parallel loop gang vector vector_length (32) copyin (x[0:n]) \
	copy (y[0:n])
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
