/* Gangway benchmark driver: times the kernels of kernels-acc.c and
   kernels-omp.c, compiled several ways, in one run.

     cpu        kernels-acc.c with the Gangway plugin, on the cpu device
     host       the same binary's kernels with GANGWAY_DEVICE=host (GCC's
		host version, run by libgomp's host fallback: one thread);
		measured in a child process, as the device is chosen once
		per process
     host-np    kernels-acc.c built without the plugin:
		gcc -O2 -fopenacc -foffload=disable (libgomp's host
		fallback, one thread)
     serial     the serial reference of ref.c, gcc -O2
     omp        kernels-omp.c, gcc -O3 -march=native -fopenmp
     omp-nc     the same with -ffp-contract=off (no FMA contraction)

   For each kernel, every variant is first run once on fresh data and
   checked against the serial reference of ref.c (that run is also the
   warm-up): bit for bit, except the float sums of dot and rowsum, which
   are compared with the exact sums within an error bound.  Then the
   timed calls of the variants run in their own process are interleaved,
   round after round, so that a disturbance of the machine hits them
   alike; a pause (--gap-ms) before each call lets
   the threads of the previous variant (libgomp's spin a while) go idle.
   The table gives the median wall time of a call and its ratio to the
   cpu device's median (above 1: slower than the cpu device).

   See README.md; run.sh builds and runs it.  */

#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <gangway.h>

#include "bench-common.h"
#include "kernels.h"

#ifdef BENCH_FORTRAN
/* kernels.F90, compiled with the plugin (facc_) and with -fopenmp
   (fomp_).  */
void facc_saxpy (int, float, const float *restrict, float *restrict);
void facc_sweep (int, const float *restrict, float *restrict);
float facc_dot (int, const float *restrict, const float *restrict);
void fomp_saxpy (int, float, const float *restrict, float *restrict);
void fomp_sweep (int, const float *restrict, float *restrict);
float fomp_dot (int, const float *restrict, const float *restrict);
#endif

/* ---------------------------------------------------------------------
   Parameters.  */

/* reps, gap_ms, quiet_pct, quiet_max_s, max_attempts and the counters
   of timed calls are in bench-common.h.  */
static int saxpy_n = 1 << 24;
static int mandel_w = 2048, mandel_h = 1536, mandel_maxit = 256;
static int stencil_n = 2048, stencil_sweeps = 10;
static int dot_n = 1 << 25;
static int hist_n = 1 << 24;
static int maxloc_n = 1 << 24;
static int rowsum_rows = 4096, rowsum_cols = 4096;

/* ---------------------------------------------------------------------
   The variants.  */

typedef void saxpy_fn (int, float, const float *restrict, float *restrict);
typedef void mandel_fn (int, int, int, int *restrict);
typedef void sweep_fn (int, const float *restrict, float *restrict);
typedef float dot_fn (int, const float *restrict, const float *restrict);
typedef void hist_fn (int, const int *restrict, int *restrict);
typedef void maxloc_fn (int, const float *restrict, float *, int *);
typedef float rowsum_fn (int, int, const float *restrict, float *restrict);

struct variant
{
  const char *name;
  const char *what;
  saxpy_fn *saxpy, *saxpy_blk;
  mandel_fn *mandel;
  sweep_fn *sweep;
  dot_fn *dot;
  hist_fn *histogram;
  maxloc_fn *maxloc;
  rowsum_fn *rowsum;
  /* The device Gangway must report for the launches, or NULL if the
     kernels do not go through Gangway.  */
  const char *expect_device;
  /* Non-null: run in a child process with this environment setting.  */
  const char *child_env;
};

#define FNS(p) p##saxpy, p##saxpy_blk, p##mandel, p##sweep, p##dot, \
  p##histogram, p##maxloc, p##rowsum

static const struct variant variants[] = {
  { "cpu", "OpenACC on the Gangway cpu device: gcc -O2 + plugin",
    FNS (acc_), "cpu", NULL },
  { "host", "the same binary with GANGWAY_DEVICE=host: GCC's host "
    "fallback, 1 thread", FNS (acc_), "host", "GANGWAY_DEVICE=host" },
  { "host-np", "OpenACC without the plugin: gcc -O2 -fopenacc "
    "-foffload=disable, host fallback, 1 thread", FNS (hacc_), NULL, NULL },
  { "serial", "the serial loops of ref.c: gcc -O2, 1 thread",
    FNS (ref_), NULL, NULL },
  { "omp", "OpenMP: gcc -O3 -march=native -fopenmp",
    FNS (omp_), NULL, NULL },
  { "omp-nc", "OpenMP: gcc -O3 -march=native -fopenmp -ffp-contract=off",
    FNS (ompnc_), NULL, NULL },
#ifdef BENCH_FORTRAN
  /* kernels.F90: saxpy, the stencil and dot only.  */
  { "f-cpu", "Fortran OpenACC on the Gangway cpu device: gfortran -O2 + "
    "plugin", facc_saxpy, NULL, NULL, facc_sweep, facc_dot, NULL, NULL, NULL,
    "cpu", NULL },
  { "f-host", "the same with GANGWAY_DEVICE=host: gfortran's host "
    "fallback, 1 thread", facc_saxpy, NULL, NULL, facc_sweep, facc_dot, NULL,
    NULL, NULL, "host", "GANGWAY_DEVICE=host" },
  { "f-omp", "Fortran OpenMP: gfortran -O3 -march=native -fopenmp",
    fomp_saxpy, NULL, NULL, fomp_sweep, fomp_dot, NULL, NULL, NULL, NULL,
    NULL },
#endif
};
#define NVARIANTS (int) (sizeof variants / sizeof variants[0])

/* ---------------------------------------------------------------------
   The kernels: data, check and timed call.  */

struct kernel
{
  const char *name;
  /* Run V once on fresh data and compare with the reference into R.  */
  void (*check) (const struct variant *v, struct result *r);
  /* One timed call of V.  */
  void (*call) (const struct variant *v);
  /* Throughput of a call taking T seconds, in UNIT.  */
  double (*rate) (double t);
  const char *unit;
  /* How results are compared: EXACT, bit for bit (or in integers);
     CONTRACTS, the same but omp may differ (GCC contracts into FMAs);
     BOUND, with an error bound (maxdiff is then a relative error).  */
  enum { EXACT, CONTRACTS, BOUND } compare;
};

static float *sx_x, *sx_y0, *sx_ref, *sx_y;
static int *mb_ref, *mb_img;
static long mb_iters;
static float *st_a0, *st_ref, *st_a, *st_b;
static const float saxpy_a = 3.1f;
static float *dt_x, *dt_y;
static float dt_serial;			/* The serial loop's float sum.  */
static double dt_exact, dt_abs, dt_bound;
static int *hs_v, *hs_ref, *hs_hist;
static float *ml_a, ml_ref;
static int ml_ref_idx;
static float *rs_a, *rs_row;
static double *rs_exact, *rs_rowabs, rs_total, rs_abs, rs_row_gamma,
  rs_total_bound;

static void
compare_f (const float *a, const float *b, size_t n, struct result *r)
{
  r->fails = 0;
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
  r->fails = 0;
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

/* saxpy and saxpy-blk.  The timed calls keep updating y.  */

static void
check_saxpy_with (saxpy_fn *f, struct result *r)
{
  memcpy (sx_y, sx_y0, (size_t) saxpy_n * sizeof *sx_y);
  f (saxpy_n, saxpy_a, sx_x, sx_y);
  compare_f (sx_y, sx_ref, saxpy_n, r);
}

static void
check_saxpy (const struct variant *v, struct result *r)
{
  check_saxpy_with (v->saxpy, r);
}

static void
call_saxpy (const struct variant *v)
{
  v->saxpy (saxpy_n, saxpy_a, sx_x, sx_y);
}

static void
check_saxpy_blk (const struct variant *v, struct result *r)
{
  check_saxpy_with (v->saxpy_blk, r);
}

static void
call_saxpy_blk (const struct variant *v)
{
  v->saxpy_blk (saxpy_n, saxpy_a, sx_x, sx_y);
}

static double
rate_saxpy (double t)		/* GB/s: read x and y, write y.  */
{
  return 12.0 * saxpy_n / t * 1e-9;
}

/* Mandelbrot.  */

static void
check_mandel (const struct variant *v, struct result *r)
{
  memset (mb_img, 0xff, (size_t) mandel_w * mandel_h * sizeof *mb_img);
  v->mandel (mandel_w, mandel_h, mandel_maxit, mb_img);
  compare_i (mb_img, mb_ref, (size_t) mandel_w * mandel_h, r);
}

static void
call_mandel (const struct variant *v)
{
  v->mandel (mandel_w, mandel_h, mandel_maxit, mb_img);
}

static double
rate_mandel (double t)		/* Giterations/s.  */
{
  return mb_iters / t * 1e-9;
}

/* The stencil: a call is STENCIL_SWEEPS sweeps of F, alternating between
   P and Q.  Return the array holding the last sweep's result.  */

static float *
sweeps (sweep_fn *f, float *p, float *q)
{
  for (int s = 0; s < stencil_sweeps; s++)
    {
      f (stencil_n, p, q);
      float *t = p; p = q; q = t;
    }
  return p;
}

static void
check_stencil (const struct variant *v, struct result *r)
{
  size_t tn = (size_t) stencil_n * stencil_n;
  memcpy (st_a, st_a0, tn * sizeof *st_a);
  memcpy (st_b, st_a0, tn * sizeof *st_b);
  compare_f (sweeps (v->sweep, st_a, st_b), st_ref, tn, r);
}

static void
call_stencil (const struct variant *v)
{
  sweeps (v->sweep, st_a, st_b);
}

static double
rate_stencil (double t)		/* Gpoints/s.  */
{
  return (double) (stencil_n - 2) * (stencil_n - 2) * stencil_sweeps / t
	 * 1e-9;
}

/* The float sums of dot and rowsum depend on the order of the additions,
   which each variant chooses.  They are compared with the exact sums
   (ref.c, in double) within a bound computed from the data.  gamma (K) is
   the bound K*u / (1 - K*u) (u = 2^-24, FLT_EPSILON / 2) on the relative
   error of K roundings: a float sum of terms t_i that every term reaches
   through at most K additions, whatever the order, is within
   gamma (K) * sum |t_i| of the exact sum.  */

static double
gamma_k (double k)
{
  double ku = k * ldexp (1, -24);
  return ku < 1 ? ku / (1 - ku) : INFINITY;
}

/* The sum of a float dot product: one result.  A serial loop reaches
   every term through up to n additions, so the rigorous bound, gamma (n)
   * sum |x_i * y_i|, tells nothing at 2^25 terms (n*u = 2); and a serial
   float sum of that many terms is in fact far off (the sum outgrows its
   terms: from 2^24 on, half a term is lost to rounding per addition).
   So: a variant passes if it equals the serial loop bit for bit (the host
   fallbacks run that loop), or if it is within the probabilistic bound of
   Higham and Mary (SIAM J. Sci. Comput. 41(5), 2019, theorem 2.4),
   about lambda * sqrt (n) * u * sum |x_i * y_i| (rounding errors taken as
   independent, of mean 0; with lambda = 8 a sum exceeds it with
   probability below 2n * exp (-lambda^2 / 2), 1e-6 for n = 2^25).  Sums
   split over lanes and threads meet it with a wide margin; a sum that
   lost or doubled 1/100 of the terms does not.  maxdiff is the relative
   error (result - exact) / exact, signed.  */

static void
check_dot (const struct variant *v, struct result *r)
{
  float s = v->dot (dot_n, dt_x, dt_y);
  double err = (double) s - dt_exact;
  r->diffs = memcmp (&s, &dt_serial, sizeof s) != 0;
  r->maxdiff = err / dt_exact;
  r->fails = r->diffs && !(fabs (err) <= dt_bound);
}

static void
call_dot (const struct variant *v)
{
  volatile float s = v->dot (dot_n, dt_x, dt_y);
  (void) s;
}

static double
rate_dot (double t)		/* GB/s: read x and y.  */
{
  return 8.0 * dot_n / t * 1e-9;
}

/* The histogram: exact.  */

static void
check_histogram (const struct variant *v, struct result *r)
{
  memset (hs_hist, 0xff, HIST_BINS * sizeof *hs_hist);
  v->histogram (hist_n, hs_v, hs_hist);
  compare_i (hs_hist, hs_ref, HIST_BINS, r);
}

static void
call_histogram (const struct variant *v)
{
  v->histogram (hist_n, hs_v, hs_hist);
}

static double
rate_hist (double t)		/* GB/s: read v.  */
{
  return 4.0 * hist_n / t * 1e-9;
}

/* maxloc: the value and the index, exact; maxdiff is the larger of the
   differences of the two.  */

static void
check_maxloc (const struct variant *v, struct result *r)
{
  float m = -1;
  int idx = -1;
  v->maxloc (maxloc_n, ml_a, &m, &idx);
  r->diffs = (memcmp (&m, &ml_ref, sizeof m) != 0) + (idx != ml_ref_idx);
  r->maxdiff = fmax (fabs ((double) m - ml_ref), abs (idx - ml_ref_idx));
  r->fails = r->diffs;
}

static void
call_maxloc (const struct variant *v)
{
  float m;
  int idx;
  v->maxloc (maxloc_n, ml_a, &m, &idx);
}

static double
rate_maxloc (double t)		/* GB/s: read a twice.  */
{
  return 8.0 * maxloc_n / t * 1e-9;
}

/* rowsum: every row sum within gamma (cols) * sum_c |a_rc| of the exact
   one, the total within gamma (rows + cols) * sum |a_rc| (each element
   reaches the total through at most cols - 1 additions in its row and
   rows in the total); both rigorous, for any order.  diffs counts the
   sums (rows + 1) that differ from the serial loop's; maxdiff is the
   largest relative error among them.  */

static void
check_rowsum (const struct variant *v, struct result *r)
{
  int rows = rowsum_rows, cols = rowsum_cols;
  float *ser = xmalloc ((size_t) rows * sizeof *ser);
  float ser_total = ref_rowsum (rows, cols, rs_a, ser);
  for (int i = 0; i < rows; i++)
    rs_row[i] = NAN;
  float total = v->rowsum (rows, cols, rs_a, rs_row);
  r->diffs = r->fails = 0;
  r->maxdiff = 0;
  for (int i = 0; i <= rows; i++)
    {
      float got = i < rows ? rs_row[i] : total;
      float s = i < rows ? ser[i] : ser_total;
      double exact = i < rows ? rs_exact[i] : rs_total;
      double bound = (i < rows ? rs_row_gamma * rs_rowabs[i]
		      : rs_total_bound);
      double err = fabs ((double) got - exact);
      r->diffs += memcmp (&got, &s, sizeof got) != 0;
      r->fails += !(err <= bound);
      if (!(err / fabs (exact) <= r->maxdiff))
	r->maxdiff = err / fabs (exact);
    }
  free (ser);
}

static void
call_rowsum (const struct variant *v)
{
  volatile float s = v->rowsum (rowsum_rows, rowsum_cols, rs_a, rs_row);
  (void) s;
}

static double
rate_rowsum (double t)		/* GB/s: read a.  */
{
  return 4.0 * rowsum_rows * rowsum_cols / t * 1e-9;
}

static const struct kernel kernels[] = {
  { "saxpy", check_saxpy, call_saxpy, rate_saxpy, "GB/s", CONTRACTS },
  { "saxpy-blk", check_saxpy_blk, call_saxpy_blk, rate_saxpy, "GB/s",
    CONTRACTS },
  { "mandelbrot", check_mandel, call_mandel, rate_mandel, "Git/s",
    CONTRACTS },
  { "stencil", check_stencil, call_stencil, rate_stencil, "Gpt/s", EXACT },
  { "dot", check_dot, call_dot, rate_dot, "GB/s", BOUND },
  { "histogram", check_histogram, call_histogram, rate_hist, "GB/s",
    EXACT },
  { "maxloc", check_maxloc, call_maxloc, rate_maxloc, "GB/s", EXACT },
  { "rowsum", check_rowsum, call_rowsum, rate_rowsum, "GB/s", BOUND },
};
#define NKERNELS (int) (sizeof kernels / sizeof kernels[0])

static struct result results[NVARIANTS][NKERNELS];

/* Kernel KI of variant VI, for bench-common.h.  */

static void
check_kernel (int vi, int ki, struct result *r)
{
  kernels[ki].check (&variants[vi], r);
}

static void
call_kernel (int vi, int ki)
{
  kernels[ki].call (&variants[vi]);
}

/* Whether variant VI has kernel KI (the Fortran ones have three).  */

static int
have_kernel (int vi, int ki)
{
  const struct variant *v = &variants[vi];
  const void *fns[] = { (void *) v->saxpy, (void *) v->saxpy_blk,
			(void *) v->mandel, (void *) v->sweep, (void *) v->dot,
			(void *) v->histogram, (void *) v->maxloc,
			(void *) v->rowsum };
  _Static_assert (sizeof fns / sizeof fns[0] == NKERNELS,
		  "one function per kernel, in the kernels' order");
  return fns[ki] != NULL;
}

/* A pseudo-random 32-bit value from I.  */

static unsigned
hash (unsigned i)
{
  i *= 0x9e3779b1u;
  i ^= i >> 16;
  i *= 0x85ebca6bu;
  i ^= i >> 13;
  i *= 0xc2b2ae35u;
  i ^= i >> 16;
  return i;
}

/* The inputs and references of dot, histogram, maxloc and rowsum.  */

static void
setup_reductions (void)
{
  size_t dn = dot_n, hn = hist_n, mn = maxloc_n,
	 rn = (size_t) rowsum_rows * rowsum_cols;

  /* x in [1, 2), y in [-0.25, 0.75): mostly positive products.  */
  dt_x = xmalloc (dn * sizeof *dt_x);
  dt_y = xmalloc (dn * sizeof *dt_y);
  for (size_t i = 0; i < dn; i++)
    {
      dt_x[i] = 1.0f + (float) (i % 4099) / 4099.0f;
      dt_y[i] = (float) (i % 1013) / 1013.0f - 0.25f;
    }
  dt_serial = ref_dot (dot_n, dt_x, dt_y);
  dt_exact = ref_dot_exact (dot_n, dt_x, dt_y, &dt_abs);
  double u = ldexp (1, -24), lambda = 8;
  dt_bound = expm1 (lambda * sqrt ((double) dot_n) * u
		    + dot_n * u * u / (1 - u)) * dt_abs;

  hs_v = xmalloc (hn * sizeof *hs_v);
  hs_ref = xmalloc (HIST_BINS * sizeof *hs_ref);
  hs_hist = xmalloc (HIST_BINS * sizeof *hs_hist);
  for (size_t i = 0; i < hn; i++)
    hs_v[i] = hash (i) % HIST_BINS;
  ref_histogram (hist_n, hs_v, hs_ref);

  /* Values in [0, 1) on a grid of 2^20 steps: the maximum occurs several
     times, and the index is that of the first.  */
  ml_a = xmalloc (mn * sizeof *ml_a);
  for (size_t i = 0; i < mn; i++)
    ml_a[i] = (float) (hash (i + 0x51ed27u) >> 12) / (float) (1 << 20);
  ref_maxloc (maxloc_n, ml_a, &ml_ref, &ml_ref_idx);

  /* Values in [-0.5, 1.5).  */
  rs_a = xmalloc (rn * sizeof *rs_a);
  rs_row = xmalloc ((size_t) rowsum_rows * sizeof *rs_row);
  rs_exact = xmalloc ((size_t) rowsum_rows * sizeof *rs_exact);
  rs_rowabs = xmalloc ((size_t) rowsum_rows * sizeof *rs_rowabs);
  for (size_t i = 0; i < rn; i++)
    rs_a[i] = (float) (hash (i + 0x3c6ef372u) >> 8) / (float) (1 << 23)
	      - 0.5f;
  rs_total = ref_rowsum_exact (rowsum_rows, rowsum_cols, rs_a, rs_exact,
			       rs_rowabs, &rs_abs);
  rs_row_gamma = gamma_k (rowsum_cols);
  rs_total_bound = gamma_k ((double) rowsum_rows + rowsum_cols) * rs_abs;
}

/* The inputs and the reference results, shared by all variants.  */

static void
setup (void)
{
  setup_reductions ();

  size_t sn = saxpy_n, mn = (size_t) mandel_w * mandel_h,
	 tn = (size_t) stencil_n * stencil_n;

  sx_x = xmalloc (sn * sizeof *sx_x);
  sx_y0 = xmalloc (sn * sizeof *sx_y0);
  sx_ref = xmalloc (sn * sizeof *sx_ref);
  sx_y = xmalloc (sn * sizeof *sx_y);
  for (size_t i = 0; i < sn; i++)
    {
      sx_x[i] = 1.0f + (float) (i % 4099) / 4099.0f;
      sx_y0[i] = 0.5f * (float) (i % 1013);
    }
  memcpy (sx_ref, sx_y0, sn * sizeof *sx_ref);
  ref_saxpy (saxpy_n, saxpy_a, sx_x, sx_ref);
  memcpy (sx_y, sx_y0, sn * sizeof *sx_y);

  mb_ref = xmalloc (mn * sizeof *mb_ref);
  mb_img = xmalloc (mn * sizeof *mb_img);
  ref_mandel (mandel_w, mandel_h, mandel_maxit, mb_ref);
  mb_iters = 0;
  for (size_t i = 0; i < mn; i++)
    mb_iters += mb_ref[i];

  int n = stencil_n;
  st_a0 = xmalloc (tn * sizeof *st_a0);
  st_ref = xmalloc (tn * sizeof *st_ref);
  st_a = xmalloc (tn * sizeof *st_a);
  st_b = xmalloc (tn * sizeof *st_b);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      st_a0[(size_t) i * n + j] = (float) ((i * 7 + j * 13) % 101) / 101.0f;
  for (int j = 0; j < n; j++)
    st_a0[j] = 100.0f;			/* A hot edge.  */
  memcpy (st_ref, st_a0, tn * sizeof *st_ref);
  memcpy (st_b, st_a0, tn * sizeof *st_b);
  float *p = sweeps (ref_sweep, st_ref, st_b);
  if (p != st_ref)
    memcpy (st_ref, p, tn * sizeof *st_ref);
}

/* ---------------------------------------------------------------------
   Running.  */

/* ---------------------------------------------------------------------
   The report.  */

static void
print_header (void)
{
  bc_print_title ("Gangway benchmark");
  printf ("kernels: saxpy n=%d (saxpy-blk: the same in %d gang blocks); "
	  "mandelbrot %dx%d,\n         maxit %d (%ld iterations); "
	  "stencil %dx%d, %d sweeps per call\n",
	  saxpy_n, SAXPY_BLOCKS, mandel_w, mandel_h, mandel_maxit, mb_iters,
	  stencil_n, stencil_n, stencil_sweeps);
  printf ("         dot n=%d; histogram n=%d into %d bins; maxloc n=%d;\n"
	  "         rowsum %dx%d\n", dot_n, hist_n, HIST_BINS, maxloc_n,
	  rowsum_rows, rowsum_cols);
  bc_print_timing ();
}

static void
cell_rate (int vi, int ki, char *buf)
{
  sprintf (buf, "%.2f %s", kernels[ki].rate (results[vi][ki].median),
	   kernels[ki].unit);
}

static void
cell_check (int vi, int ki, char *buf)
{
  const struct result *r = &results[vi][ki];
  const char *bad = r->fails ? " BAD" : "";
  if (kernels[ki].compare == BOUND)
    /* The relative error against the exact sum ("=" if the result is
       the serial loop's, bit for bit).  */
    sprintf (buf, "%s%.1e%s", r->diffs ? "" : "=", r->maxdiff, bad);
  else
    bc_cell_diffs (vi, ki, buf);
}

static int
print_results (void)
{
  bc_print_table ("median ms", bc_cell_median);
  printf ("(in parentheses: time / the cpu device's; above 1 is slower)\n\n");
  bc_print_table ("min ms", bc_cell_min);
  printf ("\n");
  bc_print_table ("range ms", bc_cell_spread);
  printf ("\n");
  bc_print_table ("rate", cell_rate);
  printf ("(median; GB/s counts 12 bytes per saxpy element, 8 per dot "
	  "element and per\n maxloc element (two loops), 4 per histogram "
	  "value and rowsum element;\n Git/s Mandelbrot iterations, Gpt/s "
	  "stencil points updated)\n\n");
  bc_print_table ("vs ref", cell_check);
  printf ("(results that differ from the serial reference, largest "
	  "difference in\n parentheses: saxpy, stencil, histogram and "
	  "maxloc bit for bit, mandelbrot by\n iteration count; dot and "
	  "rowsum: the largest relative error against the exact\n sum, "
	  "\"=\" where it is the serial loop's float result bit for bit; "
	  "BAD: out of\n bounds)\n");
  if (in_list (only_kernels, "dot"))
    printf ("dot: exact sum %.9g, serial float loop %.9g (%.1e);\n"
	    "     bound: the serial loop's result, or within %.3g (%.1e "
	    "relative)\n", dt_exact, (double) dt_serial,
	    ((double) dt_serial - dt_exact) / dt_exact, dt_bound,
	    dt_bound / fabs (dt_exact));
  if (in_list (only_kernels, "rowsum"))
    printf ("rowsum: bounds gamma(%d) * sum|a| per row (%.1e relative to "
	    "sum|a|), total %.3g\n        (exact %.9g, %.1e relative)\n",
	    rowsum_cols, rs_row_gamma, rs_total_bound, rs_total,
	    rs_total_bound / fabs (rs_total));
  printf ("\n");

  int bad = 0;
  for (int vi = 0; vi < NVARIANTS; vi++)
    for (int ki = 0; ki < NKERNELS; ki++)
      if (results[vi][ki].done && results[vi][ki].fails
	  && !(kernels[ki].compare == CONTRACTS
	       && strcmp (variants[vi].name, "omp") == 0))
	bad = 1;
  bc_print_ran_on ();
  if (bad)
    printf ("\nMISMATCH: a result differs from the reference (beyond "
	    "the bound of dot\nand rowsum; omp may contract saxpy and "
	    "mandelbrot into FMAs).\n");
  return bad;
}

/* ---------------------------------------------------------------------
   Main.  */

static void
usage (void)
{
  fprintf (stderr,
	   "usage: bench [--reps N] [--gap-ms N] [--quiet PCT] [--quiet-max S]\n"
	   "             [--attempts N] [--saxpy N] [--mandel WxH]\n"
	   "             [--maxit N] [--stencil N] [--sweeps N]\n"
	   "             [--dot N] [--hist N] [--maxloc N] [--rowsum RxC]\n"
	   "             [--variants LIST] [--kernels LIST]\n"
	   "variants: cpu,host,host-np,serial,omp,omp-nc%s (default: all)\n"
	   "kernels: saxpy,saxpy-blk,mandelbrot,stencil,dot,histogram,maxloc,"
	   "rowsum\n         (default: all)\n"
	   "BENCH_VERBOSE=1 prints every timing on stderr.\n",
#ifdef BENCH_FORTRAN
	   ",f-cpu,f-host,f-omp"
#else
	   ""
#endif
	   );
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
      if (bc_option (a, v))
	;			/* --reps, --variants, ... (bench-common.h) */
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
      else if (strcmp (a, "--dot") == 0)
	dot_n = atoi (v);
      else if (strcmp (a, "--hist") == 0)
	hist_n = atoi (v);
      else if (strcmp (a, "--maxloc") == 0)
	maxloc_n = atoi (v);
      else if (strcmp (a, "--rowsum") == 0)
	{
	  if (sscanf (v, "%dx%d", &rowsum_rows, &rowsum_cols) != 2)
	    usage ();
	}
      else
	usage ();
      i++;
    }
  if (reps < 1 || gap_ms < 0 || max_attempts < 1 || saxpy_n < SAXPY_BLOCKS
      || mandel_w < 1
      || mandel_h < 1 || mandel_maxit < 1 || stencil_n < 3
      || stencil_sweeps < 1 || dot_n < 1 || hist_n < 1 || maxloc_n < 1
      || rowsum_rows < 1 || rowsum_cols < 1
      || (long) rowsum_rows * rowsum_cols > 0x7fffffff)
    usage ();
  verbose = getenv ("BENCH_VERBOSE") != NULL;

  setup ();

  BC_DESCRIBE (variants, kernels, results);
  bc.check = check_kernel;
  bc.call = call_kernel;
  bc.have = have_kernel;
  bc.unit = 1e3;
  bc.unit_name = "ms";
  bc.fmt = "%.2f";

  if (!child)
    {
      print_header ();
      fflush (stdout);
    }
  int rc = bc_run (argv);
  return rc >= 0 ? rc : print_results ();
}
