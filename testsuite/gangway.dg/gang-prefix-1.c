/* The gangs' common start (config/cpu/emit.cc, find_prefix): the loads
   of a region's arguments and its gang loop's chunking, with the 64-bit
   division by the number of gangs, are computed once by the exported
   kernel for the gangs it runs, in a struct the gang function starts
   from.  A halo exchange (one lane: the entry block) and an update of a
   collapsed nest (eight lanes: through the neutered arguments' block
   into the vector partition's first block); a region whose first act is
   an atomic update has no such start.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump=emit -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-targets=cpu" } */

void
halo (int nx, int nz, double *s)
{
#pragma acc parallel loop collapse(2) present(s[0:4*(nz+4)*(nx+4)])
  for (int v = 0; v < 4; v++)
    for (int k = 0; k < nz; k++)
      {
	s[(v * (nz + 4) + k + 2) * (nx + 4)] = s[(v * (nz + 4) + k + 2) * (nx + 4) + nx];
	s[(v * (nz + 4) + k + 2) * (nx + 4) + nx + 2] = s[(v * (nz + 4) + k + 2) * (nx + 4) + 2];
      }
}

void
update (int nx, int nz, double dt, double *restrict s, const double *restrict t)
{
#pragma acc parallel loop collapse(3) present(s[0:4*nz*nx], t[0:4*nz*nx])
  for (int v = 0; v < 4; v++)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx; i++)
	s[(v * nz + k) * nx + i] += dt * t[(v * nz + k) * nx + i];
}

void
count (int n, int *c, double *a)
{
#pragma acc parallel copy(c[0:1], a[0:n])
  {
#pragma acc atomic update
    c[0]++;
#pragma acc loop gang
    for (int i = 0; i < n; i++)
      a[i] *= 2;
  }
}

/* { dg-final { scan-gangway-dump-times "(?n)^struct gw_k\\d+_\\w+_pre$" 2 } } */
/* { dg-final { scan-gangway-dump-not "(?n)^struct gw_k\\d+_count__omp_fn_0_pre$" } } */
/* Each kernel divides by the number of gangs once: the two with a common
   start in their exported function.  */
/* { dg-final { scan-gangway-dump-times "\\(\\(int64_t\\) \\(r\\d+\\)\\) / \\(\\(int64_t\\)" 3 } } */
/* { dg-final { scan-gangway-dump "GW_EXPORT void\ngw_k\\d+_update__omp_fn_0 \\(\[^\}\]*\\(\\(int64_t\\) \\(r\\d+\\)\\) / \\(\\(int64_t\\)" } } */
/* { dg-final { scan-gangway-dump "GW_EXPORT void\ngw_k\\d+_halo__omp_fn_0 \\(\[^\}\]*\\(\\(int64_t\\) \\(r\\d+\\)\\) / \\(\\(int64_t\\)" } } */
