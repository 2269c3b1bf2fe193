/* The synchronous data API after a queued region, without a wait (issue
   38, item 3): acc_copyout, acc_update_self, acc_memcpy_from_device,
   acc_copyout_finalize and acc_delete, and the async forms
   acc_memcpy_from_device_async and acc_update_self_async on the region's
   queue, return the region's results: each waits for the cpu device's
   queue first (libruntime/data-api.c).  The region is long enough to be
   queued (the pool's runner needs a second thread).  */
/* { dg-do run } */
/* { dg-set-target-env-var GANGWAY_NUM_THREADS "2" } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 21)

static int failures;

/* A region of some milliseconds on queue 1 that makes A[I] = V.  */

static void
fill (int *a, int v)
{
#pragma acc parallel loop present(a[0:N]) async(1)
  for (int i = 0; i < N; i++)
    {
      int x = i;
      for (int k = 0; k < 40; k++)
	x = (x * 1103515245 + 12345) & 0x7fffffff;
      a[i] = v + (x & 0);
    }
}

static void
check (const char *what, const int *a, int v)
{
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += a[i] != v;
  if (bad)
    {
      fprintf (stderr, "%s: %d elements not %d (a[0] = %d)\n", what, bad, v,
	       a[0]);
      failures++;
    }
}

int
main (void)
{
  int *a = malloc (N * sizeof *a);
  int *b = malloc (N * sizeof *b);
  size_t size = N * sizeof *a;
  for (int i = 0; i < N; i++)
    a[i] = b[i] = 0;

  acc_copyin (a, size);
  fill (a, 6);
  acc_copyout (a, size);
  check ("acc_copyout", a, 6);

  acc_copyin (a, size);
  fill (a, 7);
  acc_update_self (a, size);
  check ("acc_update_self", a, 7);

  fill (a, 8);
  acc_memcpy_from_device (b, acc_deviceptr (a), size);
  check ("acc_memcpy_from_device", b, 8);

  fill (a, 9);
  acc_memcpy_from_device_async (b, acc_deviceptr (a), size, 1);
  acc_wait (1);
  check ("acc_memcpy_from_device_async", b, 9);

  fill (a, 10);
  acc_update_self_async (a, size, 1);
  acc_wait (1);
  check ("acc_update_self_async", a, 10);

  fill (a, 11);
  acc_copyout_finalize (a, size);
  check ("acc_copyout_finalize", a, 11);

  acc_create (a, size);
  fill (a, 12);
  acc_delete (a, size);
#ifdef GANGWAY_MEM_SEPARATE
  /* The device's copy goes without a copy back.  */
  check ("acc_delete", a, 11);
#else
  check ("acc_delete", a, 12);
#endif

  free (a);
  free (b);
  if (failures)
    abort ();
  return 0;
}

/* { dg-output "(gangway: launch fill._omp_fn.0 device=cpu \[^\n\]* async=1(\n|\r\n|\r)){7}" } */
