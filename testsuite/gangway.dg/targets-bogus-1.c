/* An unknown device target in -fplugin-arg-gangway-targets is an error
   naming the known targets, and the plugin does not load.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=gpu" } */
/* { dg-error "-fplugin-arg-gangway-targets.: unknown target .gpu. \\(known: cpu, ptx\\)" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int
main (void)
{
  return 0;
}
