/* The acc_* queries: the device type is the cpu device's,
   acc_device_not_host, with its properties; the data queries answer as
   under GCC's host fallback (the cpu device shares the host's memory),
   and in the separate view (gangway.separate) with the device's copy.  */
/* { dg-do run } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 500

static int a[N];

static void
check (int got, int want, const char *what)
{
  if (got != want)
    {
      fprintf (stderr, "%s = %d, expected %d\n", what, got, want);
      abort ();
    }
}

int
main (void)
{
  check (acc_get_num_devices (acc_device_host), 1,
	 "acc_get_num_devices (acc_device_host)");
  /* The cpu device is an accelerator of no vendor's (libruntime/api.c):
     regions run on it, not on the host.  */
  check (acc_get_device_type (), acc_device_not_host,
	 "acc_get_device_type ()");
  check (acc_get_num_devices (acc_device_not_host) >= 1, 1,
	 "acc_get_num_devices (acc_device_not_host) >= 1");
  check (acc_get_num_devices (acc_device_radeon), 0,
	 "acc_get_num_devices (acc_device_radeon)");
  check (acc_get_device_num (acc_device_not_host), 0,
	 "acc_get_device_num (acc_device_not_host)");
  check (acc_get_property (0, acc_device_not_host, acc_property_memory) > 0,
	 1, "acc_get_property (memory) > 0");
  const char *name = acc_get_property_string (0, acc_device_not_host,
					      acc_property_name);
  check (name != NULL && strstr (name, "Gangway cpu device") == name, 1,
	 "acc_get_property_string (name)");
#ifdef GANGWAY_MEM_SEPARATE
  check (strstr (name, "separate memory") != NULL, 1,
	 "the name says separate memory");
#endif
  check (acc_on_device (acc_device_host), 1,
	 "acc_on_device (acc_device_host) on the host");
  acc_init (acc_device_not_host);

#pragma acc data copy(a)
  {
    check (acc_is_present (a, sizeof a), 1, "acc_is_present (a)");
#ifdef GANGWAY_MEM_SEPARATE
    /* The device's copy (the separate view, gangway.separate).  */
    check (acc_deviceptr (a) != NULL && acc_deviceptr (a) != (void *) a, 1,
	   "acc_deviceptr (a) is a copy");
    check (acc_hostptr (acc_deviceptr (a)) == (void *) a, 1,
	   "acc_hostptr (acc_deviceptr (a)) == a");
#else
    check (acc_deviceptr (a) == (void *) a, 1, "acc_deviceptr (a) == a");
#endif
#pragma acc parallel loop present(a)
    for (int i = 0; i < N; i++)
      a[i] = 2 * i + 1;
  }

  for (int i = 0; i < N; i++)
    if (a[i] != 2 * i + 1)
      {
	fprintf (stderr, "a[%d] = %d, expected %d\n", i, a[i], 2 * i + 1);
	abort ();
      }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
