/* Gangway application-pattern benchmark: the short kernels of one time
   step of an atmospheric solver (miniWeather's x direction: halo
   exchange, fluxes, tendencies, Runge-Kutta update, on a 4 x 50 x 100
   grid), a whole step of 12 launches, and the cost of a launch.  The
   kernels (app.h) take microseconds, so a timed call is a run of
   back-to-back launches and the tables give microseconds per launch.

     cpu        app-acc.c with the Gangway plugin, on the cpu device
     host       the same binary with GANGWAY_DEVICE=host (GCC's host
		version, run by libgomp's host fallback: one thread), in a
		child process (the device is chosen once per process)
     host-np    app-acc.c built without the plugin: gcc -O2 -fopenacc
		-foffload=disable (libgomp's host fallback, one thread)
     serial     the serial loops of app-ref.c, gcc -O2
     omp        app-omp.c, gcc -O3 -march=native -fopenmp
		-ffp-contract=off

   and in a program of their own (app-gcc-nvptx, -DAPP_GCC_OFFLOAD,
   where gcc -foffload=nvptx-none links):

     gcc-nvptx  app-acc.c and this driver without the plugin, with GCC's
		own offloading to nvptx (sm_80, -ffp-contract=off): on a
		GPU, the peer of the cpu variant run with
		GANGWAY_DEVICE=ptx; elsewhere libgomp's host fallback
     gcc-nvptx-async, cpu-async
		every region with async(1), a wait per call

   The arrays live in a data region of this driver around the whole run,
   so nothing is transferred in a timed call (on the cpu device data
   clauses cost nothing anyway).  Each kernel of each variant first runs
   once on fresh data and is compared with the serial reference bit for
   bit (all versions do the same arithmetic in the same order, and the
   OpenMP build does not contract into FMAs); the cpu variant must have
   run every launch on the cpu device (gangway_last_launch_device).  The
   timing is bench.c's (bench-common.h): calls of the variants
   interleaved, each after waiting for a quiet machine, median and
   minimum over --reps calls.

   See README.md ("Application patterns"); run.sh --suite app builds and
   runs it.  */

#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* APP_GCC_OFFLOAD: built without Gangway, with GCC's own offloading
   (run.sh builds it as app-gcc-nvptx where gcc -foffload=nvptx-none
   links).  */
#ifdef APP_GCC_OFFLOAD
#define BC_WITHOUT_GANGWAY 1
#endif
#include "bench-common.h"
#include "app.h"

/* ---------------------------------------------------------------------
   Parameters.  */

static int nx = 100, nz = 50;
static int nsteps = 20;			/* Time steps per call of step.  */
static double scale = 1;		/* --scale: of the launches per call. */
static double warm_ms = 5;		/* --warm-ms: untimed launches before
					   each timed call.  */

/* The model: domain length 1, periodic in x; dt for a Courant number of
   about 0.4 (sound speed about 0.9), miniWeather's hyperviscosity
   coefficient -hv_beta * dx / (16 dt) with hv_beta 0.25.  */
static double dx, dt, hv;

/* ---------------------------------------------------------------------
   The variants.  */

struct variant
{
  const char *name;
  const char *what;
  void (*update3) (int, int, double, double *restrict,
		   const double *restrict);
  void (*update2v) (int, int, double, double *restrict,
		    const double *restrict);
  void (*update3d) (int, int, double, double *restrict,
		    const double *restrict);
  void (*rkupdate) (int, int, double, const double *,
		    const double *restrict, double *);
  void (*flux) (int, int, double, const double *restrict,
		const double *restrict, const double *restrict,
		double *restrict);
  void (*tend) (int, int, double, const double *restrict, double *restrict);
  void (*halo) (int, int, double *);
  void (*empty) (void);
  void (*loop0) (int, double *);
  /* For a variant whose launches are queued: wait for them.  A timed call
     of a kernel waits once, after its launches; a time step waits at its
     end.  */
  void (*wait) (void);
  const char *expect_device;
  const char *child_env;
};

#define FNS_KERNELS(p) p##update3, p##update2v, p##update3d, p##rkupdate, \
  p##flux, p##tend, p##halo, p##empty, p##loop0
#define FNS(p) FNS_KERNELS (p), NULL
#define FNS_WAIT(p) FNS_KERNELS (p), p##wait

static const struct variant variants[] = {
#ifdef APP_GCC_OFFLOAD
  { "gcc-nvptx", "OpenACC with GCC's own offloading: gcc -O2 -fopenacc "
    "-foffload=nvptx-none (sm_80, no FMA contraction), on its GPU or its "
    "host fallback", FNS (acc_), NULL, NULL },
  { "gcc-nvptx-async", "the same with async(1) on every region and a wait "
    "per call (per time step for step)", FNS_WAIT (aacc_), NULL, NULL },
  { "serial", "the serial loops of app-ref.c: gcc -O2, 1 thread",
    FNS (ref_), NULL, NULL },
#else
  { "cpu", "OpenACC on the Gangway cpu device: gcc -O2 + plugin",
    FNS (acc_), "cpu", NULL },
  { "cpu-async", "the same with async(1) on every region and a wait per "
    "call (per time step for step)", FNS_WAIT (aacc_), "cpu", NULL },
  { "host", "the same binary with GANGWAY_DEVICE=host: GCC's host "
    "fallback, 1 thread", FNS (acc_), "host", "GANGWAY_DEVICE=host" },
  { "host-np", "OpenACC without the plugin: gcc -O2 -fopenacc "
    "-foffload=disable, host fallback, 1 thread", FNS (hacc_), NULL, NULL },
  { "serial", "the serial loops of app-ref.c: gcc -O2, 1 thread",
    FNS (ref_), NULL, NULL },
  { "omp", "OpenMP: gcc -O3 -march=native -fopenmp -ffp-contract=off",
    FNS (omp_), NULL, NULL },
#endif
};
#define NVARIANTS (int) (sizeof variants / sizeof variants[0])

/* ---------------------------------------------------------------------
   The data.  The arrays the kernels work on (mapped by the data region
   of main), their initial values and the reference results.  */

static double *st, *st_tmp, *fl, *td, *hy_r, *hy_rt, *ds, *dtd, *z0;
static double *st0, *td0, *ds0;
static double *ref_u3, *ref_u3d, *ref_fl, *ref_td, *ref_halo_st, *ref_step;
static size_t ns, nf, nt;		/* Elements of state, flux, tend.  */

/* Make the device's copies of the arrays the host's (after the host
   reset them), and the host's the device's (after a variant whose
   kernels went through Gangway ran).  Nothing moves on the cpu device,
   which shares the host's memory; this keeps the checks right on a
   device with memory of its own.  */

static int mapped;		/* Inside main's data region.  */

static void
to_device (void)
{
#pragma acc update device(st[0:ns], st_tmp[0:ns], fl[0:nf], td[0:nt], \
			  ds[0:nt], dtd[0:nt], z0[0:1]) if(mapped)
}

static void
from_device (int vi)
{
#pragma acc update self(st[0:ns], st_tmp[0:ns], fl[0:nf], td[0:nt], \
			ds[0:nt], dtd[0:nt], z0[0:1]) if(mapped && bc.expect[vi])
}

static void
fill_nan (double *a, size_t n)
{
  memset (a, 0xff, n * sizeof *a);
}

/* Compare A with the reference B, bit for bit.  */

static void
compare_d (const double *a, const double *b, size_t n, struct result *r)
{
  for (size_t i = 0; i < n; i++)
    if (memcmp (&a[i], &b[i], sizeof (double)) != 0)
      {
	r->diffs++;
	double d = fabs (a[i] - b[i]);
	if (d > r->maxdiff || d != d)
	  r->maxdiff = d;
      }
  r->fails = r->diffs;
}

/* ---------------------------------------------------------------------
   The time step: three Runge-Kutta stages (miniWeather's), each a halo
   exchange of the state the tendencies are computed from, the fluxes,
   the tendencies and the update of the stage's result: 12 launches.
   While CHECK is set, every launch of a variant that goes through
   Gangway must have run on its device: the first that did not is
   recorded in CHECK->device.  */

static struct result *check;
static int check_vi;

static void
launched (const char *what)
{
  if (!check || !bc.expect[check_vi] || check->device[0])
    return;
  const char *expect = bc.expect[check_vi];
  const char *d = gangway_last_launch_device ();
  if (!d || strcmp (d, expect) != 0)
    {
      snprintf (check->device, sizeof check->device, "%s", d ? d : "-");
      fprintf (stderr, "app: %s's launch of %s in step ran on %s\n",
	       bc.vname[check_vi], what, check->device);
    }
}

static void
stage (const struct variant *v, const double *init, double *forcing,
       double *out, double dts)
{
  v->halo (nx, nz, forcing);
  launched ("halo");
  v->flux (nx, nz, hv, forcing, hy_r, hy_rt, fl);
  launched ("flux");
  v->tend (nx, nz, dx, fl, td);
  launched ("tend");
  v->rkupdate (nx, nz, dts, init, td, out);
  launched ("rkupdate");
}

static void
steps (const struct variant *v, int n)
{
  for (int s = 0; s < n; s++)
    {
      stage (v, st, st, st_tmp, dt / 3);
      stage (v, st, st_tmp, st_tmp, dt / 2);
      stage (v, st, st_tmp, st, dt);
      if (v->wait)
	v->wait ();
    }
}

/* ---------------------------------------------------------------------
   The kernels: a check on fresh data, and a launch (a time step for
   step), of which a timed call makes LAUNCHES (--steps for step).  */

struct kernel
{
  const char *name;
  void (*check) (const struct variant *v, struct result *r);
  void (*launch) (const struct variant *v);
  int launches;			/* Per call, before --scale.  */
};

static void
reset_state (void)
{
  memcpy (st, st0, ns * sizeof *st);
  memcpy (st_tmp, st0, ns * sizeof *st_tmp);
  memcpy (td, td0, nt * sizeof *td);
  memcpy (ds, ds0, nt * sizeof *ds);
  memcpy (dtd, td0, nt * sizeof *dtd);
  fill_nan (fl, nf);
  z0[0] = 42;
  to_device ();
}

static void
launch_update3 (const struct variant *v)
{
  v->update3 (nx, nz, dt, st, td);
}

static void
launch_update2v (const struct variant *v)
{
  v->update2v (nx, nz, dt, st, td);
}

static void
launch_update3d (const struct variant *v)
{
  v->update3d (nx, nz, dt, ds, dtd);
}

static void
launch_flux (const struct variant *v)
{
  v->flux (nx, nz, hv, st, hy_r, hy_rt, fl);
}

static void
launch_tend (const struct variant *v)
{
  v->tend (nx, nz, dx, fl, td);
}

static void
launch_halo (const struct variant *v)
{
  v->halo (nx, nz, st);
}

static void
launch_step (const struct variant *v)
{
  steps (v, 1);
}

static void
launch_empty (const struct variant *v)
{
  v->empty ();
}

static void
launch_loop0 (const struct variant *v)
{
  v->loop0 (0, z0);
}

/* Run LAUNCH of V once on fresh data, then compare the array it writes,
   OUT of N elements, with REF.  */

static void
check_one (const struct variant *v, void (*launch) (const struct variant *),
	   const double *out, const double *ref, size_t n, struct result *r)
{
  reset_state ();
  launch (v);
  if (v->wait)
    v->wait ();
  from_device (v - variants);
  compare_d (out, ref, n, r);
}

static void
check_update3 (const struct variant *v, struct result *r)
{
  check_one (v, launch_update3, st, ref_u3, ns, r);
}

static void
check_update2v (const struct variant *v, struct result *r)
{
  check_one (v, launch_update2v, st, ref_u3, ns, r);
}

static void
check_update3d (const struct variant *v, struct result *r)
{
  check_one (v, launch_update3d, ds, ref_u3d, nt, r);
}

static void
check_flux (const struct variant *v, struct result *r)
{
  check_one (v, launch_flux, fl, ref_fl, nf, r);
}

static void
check_tend (const struct variant *v, struct result *r)
{
  reset_state ();
  memcpy (fl, ref_fl, nf * sizeof *fl);
  fill_nan (td, nt);
  to_device ();
  launch_tend (v);
  if (v->wait)
    v->wait ();
  from_device (v - variants);
  compare_d (td, ref_td, nt, r);
}

static void
check_halo (const struct variant *v, struct result *r)
{
  check_one (v, launch_halo, st, ref_halo_st, ns, r);
}

static void
launch_steps (const struct variant *v)
{
  steps (v, nsteps);
}

static void
check_step (const struct variant *v, struct result *r)
{
  check = r;
  check_vi = v - variants;
  check_one (v, launch_steps, st, ref_step, ns, r);
  check = NULL;
}

/* The launch figures: nothing to compare but loop0's untouched
   element.  */

static void
check_empty (const struct variant *v, struct result *r)
{
  (void) r;
  reset_state ();
  launch_empty (v);
  if (v->wait)
    v->wait ();
}

static void
check_loop0 (const struct variant *v, struct result *r)
{
  static const double z = 42;
  check_one (v, launch_loop0, z0, &z, 1, r);
}

static const struct kernel kernels[] = {
  { "update3", check_update3, launch_update3, 150 },
  { "update3d", check_update3d, launch_update3d, 200 },
  { "update2v", check_update2v, launch_update2v, 1500 },
  { "flux", check_flux, launch_flux, 100 },
  { "tend", check_tend, launch_tend, 150 },
  { "halo", check_halo, launch_halo, 3000 },
  { "step", check_step, launch_step, 1 },	/* --steps time steps.  */
  { "empty", check_empty, launch_empty, 25000 },
  { "loop0", check_loop0, launch_loop0, 10000 },
};
#define NKERNELS (int) (sizeof kernels / sizeof kernels[0])

static struct result results[NVARIANTS][NKERNELS];

/* Launches (steps for step) per timed call of kernel KI.  */

static int
launches (int ki)
{
  if (strcmp (kernels[ki].name, "step") == 0)
    return nsteps;
  int n = (int) (kernels[ki].launches * scale + 0.5);
  return n < 1 ? 1 : n;
}

/* For bench-common.h.  */

static void
check_kernel (int vi, int ki, struct result *r)
{
  kernels[ki].check (&variants[vi], r);
}

static void
call_kernel (int vi, int ki)
{
  const struct variant *v = &variants[vi];

  for (int n = launches (ki); n > 0; n--)
    kernels[ki].launch (v);
  if (v->wait && strcmp (kernels[ki].name, "step") != 0)
    v->wait ();
}

static void
warm_kernel (int vi, int ki)
{
  const struct variant *v = &variants[vi];

  kernels[ki].launch (v);
  if (v->wait)
    v->wait ();
}

static double
per_call (int ki)
{
  return launches (ki);
}

/* ---------------------------------------------------------------------
   The initial state and the references.  */

static void
setup (void)
{
  int sx = nx + 2 * APP_HS, sz = nz + 2 * APP_HS;
  ns = APP_NSTATE (nx, nz);
  nf = APP_NFLUX (nx, nz);
  nt = APP_NTEND (nx, nz);
  dx = 1.0 / nx;
  dt = 0.4 * dx;
  hv = -0.25 * dx / (16 * dt);

  st = xmalloc (ns * sizeof *st);
  st_tmp = xmalloc (ns * sizeof *st_tmp);
  st0 = xmalloc (ns * sizeof *st0);
  fl = xmalloc (nf * sizeof *fl);
  td = xmalloc (nt * sizeof *td);
  td0 = xmalloc (nt * sizeof *td0);
  ds = xmalloc (nt * sizeof *ds);
  ds0 = xmalloc (nt * sizeof *ds0);
  dtd = xmalloc (nt * sizeof *dtd);
  hy_r = xmalloc (nz * sizeof *hy_r);
  hy_rt = xmalloc (nz * sizeof *hy_rt);
  z0 = xmalloc (sizeof *z0);
  ref_u3 = xmalloc (ns * sizeof *ref_u3);
  ref_u3d = xmalloc (nt * sizeof *ref_u3d);
  ref_fl = xmalloc (nf * sizeof *ref_fl);
  ref_td = xmalloc (nt * sizeof *ref_td);
  ref_halo_st = xmalloc (ns * sizeof *ref_halo_st);
  ref_step = xmalloc (ns * sizeof *ref_step);

  /* A background density falling with height, potential temperature
     rising; smooth perturbations of the four variables (a warm bubble
     in rho theta); the x halo columns hold other values, which the halo
     exchange replaces.  */
  const double pi = 3.14159265358979323846;
  for (int k = 0; k < nz; k++)
    {
      double z = (k + 0.5) / nz;
      hy_r[k] = 1.2 - 0.4 * z;
      hy_rt[k] = hy_r[k] * (1.0 + 0.1 * z);
    }
  for (int ll = 0; ll < APP_NV; ll++)
    for (int k = 0; k < sz; k++)
      for (int i = 0; i < sx; i++)
	{
	  double x = (i - APP_HS + 0.5) / nx, z = (k - APP_HS + 0.5) / nz, v;
	  if (i < APP_HS || i >= nx + APP_HS)
	    v = 0.5 + 0.001 * (ll + k + i);
	  else if (ll == 0)
	    v = 0.01 * sin (2 * pi * x) * cos (pi * z);
	  else if (ll == 1)
	    v = 0.05 * cos (2 * pi * x) + 0.02 * sin (4 * pi * x + z);
	  else if (ll == 2)
	    v = 0.01 * sin (2 * pi * x + 3 * z);
	  else
	    v = 0.02 * exp (-(x - 0.5) * (x - 0.5) / 0.01) * (1 + z);
	  st0[(ll * sz + k) * sx + i] = v;
	}
  for (size_t j = 0; j < nt; j++)
    {
      td0[j] = (double) ((long) (j * 7919 % 1000) - 500) * 1e-6;
      ds0[j] = 1.0 + (double) (j % 1013) / 1013.0;
    }

  /* The references, with the serial loops.  */
  const struct variant *ref = NULL;
  for (int vi = 0; vi < NVARIANTS; vi++)
    if (strcmp (variants[vi].name, "serial") == 0)
      ref = &variants[vi];
  reset_state ();
  ref_update3 (nx, nz, dt, st, td);
  memcpy (ref_u3, st, ns * sizeof *st);
  ref_update3d (nx, nz, dt, ds, dtd);
  memcpy (ref_u3d, ds, nt * sizeof *ds);
  reset_state ();
  ref_flux (nx, nz, hv, st, hy_r, hy_rt, fl);
  memcpy (ref_fl, fl, nf * sizeof *fl);
  ref_tend (nx, nz, dx, fl, td);
  memcpy (ref_td, td, nt * sizeof *td);
  reset_state ();
  ref_halo (nx, nz, st);
  memcpy (ref_halo_st, st, ns * sizeof *st);
  reset_state ();
  steps (ref, nsteps);
  memcpy (ref_step, st, ns * sizeof *st);
}

/* ---------------------------------------------------------------------
   The report.  */

static void
print_header (void)
{
  bc_print_title ("Gangway application-pattern benchmark");
  printf ("grid: NV=%d nz=%d nx=%d halo %d: state %dx%dx%d, flux %dx%dx%d, "
	  "tend %dx%dx%d doubles\n", APP_NV, nz, nx, APP_HS, APP_NV,
	  nz + 2 * APP_HS, nx + 2 * APP_HS, APP_NV, nz + 1, nx + 1, APP_NV,
	  nz, nx);
  printf ("step: 3 Runge-Kutta stages x (halo, flux, tend, rkupdate) = 12 "
	  "launches; %d steps per call\nlaunches per call:", nsteps);
  for (int ki = 0; ki < NKERNELS; ki++)
    if (in_list (only_kernels, kernels[ki].name)
	&& strcmp (kernels[ki].name, "step") != 0)
      printf (" %s %d", kernels[ki].name, launches (ki));
  printf ("\n");
  bc_print_timing ();
}

/* A kernel's differences from the reference; "-" for empty, which
   computes nothing.  */

static void
cell_check (int vi, int ki, char *buf)
{
  if (strcmp (kernels[ki].name, "empty") == 0)
    sprintf (buf, "-");
  else
    bc_cell_diffs (vi, ki, buf);
}

static int
print_results (void)
{
  static const char per[] =
    "(microseconds per launch, per time step of 12 launches for step)\n";
  bc_print_table ("median us", bc_cell_median);
  printf ("%s(in parentheses: time / the cpu device's; above 1 is "
	  "slower)\n\n", per);
  bc_print_table ("min us", bc_cell_min);
  printf ("\n");
  bc_print_table ("range us", bc_cell_spread);
  printf ("\n");
  bc_print_table ("vs ref", cell_check);
  printf ("(elements that differ from the serial reference, bit for bit, "
	  "largest\n difference in parentheses; step: the state after %d "
	  "steps)\n\n", nsteps);

  int bad = 0;
  for (int vi = 0; vi < NVARIANTS; vi++)
    for (int ki = 0; ki < NKERNELS; ki++)
      bad |= results[vi][ki].done && results[vi][ki].fails;
  bc_print_ran_on ();
  if (bad)
    printf ("\nMISMATCH: a result differs from the serial reference.\n");
  return bad;
}

/* ---------------------------------------------------------------------
   Main.  */

static void
usage (void)
{
  fprintf (stderr,
	   "usage: app [--reps N] [--gap-ms N] [--quiet PCT] [--quiet-max S]\n"
	   "           [--attempts N] [--nx N] [--nz N] [--steps N]\n"
	   "           [--scale F] [--warm-ms MS] [--variants LIST]\n"
	   "           [--kernels LIST]\n"
	   "variants: cpu,cpu-async,host,host-np,serial,omp (default: all;\n"
	   "          app-gcc-nvptx: gcc-nvptx,gcc-nvptx-async,serial)\n"
	   "kernels: update3,update3d,update2v,flux,tend,halo,step,empty,"
	   "loop0\n         (default: all)\n"
	   "--scale F multiplies the launches per call; --steps N sets the "
	   "time steps\nper call of step; --warm-ms MS (5) is how long the "
	   "variant runs its kernel,\nuntimed, before each timed call.  "
	   "BENCH_VERBOSE=1 prints every timing on stderr.\n");
  exit (2);
}

int
main (int argc, char **argv)
{
  bc_prog = "app";
  reps = 7;
  gap_ms = 50;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
      if (!v)
	usage ();
      if (bc_option (a, v))
	;			/* --reps, --variants, ... (bench-common.h) */
      else if (strcmp (a, "--nx") == 0)
	nx = atoi (v);
      else if (strcmp (a, "--nz") == 0)
	nz = atoi (v);
      else if (strcmp (a, "--steps") == 0)
	nsteps = atoi (v);
      else if (strcmp (a, "--scale") == 0)
	scale = atof (v);
      else if (strcmp (a, "--warm-ms") == 0)
	warm_ms = atof (v);
      else
	usage ();
      i++;
    }
  if (reps < 1 || gap_ms < 0 || max_attempts < 1 || nx < APP_HS || nz < 1
      || nsteps < 1 || !(scale > 0) || !(warm_ms >= 0))
    usage ();
  verbose = getenv ("BENCH_VERBOSE") != NULL;

  setup ();

  BC_DESCRIBE (variants, kernels, results);
  bc.check = check_kernel;
  bc.call = call_kernel;
  bc.per_call = per_call;
  bc.warm = warm_kernel;
  bc.warm_ms = warm_ms;
  bc.unit = 1e6;
  bc.unit_name = "us";
  bc.fmt = "%.3f";

  if (!child)
    {
      print_header ();
      fflush (stdout);
    }
  int rc;
#pragma acc data copy(st[0:ns], st_tmp[0:ns], fl[0:nf], td[0:nt], \
		      ds[0:nt], dtd[0:nt], hy_r[0:nz], hy_rt[0:nz], z0[0:1])
  {
    mapped = 1;
    rc = bc_run (argv);
    mapped = 0;
  }
  return rc >= 0 ? rc : print_results ();
}
