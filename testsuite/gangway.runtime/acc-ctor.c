/* Regions run from static constructors, for run-tests.sh: one in this
   program's constructor, and one in the constructor of the shared
   library the program dlopens (acc-ctor-lib.c, its first argument).
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   COPYING.

   Both must run on the cpu device and be named in the launch log: each
   unit registers its kernels before its object's own constructors run.
   Prints "ok" on success.  */

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000

static int a[N];

__attribute__ ((constructor)) static void
main_ctor (void)
{
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < N; i++)
    a[i] = 2 * i;
}

int
main (int argc, char **argv)
{
  for (int i = 0; i < N; i++)
    if (a[i] != 2 * i)
      {
	fprintf (stderr, "a[%d] = %d\n", i, a[i]);
	return 1;
      }
  if (argc < 2)
    return 2;
  void *h = dlopen (argv[1], RTLD_NOW);
  if (h == NULL)
    {
      fprintf (stderr, "%s\n", dlerror ());
      return 1;
    }
  int (*check) (void) = (int (*) (void)) dlsym (h, "lib_check");
  if (check == NULL || check () != 0)
    return 1;
  dlclose (h);
  printf ("ok\n");
  return 0;
}
