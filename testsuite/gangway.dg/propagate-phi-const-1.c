/* Values a switch in gang-redundant code chooses as constants, on paths
   only the single thread takes, reach the workers: after neutering they
   meet in a phi of constants and the skipping threads' undefined values,
   which is single on worker+vector like any value of neutered code, so
   the worker fork broadcasts MODE and SCALE (and the loop's bound).  Found
   by running the PTX on ptxsim (gangway.ptxsim), where workers 1-3 read
   garbage; the cpu device, whose workers share a thread, hid it.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-dump=barriers" } */

#define R 8
#define C 16

int out[R * C], cnt[R];

void
f (void)
{
#pragma acc parallel num_gangs(2) num_workers(4) vector_length(32) \
  copy(out, cnt)
#pragma acc loop gang
  for (int i = 0; i < R; i++)
    {
      int mode, scale;
      switch (i % 4)
	{
	case 0: mode = 1; scale = 3; break;
	case 1: mode = 2; scale = 5; break;
	case 3: mode = 0; scale = 0; break;
	default: mode = 1; scale = 7; break;
	}
      if (mode == 0)
	goto done;
#pragma acc loop worker
      for (int j = 0; j < C; j++)
	out[i * C + j] = j * scale + mode;
      cnt[i] += mode;
    done:
      cnt[i] += 100;
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)^  fork worker\n(  %\[0-9\]+ = bcast\\.i32 worker\\+vector %\[0-9\]+\n){3}  barrier worker$" 1 "barriers" } } */
