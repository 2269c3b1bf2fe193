/* A partitioned routine's own variables, declared outside its
   partitioned loops, are one per call (plugin/routine-locals.cc): a
   gang-shared slot in a worker or gang routine, a worker-shared one in a
   vector routine; also in the body of a top-level `loop seq'.  The
   variables of a partitioned loop's body keep GCC's level (a worker
   loop's: the worker's; a vector loop's: each thread's own), a seq
   routine's stay each thread's own.  Each once for the cpu and once for
   the ptx target.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump=expand -fplugin-arg-gangway-targets=cpu,ptx" } */

#pragma acc routine seq
__attribute__ ((noinline)) void
touch (int *p)
{
  int seq_a[4];
  for (int i = 0; i < 4; i++)
    seq_a[i] = p[i];
  touch (seq_a);
  *p = seq_a[1];
}

#pragma acc routine worker
__attribute__ ((noinline)) int
wr (int *x, int n)
{
  int w_top[16];
#pragma acc loop worker
  for (int i = 0; i < 16; i++)
    {
      int w_loop[4];
      touch (w_loop);
      w_top[i] = x[i] + w_loop[0];
    }
#pragma acc loop seq
  for (int k = 0; k < 2; k++)
    {
      int w_seq[16];
#pragma acc loop vector
      for (int i = 0; i < 16; i++)
	{
	  int v_loop[4];
	  touch (v_loop);
	  w_seq[i] = w_top[i] + v_loop[k];
	}
      x[k] = w_seq[n];
    }
  return w_top[n];
}

#pragma acc routine vector
__attribute__ ((noinline)) int
vr (int *x, int n)
{
  int v_top[16];
#pragma acc loop vector
  for (int i = 0; i < 16; i++)
    v_top[i] = x[i];
  return v_top[n];
}

/* { dg-final { scan-gangway-dump-times "(?n)^slot \\\$\[0-9\]+ 64 \[0-9\]+ w_top shared$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^slot \\\$\[0-9\]+ 64 \[0-9\]+ w_seq shared$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^slot \\\$\[0-9\]+ 16 \[0-9\]+ w_loop shared worker$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^slot \\\$\[0-9\]+ 16 \[0-9\]+ v_loop$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^slot \\\$\[0-9\]+ 64 \[0-9\]+ v_top shared worker$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^slot \\\$\[0-9\]+ 16 \[0-9\]+ seq_a$" 2 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^slot " 12 } } */
