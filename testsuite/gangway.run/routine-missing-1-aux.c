/* The other unit of routine-missing-1.c: helper has no routine
   directive here, so it has no device code.  */

int
helper (int x)
{
  return x + 1;
}
