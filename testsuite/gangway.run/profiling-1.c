/* The OpenACC profiling interface sees regions that run on the cpu
   device: a compute-construct start and end event around each launch,
   from the host device (what acc_get_device_type says), as libgomp
   reports its own host fallback.  */
/* { dg-do run } */

#include <acc_prof.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static int starts, ends, bad;

static void
on_start (acc_prof_info *pi, acc_event_info *ei, acc_api_info *ai)
{
  (void) ei;
  (void) ai;
  bad += starts != ends || pi->device_type != acc_device_host;
  starts++;
}

static void
on_end (acc_prof_info *pi, acc_event_info *ei, acc_api_info *ai)
{
  (void) ei;
  (void) ai;
  ends++;
  bad += starts != ends || pi->device_type != acc_device_host;
}

int
main (void)
{
  static float a[N];

  acc_prof_register (acc_ev_compute_construct_start, on_start, acc_reg);
  acc_prof_register (acc_ev_compute_construct_end, on_end, acc_reg);

  for (int rep = 0; rep < 3; rep++)
    {
#pragma acc parallel loop copy(a)
      for (int i = 0; i < N; i++)
	a[i] += i * 0.5f;
    }

  for (int i = 0; i < N; i++)
    if (a[i] != 3 * (i * 0.5f))
      abort ();
  if (starts != 3 || ends != 3 || bad)
    {
      fprintf (stderr, "%d starts, %d ends, %d bad\n", starts, ends, bad);
      abort ();
    }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu\[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.0 device=cpu\[^\n\]*\n" } */
/* { dg-output "gangway: launch main._omp_fn.0 device=cpu" } */
