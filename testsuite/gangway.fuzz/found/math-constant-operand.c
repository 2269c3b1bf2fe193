/* Found by gangway-fuzz on the cpu device (knob math_exact: seeds 40049
   and 40073 of --set math_exact=20 --set math_cabs=8 at -O1; then by
   hand).  nextafter and remquo (item 8's exact builtins, which the
   expander computes) with a constant operand: the cpu
   target's expansion compares and combines the constant with others
   (r6 = (0x1p+1 == 0x0p+0); r8 = (r6 | r7)), and the registers holding
   those results are declared of the constant's type, so the image
   compiler stops: "invalid operands to binary ^ (have 'float' and
   'float')", "... | (have 'double' and 'double')", and the unit does not
   build (nextafterf here at every level, remquo (gd, 2.0, &t) alone at
   -O1; which ones fail depends on what else the region does).  ptx code
   builds.  With both operands run-time values both functions are
   right.  */
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
