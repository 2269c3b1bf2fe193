/* A region launched 100000 times does not leak: after 1000 launches to
   warm up, the heap in use (mallinfo2, or AddressSanitizer's count when
   its runtime is loaded: gangway.sanitize) and the resident set (not
   under AddressSanitizer, whose quarantine keeps freed memory) do not
   grow by more than 64 KiB and 4 MiB; the result is exact.  The figures
   go to stderr.  */
/* { dg-do run } */

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define N 64
#define WARMUP 1000
#define LAUNCHES 100000

static long a[N];

/* AddressSanitizer's count of the bytes allocated, if it is loaded.  */
extern size_t __sanitizer_get_current_allocated_bytes (void)
  __attribute__ ((weak));

/* The heap in use, in bytes.  */

static size_t
heap (void)
{
  if (__sanitizer_get_current_allocated_bytes)
    return __sanitizer_get_current_allocated_bytes ();
  return mallinfo2 ().uordblks;
}

/* The resident set of this process, in bytes.  */

static long
rss (void)
{
  long pages = 0, resident = 0;
  FILE *f = fopen ("/proc/self/statm", "r");
  if (f == NULL || fscanf (f, "%ld %ld", &pages, &resident) != 2)
    abort ();
  fclose (f);
  return resident * sysconf (_SC_PAGESIZE);
}

static void
launch (void)
{
#pragma acc parallel loop copy(a)
  for (int i = 0; i < N; i++)
    a[i] += i;
}

int
main (void)
{
  for (int r = 0; r < WARMUP; r++)
    launch ();
  size_t heap0 = heap ();
  long rss0 = rss ();
  struct timespec t0, t1;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  for (int r = 0; r < LAUNCHES; r++)
    launch ();
  clock_gettime (CLOCK_MONOTONIC, &t1);
  size_t heap1 = heap ();
  long rss1 = rss ();
  double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
  fprintf (stderr, "launches: %d in %.3f s (%.0f/s); heap in use %zu -> "
	   "%zu bytes; resident %ld -> %ld KiB\n", LAUNCHES, s, LAUNCHES / s,
	   heap0, heap1, rss0 / 1024, rss1 / 1024);

  for (int i = 0; i < N; i++)
    if (a[i] != (long) (WARMUP + LAUNCHES) * i)
      {
	fprintf (stderr, "a[%d] = %ld\n", i, a[i]);
	abort ();
      }
  if (heap1 > heap0 + 64 * 1024
      || (!__sanitizer_get_current_allocated_bytes
	  && rss1 > rss0 + 4 * 1024 * 1024))
    {
      fprintf (stderr, "memory grows\n");
      abort ();
    }
  return 0;
}

/* { dg-output "launches: 100000 in \[0-9.\]+ s" } */
