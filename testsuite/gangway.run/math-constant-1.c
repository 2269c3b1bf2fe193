/* nextafter and remquo with a constant operand (found by gangway-fuzz,
   knob math_exact): the cpu target declared the values of a region's
   gang-invariant start by the type of the instruction that makes them,
   which for a comparison is its operands' (float r4 = (r2 < 0.0f)), and
   the image compiler rejected what combined them ("invalid operands to
   binary ^ (have 'float' and 'float')"): the unit did not build.  */
/* { dg-do run } */

#include <math.h>
#include <stdlib.h>
#include <string.h>

float gf = 7.5f;
double gd = 7.5;

int
main (void)
{
  float rf = 0;
  double rr = 0;
  int q = 0;
#pragma acc parallel copyin (gf) copyout (rf)
  rf = nextafterf (gf, 0.0f);
#pragma acc parallel copyin (gd) copyout (rr, q)
  {
    int t = 0;
    rr = remquo (gd, 2.0, &t);
    q = t;
  }
  float hf = nextafterf (gf, 0.0f);
  int hq = 0;
  double hr = remquo (gd, 2.0, &hq);
  if (memcmp (&rf, &hf, sizeof rf) || memcmp (&rr, &hr, sizeof rr)
      || q != hq)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu " } */
