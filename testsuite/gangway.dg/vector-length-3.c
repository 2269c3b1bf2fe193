/* The cpu device's SIMD lanes follow the ISA: at most 8 with SSE
   (x86-64-v2 and below), 16 with AVX2, 32 with AVX-512 (two registers of
   4-byte lanes).  A vector_length the device accepts (up to 64) but its
   SIMD code does not hold, as a GPU's customary 32, runs as that many
   lanes, without a warning (vector_length is a hint; -fopt-info-omp and
   the launch log say what runs); a shorter one is kept.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-gangway-dump -fplugin-arg-gangway-isa=x86-64-v2 -fplugin-arg-gangway-targets=cpu" } */

int a[1000];

void
f (void)
{
#pragma acc parallel loop gang vector vector_length(32)
  for (int i = 0; i < 1000; i++)
    a[i] = i;

#pragma acc parallel loop gang vector vector_length(4)
  for (int i = 0; i < 1000; i++)
    a[i] += i;
}

/* { dg-final { scan-gangway-dump-times "(?n)^;; After emit \\(cpu, x86-64-v2, 8 lanes\\)$" 1 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^;; After emit \\(cpu, x86-64-v2, 4 lanes\\)$" 1 } } */
/* { dg-final { scan-gangway-dump-times "(?n)^;; After emit \\(cpu, x86-64-v2, (?!4 |8 )" 0 } } */
