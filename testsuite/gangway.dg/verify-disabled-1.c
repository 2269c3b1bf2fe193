/* The verifier catches a broken reorg: with the barriers pass disabled
   (-fplugin-arg-gangway-disable still claims the pass's property, as a
   broken pass would), it stops the compilation with an internal compiler
   error that prints the function annotated with every violation (here
   the three blocks whose broadcasts across workers lack the worker
   barrier that completes them; gangway.opt/verify-disabled-barriers.drtl
   checks the annotations).  */
/* { dg-do compile } */
/* { dg-additional-options "-fno-diagnostics-show-caret -fplugin-arg-gangway-verify -fplugin-arg-gangway-disable=barriers" } */
/* The annotated function and GCC's report after the error (with the
   backtrace's lines, which start with a tab).  */
/* { dg-prune-output "(\n|^)(\t|during GIMPLE pass|\[0-9\]+ error\\(s\\) in|function gw_k0|\{|\}|@\[0-9\]+:|  |0x|Please|See <|\\*\\*\\*|Event|PLUGIN_)\[^\n\]*" } */

int once[64], perw[64 * 64], m[64 * 64 * 16];

void
f (void)
{
#pragma acc parallel num_workers (4) vector_length (8) copy (once, perw, m) /* { dg-error "invalid after barriers \\(disabled\\)" } */
#pragma acc loop gang
  for (int i = 0; i < 64; i++)
    {
      once[i] += 1;
      int base = once[i] * 100;
#pragma acc loop worker
      for (int j = 0; j < 64; j++)
	{
	  perw[i * 64 + j] += base;
	  int t = perw[i * 64 + j];
#pragma acc loop vector
	  for (int k = 0; k < 16; k++)
	    m[(i * 64 + j) * 16 + k] += t + k;
	}
    }
}
