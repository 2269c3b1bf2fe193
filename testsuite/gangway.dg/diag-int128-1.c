/* __int128 in a region: the warning names it (not GCC's unsigned
   variant of its arithmetic), at the statement.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

void
f (__int128 *out)
{
#pragma acc parallel loop copyout(out[0:100])
  for (int i = 0; i < 100; i++)
    out[i] = (__int128) i * i * 3; /* { dg-warning "gangway: '__int128' is not supported on the device; this OpenACC parallel region runs on the host" } */
}
