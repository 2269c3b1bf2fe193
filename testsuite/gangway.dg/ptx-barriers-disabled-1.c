/* With -fplugin-arg-gangway-disable=ptx-barriers, a region whose vector
   is two warps has no ptx code: its vector broadcasts go through .shared
   memory, and the emitter, which finds their loads pending with no
   vector barrier after them, refuses it (config/ptx/barriers.cc) rather
   than write PTX that reads the buffer before lane 0 stored into it.  A
   region of one warp, whose broadcasts are shuffles, keeps its code.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu,ptx -fplugin-arg-gangway-disable=ptx-barriers -fplugin-arg-gangway-dump=emit" } */

int out[64 * 64];

void
wide (int s)
{
#pragma acc parallel num_workers (3) vector_length (64) copyout (out) /* { dg-warning "gangway: ptx: vector broadcasts across warps without a barrier after them in their block \\(the ptx-barriers pass places it\\); this OpenACC parallel region has no ptx code" } */
#pragma acc loop worker
  for (int j = 0; j < 64; j++)
    {
      int q = j * s;
#pragma acc loop vector
      for (int k = 0; k < 64; k++)
	out[j * 64 + k] = q + k;
    }
}

void
narrow (int s)
{
#pragma acc parallel num_workers (3) vector_length (32) copyout (out)
#pragma acc loop worker
  for (int j = 0; j < 64; j++)
    {
      int q = j * s;
#pragma acc loop vector
      for (int k = 0; k < 64; k++)
	out[j * 64 + k] = q + k;
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)^;; ptx-barriers disabled$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^// narrow\\._omp_fn\\.0: gangs \[^,\]*, 3 workers x 32 lanes$" 1 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^// wide\\._omp_fn\\.0:" 0 } } */
