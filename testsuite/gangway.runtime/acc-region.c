/* Real OpenACC regions, compiled by plain GCC, through libgangway.
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

/* run-tests.sh compiles this with -fopenacc -foffload=disable and then
   renames the object's GOACC_parallel_keyed references to acc-shim.c's,
   which calls gangway_parallel_keyed: the plugin's rewrite without the
   plugin.  The regions are registered nowhere, so they take the host
   path (reason not-offloaded, or if-clause), with the launch words GCC
   really emits: a runtime num_gangs, async and wait.  Each region counts
   its runs; the exit status says whether the results are right.  */

#include <stdio.h>
#include <string.h>

#include "gangway.h"

int
main (int argc, char **argv)
{
  (void) argv;
  static int a[1000];
  int n = 1000, ng = argc + 3, runs = 0, bad = 0;

#pragma acc parallel loop copy(a[0:n], runs) num_gangs(ng) async(3) wait(1, 2)
  for (int i = 0; i < n; i++)
    {
      a[i] = 2 * i;
      if (i == 0)
	runs++;
    }
#pragma acc wait

  for (int i = 0; i < n; i++)
    bad |= a[i] != 2 * i;
  if (bad || runs != 1
      || strcmp (gangway_last_launch_device (), "host") != 0)
    {
      fprintf (stderr, "FAIL: first region (runs=%d)\n", runs);
      return 1;
    }

#pragma acc parallel loop copy(a[0:n], runs) if(argc > 100)
  for (int i = 0; i < n; i++)
    {
      a[i] = 3 * i;
      if (i == 0)
	runs++;
    }

  for (int i = 0; i < n; i++)
    bad |= a[i] != 3 * i;
  if (bad || runs != 2)
    {
      fprintf (stderr, "FAIL: second region (runs=%d)\n", runs);
      return 1;
    }
  return 0;
}
