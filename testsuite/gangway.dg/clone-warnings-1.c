/* GCC warns once about a region, not once more for each of its device
   clones (cpu, ptx): its passes run on the clones with warnings off.  */
/* { dg-do compile } */

float out[42][3][5];
int u;

void
f (void)
{
#pragma acc parallel copy (out)
  {
#pragma acc loop gang
    for (int i = 0; i < 42; i++)
      {
#pragma acc loop worker
	for (int j = 0; j < 3; j++)
	  {
#pragma acc loop vector tile (*) /* { dg-warning "insufficient partitioning available to parallelize tile loop" } */
	    for (int k = 0; k < 5; k++)
	      out[i][j][k] = i + j + k;
	  }
      }
  }
}

/* { dg-final { scan-compiler-output-times "(?n)warning: insufficient partitioning" 1 } } */
