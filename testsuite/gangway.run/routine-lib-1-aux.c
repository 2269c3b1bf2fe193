/* The other unit of routine-lib-1.c, in a static library: that of
   routine-xtu-1.c.  */

#include "routine-xtu-1-aux.c"
