/* A target named twice in -fplugin-arg-gangway-targets is one target:
   the unit gets one cpu image with one kernel per region (it failed to
   compile with each kernel defined twice).  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=cpu,cpu -fplugin-arg-gangway-dump=emit" } */

int a[1000];

void
f (void)
{
#pragma acc parallel loop
  for (int i = 0; i < 1000; i++)
    a[i] = i;
}

/* { dg-final { scan-gangway-dump-times "(?n)^;; After emit \\(cpu" 1 } } */
