/* Gangway benchmark driver: times the kernels of kernels-acc.c and
   kernels-omp.c, compiled several ways, in one run.

     cpu        kernels-acc.c with the Gangway plugin, on the cpu device
     host       the same binary's kernels with GANGWAY_DEVICE=host (GCC's
		host version, run by libgomp's host fallback); measured in a
		child process, as the device is chosen once per process
     host-np    kernels-acc.c built without the plugin:
		gcc -O2 -fopenacc -foffload=disable (libgomp host fallback)
     omp        kernels-omp.c, gcc -O3 -march=native -fopenmp
     omp-nc     the same with -ffp-contract=off (no FMA contraction)

   Every kernel is run once on fresh data and checked against the serial
   reference of ref.c (that run is also the warm-up), then timed REPS
   times; the table gives the median wall time of a call, and the ratio
   to the cpu device's median (above 1: slower than the cpu device).

   See README.md; run.sh builds and runs it.  */

#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gangway.h>

#include "kernels.h"

extern int omp_get_max_threads (void);

/* ---------------------------------------------------------------------
   Parameters.  */

static int reps = 7;
static int saxpy_n = 1 << 24;
static int mandel_w = 2048, mandel_h = 1536, mandel_maxit = 256;
static int stencil_n = 2048, stencil_sweeps = 10;
static const char *only;	/* --variants: a comma-separated list.  */
static const char *child;	/* --child VARIANT: print raw results.  */

/* ---------------------------------------------------------------------
   The variants.  */

typedef void saxpy_fn (int, float, const float *restrict, float *restrict);
typedef void mandel_fn (int, int, int, int *restrict);
typedef void sweep_fn (int, const float *restrict, float *restrict);

struct variant
{
  const char *name;
  const char *what;
  saxpy_fn *saxpy;
  mandel_fn *mandel;
  sweep_fn *sweep;
  /* The device Gangway must report for the launches, or NULL if the
     kernels do not go through Gangway.  */
  const char *expect_device;
  /* Non-null: run in a child process with this environment setting.  */
  const char *child_env;
};

static const struct variant variants[] = {
  { "cpu", "OpenACC, Gangway cpu device (gcc -O2 + plugin)",
    acc_saxpy, acc_mandel, acc_sweep, "cpu", NULL },
  { "host", "OpenACC, same binary, GANGWAY_DEVICE=host (1 thread)",
    acc_saxpy, acc_mandel, acc_sweep, "host", "GANGWAY_DEVICE=host" },
  { "host-np", "OpenACC, gcc -O2 -fopenacc -foffload=disable (1 thread)",
    hacc_saxpy, hacc_mandel, hacc_sweep, NULL, NULL },
  { "omp", "OpenMP, gcc -O3 -march=native -fopenmp",
    omp_saxpy, omp_mandel, omp_sweep, NULL, NULL },
  { "omp-nc", "OpenMP, gcc -O3 -march=native -fopenmp -ffp-contract=off",
    ompnc_saxpy, ompnc_mandel, ompnc_sweep, NULL, NULL },
};
#define NVARIANTS (int) (sizeof variants / sizeof variants[0])

enum { K_SAXPY, K_MANDEL, K_STENCIL, NKERNELS };
static const char *const kernel_names[NKERNELS] = {
  "saxpy", "mandelbrot", "stencil"
};

struct result
{
  int done;
  double median, min, max;	/* Seconds per call.  */
  long diffs;			/* Elements that differ from the reference. */
  double maxdiff;		/* Largest absolute difference.  */
  char device[16];		/* Where Gangway ran it ("-" if not ours). */
};

static struct result results[NVARIANTS][NKERNELS];

/* ---------------------------------------------------------------------
   Helpers.  */

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void *
xmalloc (size_t n)
{
  void *p;
  if (posix_memalign (&p, 64, n) != 0)
    {
      fprintf (stderr, "bench: out of memory\n");
      exit (2);
    }
  return p;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void
summarize (double *t, int n, struct result *r)
{
  qsort (t, n, sizeof *t, cmp_double);
  r->median = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
  r->min = t[0];
  r->max = t[n - 1];
  r->done = 1;
}

static void
note_device (const struct variant *v, struct result *r)
{
  const char *d = v->expect_device ? gangway_last_launch_device () : NULL;
  snprintf (r->device, sizeof r->device, "%s", d ? d : "-");
  if (v->expect_device && (!d || strcmp (d, v->expect_device) != 0))
    fprintf (stderr, "bench: warning: variant %s ran on %s, not %s\n",
	     v->name, d ? d : "(nothing)", v->expect_device);
}

static void
compare_f (const float *a, const float *b, size_t n, struct result *r)
{
  r->diffs = 0;
  r->maxdiff = 0;
  for (size_t i = 0; i < n; i++)
    if (memcmp (&a[i], &b[i], sizeof (float)) != 0)
      {
	r->diffs++;
	double d = fabs ((double) a[i] - (double) b[i]);
	if (d > r->maxdiff || d != d)
	  r->maxdiff = d;
      }
}

static void
compare_i (const int *a, const int *b, size_t n, struct result *r)
{
  r->diffs = 0;
  r->maxdiff = 0;
  for (size_t i = 0; i < n; i++)
    if (a[i] != b[i])
      {
	r->diffs++;
	double d = abs (a[i] - b[i]);
	if (d > r->maxdiff)
	  r->maxdiff = d;
      }
}

/* ---------------------------------------------------------------------
   The data and the reference results, shared by all variants.  */

static float *sx_x, *sx_y0, *sx_ref, *sx_y;
static int *mb_ref, *mb_img;
static long mb_iters;
static float *st_a0, *st_ref, *st_a, *st_b;

static void
init_saxpy_input (void)
{
  for (int i = 0; i < saxpy_n; i++)
    {
      sx_x[i] = 1.0f + (float) (i % 4099) / 4099.0f;
      sx_y0[i] = 0.5f * (float) (i % 1013);
    }
}

static void
init_stencil (float *a, float *b)
{
  int n = stencil_n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[(size_t) i * n + j] = (float) ((i * 7 + j * 13) % 101) / 101.0f;
  for (int j = 0; j < n; j++)
    a[j] = 100.0f;			/* A hot edge.  */
  memcpy (b, a, (size_t) n * n * sizeof *a);
}

static void
setup (void)
{
  size_t sn = saxpy_n, mn = (size_t) mandel_w * mandel_h,
	 tn = (size_t) stencil_n * stencil_n;
  const float sa = 3.1f;

  sx_x = xmalloc (sn * sizeof *sx_x);
  sx_y0 = xmalloc (sn * sizeof *sx_y0);
  sx_ref = xmalloc (sn * sizeof *sx_ref);
  sx_y = xmalloc (sn * sizeof *sx_y);
  init_saxpy_input ();
  memcpy (sx_ref, sx_y0, sn * sizeof *sx_ref);
  ref_saxpy (saxpy_n, sa, sx_x, sx_ref);

  mb_ref = xmalloc (mn * sizeof *mb_ref);
  mb_img = xmalloc (mn * sizeof *mb_img);
  ref_mandel (mandel_w, mandel_h, mandel_maxit, mb_ref);
  mb_iters = 0;
  for (size_t i = 0; i < mn; i++)
    mb_iters += mb_ref[i];

  st_a0 = xmalloc (tn * sizeof *st_a0);
  st_ref = xmalloc (tn * sizeof *st_ref);
  st_a = xmalloc (tn * sizeof *st_a);
  st_b = xmalloc (tn * sizeof *st_b);
  float *rb = xmalloc (tn * sizeof *rb);
  init_stencil (st_a0, rb);
  memcpy (st_ref, st_a0, tn * sizeof *st_ref);
  float *p = st_ref, *q = rb;
  for (int s = 0; s < stencil_sweeps; s++)
    {
      ref_sweep (stencil_n, p, q);
      float *t = p; p = q; q = t;
    }
  if (p != st_ref)
    memcpy (st_ref, p, tn * sizeof *st_ref);
  free (rb);
}

/* ---------------------------------------------------------------------
   Running one variant.  */

static const float saxpy_a = 3.1f;

static void
run_saxpy (const struct variant *v, struct result *r)
{
  double t[reps];
  memcpy (sx_y, sx_y0, (size_t) saxpy_n * sizeof *sx_y);
  v->saxpy (saxpy_n, saxpy_a, sx_x, sx_y);	/* Check and warm up.  */
  note_device (v, r);
  compare_f (sx_y, sx_ref, saxpy_n, r);
  for (int i = 0; i < reps; i++)
    {
      double t0 = now ();
      v->saxpy (saxpy_n, saxpy_a, sx_x, sx_y);
      t[i] = now () - t0;
    }
  summarize (t, reps, r);
}

static void
run_mandel (const struct variant *v, struct result *r)
{
  double t[reps];
  memset (mb_img, 0xff, (size_t) mandel_w * mandel_h * sizeof *mb_img);
  v->mandel (mandel_w, mandel_h, mandel_maxit, mb_img);
  note_device (v, r);
  compare_i (mb_img, mb_ref, (size_t) mandel_w * mandel_h, r);
  for (int i = 0; i < reps; i++)
    {
      double t0 = now ();
      v->mandel (mandel_w, mandel_h, mandel_maxit, mb_img);
      t[i] = now () - t0;
    }
  summarize (t, reps, r);
}

/* STENCIL_SWEEPS sweeps, alternating between A and B; return the array
   holding the last sweep's result.  */

static float *
sweeps (const struct variant *v)
{
  float *p = st_a, *q = st_b;
  for (int s = 0; s < stencil_sweeps; s++)
    {
      v->sweep (stencil_n, p, q);
      float *t = p; p = q; q = t;
    }
  return p;
}

static void
run_stencil (const struct variant *v, struct result *r)
{
  double t[reps];
  size_t tn = (size_t) stencil_n * stencil_n;
  memcpy (st_a, st_a0, tn * sizeof *st_a);
  memcpy (st_b, st_a0, tn * sizeof *st_b);
  float *res = sweeps (v);
  note_device (v, r);
  compare_f (res, st_ref, tn, r);
  for (int i = 0; i < reps; i++)
    {
      double t0 = now ();
      sweeps (v);
      t[i] = now () - t0;
    }
  summarize (t, reps, r);
}

static void
run_variant (int vi)
{
  const struct variant *v = &variants[vi];
  run_saxpy (v, &results[vi][K_SAXPY]);
  run_mandel (v, &results[vi][K_MANDEL]);
  run_stencil (v, &results[vi][K_STENCIL]);
}

/* Run variant VI in a child process: this program again, with the
   variant's environment setting and --child.  */

static void
run_child (int vi, char **argv)
{
  const struct variant *v = &variants[vi];
  char exe[4096];
  ssize_t len = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  if (len < 0)
    {
      perror ("bench: /proc/self/exe");
      return;
    }
  exe[len] = '\0';

  char cmd[8192];
  int k = snprintf (cmd, sizeof cmd, "%s '%s'", v->child_env, exe);
  for (int i = 1; argv[i]; i++)
    k += snprintf (cmd + k, sizeof cmd - k, " '%s'", argv[i]);
  snprintf (cmd + k, sizeof cmd - k, " --child %s", v->name);

  fflush (stdout);
  FILE *f = popen (cmd, "r");
  if (!f)
    {
      perror ("bench: popen");
      return;
    }
  char line[512];
  while (fgets (line, sizeof line, f))
    {
      char kname[32], dev[16];
      struct result r = { 0 };
      if (sscanf (line, "R %31s %lf %lf %lf %ld %lf %15s", kname, &r.median,
		  &r.min, &r.max, &r.diffs, &r.maxdiff, dev) != 7)
	continue;
      snprintf (r.device, sizeof r.device, "%s", dev);
      r.done = 1;
      for (int ki = 0; ki < NKERNELS; ki++)
	if (strcmp (kname, kernel_names[ki]) == 0)
	  results[vi][ki] = r;
    }
  int st = pclose (f);
  if (st != 0)
    fprintf (stderr, "bench: child for %s exited with status %d\n",
	     v->name, st);
}

static int
selected (const char *name)
{
  if (!only)
    return 1;
  size_t n = strlen (name);
  for (const char *p = only; *p; )
    {
      const char *e = strchr (p, ',');
      size_t m = e ? (size_t) (e - p) : strlen (p);
      if (m == n && strncmp (p, name, n) == 0)
	return 1;
      if (!e)
	break;
      p = e + 1;
    }
  return 0;
}

/* ---------------------------------------------------------------------
   The report.  */

static void
print_machine (void)
{
  char model[256] = "unknown";
  FILE *f = fopen ("/proc/cpuinfo", "r");
  if (f)
    {
      char line[512];
      while (fgets (line, sizeof line, f))
	if (strncmp (line, "model name", 10) == 0)
	  {
	    char *c = strchr (line, ':');
	    if (c)
	      {
		snprintf (model, sizeof model, "%s", c + 2);
		model[strcspn (model, "\n")] = '\0';
	      }
	    break;
	  }
      fclose (f);
    }
  time_t t = time (NULL);
  char date[64];
  strftime (date, sizeof date, "%Y-%m-%d %H:%M:%S %Z", localtime (&t));
  printf ("Gangway benchmark, %s\n", date);
  printf ("machine: %s, %ld online CPUs\n", model,
	  sysconf (_SC_NPROCESSORS_ONLN));
  printf ("threads: cpu device %d (GANGWAY_NUM_THREADS=%s), "
	  "OpenMP %d (OMP_NUM_THREADS=%s)\n",
	  gangway_num_threads (),
	  getenv ("GANGWAY_NUM_THREADS") ? getenv ("GANGWAY_NUM_THREADS")
					 : "unset",
	  omp_get_max_threads (),
	  getenv ("OMP_NUM_THREADS") ? getenv ("OMP_NUM_THREADS") : "unset");
  printf ("kernels: saxpy n=%d; mandelbrot %dx%d, maxit %d (%ld iterations); "
	  "stencil %dx%d, %d sweeps per call\n",
	  saxpy_n, mandel_w, mandel_h, mandel_maxit, mb_iters, stencil_n,
	  stencil_n, stencil_sweeps);
  printf ("median of %d timed calls after one checked warm-up call\n\n",
	  reps);
}

/* A throughput figure for kernel KI at T seconds per call.  */

static double
rate (int ki, double t)
{
  switch (ki)
    {
    case K_SAXPY:	/* GB/s: read x and y, write y.  */
      return 12.0 * saxpy_n / t * 1e-9;
    case K_MANDEL:	/* Giterations/s.  */
      return mb_iters / t * 1e-9;
    default:		/* Gpoints/s.  */
      return (double) (stencil_n - 2) * (stencil_n - 2) * stencil_sweeps
	     / t * 1e-9;
    }
}

static const char *const rate_units[NKERNELS] = {
  "GB/s", "Giter/s", "Gpt/s"
};

static void
print_results (void)
{
  int ref = 0;	/* The cpu variant.  */

  printf ("%-11s", "median ms");
  for (int vi = 0; vi < NVARIANTS; vi++)
    if (results[vi][0].done)
      printf (" %18s", variants[vi].name);
  printf ("\n");
  for (int ki = 0; ki < NKERNELS; ki++)
    {
      printf ("%-11s", kernel_names[ki]);
      for (int vi = 0; vi < NVARIANTS; vi++)
	if (results[vi][ki].done)
	  {
	    const struct result *r = &results[vi][ki];
	    if (results[ref][ki].done && vi != ref)
	      printf (" %10.2f (%5.2fx)", r->median * 1e3,
		      r->median / results[ref][ki].median);
	    else
	      printf (" %18.2f", r->median * 1e3);
	  }
      printf ("\n");
    }
  printf ("(x: time relative to the cpu device; above 1 is slower)\n\n");

  printf ("%-11s", "throughput");
  for (int vi = 0; vi < NVARIANTS; vi++)
    if (results[vi][0].done)
      printf (" %18s", variants[vi].name);
  printf ("\n");
  for (int ki = 0; ki < NKERNELS; ki++)
    {
      printf ("%-11s", kernel_names[ki]);
      for (int vi = 0; vi < NVARIANTS; vi++)
	if (results[vi][ki].done)
	  printf (" %10.2f %-7s", rate (ki, results[vi][ki].median),
		  rate_units[ki]);
      printf ("\n");
    }
  printf ("\n");

  printf ("%-11s", "min-max ms");
  for (int vi = 0; vi < NVARIANTS; vi++)
    if (results[vi][0].done)
      printf (" %18s", variants[vi].name);
  printf ("\n");
  for (int ki = 0; ki < NKERNELS; ki++)
    {
      printf ("%-11s", kernel_names[ki]);
      for (int vi = 0; vi < NVARIANTS; vi++)
	if (results[vi][ki].done)
	  {
	    char buf[40];
	    snprintf (buf, sizeof buf, "%.2f-%.2f", results[vi][ki].min * 1e3,
		      results[vi][ki].max * 1e3);
	    printf (" %18s", buf);
	  }
      printf ("\n");
    }
  printf ("\n");

  printf ("%-11s", "vs ref");
  for (int vi = 0; vi < NVARIANTS; vi++)
    if (results[vi][0].done)
      printf (" %18s", variants[vi].name);
  printf ("\n");
  int bad = 0;
  for (int ki = 0; ki < NKERNELS; ki++)
    {
      printf ("%-11s", kernel_names[ki]);
      for (int vi = 0; vi < NVARIANTS; vi++)
	if (results[vi][ki].done)
	  {
	    const struct result *r = &results[vi][ki];
	    char buf[40];
	    if (r->diffs == 0)
	      snprintf (buf, sizeof buf, "exact");
	    else
	      snprintf (buf, sizeof buf, "%ld differ (%.3g)", r->diffs,
			r->maxdiff);
	    printf (" %18s", buf);
	    /* Only FMA contraction in the omp variant may change results.  */
	    if (r->diffs && strcmp (variants[vi].name, "omp") != 0)
	      bad = 1;
	  }
      printf ("\n");
    }
  printf ("(elements differing from the serial reference, largest "
	  "difference in parentheses;\n saxpy/stencil compared bit for bit, "
	  "mandelbrot by iteration count per pixel)\n");
  printf ("ran on    ");
  for (int vi = 0; vi < NVARIANTS; vi++)
    if (results[vi][0].done)
      printf (" %18s", results[vi][0].device);
  printf ("\n");
  if (bad)
    printf ("\nMISMATCH: a variant other than omp differs from the "
	    "reference.\n");
}

/* ---------------------------------------------------------------------
   Main.  */

static void
usage (void)
{
  fprintf (stderr,
	   "usage: bench [--reps N] [--saxpy N] [--mandel WxH] [--maxit N]\n"
	   "             [--stencil N] [--sweeps N] [--variants LIST]\n"
	   "variants: cpu,host,host-np,omp,omp-nc (default: all)\n");
  exit (2);
}

int
main (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
      if (!v)
	usage ();
      if (strcmp (a, "--reps") == 0)
	reps = atoi (v);
      else if (strcmp (a, "--saxpy") == 0)
	saxpy_n = atoi (v);
      else if (strcmp (a, "--mandel") == 0)
	{
	  if (sscanf (v, "%dx%d", &mandel_w, &mandel_h) != 2)
	    usage ();
	}
      else if (strcmp (a, "--maxit") == 0)
	mandel_maxit = atoi (v);
      else if (strcmp (a, "--stencil") == 0)
	stencil_n = atoi (v);
      else if (strcmp (a, "--sweeps") == 0)
	stencil_sweeps = atoi (v);
      else if (strcmp (a, "--variants") == 0)
	only = v;
      else if (strcmp (a, "--child") == 0)
	child = v;
      else
	usage ();
      i++;
    }
  if (reps < 1 || saxpy_n < 1 || mandel_w < 1 || mandel_h < 1
      || stencil_n < 3 || stencil_sweeps < 1)
    usage ();

  setup ();

  if (child)
    {
      for (int vi = 0; vi < NVARIANTS; vi++)
	if (strcmp (variants[vi].name, child) == 0)
	  {
	    run_variant (vi);
	    for (int ki = 0; ki < NKERNELS; ki++)
	      {
		const struct result *r = &results[vi][ki];
		printf ("R %s %.9g %.9g %.9g %ld %.9g %s\n", kernel_names[ki],
			r->median, r->min, r->max, r->diffs, r->maxdiff,
			r->device);
	      }
	    return 0;
	  }
      return 2;
    }

  print_machine ();
  for (int vi = 0; vi < NVARIANTS; vi++)
    if (selected (variants[vi].name))
      {
	fprintf (stderr, "bench: %s...\n", variants[vi].name);
	if (variants[vi].child_env)
	  run_child (vi, argv);
	else
	  run_variant (vi);
	/* Let the previous variant's idle threads (libgomp's spin for a
	   while) go to sleep before the next one starts.  */
	usleep (300000);
      }
  print_results ();
  return 0;
}
