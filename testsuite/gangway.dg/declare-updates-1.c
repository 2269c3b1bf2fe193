/* A declared global's update clauses reach the runtime (plugin/
   declare-updates.cc): GCC's lowering would drop them, leaving the
   update directives with nothing to copy.  The local's update is left
   alone.  A function-scope declare and the data API go to libgangway
   (plugin/unit.cc).  */
/* { dg-do compile } */
/* { dg-additional-options "-fdump-tree-ompexp" } */
/* { dg-final { scan-tree-dump-times "__builtin_GOACC_update \\(-1, 1, " 3 "ompexp" } } */
/* { dg-final { scan-tree-dump-times "__builtin_GOACC_update \\(-1, 0, " 0 "ompexp" } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+gangway_declare" 2 } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+gangway_acc_copyin" 1 } } */
/* { dg-final { scan-assembler-not "call\[ \t\]+GOACC_declare" } } */
/* { dg-final { scan-assembler-not "call\[ \t\]+acc_copyin" } } */

#include <openacc.h>

float g[100];
#pragma acc declare create(g)

void
f (float *b)
{
  float a[100];
#pragma acc declare copy(a)
#pragma acc update device(g)
#pragma acc update self(a)
  acc_copyin (b, 400);
#pragma acc update self(g)
}
