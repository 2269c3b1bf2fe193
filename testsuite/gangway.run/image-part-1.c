/* routine-levels-1.c with the unit's cpu image compiled in parts, one
   function each (config/cpu/target.cc): the routines, local to the
   image, are called from the other parts; every result checked against
   the host.  */
/* { dg-do run } */
/* { dg-additional-options "-fplugin-arg-gangway-image-part=1" } */

#include "routine-levels-1.c"
