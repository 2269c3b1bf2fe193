/* A vector routine that calls itself has no ptx code (the GPU keeps its
   shared data once per gang, not once per call): the region that calls
   it says so, and runs on the cpu device, where the routine's frames are
   on the call stack.  A seq routine that calls itself has ptx code.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu,ptx" } */

#pragma acc routine vector
__attribute__ ((noinline, noclone)) static int
vrec (int *a, int n)
{
  if (n <= 0)
    return 0;
  int s = 0;
#pragma acc loop vector reduction (+:s)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s + vrec (a, n / 2) + vrec (a + 1, n / 3);
}

#pragma acc routine seq
__attribute__ ((noinline, noclone)) static int
srec (int n)
{
  return n < 2 ? n : srec (n - 1) + srec (n - 2);
}

int a[100], r[4];

void
f (void)
{
#pragma acc parallel loop gang copyin (a) copyout (r) /* { dg-warning "gangway: the routine 'vrec' it calls has no ptx code \\(a vector routine that calls itself, whose shared data the device keeps once per gang, not once per call\\); this OpenACC parallel region has no ptx code" } */
  for (int g = 0; g < 4; g++)
    r[g] = vrec (a, 100 - g);
#pragma acc parallel loop gang copyout (r)
  for (int g = 0; g < 4; g++)
    r[g] = srec (g + 10);
}
