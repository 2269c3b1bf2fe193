/* A _Complex division in a region (a call of libgcc's __divdc3, which
   GCC gives no location): the warning names the type and the operation,
   at the statement.  A multiplication (its __muldc3 call) runs on the
   device.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu" } */

void
f (_Complex double *out)
{
#pragma acc parallel loop copyout(out[0:100])
  for (int i = 0; i < 100; i++)
    {
      _Complex double z = i + 2.0i * i;
      out[i] = z / (z + 1.0); /* { dg-warning "gangway: '_Complex double' division is not supported on the device; this OpenACC parallel region runs on the host" } */
    }
}

void
g (_Complex double *out)
{
#pragma acc parallel loop copyout(out[0:100])
  for (int i = 0; i < 100; i++)
    {
      _Complex double z = i + 2.0i * i;
      out[i] = z * z;
    }
}
