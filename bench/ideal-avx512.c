/* Hand-written AVX-512 versions of the cpu-device kernels of
   kernels-acc.c, with the interface of the kernels in a Gangway cpu image:

     void kernel (void *data, void *const *globals, uint32_t num_gangs,
		  uint32_t gang_lo, uint32_t gang_hi);

   DATA is the launch's hostaddrs array, in the order GCC's lowering gives
   (see the loads from gw_data in the generated C).  They do what the
   emitter's output does, with the same arithmetic, the way a hand coder
   would write it: execution masks in k registers, one scalar induction
   variable for an index that is "uniform + lane", masked vector loads and
   stores, a single exit test per loop iteration.  The *_contig versions
   give each gang a contiguous run of iterations, as gangway-loops does
   (and GCC's accelerator compilers); the others let gangs stride through
   the iteration space, as GCC's host-compiler lowering does (and Gangway
   did before gangway-loops).  kernel-harness.c times them against the
   generated code; codegen.sh builds and runs both.  */

#include <immintrin.h>
#include <stdint.h>

#define LANE \
  _mm512_set_epi32 (15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)

/* data: x, y, &a, &n.  i = gang * 16 + lane, step num_gangs * 16.  */

void
ideal_saxpy (void *data, void *const *globals, uint32_t ng, uint32_t lo,
	     uint32_t hi)
{
  void **d = data;
  const float *x = d[0];
  float *y = d[1];
  __m512 va = _mm512_set1_ps (*(float *) d[2]);
  int n = *(int *) d[3];
  for (uint32_t gang = lo; gang < hi; gang++)
    for (int i0 = gang * 16; i0 < n; i0 += ng * 16)
      {
	__mmask16 m = _mm512_cmplt_epi32_mask (LANE,
					       _mm512_set1_epi32 (n - i0));
	__m512 r = _mm512_mul_ps (va, _mm512_maskz_loadu_ps (m, x + i0));
	r = _mm512_add_ps (r, _mm512_maskz_loadu_ps (m, y + i0));
	_mm512_mask_storeu_ps (y + i0, m, r);
      }
}

void
ideal_saxpy_contig (void *data, void *const *globals, uint32_t ng,
		    uint32_t lo, uint32_t hi)
{
  void **d = data;
  const float *x = d[0];
  float *y = d[1];
  __m512 va = _mm512_set1_ps (*(float *) d[2]);
  int n = *(int *) d[3];
  int per = ((n + (int) ng - 1) / (int) ng + 15) & ~15;
  for (uint32_t gang = lo; gang < hi; gang++)
    {
      int end = (int) (gang + 1) * per < n ? (int) (gang + 1) * per : n;
      for (int i0 = gang * per; i0 < end; i0 += 16)
	{
	  __mmask16 m = _mm512_cmplt_epi32_mask (LANE,
						 _mm512_set1_epi32 (end - i0));
	  __m512 r = _mm512_mul_ps (va, _mm512_maskz_loadu_ps (m, x + i0));
	  r = _mm512_add_ps (r, _mm512_maskz_loadu_ps (m, y + i0));
	  _mm512_mask_storeu_ps (y + i0, m, r);
	}
    }
}

/* data: a, b, &n.  Row i = 1 + gang, step num_gangs; j = 1 + lane, step
   16.  */

static inline void
sweep_row (const float *a, float *b, int n, int i)
{
  const __m512 q = _mm512_set1_ps (0.25f);
  for (int j0 = 0; j0 < n - 2; j0 += 16)
    {
      __mmask16 m = _mm512_cmplt_epi32_mask (LANE,
					     _mm512_set1_epi32 (n - 2 - j0));
      const float *p = a + (long) i * n + 1 + j0;
      __m512 s = _mm512_add_ps (_mm512_maskz_loadu_ps (m, p - n),
				_mm512_maskz_loadu_ps (m, p + n));
      s = _mm512_add_ps (s, _mm512_maskz_loadu_ps (m, p - 1));
      s = _mm512_add_ps (s, _mm512_maskz_loadu_ps (m, p + 1));
      _mm512_mask_storeu_ps (b + (long) i * n + 1 + j0, m,
			     _mm512_mul_ps (s, q));
    }
}

void
ideal_sweep (void *data, void *const *globals, uint32_t ng, uint32_t lo,
	     uint32_t hi)
{
  void **d = data;
  int n = *(int *) d[2];
  for (uint32_t gang = lo; gang < hi; gang++)
    for (int i = 1 + gang; i < n - 1; i += ng)
      sweep_row (d[0], d[1], n, i);
}

void
ideal_sweep_contig (void *data, void *const *globals, uint32_t ng,
		    uint32_t lo, uint32_t hi)
{
  void **d = data;
  int n = *(int *) d[2];
  int per = (n - 2 + (int) ng - 1) / (int) ng;
  for (uint32_t gang = lo; gang < hi; gang++)
    for (int i = 1 + gang * per; i < 1 + (int) (gang + 1) * per && i < n - 1;
	 i++)
      sweep_row (d[0], d[1], n, i);
}

/* data: img, &maxit, &h, &w.  Row y = gang, step num_gangs; x = lane,
   step 16.  */

void
ideal_mandel (void *data, void *const *globals, uint32_t ng, uint32_t lo,
	      uint32_t hi)
{
  void **d = data;
  int *img = d[0];
  int maxit = *(int *) d[1], h = *(int *) d[2], w = *(int *) d[3];
  const __m512i vmax = _mm512_set1_epi32 (maxit), one = _mm512_set1_epi32 (1);
  const __m512 four = _mm512_set1_ps (4.0f), two = _mm512_set1_ps (2.0f);
  const __m512 fw = _mm512_set1_ps ((float) w);
  for (uint32_t gang = lo; gang < hi; gang++)
    for (int y = gang; y < h; y += ng)
      {
	__m512 ci = _mm512_set1_ps (2.5f * (float) y / (float) h - 1.25f);
	for (int x0 = 0; x0 < w; x0 += 16)
	  {
	    __m512i xv = _mm512_add_epi32 (_mm512_set1_epi32 (x0), LANE);
	    __mmask16 col = _mm512_cmplt_epi32_mask (xv,
						     _mm512_set1_epi32 (w));
	    __m512 cr = _mm512_mul_ps (_mm512_cvtepi32_ps (xv),
				       _mm512_set1_ps (2.5f));
	    cr = _mm512_sub_ps (_mm512_div_ps (cr, fw), two);
	    __m512 zr = _mm512_setzero_ps (), zi = _mm512_setzero_ps ();
	    __m512i k = _mm512_setzero_si512 ();
	    __mmask16 act = col;
	    for (;;)
	      {
		act = _mm512_mask_cmpgt_epi32_mask (act, vmax, k);
		__m512 zr2 = _mm512_mul_ps (zr, zr);
		__m512 zi2 = _mm512_mul_ps (zi, zi);
		act = _mm512_mask_cmp_ps_mask (act, _mm512_add_ps (zr2, zi2),
					       four, _CMP_LE_OQ);
		if (!act)
		  break;
		__m512 t = _mm512_add_ps (_mm512_sub_ps (zr2, zi2), cr);
		__m512 nzi = _mm512_add_ps (_mm512_mul_ps (_mm512_mul_ps (zr,
									  two),
							   zi), ci);
		zr = _mm512_mask_mov_ps (zr, act, t);
		zi = _mm512_mask_mov_ps (zi, act, nzi);
		k = _mm512_mask_add_epi32 (k, act, k, one);
	      }
	    _mm512_mask_storeu_epi32 (img + (long) y * w + x0, col, k);
	  }
      }
}
