/* What the benchmark drivers bench.c and app.c share: the timing
   parameters and counters, waiting for a quiet machine, the interleaved
   timed calls of a kernel's variants, the variants run in a child
   process, and the tables of the report.

   A driver describes its variants and kernels in BC (struct bc_suite):
   names, the device Gangway must report for a variant (or NULL), the
   environment setting of a variant that runs in a child process, the
   results array, and the functions that check and call a kernel of a
   variant.  bc_run (argv) then runs it all (or, with --child, one
   variant and prints its results for the parent).  Everything here is
   static: each driver includes it once, after defining _GNU_SOURCE.  */

#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

extern int omp_get_max_threads (void);

#define BC_UNUSED __attribute__ ((unused))

#ifdef BC_WITHOUT_GANGWAY
/* A program built without Gangway (app.c's GCC-offloading build): no
   cpu device and no launch log to ask.  */
static BC_UNUSED int
gangway_num_threads (void)
{
  return 0;
}

static BC_UNUSED const char *
gangway_last_launch_device (void)
{
  return NULL;
}
#else
#include <gangway.h>
#endif

/* ---------------------------------------------------------------------
   Parameters and counters (a driver may change the defaults before
   bc_option reads the command line).  */

BC_UNUSED static int reps = 9;
BC_UNUSED static int gap_ms = 100;
BC_UNUSED static int quiet_pct = 15;	/* --quiet PCT; 0: do not wait.  */
BC_UNUSED static int quiet_max_s = 3;
BC_UNUSED static int max_attempts = 4;	/* --attempts: tries of a timed call. */
BC_UNUSED static const char *only_variants;	/* --variants LIST.  */
BC_UNUSED static const char *only_kernels;	/* --kernels LIST.  */
BC_UNUSED static const char *child;	/* --child VARIANT (internal).  */
BC_UNUSED static int verbose;		/* BENCH_VERBOSE: print every time. */
BC_UNUSED static int noisy_calls;	/* Timings kept although disturbed.  */
BC_UNUSED static int redone_calls;	/* Timings thrown away, disturbed.  */
BC_UNUSED static int total_calls;
BC_UNUSED static const char *bc_prog = "bench";	/* For messages.  */

/* The result of a kernel for a variant.  */

struct result
{
  int done;
  double median, min, max;	/* Seconds per call (per launch: app.c).  */
  long diffs;			/* Elements that differ from the reference. */
  double maxdiff;		/* Largest absolute difference (for the
				   float sums: relative error).  */
  long fails;			/* Those outside the kernel's tolerance. */
  char device[16];		/* Where Gangway ran it ("-" if not ours). */
};

/* The driver's variants and kernels.  */

#define BC_MAX 16

struct bc_suite
{
  int nv, nk;
  const char *vname[BC_MAX];	/* Variant names.  */
  const char *what[BC_MAX];	/* What a variant is (the header).  */
  const char *expect[BC_MAX];	/* The device Gangway must report, or
				   NULL if the kernels do not go through
				   Gangway.  */
  const char *env[BC_MAX];	/* Non-null: run in a child process with
				   this environment setting.  */
  const char *kname[BC_MAX];	/* Kernel names.  */
  struct result *res;		/* [nv][nk].  */
  /* Run kernel KI of variant VI once on fresh data and compare with the
     reference into R (R->device may be set, else it is the last
     launch's).  */
  void (*check) (int vi, int ki, struct result *r);
  /* One timed call.  */
  void (*call) (int vi, int ki);
  /* Non-null: whether variant VI has kernel KI (else its cell is "-").  */
  int (*have) (int vi, int ki);
  /* Non-null: before each timed call (after the wait for a quiet
     machine), call it repeatedly for WARM_MS milliseconds, untimed: one
     launch of the kernel, so that the variant's threads are awake and
     on their CPUs when the timed call starts.  */
  void (*warm) (int vi, int ki);
  double warm_ms;
  /* What a call counts (launches): times are divided by it.  NULL: 1. */
  double (*per_call) (int ki);
  /* Times are printed as T * UNIT, in UNIT_NAME, with FMT.  */
  double unit;
  const char *unit_name, *fmt;
};

BC_UNUSED static struct bc_suite bc;

#define BC_RES(vi, ki) (&bc.res[(vi) * bc.nk + (ki)])

/* Describe the driver's VARIANTS (arrays of structs with the fields
   name, what, expect_device and child_env), KERNELS (with name) and
   RESULTS ([variants][kernels]) in BC.  */
#define BC_DESCRIBE(variants, kernels, results)				\
  do									\
    {									\
      bc.nv = (int) (sizeof variants / sizeof variants[0]);		\
      bc.nk = (int) (sizeof kernels / sizeof kernels[0]);		\
      for (int vi_ = 0; vi_ < bc.nv; vi_++)				\
	{								\
	  bc.vname[vi_] = variants[vi_].name;				\
	  bc.what[vi_] = variants[vi_].what;				\
	  bc.expect[vi_] = variants[vi_].expect_device;			\
	  bc.env[vi_] = variants[vi_].child_env;			\
	}								\
      for (int ki_ = 0; ki_ < bc.nk; ki_++)				\
	bc.kname[ki_] = kernels[ki_].name;				\
      bc.res = &results[0][0];						\
    }									\
  while (0)

/* ---------------------------------------------------------------------
   The machine and the clock.  */

/* The time on clock ID, in seconds.  */

BC_UNUSED static double
clock_s (clockid_t id)
{
  struct timespec t;
  clock_gettime (id, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

BC_UNUSED static double
now (void)
{
  return clock_s (CLOCK_MONOTONIC);
}

/* CPU time used by the machine (busy) and in all (total) since boot, in
   clock ticks, from /proc/stat.  */

BC_UNUSED static int
machine_ticks (unsigned long long *busy, unsigned long long *total)
{
  unsigned long long v[8] = { 0 };
  FILE *f = fopen ("/proc/stat", "r");
  if (!f)
    return 0;
  int n = fscanf (f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0],
		  &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
  fclose (f);
  if (n < 4)
    return 0;
  *busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
  *total = *busy + v[3] + v[4];
  return 1;
}

/* What other processes do to the machine over a stretch of time: its
   busy clock ticks less this process's CPU time (the idle threads of the
   previous variant may still be spinning), against the ticks that
   passed.  */

struct busy
{
  int ok;
  unsigned long long busy, total;
  double own;
};

BC_UNUSED static void
busy_start (struct busy *b)
{
  b->own = clock_s (CLOCK_PROCESS_CPUTIME_ID);
  b->ok = machine_ticks (&b->busy, &b->total);
}

/* Return true, with the other processes' ticks since busy_start (B) in
   *FOREIGN and all ticks in *TOTAL, if that is known and anything is
   measured at all (QUIET_PCT above 0).  */

BC_UNUSED static int
busy_since (const struct busy *b, double *foreign, double *total)
{
  unsigned long long busy, tot;
  if (quiet_pct <= 0 || !b->ok || !machine_ticks (&busy, &tot)
      || tot == b->total)
    return 0;
  double own = (clock_s (CLOCK_PROCESS_CPUTIME_ID) - b->own)
	       * sysconf (_SC_CLK_TCK);
  *foreign = (double) (busy - b->busy) - own;
  *total = (double) (tot - b->total);
  return 1;
}

/* Sleep GAP_MS, then until the other processes of the machine used less
   than QUIET_PCT of its CPUs over the last GAP_MS (at most QUIET_MAX_S
   seconds).  Return true if the machine was quiet.  */

BC_UNUSED static int
wait_quiet (void)
{
  double deadline = now () + quiet_max_s;
  for (;;)
    {
      struct busy b;
      double foreign, total;
      busy_start (&b);
      if (gap_ms > 0)
	usleep (gap_ms * 1000);
      if (!busy_since (&b, &foreign, &total)
	  || foreign * 100 < quiet_pct * total)
	return 1;
      if (now () > deadline)
	return 0;
    }
}

/* Whether other processes used more than QUIET_PCT of the machine since
   busy_start (B), during a timed call.  /proc/stat counts in clock ticks
   (10 ms), so only a disturbance of a tick or more is seen.  */

BC_UNUSED static int
busy_disturbed (const struct busy *b)
{
  double foreign, total;
  return busy_since (b, &foreign, &total) && foreign >= 1
	 && foreign * 100 >= quiet_pct * total;
}

BC_UNUSED static void *
xmalloc (size_t n)
{
  void *p;
  if (posix_memalign (&p, 64, n) != 0)
    {
      fprintf (stderr, "%s: out of memory\n", bc_prog);
      exit (2);
    }
  return p;
}

BC_UNUSED static int
in_list (const char *list, const char *name)
{
  if (!list)
    return 1;
  size_t n = strlen (name);
  for (const char *p = list;;)
    {
      const char *e = strchr (p, ',');
      size_t m = e ? (size_t) (e - p) : strlen (p);
      if (m == n && strncmp (p, name, n) == 0)
	return 1;
      if (!e)
	return 0;
      p = e + 1;
    }
}

BC_UNUSED static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

BC_UNUSED static double
loadavg (void)
{
  double l = -1;
  FILE *f = fopen ("/proc/loadavg", "r");
  if (f)
    {
      if (fscanf (f, "%lf", &l) != 1)
	l = -1;
      fclose (f);
    }
  return l;
}

/* Handle option A with value V; return false if it is not one of the
   common ones.  */

BC_UNUSED static int
bc_option (const char *a, const char *v)
{
  if (strcmp (a, "--reps") == 0)
    reps = atoi (v);
  else if (strcmp (a, "--gap-ms") == 0)
    gap_ms = atoi (v);
  else if (strcmp (a, "--quiet") == 0)
    quiet_pct = atoi (v);
  else if (strcmp (a, "--attempts") == 0)
    max_attempts = atoi (v);
  else if (strcmp (a, "--quiet-max") == 0)
    quiet_max_s = atoi (v);
  else if (strcmp (a, "--variants") == 0)
    only_variants = v;
  else if (strcmp (a, "--kernels") == 0)
    only_kernels = v;
  else if (strcmp (a, "--child") == 0)
    child = v;
  else
    return 0;
  return 1;
}

/* ---------------------------------------------------------------------
   Running.  */

BC_UNUSED static void
summarize (const char *vname, const char *kname, double *t, int n,
	   struct result *r)
{
  if (verbose)
    {
      fprintf (stderr, "%s: %s %s (%s):", bc_prog, vname, kname,
	       bc.unit_name);
      for (int i = 0; i < n; i++)
	fprintf (stderr, " %.2f", t[i] * bc.unit);
      fprintf (stderr, "\n");
    }
  qsort (t, n, sizeof *t, cmp_double);
  r->median = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
  r->min = t[0];
  r->max = t[n - 1];
  r->done = 1;
}

/* Run kernel KI for the variants VIS[0..NV-1] of this process: check
   each, then time them interleaved.  */

BC_UNUSED static void
bc_run_kernel (int ki, const int *vis, int nv)
{
  double (*t)[reps] = calloc (nv, sizeof *t);
  double per_call = bc.per_call ? bc.per_call (ki) : 1;

  for (int j = 0; j < nv; j++)
    {
      int vi = vis[j];
      const char *expect = bc.expect[vi];
      struct result *r = BC_RES (vi, ki);
      memset (r, 0, sizeof *r);
      bc.check (vi, ki, r);
      if (!r->device[0])
	{
	  const char *d = expect ? gangway_last_launch_device () : NULL;
	  snprintf (r->device, sizeof r->device, "%s", d ? d : "-");
	}
      if (expect && strcmp (r->device, expect) != 0)
	fprintf (stderr, "%s: warning: %s %s ran on %s, not %s\n", bc_prog,
		 bc.vname[vi], bc.kname[ki], r->device, expect);
    }
  for (int rep = 0; rep < reps; rep++)
    for (int j = 0; j < nv; j++)
      for (int attempt = 1;; attempt++)
	{
	  int quiet = wait_quiet ();
	  if (bc.warm)
	    {
	      double w0 = now ();
	      do
		bc.warm (vis[j], ki);
	      while (now () - w0 < bc.warm_ms * 1e-3);
	    }
	  struct busy b;
	  busy_start (&b);
	  double t0 = now ();
	  bc.call (vis[j], ki);
	  t[j][rep] = (now () - t0) / per_call;
	  quiet &= !busy_disturbed (&b);
	  total_calls++;
	  if (quiet)
	    break;
	  if (attempt == max_attempts)
	    {
	      noisy_calls++;
	      break;
	    }
	  redone_calls++;
	}
  for (int j = 0; j < nv; j++)
    summarize (bc.vname[vis[j]], bc.kname[ki], t[j], reps,
	       BC_RES (vis[j], ki));
  free (t);
}

/* Run variant VI in a child process: this program again, with the
   variant's environment setting and --child.  */

BC_UNUSED static void
bc_run_child (int vi, char **argv)
{
  char exe[4096];
  ssize_t len = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  if (len < 0)
    {
      fprintf (stderr, "%s: /proc/self/exe: %s\n", bc_prog,
	       strerror (errno));
      return;
    }
  exe[len] = '\0';

  char cmd[8192];
  int k = snprintf (cmd, sizeof cmd, "%s '%s'", bc.env[vi], exe);
  for (int i = 1; argv[i]; i++)
    k += snprintf (cmd + k, sizeof cmd - k, " '%s'", argv[i]);
  snprintf (cmd + k, sizeof cmd - k, " --child %s", bc.vname[vi]);

  fflush (stdout);
  FILE *f = popen (cmd, "r");
  if (!f)
    {
      fprintf (stderr, "%s: popen: %s\n", bc_prog, strerror (errno));
      return;
    }
  char line[512];
  while (fgets (line, sizeof line, f))
    {
      char kname[32], dev[16];
      int nn, nr, nt;
      if (sscanf (line, "N %d %d %d", &nn, &nr, &nt) == 3)
	{
	  noisy_calls += nn;
	  redone_calls += nr;
	  total_calls += nt;
	  continue;
	}
      struct result r = { 0 };
      if (sscanf (line, "R %31s %lf %lf %lf %ld %lf %ld %15s", kname,
		  &r.median, &r.min, &r.max, &r.diffs, &r.maxdiff, &r.fails,
		  dev) != 8)
	continue;
      snprintf (r.device, sizeof r.device, "%s", dev);
      r.done = 1;
      for (int ki = 0; ki < bc.nk; ki++)
	if (strcmp (kname, bc.kname[ki]) == 0)
	  *BC_RES (vi, ki) = r;
    }
  int st = pclose (f);
  if (st != 0)
    fprintf (stderr, "%s: the child for %s exited with status %d\n",
	     bc_prog, bc.vname[vi], st);
}

/* Run the kernels chosen.  In the child process (--child VARIANT), time
   that variant's and print its results for the parent (return 0, or 2 if
   there is no such variant); in the parent, run the variants that need a
   process of their own first, while this one has started no threads,
   then the others, interleaved (return -1: the caller reports).  */

BC_UNUSED static int
bc_run (char **argv)
{
  if (child)
    {
      int vi = 0;
      while (vi < bc.nv && strcmp (bc.vname[vi], child) != 0)
	vi++;
      if (vi == bc.nv)
	return 2;
      for (int ki = 0; ki < bc.nk; ki++)
	if (in_list (only_kernels, bc.kname[ki])
	    && (!bc.have || bc.have (vi, ki)))
	  {
	    bc_run_kernel (ki, &vi, 1);
	    const struct result *r = BC_RES (vi, ki);
	    printf ("R %s %.9g %.9g %.9g %ld %.9g %ld %s\n",
		    bc.kname[ki], r->median, r->min, r->max, r->diffs,
		    r->maxdiff, r->fails, r->device);
	  }
      printf ("N %d %d %d\n", noisy_calls, redone_calls, total_calls);
      return 0;
    }

  int vis[BC_MAX], nv = 0;
  for (int vi = 0; vi < bc.nv; vi++)
    if (in_list (only_variants, bc.vname[vi]))
      {
	if (bc.env[vi])
	  {
	    fprintf (stderr, "%s: %s (child process)...\n", bc_prog,
		     bc.vname[vi]);
	    bc_run_child (vi, argv);
	  }
	else
	  vis[nv++] = vi;
      }
  for (int ki = 0; ki < bc.nk; ki++)
    if (in_list (only_kernels, bc.kname[ki]))
      {
	int kv[BC_MAX], kn = 0;
	for (int j = 0; j < nv; j++)
	  if (!bc.have || bc.have (vis[j], ki))
	    kv[kn++] = vis[j];
	fprintf (stderr, "%s: %s...\n", bc_prog, bc.kname[ki]);
	if (kn)
	  bc_run_kernel (ki, kv, kn);
      }
  return -1;
}

/* ---------------------------------------------------------------------
   The report.  */

/* The header's first lines: TITLE and the date, the machine, the
   threads.  */

BC_UNUSED static void
bc_print_title (const char *title)
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
  const char *gt = getenv ("GANGWAY_NUM_THREADS"),
	     *ot = getenv ("OMP_NUM_THREADS");
  printf ("%s, %s\n", title, date);
  printf ("machine: %s, %ld online CPUs, load average %.2f\n", model,
	  sysconf (_SC_NPROCESSORS_ONLN), loadavg ());
  printf ("threads: cpu device %d (GANGWAY_NUM_THREADS=%s), "
	  "OpenMP %d (OMP_NUM_THREADS=%s)\n", gangway_num_threads (),
	  gt ? gt : "unset", omp_get_max_threads (), ot ? ot : "unset");
}

/* The header's last lines: how calls are timed, the variants.  */

BC_UNUSED static void
bc_print_timing (void)
{
  printf ("timing: median of %d calls after one checked warm-up call; "
	  "variants interleaved;\n        each call waits for %d ms in which "
	  "other processes used < %d%% of the CPUs,\n        and is redone "
	  "(up to %d tries) if they used more during the call\n", reps,
	  gap_ms, quiet_pct, max_attempts);
  if (bc.warm)
    printf ("        (after the wait, before the timed call, the variant "
	    "runs the kernel\n        untimed for %g ms, so that its threads "
	    "are awake and placed)\n", bc.warm_ms);
  for (int vi = 0; vi < bc.nv; vi++)
    if (in_list (only_variants, bc.vname[vi]))
      printf ("  %-8s %s\n", bc.vname[vi], bc.what[vi]);
  printf ("\n");
}

/* Print one table: a row per kernel, a column per variant that ran.  */

BC_UNUSED static void
bc_print_table (const char *title, void (*cell) (int vi, int ki, char *buf))
{
  printf ("%-11s", title);
  for (int vi = 0; vi < bc.nv; vi++)
    if (in_list (only_variants, bc.vname[vi]))
      printf (" %17s", bc.vname[vi]);
  printf ("\n");
  for (int ki = 0; ki < bc.nk; ki++)
    {
      if (!in_list (only_kernels, bc.kname[ki]))
	continue;
      printf ("%-11s", bc.kname[ki]);
      for (int vi = 0; vi < bc.nv; vi++)
	if (in_list (only_variants, bc.vname[vi]))
	  {
	    char buf[64] = "-";
	    if (BC_RES (vi, ki)->done)
	      cell (vi, ki, buf);
	    printf (" %17s", buf);
	  }
      printf ("\n");
    }
}

/* Whether Gangway ran kernel KI of variant VI on another device than the
   variant stands for (the cpu variant on the host: a region the cpu
   device refused).  */

BC_UNUSED static int
bc_ran_elsewhere (int vi, int ki)
{
  return bc.expect[vi] && BC_RES (vi, ki)->done
	 && strcmp (BC_RES (vi, ki)->device, bc.expect[vi]) != 0;
}

/* Write T, a time in seconds of variant VI for kernel KI, into BUF (of
   64 bytes) in the unit, with its ratio to CPU_T, the cpu device's (the
   first variant), when that was measured, or where the launches went if
   not where they should have.  */

BC_UNUSED static void
bc_cell_time (int vi, int ki, double t, double cpu_t, char *buf)
{
  int n = snprintf (buf, 64, bc.fmt, t * bc.unit);
  if (bc_ran_elsewhere (vi, ki))
    snprintf (buf + n, 64 - n, " [%s!]", BC_RES (vi, ki)->device);
  else if (vi != 0 && BC_RES (0, ki)->done)
    snprintf (buf + n, 64 - n, " (%.2fx)", t / cpu_t);
}

BC_UNUSED static void
bc_cell_median (int vi, int ki, char *buf)
{
  bc_cell_time (vi, ki, BC_RES (vi, ki)->median, BC_RES (0, ki)->median, buf);
}

BC_UNUSED static void
bc_cell_min (int vi, int ki, char *buf)
{
  bc_cell_time (vi, ki, BC_RES (vi, ki)->min, BC_RES (0, ki)->min, buf);
}

BC_UNUSED static void
bc_cell_spread (int vi, int ki, char *buf)
{
  const struct result *r = BC_RES (vi, ki);
  int n = snprintf (buf, 64, bc.fmt, r->min * bc.unit);
  buf[n++] = '-';
  snprintf (buf + n, 64 - n, bc.fmt, r->max * bc.unit);
}

/* The differences from the reference: "exact", or how many elements
   differ and the largest difference; BAD if out of tolerance.  */

BC_UNUSED static void
bc_cell_diffs (int vi, int ki, char *buf)
{
  const struct result *r = BC_RES (vi, ki);
  const char *bad = r->fails ? " BAD" : "";
  if (r->diffs == 0)
    sprintf (buf, "exact");
  else
    sprintf (buf, "%ld (%.2g)%s", r->diffs, r->maxdiff, bad);
}

BC_UNUSED static void
bc_cell_device (int vi, int ki, char *buf)
{
  sprintf (buf, "%s%s", BC_RES (vi, ki)->device,
	   bc_ran_elsewhere (vi, ki) ? "!" : "");
}

/* The "ran on" table, a NOTE per kernel and variant that ran elsewhere,
   and the count of disturbed calls.  */

BC_UNUSED static void
bc_print_ran_on (void)
{
  bc_print_table ("ran on", bc_cell_device);
  printf ("(the device Gangway reports for the last launch of the check "
	  "call; - for\n builds without Gangway; ! where it is not the "
	  "variant's device)\n");
  for (int ki = 0; ki < bc.nk; ki++)
    for (int vi = 0; vi < bc.nv; vi++)
      if (in_list (only_kernels, bc.kname[ki])
	  && in_list (only_variants, bc.vname[vi])
	  && bc_ran_elsewhere (vi, ki))
	printf ("NOTE: %s of %s ran on %s, not on the %s device (Gangway "
		"refused the region:\n      see the compiler's warning); its "
		"times are marked [%s!]\n", bc.kname[ki], bc.vname[vi],
		BC_RES (vi, ki)->device, bc.expect[vi],
		BC_RES (vi, ki)->device);
  printf ("load average at the end: %.2f; of %d timed calls, %d were "
	  "redone because\nother processes ran, %d kept although they did "
	  "(after %d tries)\n", loadavg (), total_calls, redone_calls,
	  noisy_calls, max_attempts);
}

#endif
