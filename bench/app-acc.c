/* The application-pattern kernels in OpenACC (app.h holds the loop
   bodies).  Compiled with -DPREFIX=acc_ and the Gangway plugin, and with
   -DPREFIX=hacc_ under GCC's host fallback.  The arrays are present: the
   driver (app.c) maps them in an enclosing data region.  */

#include "app.h"

#ifndef PREFIX
#define PREFIX acc_
#endif

/* With -DASYNC_QUEUE=Q (PREFIX aacc_), every region is queued on async
   queue Q, and APP_NAME (PREFIX, wait) waits for it.  */
#ifdef ASYNC_QUEUE
#define ASYNC async(ASYNC_QUEUE)
#else
#define ASYNC
#endif

#define PRESENT_STATE(a) a[0:APP_NSTATE (nx, nz)]
#define PRESENT_TEND(a) a[0:APP_NTEND (nx, nz)]

/* The state update with miniWeather's linearized subscripts, all three
   loops collapsed.  */

void
APP_NAME (PREFIX, update3) (int nx, int nz, double dt, double *restrict state,
			    const double *restrict tend)
{
#pragma acc parallel loop collapse(3) ASYNC \
  present(PRESENT_STATE (state), PRESENT_TEND (tend))
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx; i++)
	APP_UPDATE (ll, k, i);
}

/* The same update, gangs over (ll, k), vector lanes over i.  */

void
APP_NAME (PREFIX, update2v) (int nx, int nz, double dt,
			     double *restrict state,
			     const double *restrict tend)
{
#pragma acc parallel loop gang collapse(2) ASYNC \
  present(PRESENT_STATE (state), PRESENT_TEND (tend))
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
#pragma acc loop vector
      for (int i = 0; i < nx; i++)
	APP_UPDATE (ll, k, i);
}

/* The update over dense arrays: no halo in the subscripts.  */

void
APP_NAME (PREFIX, update3d) (int nx, int nz, double dt, double *restrict s,
			     const double *restrict t)
{
#pragma acc parallel loop collapse(3) ASYNC \
  present(PRESENT_TEND (s), PRESENT_TEND (t))
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx; i++)
	APP_UPDATE_DENSE (ll, k, i);
}

/* A Runge-Kutta stage: out = init + dt * tend (OUT may be INIT).  */

void
APP_NAME (PREFIX, rkupdate) (int nx, int nz, double dt, const double *init,
			     const double *restrict tend, double *out)
{
#pragma acc parallel loop collapse(3) ASYNC \
  present(PRESENT_STATE (init), PRESENT_TEND (tend), PRESENT_STATE (out))
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx; i++)
	APP_RKUPDATE (ll, k, i);
}

/* The x-direction fluxes at the cell faces: fourth-order interpolation
   of the state, a third-derivative hyperviscosity term; the small arrays
   are private, declared outside the loop as miniWeather does.  */

void
APP_NAME (PREFIX, flux) (int nx, int nz, double hv,
			 const double *restrict state,
			 const double *restrict hy_r,
			 const double *restrict hy_rt, double *restrict flux)
{
  double stencil[4], vals[APP_NV], d3_vals[APP_NV];
#pragma acc parallel loop collapse(2) private(stencil, vals, d3_vals) ASYNC \
  present(PRESENT_STATE (state), hy_r[0:nz], hy_rt[0:nz], \
	  flux[0:APP_NFLUX (nx, nz)])
  for (int k = 0; k < nz; k++)
    for (int i = 0; i < nx + 1; i++)
      APP_FLUX (k, i);
}

/* The tendencies: the divergence of the fluxes.  */

void
APP_NAME (PREFIX, tend) (int nx, int nz, double dx,
			 const double *restrict flux, double *restrict tend)
{
#pragma acc parallel loop collapse(3) ASYNC \
  present(flux[0:APP_NFLUX (nx, nz)], PRESENT_TEND (tend))
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
      for (int i = 0; i < nx; i++)
	APP_TEND (ll, k, i);
}

/* The periodic halo exchange in x.  */

void
APP_NAME (PREFIX, halo) (int nx, int nz, double *state)
{
#pragma acc parallel loop collapse(2) present(PRESENT_STATE (state)) ASYNC
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < nz; k++)
      APP_HALO (ll, k);
}

/* The launch figures: an empty region, a loop of N (0) iterations.  */

void
APP_NAME (PREFIX, empty) (void)
{
#pragma acc parallel ASYNC
  {
  }
}

void
APP_NAME (PREFIX, loop0) (int n, double *a)
{
#pragma acc parallel loop present(a[0:n]) ASYNC
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

#ifdef ASYNC_QUEUE
void
APP_NAME (PREFIX, wait) (void)
{
#pragma acc wait(ASYNC_QUEUE)
}
#endif
