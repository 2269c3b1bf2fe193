/* Link-time optimization is not supported yet: the plugin says so once
   and stays out of the way (the regions run on the host).  */
/* { dg-do compile } */
/* { dg-additional-options "-flto" } */
/* { dg-warning "gangway does not support link-time optimization yet; OpenACC regions run on the host" "" { target *-*-* } 0 } */

int a[1000];

void
f (void)
{
#pragma acc parallel loop
  for (int i = 0; i < 1000; i++)
    a[i] = i;
}
