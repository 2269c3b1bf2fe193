/* Real OpenACC regions and data directives compiled with the plugin, for
   the ptx device under the fake CUDA driver.
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

/* run-tests.sh compiles this with the build tree's plugin for the cpu and
   ptx targets, when it is given the plugin, and runs it under the fake
   driver of fake-cuda.c and on the cpu device.  The fake driver runs no
   kernel, but it pretends to run those whose name contains "incr": it
   adds 1 to every int of the object the first data word points to, which
   is what incr_all's region does (its kernel is gw_kN_incr_all__omp_fn_0,
   and a[0:n] is its first mapping).  The exit status says whether the
   results are right, which they are only if the data went to the device
   and came back at the right times.  */

#include <stdio.h>
#include <stdlib.h>

/* Add 1 to a[0..n), which must be present on the device.  */

static void __attribute__ ((noinline))
incr_all (int *a, int n)
{
#pragma acc parallel loop present(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
}

int
main (void)
{
  int n = 1000;
  int *a = malloc (n * sizeof *a);

  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc enter data copyin(a[0:n])
  incr_all (a, n);
  incr_all (a, n);
#pragma acc update self(a[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] != i + 2)
      {
	fprintf (stderr, "FAIL: after update self, a[%d] = %d\n", i, a[i]);
	return 1;
      }
#pragma acc data copy(a[0:n])
  incr_all (a, n);
#pragma acc exit data copyout(a[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] != i + 3)
      {
	fprintf (stderr, "FAIL: after exit data, a[%d] = %d\n", i, a[i]);
	return 1;
      }
  free (a);
  return 0;
}
