/* The OpenACC data API on the engine (libruntime/data-api.c): each call
   together with the regions that use what it mapped, in both memory
   views.  Shared (the cpu device): the device address of host data is
   the host address and nothing moves.  Separate (gangway.separate,
   GANGWAY_MEM_SEPARATE, and a GPU): each call moves exactly what the
   specification says, and the host sees the device's writes only where
   a call copies them back.  */
/* { dg-do run } */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* OpenACC 2.6's, which GCC 12's openacc.h lacks.  */
extern void acc_memcpy_device (void *, void *, size_t);
extern void acc_memcpy_device_async (void *, void *, size_t, int);

#define N 1000

static int failures;

static void
expect (int ok, const char *what)
{
  if (!ok)
    {
      fprintf (stderr, "%s: wrong\n", what);
      failures++;
    }
}

/* Whether the device has memory of its own: known from acc_copyin's
   answer, and required in the separate view.  */
static int separate;

/* The host's view of A after the device set it to V and nothing copied
   it back: V with shared memory, OLD with separate.  */
#define UNSEEN(V, OLD) (separate ? (OLD) : (V))

static int
all (const int *a, int v)
{
  for (int i = 0; i < N; i++)
    if (a[i] != v)
      return 0;
  return 1;
}

static void
set (int *a, int v)
{
#pragma acc parallel loop present(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] = v;
}

struct list
{
  int n;
  int *items;
};

int
main (void)
{
  int *a = malloc (N * sizeof *a);
  int *b = malloc (N * sizeof *b);
  size_t size = N * sizeof *a;

  /* acc_copyin, acc_is_present, acc_deviceptr, acc_hostptr.  */
  for (int i = 0; i < N; i++)
    a[i] = 1;
  int *d = acc_copyin (a, size);
  separate = d != a;
  expect (d != NULL && acc_deviceptr (a) == d, "acc_copyin's address");
#ifdef GANGWAY_MEM_SEPARATE
  expect (separate, "a device copy in the separate view");
#endif
  expect (acc_hostptr (d) == a, "acc_hostptr");
  expect (acc_deviceptr (a + 10) == d + 10, "acc_deviceptr inside");
  expect (acc_is_present (a, size) && acc_is_present (a + 5, 8),
	  "acc_is_present");
  expect (separate ? !acc_is_present (a, size + 4) : 1,
	  "acc_is_present beyond the end");
  expect (separate ? !acc_is_present (b, size) : acc_is_present (b, size),
	  "acc_is_present of b");
  expect (separate ? acc_deviceptr (b) == NULL : acc_deviceptr (b) == b,
	  "acc_deviceptr of b");

  /* The dynamic reference count: a second acc_copyin does not copy; one
     acc_copyout of two leaves the data present.  */
  a[0] = 99;
  acc_copyin (a, size);
  set (a, 2);
  acc_copyout (a, size);
  expect (a[0] == UNSEEN (2, 99) && acc_is_present (a, size),
	  "acc_copyout of one of two references");
  acc_update_self (a, size);
  expect (all (a, 2), "acc_update_self");
  for (int i = 0; i < N; i++)
    a[i] = 3;
  acc_update_device (a, size);
#pragma acc parallel loop present(a[0:N])
  for (int i = 0; i < N; i++)
    a[i] += 1;
  acc_copyout (a, size);
  expect (all (a, 4), "acc_copyout of the last reference");
  expect (separate ? !acc_is_present (a, size) : 1, "absent after copyout");

  /* acc_create, then acc_copyout_finalize of two references.  */
  acc_create (a, size);
  acc_create (a, size);
  set (a, 5);
  acc_copyout_finalize (a, size);
  expect (all (a, 5), "acc_copyout_finalize");
  expect (separate ? !acc_is_present (a, size) : 1,
	  "absent after copyout_finalize");

  /* acc_delete copies nothing back; acc_delete_finalize.  */
  acc_copyin (a, size);
  set (a, 6);
  acc_delete (a, size);
  expect (all (a, UNSEEN (6, 5)), "acc_delete");
  acc_copyin (a, size);
  acc_copyin (a, size);
  acc_delete_finalize (a, size);
  expect (separate ? !acc_is_present (a, size) : 1, "acc_delete_finalize");

  /* acc_malloc, acc_memcpy_to_device, a deviceptr region,
     acc_memcpy_device, acc_memcpy_from_device, acc_free.  */
  int *m = acc_malloc (size);
  int *m2 = acc_malloc (size);
  expect (m != NULL && m2 != NULL, "acc_malloc");
  expect (acc_malloc (0) == NULL, "acc_malloc (0)");
  expect (separate ? acc_hostptr (m) == NULL : 1, "acc_hostptr of acc_malloc");
  for (int i = 0; i < N; i++)
    b[i] = i;
  acc_memcpy_to_device (m, b, size);
#pragma acc parallel loop deviceptr(m)
  for (int i = 0; i < N; i++)
    m[i] = 2 * m[i] + 1;
  acc_memcpy_device (m2, m, size);
  memset (b, 0, size);
  acc_memcpy_from_device (b, m2, size);
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= b[i] == 2 * i + 1;
  expect (ok, "acc_memcpy_* and deviceptr");

  /* acc_map_data: host data mapped to acc_malloc's memory, used by a
     present region, then unmapped; the memory stays the program's.  */
  if (separate)
    {
      for (int i = 0; i < N; i++)
	a[i] = -1;
      acc_map_data (a, m, size);
      expect (acc_is_present (a, size) && acc_deviceptr (a) == m
	      && acc_hostptr (m) == a, "acc_map_data");
#pragma acc parallel loop present(a[0:N])
      for (int i = 0; i < N; i++)
	a[i] = a[i] - 1;
      /* A copyout does not end a mapping acc_map_data made.  */
      acc_copyout (a, size);
      expect (acc_is_present (a, size) && a[0] == -1,
	      "acc_copyout of mapped data");
      acc_update_self (a, size);
      expect (a[7] == 2 * 7 + 1 - 1, "acc_map_data's memory");
      acc_unmap_data (a);
      expect (!acc_is_present (a, size), "acc_unmap_data");
      acc_memcpy_from_device (b, m, sizeof (int));
      expect (b[0] == 0, "acc_unmap_data keeps the memory");
    }
  acc_free (m);
  acc_free (m2);
  acc_free (NULL);

  /* acc_attach, acc_detach: a struct's pointer member.  */
  struct list l = { N, a };
  for (int i = 0; i < N; i++)
    a[i] = i;
  acc_copyin (&l, sizeof l);
  acc_copyin (a, size);
  acc_attach ((void **) &l.items);
#pragma acc parallel loop present(l)
  for (int i = 0; i < l.n; i++)
    l.items[i] += 10;
  acc_detach ((void **) &l.items);
  acc_copyout (a, size);
  acc_copyout (&l, sizeof l);
  expect (l.items == a && a[0] == 10 && a[N - 1] == N - 1 + 10,
	  "acc_attach");

  /* The async forms, on queue 2, then a wait.  */
  for (int i = 0; i < N; i++)
    a[i] = 7;
  acc_copyin_async (a, size, 2);
#pragma acc parallel loop present(a[0:N]) async(2)
  for (int i = 0; i < N; i++)
    a[i] *= 3;
  acc_update_self_async (a, size, 2);
  acc_wait (2);
  expect (all (a, 21), "acc_update_self_async");
  acc_memcpy_from_device_async (b, acc_deviceptr (a), size, 2);
  acc_delete_async (a, size, 2);
  acc_wait (2);
  expect (all (b, 21), "acc_memcpy_from_device_async");
  expect (separate ? !acc_is_present (a, size) : 1, "acc_delete_async");

  free (a);
  free (b);
  if (failures)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch set._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "(.*(\n|\r\n|\r))*gangway: launch main._omp_fn.0 device=cpu" } */
