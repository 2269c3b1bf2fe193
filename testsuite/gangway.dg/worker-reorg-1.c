/* The reorg of a gang/worker/vector nest with single code at each level,
   at 4 workers x 8 lanes.  Neutering: four regions of gang-redundant code
   skipped by all but thread (0, 0) (br.single worker+vector), three of
   vector-single code in the worker loop skipped by all but lane 0 of each
   worker (br.single vector).  Propagation: the loop condition and BASE's
   inputs reach every worker and lane (bcast worker+vector: two at the
   worker fork, two for the gang loop's branches), T's inputs and the
   worker loop's condition every lane of a worker (bcast vector).
   Barriers on the worker axis: after the two branch broadcasts, at the
   worker fork (its broadcasts) and at the worker join (the workers stored
   since); on the vector axis: at the vector fork and join (stores since
   the last barrier).  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4" } */

int once[64], perw[64 * 64], m[64 * 64 * 16];

void
f (void)
{
#pragma acc parallel num_workers (4) vector_length (8) copy (once, perw, m)
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

/* { dg-final { scan-gangway-dump-times "(?n)^  br\\.single worker\\+vector, " 4 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  br\\.single vector, " 3 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  br\\.single worker, " 0 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= bcast\\.\[a-z0-9\]+ worker\\+vector " 4 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)= bcast\\.\[a-z0-9\]+ vector " 3 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  fork worker\n(  %\[0-9\]+ = bcast\\.i32 worker\\+vector %\[0-9\]+\n){2}  barrier worker\n  br @" 1 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  barrier worker$" 4 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  barrier vector$" 2 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  frame\\.bcast" 0 "barriers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^;; After emit \\(cpu, x86-64-v4, 32 lanes\\)$" 1 } } */
/* The cpu emitter runs the vector-single code with every lane of a worker
   (they agree there): no lane split by position, no masked blend of BASE
   or T.  */
/* { dg-final { scan-gangway-dump-times "(?n)gw_lane32 % 8u == 0" 0 "emit (cpu" } } */
