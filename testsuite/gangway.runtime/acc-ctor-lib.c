/* A shared library whose constructor runs a region, for acc-ctor.c.
   Copyright (C) 2026 The Gangway developers.
   This file is part of Gangway, licensed under the GPL v3 or later; see
   COPYING.  */

#define N 1000

static int b[N];

__attribute__ ((constructor)) static void
lib_ctor (void)
{
#pragma acc parallel loop copyout(b)
  for (int i = 0; i < N; i++)
    b[i] = 3 * i;
}

/* Return 0 if the constructor's region computed b.  */

int
lib_check (void)
{
  for (int i = 0; i < N; i++)
    if (b[i] != 3 * i)
      return 1;
  return 0;
}
