/* Indices that GCC computes in unsigned 32-bit arithmetic and then
   sign-extends: the cpu device's vector loads and stores step them as
   consecutive addresses after testing at run time that the lanes do not
   wrap past INT32_MAX (config/cpu/strides.cc, find_guards).  Here they
   do, for some vectors: those lanes' addresses jump by 4 GiB back, and
   the accesses must follow them.  The memory is 4 GiB of address space
   reserved around MID, of which only the pages used are touched.  */
/* { dg-do run } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#define N 100

static void
update (uint8_t *mid, unsigned u, int n, int k)
{
#pragma acc parallel loop deviceptr(mid)
  for (int i = 0; i < n; i++)
    mid[(int) (u + (unsigned) i)] += (uint8_t) (i * k + 1);
}

static void
update_host (uint8_t *mid, unsigned u, int n, int k)
{
  for (int i = 0; i < n; i++)
    mid[(int) (u + (unsigned) i)] += (uint8_t) (i * k + 1);
}

int
main (void)
{
  size_t span = (size_t) 1 << 32, page = 1 << 16;
  uint8_t *base = mmap (NULL, span + 2 * page, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED)
    {
      printf ("no 4 GiB of address space: not tested\n");
      printf ("ok\n");
      return 0;
    }
  uint8_t *mid = base + page + span / 2;
  static uint8_t want_hi[N], want_lo[N];
  int bad = 0;
  /* Starts that wrap in the first vector, in a later one, at its last
     lane, and never.  */
  static const unsigned starts[] = { 0x7ffffffcu, 0x7fffffd0u, 0x7fffffc1u,
				     0x7fffff00u, 12345u };
  for (int s = 0; s < 5; s++)
    {
      unsigned u = starts[s];
      for (int i = 0; i < N; i++)
	{
	  int idx = (int) (u + (unsigned) i);
	  mid[idx] = (uint8_t) (idx * 7);
	}
      /* The host's answer, on the same bytes, then undone.  */
      for (int i = 0; i < N; i++)
	{
	  int idx = (int) (u + (unsigned) i);
	  want_lo[i] = mid[idx];
	}
      update_host (mid, u, N, s + 3);
      for (int i = 0; i < N; i++)
	{
	  int idx = (int) (u + (unsigned) i);
	  want_hi[i] = mid[idx];
	  mid[idx] = want_lo[i];
	}
      update (mid, u, N, s + 3);
      for (int i = 0; i < N; i++)
	{
	  int idx = (int) (u + (unsigned) i);
	  if (mid[idx] != want_hi[i])
	    {
	      printf ("start %#x, i %d (index %d): %d, not %d\n", u, i, idx,
		      mid[idx], want_hi[i]);
	      bad++;
	      break;
	    }
	}
    }
  munmap (base, span + 2 * page);
  printf ("%s\n", bad ? "FAIL" : "ok");
  return bad != 0;
}

/* { dg-output "(gangway: launch update._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)){5}ok" } */
