/* An unknown x86-64 level in -fplugin-arg-gangway-isa is an error and the
   plugin does not load.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-isa=bogus" } */
/* { dg-error "-fplugin-arg-gangway-isa.: unknown level .bogus." "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */

int
main (void)
{
  return 0;
}
