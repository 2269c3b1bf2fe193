/* The profiling interface's events of the mapping engine: an allocation
   and a free per mapped object, with its size, its device address and
   its variable's name, the copies in and out, each with the construct
   and the line it belongs to; acc_malloc's too; a callback turned off
   gets none, one unregistered none.  */
/* { dg-do run } */

#include <acc_prof.h>
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int allocs, frees, ups, downs, quiet;
static const void *last_alloc, *last_free;
static size_t last_bytes;

static void
cb (acc_prof_info *pi, acc_event_info *ei, acc_api_info *ai)
{
  acc_data_event_info *d = &ei->data_event;

  if (d->event_type != pi->event_type || ai->device_type != pi->device_type)
    abort ();
  switch (pi->event_type)
    {
    case acc_ev_alloc:
      allocs++;
      last_alloc = d->device_ptr;
      last_bytes = d->bytes;
      break;
    case acc_ev_free:
      frees++;
      last_free = d->device_ptr;
      break;
    case acc_ev_enqueue_upload_start:
      ups++;
      break;
    case acc_ev_enqueue_download_start:
      downs++;
      break;
    default:
      abort ();
    }
  if (d->var_name)
    printf ("event %d %s %zu line %d construct %d\n", (int) pi->event_type,
	    d->var_name, d->bytes, pi->line_no, (int) d->parent_construct);
}

static void
never (acc_prof_info *pi, acc_event_info *ei, acc_api_info *ai)
{
  quiet++;
}

int
main (void)
{
  int n = 1000;
  float *a = malloc (n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i;

  acc_prof_register (acc_ev_alloc, cb, acc_reg);
  acc_prof_register (acc_ev_free, cb, acc_reg);
  acc_prof_register (acc_ev_enqueue_upload_start, cb, acc_reg);
  acc_prof_register (acc_ev_enqueue_download_start, cb, acc_reg);
  acc_prof_register (acc_ev_alloc, never, acc_reg);
  acc_prof_unregister (acc_ev_alloc, never, acc_reg);
  acc_prof_register (acc_ev_free, never, acc_reg);
  acc_prof_unregister (acc_ev_free, never, acc_toggle);

#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
  if (allocs != 1 || frees != 1 || ups != 1 || downs != 1
      || last_bytes != n * sizeof *a || last_alloc != last_free)
    {
      fprintf (stderr, "copy: %d %d %d %d %zu\n", allocs, frees, ups, downs,
	       last_bytes);
      abort ();
    }

  void *d = acc_malloc (256);
  if (allocs != 2 || last_alloc != d || last_bytes != 256)
    abort ();
  acc_free (d);
  if (frees != 2 || last_free != d)
    abort ();

#pragma acc enter data create(a[0:n])
  if (allocs != 3 || ups != 1 || last_alloc != acc_deviceptr (a))
    abort ();
#pragma acc update device(a[0:n])
#pragma acc exit data delete(a[0:n])
  if (frees != 3 || ups != 2 || downs != 1 || quiet != 0)
    abort ();

  acc_prof_unregister (acc_ev_alloc, cb, acc_reg);
#pragma acc parallel loop copyin(a[0:n])
  for (int i = 0; i < n; i++)
    ;
  if (allocs != 3 || frees != 4)
    abort ();
  for (int i = 0; i < n; i++)
    if (a[i] != i + 1)
      abort ();
  printf ("done\n");
  return 0;
}

/* acc_ev_alloc (8), acc_ev_enqueue_upload_start (20), _download_start
   (22), acc_ev_free (9); acc_construct_parallel (0), enter_data (4),
   exit_data (5), update (12).  */
/* { dg-output "event 8 a 4000 line 73 construct 0(\n|\r\n|\r)" } */
/* { dg-output "event 20 a 4000 line 73 construct 0(\n|\r\n|\r)" } */
/* { dg-output "event 22 a 4000 line 73 construct 0(\n|\r\n|\r)" } */
/* { dg-output "event 9 a 4000 line 73 construct 0(\n|\r\n|\r)" } */
/* { dg-output "event 8 a 4000 line 91 construct 4(\n|\r\n|\r)" } */
/* { dg-output "event 20 a 4000 line 94 construct 12(\n|\r\n|\r)" } */
/* { dg-output "event 9 a 4000 line 95 construct 5(\n|\r\n|\r)" } */
/* { dg-output "event 20 a 4000 line 100 construct 0(\n|\r\n|\r)" } */
/* { dg-output "event 9 a 4000 line 100 construct 0(\n|\r\n|\r)" } */
/* { dg-output "done" } */
