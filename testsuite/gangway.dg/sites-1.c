/* Each rewritten launch and data directive passes its site first
   (plugin/sites.cc): the construct's line, its kind, and the variable of
   each mapping, a clause's variable by name, a section by the pointer it
   is of, a struct member as s.p.  Equal strings are one literal: the
   two enter data directives share "enter data".  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=cpu" } */
/* { dg-final { scan-assembler-times {call\t+gangway_data_start} 1 } } */
/* { dg-final { scan-assembler-times {leaq\t+__gangway_site_[0-9]+\(%rip\), %rdi} 6 } } */
/* { dg-final { scan-assembler-times {\.string\t"[^"]*sites-1\.c:(34|36|43|45|46|47)"} 6 } } */
/* { dg-final { scan-assembler-times {\.string\t"b\\na"} 1 } } */
/* { dg-final { scan-assembler-times {\.string\t"a\\nb\\nx\\nsum\\ng\\nn"} 1 } } */
/* { dg-final { scan-assembler-times {\.string\t"parallel"} 1 } } */
/* { dg-final { scan-assembler-times {\.string\t"data"} 1 } } */
/* { dg-final { scan-assembler-times {\.string\t"update"} 1 } } */
/* { dg-final { scan-assembler-times {\.string\t"enter data"} 1 } } */
/* { dg-final { scan-assembler-times {\.string\t"exit data"} 1 } } */
/* { dg-final { scan-assembler-times {\.string\t"s\\ns\.p\\ns\.p\\ns\.p"} 1 } } */

#include <stdlib.h>

struct S { int n; double *p; };
double g[100];

int
main (void)
{
  int n = 1000;
  double *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b);
  double x = 2, sum = 0;
  struct S s = { 10, a };
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc data copyin(a[0:n]) create(b[0:n])
  {
#pragma acc parallel loop present(a[0:n], b[0:n]) firstprivate(x) reduction(+:sum) copy(g)
    for (int i = 0; i < n; i++)
      {
	b[i] = x * a[i];
	sum += b[i];
	g[i % 100] = 1;
      }
#pragma acc update self(b[0:n/2])
  }
#pragma acc enter data copyin(s)
#pragma acc enter data copyin(s.p[0:10])
#pragma acc exit data delete(s)
  return (int) sum + (int) b[1];
}
