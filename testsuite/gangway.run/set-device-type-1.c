/* acc_set_device_type and acc_set_device_num choose where the next
   regions run (issue 38, item 5): acc_device_host runs their host
   versions (acc_on_device (acc_device_host) is true in them, the launch
   log says reason=acc_set_device_type), acc_device_default and
   acc_device_not_host the device again.  */
/* { dg-do run } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

static int failures;

/* Run a region; check that it ran on the host if HOST, else on the
   device, and that it computed its result.  */

static void
run (const char *what, int host)
{
  int on_host = -1, on_dev = -1, sum = 0;
#pragma acc parallel loop reduction(+:sum) copy(on_host, on_dev)
  for (int i = 0; i < 100; i++)
    {
      if (i == 0)
	{
	  on_host = acc_on_device (acc_device_host);
	  on_dev = acc_on_device (acc_device_not_host);
	}
      sum += i;
    }
  if (on_host != host || on_dev != !host || sum != 4950)
    {
      fprintf (stderr, "%s: on_host %d, on_not_host %d, sum %d; expected "
	       "%d %d 4950\n", what, on_host, on_dev, sum, host, !host);
      failures++;
    }
}

int
main (void)
{
  run ("at start", 0);
  acc_set_device_type (acc_device_host);
  run ("acc_device_host", 1);
  if (acc_get_device_type () != acc_device_host)
    {
      fprintf (stderr, "acc_get_device_type: %d\n",
	       (int) acc_get_device_type ());
      failures++;
    }
  acc_set_device_type (acc_device_default);
  run ("acc_device_default", 0);
  acc_set_device_num (0, acc_device_host);
  run ("acc_set_device_num (0, acc_device_host)", 1);
  acc_set_device_type (acc_device_not_host);
  run ("acc_device_not_host", 0);
  if (failures)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch run._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=acc_set_device_type(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run._omp_fn.0 device=host gangs=1 workers=1 vector=1 reason=acc_set_device_type(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch run._omp_fn.0 device=cpu " } */
