/* The serial reference of the application-pattern kernels (app.h holds
   the loop bodies): the loops of app-acc.c without directives.  Built
   with plain -O2 (baseline x86-64: no FMA, so no contraction).  */

#include "app.h"

void
ref_update3 (int nx, int nz, double dt, double *restrict state,
	     const double *restrict tend)
{
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx; i++)
	APP_UPDATE (ll, k, i);
}

void
ref_update2v (int nx, int nz, double dt, double *restrict state,
	      const double *restrict tend)
{
  ref_update3 (nx, nz, dt, state, tend);
}

void
ref_update3d (int nx, int nz, double dt, double *restrict s,
	      const double *restrict t)
{
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx; i++)
	APP_UPDATE_DENSE (ll, k, i);
}

void
ref_rkupdate (int nx, int nz, double dt, const double *init,
	      const double *restrict tend, double *out)
{
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx; i++)
	APP_RKUPDATE (ll, k, i);
}

void
ref_flux (int nx, int nz, double hv, const double *restrict state,
	  const double *restrict hy_r, const double *restrict hy_rt,
	  double *restrict flux)
{
  double stencil[4], vals[APP_NV], d3_vals[APP_NV];
  for (int k = 0; k < nz; k++)
    for (int i = 0; i < nx + 1; i++)
      APP_FLUX (k, i);
}

void
ref_tend (int nx, int nz, double dx, const double *restrict flux,
	  double *restrict tend)
{
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx; i++)
	APP_TEND (ll, k, i);
}

void
ref_halo (int nx, int nz, double *state)
{
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
      APP_HALO (ll, k);
}

/* The launch figures: a call that does nothing, a loop of N (0)
   iterations.  */

void
ref_empty (void)
{
  __asm__ volatile ("" ::: "memory");
}

void
ref_loop0 (int n, double *a)
{
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
