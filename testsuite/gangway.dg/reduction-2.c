/* Reductions on loop directives inside a parallel region (+ on a gang
   vector loop, max on a combined construct) are diagnosed at each loop
   directive.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret" } */

int a[1000];

long
sum (void)
{
  long s = 0;
#pragma acc parallel copyin(a)
  {
#pragma acc loop gang vector reduction(+:s) /* { dg-warning "gangway: reductions are not supported on the device yet; this OpenACC parallel region runs on the host" } */
    for (int i = 0; i < 1000; i++)
      s += a[i];
  }
  return s;
}

int
maximum (const int *p)
{
  int m = 0;
#pragma acc parallel loop reduction(max:m) copyin(p[0:1000]) /* { dg-warning "gangway: reductions are not supported on the device yet; this OpenACC parallel region runs on the host" } */
  for (int i = 0; i < 1000; i++)
    m = p[i] > m ? p[i] : m;
  return m;
}
