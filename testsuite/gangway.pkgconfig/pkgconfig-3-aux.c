/* The unit of pkgconfig.exp's separate link that is compiled without the
   plugin, with plain "gcc -fopenacc -c": with GCC's own offload
   compilers installed, its object carries GCC's offload sections.  */

int
scale (int *a, int n)
{
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[i] *= 3;
  return a[n - 1];
}
