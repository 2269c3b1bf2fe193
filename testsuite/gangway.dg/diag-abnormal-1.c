/* A computed goto, setjmp and longjmp in regions: the warning names the
   construct as the program wrote it ("a computed goto ('goto *')",
   "'setjmp'", not "the GIMPLE statement 'gimple_goto'" or '_setjmp'), at
   the statement, once per region (every target's clone meets it), and
   the region runs on the host.  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-targets=cpu,ptx" } */

#include <setjmp.h>

void
f (int *out)
{
#pragma acc parallel loop copyout(out[0:16])
  for (int i = 0; i < 16; i++)
    {
      static void *const to[] = { &&even, &&odd };
      goto *to[i & 1]; /* { dg-warning "gangway: a computed goto \\('goto \\*'\\) is not supported on the device; this OpenACC parallel region runs on the host" } */
    even:
      out[i] = 2 * i;
      continue;
    odd:
      out[i] = -i;
    }
}

void
g (int *out)
{
#pragma acc parallel loop copyout(out[0:16])
  for (int i = 0; i < 16; i++)
    {
      jmp_buf env;
      if (setjmp (env) == 0) /* { dg-warning "gangway: 'setjmp' is not supported on the device; this OpenACC parallel region runs on the host" } */
	{
	  out[i] = 1;
	  if (i & 1)
	    longjmp (env, 1);
	}
      else
	out[i] = 2;
    }
}

void
h (int *out, jmp_buf *env)
{
#pragma acc parallel loop copyout(out[0:16]) copyin(env[0:1])
  for (int i = 0; i < 16; i++)
    {
      out[i] = i;
      if (i == 7)
	longjmp (*env, 1); /* { dg-warning "gangway: 'longjmp' is not supported on the device; this OpenACC parallel region runs on the host" } */
    }
}

/* { dg-final { scan-compiler-output-times "(?n)warning: gangway: a computed goto" 1 } } */
/* { dg-final { scan-compiler-output-times "(?n)warning: gangway: 'setjmp'" 1 } } */
/* { dg-final { scan-compiler-output-times "(?n)warning: gangway: 'longjmp'" 1 } } */
/* { dg-final { scan-compiler-output-times "(?n)warning: gangway:" 3 } } */
