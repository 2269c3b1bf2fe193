/* The plugin rewrites the calls of the data directives, like those of
   the launches, into calls of libgangway's entry points of the same
   interfaces (plugin/unit.cc): no call of libgomp's is left.  */
/* { dg-do compile } */
/* { dg-final { scan-assembler-times "call\[ \t\]+gangway_enter_data" 1 } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+gangway_exit_data" 2 } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+gangway_data_start" 1 } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+gangway_data_end" 1 } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+gangway_update" 2 } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+gangway_parallel_keyed" 1 } } */
/* { dg-final { scan-assembler-not "GOACC_" } } */

void
f (float *a, int n)
{
#pragma acc enter data copyin(a[0:n])
#pragma acc data present(a[0:n])
  {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] += 1;
#pragma acc update self(a[0:n])
#pragma acc update device(a[0:n]) if_present
  }
#pragma acc exit data copyout(a[0:n])
#pragma acc exit data delete(a[0:n]) finalize
}
