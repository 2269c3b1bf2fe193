/* reduction-complex-2.c with the unit's cpu image compiled in parts, one
   function each (config/cpu/target.cc): the lock of atomic complex
   products, which the first part defines, is one for the whole image.  */
/* { dg-do run } */
/* { dg-additional-options "-fplugin-arg-gangway-image-part=1" } */

#include "reduction-complex-2.c"
