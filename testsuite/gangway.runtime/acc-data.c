/* Real OpenACC data directives, compiled by plain GCC, through libgangway.
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

/* run-tests.sh compiles this with -fopenacc -foffload=disable and renames
   the object's GOACC_* references to libgangway's entry points, which is
   the plugin's rewrite without the plugin: the runtime gets the mapping
   kinds GCC 12 really emits.  The regions are registered nowhere, so
   they run on the host; under the fake CUDA driver the data directives
   map the data on the ptx device, and the regions must still see and
   leave the device's copy current.  The exit status says whether the
   results are right.  */

#include <stdio.h>
#include <stdlib.h>

struct vec
{
  int n;
  int *p;
};

int
main (void)
{
  int n = 1000;
  int *a = malloc (n * sizeof *a);
  int b[64];
  struct vec v = { 64, b };

  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int i = 0; i < 64; i++)
    b[i] = -i;

#pragma acc enter data copyin(a[0:n])
#pragma acc parallel loop present(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1;
#pragma acc update self(a[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] != i + 1)
      {
	fprintf (stderr, "FAIL: after update self, a[%d] = %d\n", i, a[i]);
	return 1;
      }

#pragma acc data copy(b) copyin(v)
  {
#pragma acc parallel loop present(a[0:n]) copy(n)
    for (int i = 0; i < n; i++)
      a[i] *= 2;
#pragma acc parallel loop
    for (int i = 0; i < 64; i++)
      b[i] += 100;
  }
  for (int i = 0; i < 64; i++)
    if (b[i] != 100 - i)
      {
	fprintf (stderr, "FAIL: after the data construct, b[%d] = %d\n", i,
		 b[i]);
	return 1;
      }

#pragma acc exit data copyout(a[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] != 2 * (i + 1))
      {
	fprintf (stderr, "FAIL: after exit data, a[%d] = %d\n", i, a[i]);
	return 1;
      }
  free (a);
  return 0;
}
