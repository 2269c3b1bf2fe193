/* A plugin-compiled program with async queues on the ptx device.
   Copyright (C) 2026 The Gangway developers.

   This file is part of Gangway.

   Gangway is free software; you can redistribute it and/or modify it under
   the terms of the GNU General Public License as published by the Free
   Software Foundation; either version 3, or (at your option) any later
   version.

   Gangway is distributed in the hope that it will be useful, but WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS
   FOR A PARTICULAR PURPOSE.  See the GNU General Public License for more
   details.

   You should have received a copy of the GNU General Public License along
   with Gangway; see the file COPYING.  If not see
   <http://www.gnu.org/licenses/>.  */

/* Like acc-ptx.c, which says how the fake driver pretends to run the
   kernels whose names contain "incr": run-tests.sh runs this under the
   fake driver, whose streams run their work only when the host waits,
   and on the cpu device.  Regions on two queues, one with a wait clause
   for the other, an update self on a queue, the wait directive, and the
   queue API: the results are right only if every wait waited for what it
   names, and the driver's log shows how many times the host waited.  */

#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

/* Add 1 to a[0..n) on queue Q.  */

static void __attribute__ ((noinline))
incr_on (int *a, int n, int q)
{
#pragma acc parallel loop present(a[0:n]) async(q)
  for (int i = 0; i < n; i++)
    a[i] += 1;
}

/* The same, once queue W's work so far is done.  */

static void __attribute__ ((noinline))
incr_after (int *a, int n, int q, int w)
{
#pragma acc parallel loop present(a[0:n]) async(q) wait(w)
  for (int i = 0; i < n; i++)
    a[i] += 1;
}

static int
check (const char *what, const int *a, int n, int add)
{
  for (int i = 0; i < n; i++)
    if (a[i] != i + add)
      {
	fprintf (stderr, "FAIL: %s: a[%d] = %d, expected %d\n", what, i,
		 a[i], i + add);
	return 1;
      }
  return 0;
}

int
main (void)
{
  int n = 1000;
  int *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b);

  for (int i = 0; i < n; i++)
    a[i] = b[i] = i;
#pragma acc enter data copyin(a[0:n], b[0:n])
  for (int k = 0; k < 4; k++)
    incr_on (a, n, 1);
  incr_on (b, n, 2);
  incr_after (b, n, 2, 1);
#pragma acc update self(a[0:n]) async(1)
#pragma acc wait(1)
  if (check ("a after wait(1)", a, n, 4))
    return 1;
#pragma acc update self(b[0:n]) async(2)
#pragma acc wait
  if (check ("b after wait", b, n, 2))
    return 1;
  if (!acc_async_test (1) || !acc_async_test (2) || !acc_async_test_all ())
    {
      fprintf (stderr, "FAIL: acc_async_test after the waits\n");
      return 1;
    }
#pragma acc exit data delete(a[0:n], b[0:n])
  free (a);
  free (b);
  return 0;
}
