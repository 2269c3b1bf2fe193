/* An unknown plugin argument is an error and the plugin does not load.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-bogus=1" } */
/* { dg-error "unknown option .-fplugin-arg-gangway-bogus." "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int
main (void)
{
  return 0;
}
