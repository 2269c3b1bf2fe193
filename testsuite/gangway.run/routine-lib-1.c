/* Routines from a static library: the program of routine-xtu-1.c, whose
   other unit is an object of a static library here (routine-lib-1-
   aux.c, which the linker takes for the host versions the program
   calls).  This unit's regions call the library's seq routines, which
   call back into routines of this unit, recursively across the two; the
   library's region calls this unit's routines too.  The images of the
   two units link when they are loaded.  Results are compared with the
   host's; the launch log shows the regions on the device.  */
/* { dg-do run } */
/* { dg-additional-archive "routine-lib-1-aux.c" } */

#include "routine-xtu-1.c"

/* { dg-output "^gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)gangway: launch other_unit_region._omp_fn.0 device=cpu " } */
