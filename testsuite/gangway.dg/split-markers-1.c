/* A gang loop with two vector loops: after split-markers there are two
   fork and two join markers on the vector axis, each alone in its block
   (the marker, then the branch to the next block).  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v4" } */

#define ROWS 64
#define COLS 100

float a[ROWS * COLS], b[ROWS * COLS], rowsum[ROWS];

void
f (void)
{
#pragma acc parallel loop gang
  for (int i = 0; i < ROWS; i++)
    {
#pragma acc loop vector
      for (int j = 0; j < COLS; j++)
	b[i * COLS + j] = a[i * COLS + j] * 2.0f;
      rowsum[i] = 0.0f;
#pragma acc loop vector
      for (int j = 0; j < COLS; j++)
	a[i * COLS + j] = b[i * COLS + j] + 1.0f;
    }
}

/* { dg-final { scan-gangway-dump-times "(?n)^  fork vector$" 2 "split-markers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  join vector$" 2 "split-markers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^  (fork|join) (gang|worker)$" 0 "split-markers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^@\[0-9\]+:.*\n  fork vector\n  br @\[0-9\]+$" 2 "split-markers" } } */
/* { dg-final { scan-gangway-dump-times "(?n)^@\[0-9\]+:.*\n  join vector\n  br @\[0-9\]+$" 2 "split-markers" } } */
