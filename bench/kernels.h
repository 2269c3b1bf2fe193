/* The benchmark kernels, one set per way of compiling them.

   kernels-acc.c is compiled twice: with the Gangway plugin (prefix acc_,
   its regions run on the cpu device, or on the host with
   GANGWAY_DEVICE=host) and with GCC's plain OpenACC host fallback
   (prefix hacc_: gcc -O2 -fopenacc -foffload=disable, no plugin).
   kernels-omp.c is compiled with -O3 -march=native -fopenmp (prefix omp_)
   and once more adding -ffp-contract=off (prefix ompnc_), which keeps
   GCC from contracting a*b+c into FMAs so that its results can match the
   other versions bit for bit.  ref.c holds the serial reference.

   All versions do the same arithmetic in the same order.  */

#ifndef BENCH_KERNELS_H
#define BENCH_KERNELS_H

#define BENCH_CAT2(a, b) a##b
#define BENCH_CAT(a, b) BENCH_CAT2 (a, b)
#define BENCH_NAME(prefix, name) BENCH_CAT (prefix, name)

#define BENCH_DECLARE(prefix)						\
  void BENCH_NAME (prefix, saxpy) (int n, float a,			\
				   const float *restrict x,		\
				   float *restrict y);			\
  void BENCH_NAME (prefix, saxpy_blk) (int n, float a,			\
				       const float *restrict x,		\
				       float *restrict y);		\
  void BENCH_NAME (prefix, mandel) (int w, int h, int maxit,		\
				    int *restrict img);			\
  void BENCH_NAME (prefix, sweep) (int n, const float *restrict a,	\
				   float *restrict b);			\
  float BENCH_NAME (prefix, dot) (int n, const float *restrict x,	\
				  const float *restrict y);		\
  void BENCH_NAME (prefix, histogram) (int n, const int *restrict v,	\
				       int *restrict hist);		\
  void BENCH_NAME (prefix, maxloc) (int n, const float *restrict a,	\
				    float *m, int *idx);		\
  float BENCH_NAME (prefix, rowsum) (int rows, int cols,		\
				     const float *restrict a,		\
				     float *restrict row);

BENCH_DECLARE (acc_)
BENCH_DECLARE (hacc_)
BENCH_DECLARE (omp_)
BENCH_DECLARE (ompnc_)
BENCH_DECLARE (ref_)

/* saxpy_blk cuts the vector into SAXPY_BLOCKS contiguous blocks, one
   gang (or OpenMP iteration) each.  */
#define SAXPY_BLOCKS 64

/* The float reductions once more in double (ref.c): the values the
   bench compares dot and rowsum with, and the sums of the magnitudes of
   their terms, for the error bounds.  */
double ref_dot_exact (int n, const float *restrict x,
		      const float *restrict y, double *abs);
double ref_rowsum_exact (int rows, int cols, const float *restrict a,
			 double *restrict row, double *restrict rowabs,
			 double *abs);

/* histogram counts values in [0, HIST_BINS).  */
#define HIST_BINS 256

/* The Mandelbrot window: x in [-2, 0.5), y in [-1.25, 1.25).  */
#define MANDEL_CR(x, w) (-2.0f + 2.5f * (x) / (w))
#define MANDEL_CI(y, h) (-1.25f + 2.5f * (y) / (h))

#endif
