/* Time the kernels of a Gangway cpu image directly, on one thread,
   against hand-written versions (ideal-avx512.c) and the OpenMP loops.

     kernel-harness IMAGE.so [KERNEL...]

   IMAGE.so is the C the cpu target generated for kernels-acc.c (kept with
   -fplugin-arg-gangway-keep-temps), compiled as the plugin compiles it;
   codegen.sh does all that.  Every kernel entry gets all gangs of a
   launch in one call (as one pool thread would if it claimed them all),
   so the times measure the code alone: no pool, no other thread.  Each
   result is checked against ref.c.  KERNEL selects saxpy, saxpy_blk,
   mandel or sweep (default: all).  Set OMP_NUM_THREADS=1 to compare with
   one OpenMP thread.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernels.h"

typedef void kernel_fn (void *, void *const *, uint32_t, uint32_t, uint32_t);

#ifdef __AVX512F__
#define HAVE_IDEAL 1
kernel_fn ideal_saxpy, ideal_saxpy_contig, ideal_sweep, ideal_sweep_contig,
  ideal_mandel;
#else
#define HAVE_IDEAL 0
#define ideal_saxpy NULL
#define ideal_saxpy_contig NULL
#define ideal_sweep NULL
#define ideal_sweep_contig NULL
#define ideal_mandel NULL
#endif

enum { GANGS = 16, REPS = 11 };

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void *
xalloc (size_t n)
{
  void *p = aligned_alloc (64, (n + 63) & ~(size_t) 63);
  if (!p)
    {
      fprintf (stderr, "kernel-harness: out of memory\n");
      exit (2);
    }
  return p;
}

/* The data.  */

static int n = 1 << 24, bs;
static float a = 3.1f, *x, *y, *y0, *yref;
static int w = 2048, h = 1536, maxit = 256, *img, *imgref;
static int sn = 2048;
static float *sa, *sb, *sref;

static void reset_saxpy (void) { memcpy (y, y0, (size_t) n * 4); }
static int check_saxpy (void) { return memcmp (y, yref, (size_t) n * 4); }
static void reset_mandel (void) { memset (img, 0xff, (size_t) w * h * 4); }
static int check_mandel (void) { return memcmp (img, imgref, (size_t) w * h * 4); }
static void reset_sweep (void) { memset (sb, 0, (size_t) sn * sn * 4); }

static int
check_sweep (void)
{
  for (int i = 1; i < sn - 1; i++)
    if (memcmp (sb + (size_t) i * sn + 1, sref + (size_t) i * sn + 1,
		(sn - 2) * 4))
      return 1;
  return 0;
}

static void
report (const char *name, double *t, int reps, const char *note)
{
  qsort (t, reps, sizeof *t, cmp_double);
  printf ("  %-34s min %8.2f ms   median %8.2f ms   %s\n", name, t[0] * 1e3,
	  t[reps / 2] * 1e3, note);
}

/* Time F (all gangs in one call) on DATA.  */

static void
time_kernel (const char *name, kernel_fn *f, void **data, void (*reset) (void),
	     int (*check) (void))
{
  double t[REPS];
  if (!f)
    {
      printf ("  %-34s (not available)\n", name);
      return;
    }
  reset ();
  f (data, NULL, GANGS, 0, GANGS);
  const char *note = check () ? "WRONG RESULT" : "ok";
  for (int r = 0; r < REPS; r++)
    {
      double t0 = now ();
      f (data, NULL, GANGS, 0, GANGS);
      t[r] = now () - t0;
    }
  report (name, t, REPS, note);
}

/* The image's entry for region FN (e.g. "acc_saxpy"): gw_kN_FN__omp_fn_0
   for some N.  */

static kernel_fn *
image_kernel (void *image, const char *fn)
{
  char sym[128];
  for (int k = 0; k < 256; k++)
    {
      snprintf (sym, sizeof sym, "gw_k%d_%s__omp_fn_0", k, fn);
      void *p = dlsym (image, sym);
      if (p)
	return (kernel_fn *) p;
    }
  fprintf (stderr, "kernel-harness: no kernel for %s in the image\n", fn);
  return NULL;
}

static int
wanted (int argc, char **argv, const char *name)
{
  if (argc < 3)
    return 1;
  for (int i = 2; i < argc; i++)
    if (strcmp (argv[i], name) == 0)
      return 1;
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: kernel-harness IMAGE.so [saxpy|saxpy_blk|"
	       "mandel|sweep]...\n");
      return 2;
    }
  void *image = dlopen (argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!image)
    {
      fprintf (stderr, "kernel-harness: %s\n", dlerror ());
      return 2;
    }
  int ideal = HAVE_IDEAL && __builtin_cpu_supports ("avx512f");

  x = xalloc ((size_t) n * 4);
  y = xalloc ((size_t) n * 4);
  y0 = xalloc ((size_t) n * 4);
  yref = xalloc ((size_t) n * 4);
  for (int i = 0; i < n; i++)
    {
      x[i] = 1.0f + (float) (i % 4099) / 4099.0f;
      y0[i] = 0.5f * (float) (i % 1013);
    }
  memcpy (yref, y0, (size_t) n * 4);
  ref_saxpy (n, a, x, yref);
  bs = (n + SAXPY_BLOCKS - 1) / SAXPY_BLOCKS;

  img = xalloc ((size_t) w * h * 4);
  imgref = xalloc ((size_t) w * h * 4);
  ref_mandel (w, h, maxit, imgref);

  sa = xalloc ((size_t) sn * sn * 4);
  sb = xalloc ((size_t) sn * sn * 4);
  sref = xalloc ((size_t) sn * sn * 4);
  for (size_t i = 0; i < (size_t) sn * sn; i++)
    sa[i] = (float) (i % 101) / 101.0f;
  memset (sref, 0, (size_t) sn * sn * 4);
  ref_sweep (sn, sa, sref);

  /* The hostaddrs arrays, in the order of the generated code's loads.  */
  void *d_saxpy[] = { x, y, &a, &n };
  void *d_saxpy_blk[] = { x, y, &bs, &a, &n };
  void *d_mandel[] = { img, &maxit, &h, &w };
  void *d_sweep[] = { sa, sb, &sn };
  double t[REPS];

  printf ("one thread, %d gangs per call, %d calls: min and median\n",
	  GANGS, REPS);
  if (wanted (argc, argv, "saxpy"))
    {
      printf ("saxpy, n=%d\n", n);
      time_kernel ("generated", image_kernel (image, "acc_saxpy"), d_saxpy,
		   reset_saxpy, check_saxpy);
      time_kernel ("ideal, gangs striding (host)",
		   ideal ? ideal_saxpy : NULL, d_saxpy, reset_saxpy,
		   check_saxpy);
      time_kernel ("ideal, contiguous gang runs",
		   ideal ? ideal_saxpy_contig : NULL, d_saxpy, reset_saxpy,
		   check_saxpy);
      for (int r = 0; r < REPS; r++)
	{
	  double t0 = now ();
	  omp_saxpy (n, a, x, y);
	  t[r] = now () - t0;
	}
      report ("OpenMP -O3 -march=native", t, REPS, "");
    }
  if (wanted (argc, argv, "saxpy_blk"))
    {
      printf ("saxpy-blk (%d gang blocks)\n", SAXPY_BLOCKS);
      time_kernel ("generated", image_kernel (image, "acc_saxpy_blk"),
		   d_saxpy_blk, reset_saxpy, check_saxpy);
    }
  if (wanted (argc, argv, "mandel"))
    {
      printf ("mandelbrot %dx%d, maxit %d\n", w, h, maxit);
      time_kernel ("generated", image_kernel (image, "acc_mandel"), d_mandel,
		   reset_mandel, check_mandel);
      time_kernel ("ideal", ideal ? ideal_mandel : NULL, d_mandel,
		   reset_mandel, check_mandel);
      for (int r = 0; r < 3; r++)
	{
	  double t0 = now ();
	  omp_mandel (w, h, maxit, img);
	  t[r] = now () - t0;
	}
      report ("OpenMP -O3 -march=native (scalar)", t, 3, "");
    }
  if (wanted (argc, argv, "sweep"))
    {
      printf ("stencil, one sweep of %dx%d\n", sn, sn);
      time_kernel ("generated", image_kernel (image, "acc_sweep"), d_sweep,
		   reset_sweep, check_sweep);
      time_kernel ("ideal, gangs striding (host)",
		   ideal ? ideal_sweep : NULL, d_sweep, reset_sweep,
		   check_sweep);
      time_kernel ("ideal, contiguous gang runs",
		   ideal ? ideal_sweep_contig : NULL, d_sweep, reset_sweep,
		   check_sweep);
      for (int r = 0; r < REPS; r++)
	{
	  double t0 = now ();
	  omp_sweep (sn, sa, sb);
	  t[r] = now () - t0;
	}
      report ("OpenMP -O3 -march=native", t, REPS, "");
    }
  return 0;
}
