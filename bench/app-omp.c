/* The application-pattern kernels in OpenMP (app.h holds the loop
   bodies): "parallel for" over the outer loops (collapsed where OpenACC
   collapses them), "simd" on the innermost.  Compiled with
   -O3 -march=native -fopenmp -ffp-contract=off as -DPREFIX=omp_ (without
   -ffp-contract=off GCC contracts into FMAs and the results differ from
   the reference in the last bits).  */

#include "app.h"

#ifndef PREFIX
#define PREFIX omp_
#endif

void
APP_NAME (PREFIX, update3) (int nx, int nz, double dt, double *restrict state,
			    const double *restrict tend)
{
#pragma omp parallel for collapse(2)
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
#pragma omp simd
      for (int i = 0; i < nx; i++)
	APP_UPDATE (ll, k, i);
}

/* OpenMP has no gang/vector split other than update3's: the same loop.  */

void
APP_NAME (PREFIX, update2v) (int nx, int nz, double dt,
			     double *restrict state,
			     const double *restrict tend)
{
  APP_NAME (PREFIX, update3) (nx, nz, dt, state, tend);
}

void
APP_NAME (PREFIX, update3d) (int nx, int nz, double dt, double *restrict s,
			     const double *restrict t)
{
#pragma omp parallel for collapse(2)
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
#pragma omp simd
      for (int i = 0; i < nx; i++)
	APP_UPDATE_DENSE (ll, k, i);
}

void
APP_NAME (PREFIX, rkupdate) (int nx, int nz, double dt, const double *init,
			     const double *restrict tend, double *out)
{
#pragma omp parallel for collapse(2)
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
#pragma omp simd
      for (int i = 0; i < nx; i++)
	APP_RKUPDATE (ll, k, i);
}

void
APP_NAME (PREFIX, flux) (int nx, int nz, double hv,
			 const double *restrict state,
			 const double *restrict hy_r,
			 const double *restrict hy_rt, double *restrict flux)
{
  double stencil[4], vals[APP_NV], d3_vals[APP_NV];
#pragma omp parallel for private(stencil, vals, d3_vals)
  for (int k = 0; k < nz; k++)
#pragma omp simd private(stencil, vals, d3_vals)
    for (int i = 0; i < nx + 1; i++)
      APP_FLUX (k, i);
}

void
APP_NAME (PREFIX, tend) (int nx, int nz, double dx,
			 const double *restrict flux, double *restrict tend)
{
#pragma omp parallel for collapse(2)
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
#pragma omp simd
      for (int i = 0; i < nx; i++)
	APP_TEND (ll, k, i);
}

void
APP_NAME (PREFIX, halo) (int nx, int nz, double *state)
{
#pragma omp parallel for collapse(2)
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
      APP_HALO (ll, k);
}

void
APP_NAME (PREFIX, empty) (void)
{
  /* GCC drops a parallel region whose body is empty: give it one that
     does nothing.  */
#pragma omp parallel
  {
    __asm__ volatile ("" ::: "memory");
  }
}

void
APP_NAME (PREFIX, loop0) (int n, double *a)
{
#pragma omp parallel for simd
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
