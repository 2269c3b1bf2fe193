/* The application-pattern kernels (app.c): the loops of one time step of
   an atmospheric solver in the shape of miniWeather (the x-direction
   part: halo exchange, fluxes, tendencies, Runge-Kutta update), and the
   launch figures.

   app-acc.c is compiled three times: with the Gangway plugin (prefix
   acc_), with it and every region on async queue 1 (prefix aacc_, and
   aacc_wait waits for the queue), and as GCC's plain OpenACC host
   fallback (prefix hacc_); app-omp.c with
   -O3 -march=native -fopenmp -ffp-contract=off (prefix omp_); app-ref.c
   is the serial reference (prefix ref_, gcc -O2).  All do the same
   arithmetic in the same order, so their results agree bit for bit.

   The arrays are flat, indexed as miniWeather indexes them:

     state [APP_NV][nz + 2*APP_HS][nx + 2*APP_HS]   (with halo cells)
     flux  [APP_NV][nz + 1][nx + 1]
     tend  [APP_NV][nz][nx]
     hy_r, hy_rt [nz]                                (background state)

   NV and HS are constants (as NUM_VARS and hs are in miniWeather), nx and
   nz arguments.  The OpenACC kernels find the arrays present (the driver
   maps them in an enclosing data region).  */

#ifndef BENCH_APP_H
#define BENCH_APP_H

#define APP_NV 4			/* Variables: rho', rho u, rho w, rho theta'.  */
#define APP_HS 2			/* Halo cells on each side.  */

/* p = APP_C0 * rho * theta (miniWeather: C0 * pow (rho theta, gamma)).  */
#define APP_C0 0.7

/* Elements of the three arrays.  */
#define APP_NSTATE(nx, nz) (APP_NV * ((nz) + 2 * APP_HS) * ((nx) + 2 * APP_HS))
#define APP_NFLUX(nx, nz) (APP_NV * ((nz) + 1) * ((nx) + 1))
#define APP_NTEND(nx, nz) (APP_NV * (nz) * (nx))

/* The subscripts, miniWeather's linearized ones (they use nx and nz):
   state[ll][k+HS][i], flux[ll][k][i], tend[ll][k][i].  */
#define APP_IS(ll, k, i)						\
  ((ll) * (nz + 2 * APP_HS) * (nx + 2 * APP_HS)				\
   + ((k) + APP_HS) * (nx + 2 * APP_HS) + (i))
#define APP_IF(ll, k, i) ((ll) * (nz + 1) * (nx + 1) + (k) * (nx + 1) + (i))
#define APP_IT(ll, k, i) ((ll) * nz * nx + (k) * nx + (i))

/* The bodies of the loops, the same statements in every version (so the
   arithmetic is the same, in the same order).  */

/* update3, update2v.  */
#define APP_UPDATE(ll, k, i)						\
  state[APP_IS (ll, k, (i) + APP_HS)] += dt * tend[APP_IT (ll, k, i)]

/* update3d.  */
#define APP_UPDATE_DENSE(ll, k, i)					\
  s[((ll) * nz + (k)) * nx + (i)] += dt * t[((ll) * nz + (k)) * nx + (i)]

/* rkupdate.  */
#define APP_RKUPDATE(ll, k, i)						\
  out[APP_IS (ll, k, (i) + APP_HS)]					\
    = init[APP_IS (ll, k, (i) + APP_HS)] + dt * tend[APP_IT (ll, k, i)]

/* flux: face I of row K, with the (private) arrays double stencil[4],
   vals[APP_NV], d3_vals[APP_NV].  */
#define APP_FLUX(k, i)							\
  do									\
    {									\
      for (int ll = 0; ll < APP_NV; ll++)				\
	{								\
	  for (int s = 0; s < 4; s++)					\
	    stencil[s] = state[APP_IS (ll, k, (i) + s)];		\
	  vals[ll] = -stencil[0] / 12 + 7 * stencil[1] / 12		\
		     + 7 * stencil[2] / 12 - stencil[3] / 12;		\
	  d3_vals[ll] = -stencil[0] + 3 * stencil[1] - 3 * stencil[2]	\
			+ stencil[3];					\
	}								\
      double r = vals[0] + hy_r[k];					\
      double u = vals[1] / r;						\
      double w = vals[2] / r;						\
      double t = (vals[3] + hy_rt[k]) / r;				\
      double p = APP_C0 * r * t;					\
      flux[APP_IF (0, k, i)] = r * u - hv * d3_vals[0];			\
      flux[APP_IF (1, k, i)] = r * u * u + p - hv * d3_vals[1];		\
      flux[APP_IF (2, k, i)] = r * u * w - hv * d3_vals[2];		\
      flux[APP_IF (3, k, i)] = r * u * t - hv * d3_vals[3];		\
    }									\
  while (0)

/* tend.  */
#define APP_TEND(ll, k, i)						\
  tend[APP_IT (ll, k, i)]						\
    = -(flux[APP_IF (ll, k, (i) + 1)] - flux[APP_IF (ll, k, i)]) / dx

/* halo: row K of variable LL.  */
#define APP_HALO(ll, k)							\
  do									\
    {									\
      state[APP_IS (ll, k, 0)] = state[APP_IS (ll, k, nx)];		\
      state[APP_IS (ll, k, 1)] = state[APP_IS (ll, k, nx + 1)];		\
      state[APP_IS (ll, k, nx + APP_HS)] = state[APP_IS (ll, k, APP_HS)]; \
      state[APP_IS (ll, k, nx + APP_HS + 1)]				\
	= state[APP_IS (ll, k, APP_HS + 1)];				\
    }									\
  while (0)

#define APP_CAT2(a, b) a##b
#define APP_CAT(a, b) APP_CAT2 (a, b)
#define APP_NAME(prefix, name) APP_CAT (prefix, name)

/* update3, update2v: state[ll][k+HS][i+HS] += dt * tend[ll][k][i]
   (collapse(3); gang collapse(2) + vector).  update3d: the same over two
   dense arrays [NV][nz][nx].  rkupdate: out = init + dt * tend, the
   Runge-Kutta stage update (OUT may be INIT).  flux, tend, halo: the
   x-direction fluxes, their divergence and the periodic halo exchange.
   empty: an empty parallel region; loop0: a parallel loop over N
   iterations (called with 0).  */

#define APP_DECLARE(prefix)						\
  void APP_NAME (prefix, update3) (int nx, int nz, double dt,		\
				   double *restrict state,		\
				   const double *restrict tend);	\
  void APP_NAME (prefix, update2v) (int nx, int nz, double dt,		\
				    double *restrict state,		\
				    const double *restrict tend);	\
  void APP_NAME (prefix, update3d) (int nx, int nz, double dt,		\
				    double *restrict s,			\
				    const double *restrict t);		\
  void APP_NAME (prefix, rkupdate) (int nx, int nz, double dt,		\
				    const double *init,			\
				    const double *restrict tend,	\
				    double *out);			\
  void APP_NAME (prefix, flux) (int nx, int nz, double hv,		\
				const double *restrict state,		\
				const double *restrict hy_r,		\
				const double *restrict hy_rt,		\
				double *restrict flux);			\
  void APP_NAME (prefix, tend) (int nx, int nz, double dx,		\
				const double *restrict flux,		\
				double *restrict tend);			\
  void APP_NAME (prefix, halo) (int nx, int nz, double *state);	\
  void APP_NAME (prefix, empty) (void);					\
  void APP_NAME (prefix, loop0) (int n, double *a);

APP_DECLARE (acc_)
APP_DECLARE (aacc_)
void aacc_wait (void);
APP_DECLARE (hacc_)
APP_DECLARE (omp_)
APP_DECLARE (ref_)

#endif
