/* printf, puts, putchar, fputs and fprintf in regions: on the cpu device
   each call's output is whole, and the lanes of a vector loop print in
   lane order (one gang here, so the lines come in order); stderr is the
   host's stderr.  The output is compared line by line; GCC turns some of
   the calls into others (printf of a plain string into puts, fputs into
   fwrite), which print the same.  stdout is line-buffered, so that its
   lines and the launch log's on stderr come in order.  */
/* { dg-do run } */

#include <stdio.h>

static const char *const names[4] = { "zero", "one", "two", "three" };

int
main (void)
{
  int n = 12;
  setvbuf (stdout, NULL, _IOLBF, BUFSIZ);
#pragma acc parallel loop num_gangs (1) vector_length (4) copyin (n, names)
  for (int i = 0; i < n; i++)
    printf ("lane %2d: %d %ld %.3f %c %s\n", i, i * i, -100000000000L * i,
	    i * 0.25, 'a' + i, names[i % 4]);

#pragma acc serial
  {
    puts ("puts on the device");
    putchar ('c');
    putchar ('\n');
    fputs ("fputs on the device\n", stdout);
    fprintf (stderr, "fprintf to stderr: %d\n", 42);
    printf ("%s and %5.1f%%\n", "a string", 99.5);
  }
  return 0;
}

/* { dg-output "gangway: launch main._omp_fn.0 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "lane  0: 0 0 0.000 a zero(\n|\r\n|\r)" } */
/* { dg-output "lane  1: 1 -100000000000 0.250 b one(\n|\r\n|\r)" } */
/* { dg-output "lane  2: 4 -200000000000 0.500 c two(\n|\r\n|\r)" } */
/* { dg-output "lane  3: 9 -300000000000 0.750 d three(\n|\r\n|\r)" } */
/* { dg-output "lane  4: 16 -400000000000 1.000 e zero(\n|\r\n|\r)" } */
/* { dg-output "lane  5: 25 -500000000000 1.250 f one(\n|\r\n|\r)" } */
/* { dg-output "lane  6: 36 -600000000000 1.500 g two(\n|\r\n|\r)" } */
/* { dg-output "lane  7: 49 -700000000000 1.750 h three(\n|\r\n|\r)" } */
/* { dg-output "lane  8: 64 -800000000000 2.000 i zero(\n|\r\n|\r)" } */
/* { dg-output "lane  9: 81 -900000000000 2.250 j one(\n|\r\n|\r)" } */
/* { dg-output "lane 10: 100 -1000000000000 2.500 k two(\n|\r\n|\r)" } */
/* { dg-output "lane 11: 121 -1100000000000 2.750 l three(\n|\r\n|\r)" } */
/* { dg-output "gangway: launch main._omp_fn.1 device=cpu \[^\n\]*(\n|\r\n|\r)" } */
/* { dg-output "puts on the device(\n|\r\n|\r)" } */
/* { dg-output "c(\n|\r\n|\r)" } */
/* { dg-output "fputs on the device(\n|\r\n|\r)" } */
/* { dg-output "fprintf to stderr: 42(\n|\r\n|\r)" } */
/* { dg-output "a string and  99.5%(\n|\r\n|\r)" } */
