/* ifconvert-1.c with the cpu target's if-conversion disabled: each of
   the two copies of the loop body has a tested block for every arm and
   join of its conditionals, 14.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-keep-temps -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-disable=cpu-ifconvert" } */

#include "ifconvert-1.c"

/* { dg-final { scan-cpu-image-times "if \\(!gw_any16 \\(" 28 } } */
