/* -fplugin-arg-gangway-targets naming no target at all is an error, and
   the plugin does not load.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=," } */
/* { dg-error "-fplugin-arg-gangway-targets. names no target \\(known: cpu, ptx\\)" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int
main (void)
{
  return 0;
}
