/* ptxsim: every form of the atomic construct (update, read, write,
   capture) on bytes to 64-bit integers, floats and doubles, all threads at
   one address and lanes at different ones: atom.add/and/or/xor, atom.exch,
   atom.cas and compare-and-swap loops (on the word around a byte or a
   short), ld/st.relaxed.gpu.  The program is gangway.run/atomic-forms-1.c
   with fewer iterations and 32 lanes.  */

#define N 256
#define NG 4
#define NW 2
#define NV 32
#include "../gangway.run/atomic-forms-1.c"
