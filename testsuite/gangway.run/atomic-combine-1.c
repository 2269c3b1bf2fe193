/* Atomic updates whose result nobody reads are combined on the cpu
   device in a cache of each thread's own (config/cpu/wcombine.cc) and go
   to memory when the thread's gangs are done, or before the thread
   touches those bytes otherwise.  Each case against the host's count:
   histograms of ints, unsigned chars, long longs and floats (the float
   values small integers, so every order sums exactly), & | ^ updates;
   the bins read back in the same region after a worker loop (the gang's
   own updates must be there); an atomic read right after each update by
   the same thread; atomics on a gang's private array (never cached:
   frames die with the gang); two operations on one array in one region;
   captured updates next to combined ones; updates spread over a large
   array (most outside the cache's window); bins next to the data the
   loop reads; float sums into -0.0; and many short launches.  */
/* { dg-do run } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 100000
#define BINS 256

static int v[N];
static int failures;

static void
check (const char *what, long long got, long long want, int k)
{
  if (got != want)
    {
      printf ("%s [%d]: %lld, want %lld\n", what, k, got, want);
      failures++;
    }
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    v[i] = (int) ((unsigned) (i * 2654435761u) >> 7) % BINS;

  /* Histograms of four types.  */
  int hi[BINS], ri[BINS];
  unsigned char hc[BINS];
  long long hl[BINS];
  float hf[BINS];
  memset (ri, 0, sizeof ri);
  for (int i = 0; i < N; i++)
    ri[v[i]]++;
  memset (hi, 0, sizeof hi);
  memset (hc, 0, sizeof hc);
  memset (hl, 0, sizeof hl);
  memset (hf, 0, sizeof hf);
#pragma acc parallel loop copyin(v) copy(hi, hc, hl, hf)
  for (int i = 0; i < N; i++)
    {
#pragma acc atomic update
      hi[v[i]]++;
#pragma acc atomic update
      hc[v[i]] += 3;
#pragma acc atomic update
      hl[v[i]] += (long long) i << 20;
#pragma acc atomic update
      hf[v[i]] += (float) (i % 4);
    }
  long long rl[BINS];
  float rf[BINS];
  memset (rl, 0, sizeof rl);
  memset (rf, 0, sizeof rf);
  for (int i = 0; i < N; i++)
    {
      rl[v[i]] += (long long) i << 20;
      rf[v[i]] += (float) (i % 4);
    }
  for (int b = 0; b < BINS; b++)
    {
      check ("int histogram", hi[b], ri[b], b);
      check ("char histogram", hc[b], (unsigned char) (3 * ri[b]), b);
      check ("long long histogram", hl[b], rl[b], b);
      check ("float histogram", (long long) hf[b], (long long) rf[b], b);
    }

  /* & | ^.  */
  unsigned ba[64], bo[64], bx[64], ra[64], ro[64], rx[64];
  for (int b = 0; b < 64; b++)
    {
      ba[b] = ra[b] = ~0u;
      bo[b] = ro[b] = 0;
      bx[b] = rx[b] = 0x5a5a5a5au;
    }
  for (int i = 0; i < N; i++)
    {
      ra[v[i] % 64] &= ~(1u << (i % 32)) | (unsigned) v[i];
      ro[v[i] % 64] |= 1u << (i % 31);
      rx[v[i] % 64] ^= (unsigned) i * 2654435761u;
    }
#pragma acc parallel loop copyin(v) copy(ba, bo, bx)
  for (int i = 0; i < N; i++)
    {
#pragma acc atomic update
      ba[v[i] % 64] &= ~(1u << (i % 32)) | (unsigned) v[i];
#pragma acc atomic update
      bo[v[i] % 64] |= 1u << (i % 31);
#pragma acc atomic update
      bx[v[i] % 64] ^= (unsigned) i * 2654435761u;
    }
  for (int b = 0; b < 64; b++)
    {
      check ("&", ba[b], ra[b], b);
      check ("|", bo[b], ro[b], b);
      check ("^", bx[b], rx[b], b);
    }

  /* The bins read back in the region after a worker loop: one gang sees
     all its updates.  */
  int h2[BINS], out[BINS];
  memset (h2, 0, sizeof h2);
#pragma acc parallel num_gangs(1) num_workers(4) vector_length(16) copyin(v) copy(h2) copyout(out)
  {
#pragma acc loop worker vector
    for (int i = 0; i < N; i++)
      {
#pragma acc atomic update
	h2[v[i]]++;
      }
#pragma acc loop worker vector
    for (int b = 0; b < BINS; b++)
      out[b] = h2[b];
  }
  for (int b = 0; b < BINS; b++)
    {
      check ("bins read in the region", out[b], ri[b], b);
      check ("bins after the region", h2[b], ri[b], b);
    }

  /* An atomic read after each update, by the same thread.  */
  int c[8], seen[4000];
  memset (c, 0, sizeof c);
#pragma acc parallel num_gangs(1) vector_length(1) copy(c) copyout(seen)
  {
#pragma acc loop seq
    for (int i = 0; i < 4000; i++)
      {
	int x;
#pragma acc atomic update
	c[i % 8] += 2;
#pragma acc atomic read
	x = c[i % 8];
	seen[i] = x;
      }
  }
  for (int i = 0; i < 4000; i++)
    check ("read after update", seen[i], 2 * (i / 8 + 1), i);

  /* A gang's private array: each gang counts its own values.  */
  int priv_sum[40];
#pragma acc parallel loop gang num_gangs(40) vector_length(32) copyin(v) copyout(priv_sum)
  for (int g = 0; g < 40; g++)
    {
      int p[16];
      for (int k = 0; k < 16; k++)
	p[k] = 0;
#pragma acc loop vector
      for (int i = 0; i < 2500; i++)
	{
#pragma acc atomic update
	  p[v[g * 2500 + i] % 16] += 1;
	}
      int s = 0;
      for (int k = 0; k < 16; k++)
	s += p[k] * (k + 1);
      priv_sum[g] = s;
    }
  for (int g = 0; g < 40; g++)
    {
      int s = 0;
      for (int i = 0; i < 2500; i++)
	s += v[g * 2500 + i] % 16 + 1;
      check ("gang-private array", priv_sum[g], s, g);
    }

  /* Two operations on one array: adds and ors, in program order.  */
  unsigned mix[32], rmix[32];
  for (int b = 0; b < 32; b++)
    mix[b] = rmix[b] = b;
  for (int i = 0; i < 20000; i++)
    {
      rmix[v[i] % 32] += 1;
      rmix[v[i] % 32] |= 0x80000000u;
    }
#pragma acc parallel loop num_gangs(1) vector_length(1) copyin(v) copy(mix)
  for (int i = 0; i < 20000; i++)
    {
#pragma acc atomic update
      mix[v[i] % 32] += 1;
#pragma acc atomic update
      mix[v[i] % 32] |= 0x80000000u;
    }
  for (int b = 0; b < 32; b++)
    check ("add then or", mix[b], rmix[b], b);

  /* Captured updates next to combined ones.  */
  int cap[BINS], cnt = 0, tickets[N];
  memset (cap, 0, sizeof cap);
#pragma acc parallel loop copyin(v) copy(cap, cnt) copyout(tickets)
  for (int i = 0; i < N; i++)
    {
      int t;
#pragma acc atomic update
      cap[v[i]]++;
#pragma acc atomic capture
      t = cnt++;
      tickets[i] = t;
    }
  check ("captured count", cnt, N, 0);
  {
    static char hit[N];
    for (int i = 0; i < N; i++)
      {
	if (tickets[i] < 0 || tickets[i] >= N || hit[tickets[i]])
	  {
	    check ("ticket", tickets[i], -1, i);
	    break;
	  }
	hit[tickets[i]] = 1;
      }
  }
  for (int b = 0; b < BINS; b++)
    check ("histogram beside a capture", cap[b], ri[b], b);

  /* Updates over a large array: most fall outside the cache's window.  */
  static int big[N], rbig[N];
  for (int i = 0; i < N; i++)
    rbig[(int) ((i * 7919u) % N)] += i % 3 + 1;
#pragma acc parallel loop copy(big)
  for (int i = 0; i < N; i++)
    {
#pragma acc atomic update
      big[(int) ((i * 7919u) % N)] += i % 3 + 1;
    }
  for (int i = 0; i < N; i++)
    if (big[i] != rbig[i])
      {
	check ("large array", big[i], rbig[i], i);
	break;
      }

  /* The bins right before the data the loop reads, in one object.  */
  struct { int bins[16]; int data[4096]; } s;
  memset (&s, 0, sizeof s);
  for (int i = 0; i < 4096; i++)
    s.data[i] = i % 16;
#pragma acc parallel loop copy(s)
  for (int i = 0; i < 4096; i++)
    {
#pragma acc atomic update
      s.bins[s.data[i]] += 1;
    }
  for (int b = 0; b < 16; b++)
    check ("bins beside the data", s.bins[b], 256, b);

  /* Float sums into -0.0: bins whose updates cancel end +0.0 as the
     serial loop's do; bins nothing updates stay -0.0.  */
  float z[64];
  for (int b = 0; b < 64; b++)
    z[b] = -0.0f;
#pragma acc parallel loop copy(z)
  for (int i = 0; i < 4000; i++)
    {
#pragma acc atomic update
      z[(i % 16) * 2] += (i / 16) % 2 ? 1.0f : -1.0f;
    }
  for (int b = 0; b < 64; b++)
    check ("signed zero", signbit (z[b]) ? -1 : z[b] == 0 ? 1 : 2,
	   b % 2 || b >= 32 ? -1 : 1, b);

  /* Many short launches into one counter array.  */
  int small[4] = { 0, 0, 0, 0 };
  for (int r = 0; r < 300; r++)
    {
#pragma acc parallel loop num_gangs(3) vector_length(8) copy(small)
      for (int i = 0; i < 40; i++)
	{
#pragma acc atomic update
	  small[i % 4] += 1;
	}
    }
  for (int b = 0; b < 4; b++)
    check ("short launches", small[b], 3000, b);

  if (failures)
    abort ();
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "(gangway: launch main._omp_fn.\[1-9\] device=cpu \[^\n\]*(\n|\r\n|\r)){9}" } */
/* { dg-output "(gangway: launch main._omp_fn.10 device=cpu \[^\n\]*(\n|\r\n|\r)){20}" } */
