/* Found by gangway-fuzz (seed 10449, -O1, and 10577; reduced, then by
   hand).  A local copy of a struct read from an array, then its _Bool
   field: the expander meets a VIEW_CONVERT_EXPR between types of
   different sizes and refuses it ("gangway: a view-conversion between
   types of different size"); the region runs on the host.  -O1 and
   above.  */
/* { dg-do run } */
/* { dg-additional-options "-O1" } */

#include <stdint.h>
#include <stdlib.h>

typedef struct
{
  double f0;
  uint32_t f1;
  uint8_t f2;
  _Bool f3;
  uint8_t f4, f5;
} s0_t;

s0_t in[4];
int out[64];

__attribute__ ((noipa)) static void
f (int n)
{
#pragma acc parallel copyin (in) copy (out)
  {
    s0_t sv = in[0];
#pragma acc loop gang
    for (int i = 0; i < n; i++)
      out[i] = ~(int8_t) sv.f3;
  }
}

int
main (void)
{
  in[0].f3 = 1;
  f (64);
  for (int i = 0; i < 64; i++)
    if (out[i] != -2)
      abort ();
  return 0;
}

/* { dg-output "gangway: launch f._omp_fn.0 device=cpu gangs=\[0-9\]+ workers=1 vector=\[0-9\]+" } */
