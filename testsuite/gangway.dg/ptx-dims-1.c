/* The ptx target's dimensions, when ptx is asked for: a vector is whole
   warps, a CTA at most 1024 threads, and workers of several warps at most
   15 (a named barrier each).  Each adjustment gets a warning at its
   construct, next to the cpu target's own.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu,ptx -fplugin-arg-gangway-isa=x86-64-v4" } */

float a[4096];

void
f (void)
{
#pragma acc parallel loop vector_length (16) copy (a) /* { dg-warning "gangway: ptx: using vector_length \\(32\\), ignoring 16: a vector is whole warps" } */
  for (int i = 0; i < 4096; i++)
    a[i] += 1.0f;

#pragma acc parallel loop gang worker vector num_workers (32) vector_length (64) copy (a) /* { dg-warning "gangway: ptx: using num_workers \\(15\\), ignoring 32: workers of several warps need a barrier each" } */
  for (int i = 0; i < 4096; i++)
    a[i] *= 2.0f;

#pragma acc parallel loop vector_length (2000) copy (a) /* { dg-warning "gangway: ptx: using vector_length \\(1024\\), ignoring 2000: a CTA runs at most 1024 threads" } */
  for (int i = 0; i < 4096; i++)
    a[i] -= 1.0f;
  /* { dg-warning "gangway: using vector_length \\(32\\), ignoring 2000" "" { target *-*-* } 21 } */
}
