/* A constant num_gangs above the cpu device's limit of 2^20 gangs makes
   the compiler note that it uses num_gangs (1048576).  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

int a[1000];

void
f (void)
{
#pragma acc parallel loop gang vector num_gangs(2147483549) /* { dg-warning "gangway: using num_gangs \\(1048576\\), ignoring 2147483549: the cpu device runs at most 1048576 gangs" } */
  for (int i = 0; i < 1000; i++)
    a[i] = i;

#pragma acc parallel loop gang vector num_gangs(1048576)
  for (int i = 0; i < 1000; i++)
    a[i] = i;
}
