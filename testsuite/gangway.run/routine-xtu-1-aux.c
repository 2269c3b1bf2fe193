/* The other unit of routine-xtu-1.c.  */

#pragma acc routine seq
extern long pong (long n);
#pragma acc routine seq
extern int square (int x);

#pragma acc routine seq
double
poly (double x, int degree)
{
  double r = 0;
  for (int k = 0; k <= degree; k++)
    r = r * x + (k + 1);
  return r;
}

#pragma acc routine seq
long
ping (long n)
{
  return n <= 0 ? 1 : 2 * pong (n - 1) % 1000003;
}

void
other_unit_region (long *out, int n)
{
#pragma acc parallel loop copyout (out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = square (i) + pong (i % 30);
}
