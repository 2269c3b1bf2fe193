/* The other unit of routine-xtu-3.c: a declared global of its own, which
   its exported routine updates, and host functions that move it.  */

int hits[4];
#pragma acc declare create (hits)

#pragma acc routine seq
void
record_hit (int i)
{
#pragma acc atomic update
  hits[i % 4] += i;
}

void
clear_hits (void)
{
  for (int k = 0; k < 4; k++)
    hits[k] = 0;
#pragma acc update device (hits)
}

int
hit (int k)
{
#pragma acc update self (hits)
  return hits[k];
}
