/* A program compiled unit by unit and linked apart: this unit with
   $(pkg-config --cflags gangway-uninstalled), pkgconfig-3-aux.c without
   the plugin, then "gcc -fopenacc *.o $(pkg-config --libs ...)".  This
   unit's region runs on the cpu device, the other's on the host, in
   the launch log as not-offloaded.  */

#include <stdio.h>

int scale (int *a, int n);

int
main (void)
{
  int a[100];
#pragma acc parallel loop copyout(a)
  for (int i = 0; i < 100; i++)
    a[i] = i;
  scale (a, 100);
  for (int i = 0; i < 100; i++)
    if (a[i] != 3 * i)
      {
	printf ("a[%d] = %d\n", i, a[i]);
	return 1;
      }
  return 0;
}
