/* Tests of libgangway's ptx device and data mapping, with hand-built units.
   Copyright (C) 2026 The Gangway developers.

   This file is part of Gangway.

   Gangway is free software; you can redistribute it and/or modify it under
   the terms of the GNU General Public License as published by the Free
   Software Foundation; either version 3, or (at your option) any later
   version.

   Gangway is distributed in the hope that it will be useful, but WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS
   FOR A PARTICULAR PURPOSE.  See the GNU General Public License for more
   details.

   You should have received a copy of the GNU General Public License along
   with Gangway; see the file COPYING.  If not see
   <http://www.gnu.org/licenses/>.  */

/* Like gwtest.c, this plays a compiled OpenACC program: its unit has a ptx
   image (text the fake driver of fake-cuda.c accepts) and a cpu image,
   and it calls gangway_parallel_keyed and the data entry points with the
   mapping kinds GCC 12 emits.  run-tests.sh runs each test (the first
   argument) with GANGWAY_CUDA_DRIVER naming the fake driver, and checks
   the driver's log (FAKE_CUDA_LOG), into which the tests write "MARK ..."
   lines between their steps.  A failed check prints "FAIL: ..." and makes
   the exit status 1.

   The fake driver runs no kernel, but it pretends to run gw_kp_incr
   (adds 1 to the ints of the object its first data word points to) and
   gw_kp_sincr (adds 1 to p[0..n) of the struct { int n; int *p; } its
   first data word points to), so that results show where the data
   was.  */

#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gangway-abi.h"
#include "gangway.h"
#include "images.h"
#include "gwtest.h"

/* The data API's entry points (what the plugin makes of acc_copyin and
   the others).  */
#define GW_DATA_API(RET, NAME, PARAMS, ARGS) RET gangway_##NAME PARAMS;
#define GW_DATA_API_26 GW_DATA_API
#define GW_DATA_API_F(RET, NAME, PARAMS, ARGS)
#include "data-api.def"
#undef GW_DATA_API
#undef GW_DATA_API_26
#undef GW_DATA_API_F
/* ... and the device type's (libruntime/api.c).  */
int gangway_acc_get_device_type (void);
int gangway_acc_get_num_devices (int);
size_t gangway_acc_get_property (int, int, int);
const char *gangway_acc_get_property_string (int, int, int);

/* Mapping kinds (GCC 12's include/gomp-constants.h), with the alignment
   in the high byte where GCC puts one.  */
#define ALIGN4(K)	((2 << 8) | (K))
#define ALIGN8(K)	((3 << 8) | (K))
#define K_ALLOC		0x00
#define K_TO		0x01
#define K_FROM		0x02
#define K_TOFROM	0x03
#define K_FORCE_PRESENT	0x06
#define K_DELETE	0x07
#define K_FIRSTPRIVATE	0x0c
#define K_FIRSTPRIVATE_INT 0x0d
#define K_STRUCT	0x1c
#define K_ATTACH	0x50
#define K_FORCE_TO	0x81
#define K_FORCE_FROM	0x82
#define K_ALWAYS_TO	0x11	/* OpenMP's always to: no OpenACC construct has it.  */

/* Host versions.  gw_kp_incr and gw_kp_plain get [0] an int array and
   [1] its length, by value.  */

static void
host_incr (void *data)
{
  void **args = data;
  int *a = args[0];
  long n = (long) (intptr_t) args[1];

  for (long i = 0; i < n; i++)
    a[i]++;
}

static void
host_plain (void *data)
{
  host_incr (data);
}

static void
host_sincr (void *data)
{
  struct s { int n; int *p; } *s = ((void **) data)[0];

  for (int i = 0; i < s->n; i++)
    s->p[i]++;
}

static void
host_sm99 (void *data)
{
  host_incr (data);
}

static void
host_link (void *data)
{
  host_incr (data);
}

static void
host_missing (void *data)
{
  host_incr (data);
}

static const char ptx_text[] =
  "// Fake PTX: the fake driver only looks for the entry points.\n"
  ".version 7.0\n.target sm_80\n.address_size 64\n"
  ".visible .entry gw_kp_incr (.param .u64 data, .param .u64 globals)\n"
  "{\n\tret;\n}\n"
  ".visible .entry gw_kp_sincr (.param .u64 data, .param .u64 globals)\n"
  "{\n\tret;\n}\n"
  ".visible .entry gw_kp_plain (.param .u64 data, .param .u64 globals)\n"
  "{\n\tret;\n}\n";

/* gw_kp_incr was compiled for 4 workers of 32 lanes; the others leave
   the dimensions to the launch.  */
static const intptr_t ptx_dims[4 * 3] = {
  0, 4, 32,  0, 0, 0,  0, 0, 0,  0, 0, 0,
};

/* The unit: a ptx image and a cpu image; gw_k0 is only in the cpu
   image.  */
static const struct
{
  struct gw_unit u;
  struct gw_image images[2];
  struct gw_kernel k[4];
  void *globals[1];
  uintptr_t info[1];
} unit_p = {
  { GW_UNIT_MAGIC, GW_ABI_VERSION, 2, 4, 1 },
  { { "ptx", "sm_80", (const unsigned char *) ptx_text, sizeof ptx_text,
      ptx_dims },
    { "cpu", "x86-64-v2", image_v2, sizeof image_v2, NULL } },
  { { host_incr, "gw_kp_incr", "p_incr" },
    { host_sincr, "gw_kp_sincr", "p_sincr" },
    { host_plain, "gw_kp_plain", "p_plain" },
    { host_k0, "gw_k0", "p_k0" } },
  { &global_base },
  { GW_GLOBAL_INFO (sizeof global_base, 0) },
};

/* A unit whose only image needs a newer device than the fake one.  */
static const struct
{
  struct gw_unit u;
  struct gw_image images[1];
  struct gw_kernel k[1];
} unit_sm99 = {
  { GW_UNIT_MAGIC, GW_ABI_VERSION, 1, 1, 0 },
  { { "ptx", "sm_99", (const unsigned char *) ptx_text, sizeof ptx_text,
      NULL } },
  { { host_sm99, "gw_kp_plain", "p_sm99" } },
};

/* Routines across units: unit_link's image imports gw_r_twice, which
   unit_lib's exports (with the variable that gets its unit's table of
   globals, gangway-abi.h's GW_PTX_TABLE_SUFFIX), and which calls back
   gw_r_back, unit_link's own;
   gw_r_nowhere, which no unit exports, is imported by a second image of
   its own (unit_miss).  */
static const char ptx_link_text[] =
  ".version 7.0\n.target sm_80\n.address_size 64\n"
  ".extern .func (.param .b32 gw_ret) gw_r_twice (.param .b64 gw_globals, "
  ".param .b32 gw_p0);\n"
  ".visible .func (.param .b32 gw_ret) gw_r_back (.param .b64 gw_globals, "
  ".param .b32 gw_p0)\n{\n\tret;\n}\n"
  ".visible .entry gw_kl (.param .u64 data, .param .u64 globals)\n"
  "{\n\tret;\n}\n";
static const char ptx_lib_text[] =
  ".version 7.0\n.target sm_80\n.address_size 64\n"
  ".visible .global .align 8 .b8 gw_r_twice__gw_gtab[8];\n"
  ".extern .func (.param .b32 gw_ret) gw_r_back (.param .b64 gw_globals, "
  ".param .b32 gw_p0);\n"
  ".visible .func (.param .b32 gw_ret) gw_r_twice (.param .b64 gw_globals, "
  ".param .b32 gw_p0)\n{\n\tret;\n}\n"
  ".visible .entry gw_klib (.param .u64 data, .param .u64 globals)\n"
  "{\n\tret;\n}\n";
static const char ptx_miss_text[] =
  ".version 7.0\n.target sm_80\n.address_size 64\n"
  ".visible .entry gw_km (.param .u64 data, .param .u64 globals)\n"
  "{\n\tret;\n}\n";
static const char *const link_imports[] = { "gw_r_twice", "twice", NULL };
static const char *const link_exports[] = { "gw_r_back", NULL };
static const char *const lib_imports[] = { "gw_r_back", "back", NULL };
static const char *const lib_exports[] = { "gw_r_twice", NULL };
static const char *const miss_imports[] = { "gw_r_nowhere", "nowhere",
					    NULL };

static const struct
{
  struct gw_unit u;
  struct gw_image images[1];
  struct gw_kernel k[1];
} unit_link = {
  { GW_UNIT_MAGIC, GW_ABI_VERSION, 1, 1, 0 },
  { { "ptx", "sm_80", (const unsigned char *) ptx_link_text,
      sizeof ptx_link_text, NULL, link_exports, link_imports } },
  { { host_link, "gw_kl", "p_link" } },
}, unit_lib = {
  { GW_UNIT_MAGIC, GW_ABI_VERSION, 1, 1, 0 },
  { { "ptx", "sm_80", (const unsigned char *) ptx_lib_text,
      sizeof ptx_lib_text, NULL, lib_exports, lib_imports } },
  { { host_plain, "gw_klib", "p_lib" } },
}, unit_miss = {
  { GW_UNIT_MAGIC, GW_ABI_VERSION, 1, 1, 0 },
  { { "ptx", "sm_80", (const unsigned char *) ptx_miss_text,
      sizeof ptx_miss_text, NULL, NULL, miss_imports } },
  { { host_missing, "gw_km", "p_missing" } },
};

static void __attribute__ ((constructor))
register_units (void)
{
  gangway_register_unit (&unit_p.u);
  gangway_register_unit (&unit_sm99.u);
  gangway_register_unit (&unit_link.u);
  gangway_register_unit (&unit_lib.u);
  gangway_register_unit (&unit_miss.u);
}

/* Write "MARK WHAT" into the fake driver's log.  */

static void
mark (const char *what)
{
  const char *path = getenv ("FAKE_CUDA_LOG");
  char buf[256];

  if (path == NULL)
    return;
  int n = snprintf (buf, sizeof buf, "MARK %s\n", what);
  int fd = open (path, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (fd < 0 || write (fd, buf, n) != n)
    abort ();
  close (fd);
}

/* Check that the calling thread's last launch ran on DEVICE.  */

static void
check_device (const char *what, const char *device)
{
  const char *d = gangway_last_launch_device ();

  CHECK (d && strcmp (d, device) == 0, "%s: ran on %s, expected %s", what,
	 d ? d : "(null)", device);
}

/* The device regions with ptx code are expected on: EXPECT_DEVICE, or
   ptx.  */

static const char *
expected (void)
{
  const char *e = getenv ("EXPECT_DEVICE");
  return e ? e : "ptx";
}

/* Launches of regions with ptx code: what they map and how.  */

static void
test_launch (void)
{
  int a[100], c[10];
  float b[10] = { 0 };
  void *h[4] = { a, (void *) (intptr_t) 100, b, c };
  size_t s[4] = { sizeof a, 0, sizeof b, sizeof c };
  unsigned short k[4] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT,
			  ALIGN4 (K_TO), ALIGN4 (K_FROM) };

  const char *name = strcmp (expected (), "ptx") == 0 ? "ptx" : "cpu";
  CHECK (strcmp (gangway_device_name (), name) == 0,
	 "gangway_device_name () is %s, expected %s", gangway_device_name (),
	 name);
  for (int i = 0; i < 100; i++)
    a[i] = i;
  mark ("launch incr");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 4, h, s, k, W_DIM (1),
			  6u, 0);
  mark ("launched incr");
  check_device ("incr", expected ());
  for (int i = 0; i < 100; i++)
    if (a[i] != i + 1)
      {
	CHECK (0, "incr: a[%d] = %d", i, a[i]);
	break;
      }

  /* The global present, and the dimensions from the launch words.  */
  void *gh[1] = { &global_base };
  size_t gs[1] = { sizeof global_base };
  unsigned short gk[1] = { ALIGN4 (K_TO) }, gd[1] = { K_DELETE };
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, gh, gs, gk, -2, 0);
  mark ("launch plain");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_plain, 4, h, s, k,
			  W_DIM (6),
			  2u, 64u, 0);
  mark ("launched plain");
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, gh, gs, gd, -2, 0);
  check_device ("plain", expected ());

  /* An if clause that is false: the host's data, nothing mapped.  */
  mark ("launch if-false");
  gangway_parallel_keyed (NULL, FLAGS_IF_FALSE, host_plain, 4, h, s, k, 0);
  mark ("launched if-false");
  check_device ("if-false", "host");
  /* The fake device ran gw_kp_incr but not gw_kp_plain; the host both.  */
  int want = strcmp (expected (), "ptx") == 0 ? 2 : 3;
  CHECK (a[0] == want, "if-false: a[0] = %d, expected %d", a[0], want);
}

/* Reference counts of enter and exit data.  */

static void
test_refcount (void)
{
  int x[50];
  void *h[1] = { x };
  size_t s[1] = { sizeof x };
  unsigned short to[1] = { ALIGN4 (K_TO) }, from[1] = { ALIGN4 (K_FROM) };
  unsigned short del[1] = { ALIGN4 (K_DELETE) };
  unsigned short present[1] = { ALIGN4 (K_FORCE_PRESENT) };

  for (int i = 0; i < 50; i++)
    x[i] = i;
  mark ("enter 1");
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, h, s, to, -2, 0);
  mark ("enter 2");
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, h, s, to, -2, 0);
  /* A data construct adds a reference while it lasts.  */
  mark ("data");
  gangway_data_start (NULL, FLAGS_DEVICE, 1, h, s, present);
  gangway_data_end ();
  for (int i = 0; i < 50; i++)
    x[i] = -1;
  mark ("exit 1");
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, h, s, from, -2, 0);
  CHECK (x[0] == -1, "exit 1 copied back: x[0] = %d", x[0]);
  mark ("exit 2");
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, h, s, from, -2, 0);
  CHECK (x[0] == 0 && x[49] == 49, "exit 2 did not copy back: x[49] = %d",
	 x[49]);
  /* Absent data: no error.  */
  mark ("exit 3");
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, h, s, from, -2, 0);

  /* finalize: every dynamic reference at once.  */
  mark ("finalize");
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, h, s, to, -2, 0);
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, h, s, to, -2, 0);
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, h, s, del, -2, 0);
  mark ("end");
}

/* update self and update device.  */

static void
test_update (void)
{
  int x[20], y[4] = { 1, 2, 3, 4 };
  void *h[1] = { x }, *hy[1] = { y };
  size_t s[1] = { sizeof x }, sy[1] = { sizeof y };
  unsigned short to[1] = { ALIGN4 (K_TO) }, from[1] = { ALIGN4 (K_FROM) };
  unsigned short self[1] = { ALIGN4 (K_FORCE_FROM) };
  unsigned short dev[1] = { ALIGN4 (K_FORCE_TO) };

  for (int i = 0; i < 20; i++)
    x[i] = 3 * i;
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, h, s, to, -2, 0);
  memset (x, 0, sizeof x);
  mark ("update self");
  gangway_update (NULL, FLAGS_DEVICE, 1, h, s, self, -2, 0);
  CHECK (x[19] == 57, "update self: x[19] = %d", x[19]);
  for (int i = 0; i < 20; i++)
    x[i] = 7;
  mark ("update device");
  gangway_update (NULL, FLAGS_DEVICE, 1, h, s, dev, -2, 0);
  memset (x, 0, sizeof x);
  mark ("update if_present");
  /* if_present (the plain kinds) on absent data: nothing.  */
  gangway_update (NULL, FLAGS_DEVICE, 1, hy, sy, from, -2, 0);
  mark ("exit");
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, h, s, from, -2, 0);
  CHECK (x[0] == 7 && x[19] == 7, "update device: x[19] = %d", x[19]);
}

/* A present clause on absent data, in a launch or a data construct (the
   second argument): a fatal error.  */

static void
test_absent (const char *where)
{
  int x[100];
  void *h[1] = { x };
  size_t s[1] = { sizeof x };
  unsigned short k[1] = { ALIGN4 (K_FORCE_PRESENT) };

  if (where && strcmp (where, "data") == 0)
    gangway_data_start (NULL, FLAGS_DEVICE, 1, h, s, k);
  else
    gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 1, h, s, k, 0);
  CHECK (0, "a present clause on absent data passed");
}

/* A region without ptx code runs on the cpu while its data is present on
   the ptx device: it must see and leave the device's copy current.  */

static void
test_cpu_sync (void)
{
  enum { N = 1000 };
  int a[N], n = N;
  unsigned count[64 + 1] = { 0 }, gangs = 0, host_runs = 0;
  void *h[5] = { a, &n, count, &gangs, &host_runs };
  size_t s[5] = { sizeof a, sizeof n, sizeof count, sizeof gangs,
		  sizeof host_runs };
  unsigned short k[5] = { ALIGN4 (K_FORCE_PRESENT), ALIGN4 (K_TO),
			  ALIGN4 (K_TOFROM), ALIGN4 (K_TOFROM),
			  ALIGN4 (K_TOFROM) };
  unsigned short to[1] = { ALIGN4 (K_TO) }, from[1] = { ALIGN4 (K_FROM) };

  memset (a, 0, sizeof a);
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, h, s, to, -2, 0);
  mark ("launch k0");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_k0, 5, h, s, k, W_DIM (1),
			  64u, 0);
  mark ("launched k0");
  check_device ("k0", "cpu");
  CHECK (host_runs == 0 && gangs == 64, "k0: host_runs %u, gangs %u",
	 host_runs, gangs);
  /* What the ptx device has is what the cpu computed.  */
  if (strcmp (gangway_device_name (), "ptx") == 0)
    memset (a, 0, sizeof a);
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, h, s, from, -2, 0);
  for (int i = 0; i < N; i++)
    if (a[i] != 2 * i + global_base)
      {
	CHECK (0, "k0: a[%d] = %d", i, a[i]);
	break;
      }
}

/* A struct with a pointer member, attached to its mapped target.  */

static void
test_struct (void)
{
  int arr[10];
  struct s { int n; int *p; } st = { 10, arr };
  void *h[5] = { &st, &st.n, &st.p, arr, &st.p };
  size_t s[5] = { 2, sizeof st.n, sizeof st.p, sizeof arr, 0 };
  unsigned short k[5] = { ALIGN8 (K_STRUCT), ALIGN4 (K_TO),
			  ALIGN8 (K_TOFROM), ALIGN4 (K_TOFROM), K_ATTACH };

  for (int i = 0; i < 10; i++)
    arr[i] = 10 * i;
  mark ("launch sincr");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_sincr, 5, h, s, k, 0);
  mark ("launched sincr");
  check_device ("sincr", expected ());
  CHECK (st.p == arr, "sincr: the host's pointer changed");
  for (int i = 0; i < 10; i++)
    if (arr[i] != 10 * i + 1)
      {
	CHECK (0, "sincr: arr[%d] = %d", i, arr[i]);
	break;
      }
}

/* A launch with a mapping kind the ptx device does not know runs on the
   cpu device, or the host.  */

static void
test_bad_kind (void)
{
  int a[10] = { 0 };
  void *h[3] = { a, (void *) (intptr_t) 10, a };
  size_t s[3] = { sizeof a, 0, sizeof a };
  unsigned short k[3] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT, K_ALWAYS_TO };

  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 3, h, s, k, 0);
  CHECK (a[9] == 1, "bad kind: a[9] = %d", a[9]);
}

/* A region whose only ptx image needs a newer device.  */

static void
test_sm99 (void)
{
  int a[10] = { 0 };
  void *h[2] = { a, (void *) (intptr_t) 10 };
  size_t s[2] = { sizeof a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };

  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_sm99, 2, h, s, k, 0);
  check_device ("sm99", "host");
  CHECK (a[9] == 1, "sm99: a[9] = %d", a[9]);
}

/* A launch the device's limits do not allow: gw_kp_plain on 3 gangs of
   4 workers of 64 lanes (run-tests.sh lowers the fake device's limits).
   It goes to the cpu device, which has no code for it, so to the host.  */

static void
test_limits (void)
{
  int a[10] = { 0 };
  void *h[2] = { a, (void *) (intptr_t) 10 };
  size_t s[2] = { sizeof a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };

  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_plain, 2, h, s, k,
			  W_DIM (7),
			  3u, 4u, 64u, 0);
  check_device ("limits", expected ());
}

/* A region whose image imports a routine another unit's image exports:
   the two are linked into one module; and one whose import no unit
   exports: on the host (no cpu image), with a warning.  */

static void
test_link (void)
{
  int a[10] = { 0 };
  void *h[2] = { a, (void *) (intptr_t) 10 };
  size_t s[2] = { sizeof a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };

  mark ("launch link");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_link, 2, h, s, k, 0);
  mark ("launched link");
  check_device ("link", "ptx");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_missing, 2, h, s, k, 0);
  check_device ("missing routine", "host");
  CHECK (a[9] == 1, "missing routine: a[9] = %d", a[9]);
}

/* A const table that GCC maps tofrom, as it maps any object a region
   uses: the fake device changes its copy (gw_kp_incr), which is never
   copied back into the host's read-only memory (that would fault).  */

static const int read_only_table[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };

static void
test_read_only (void)
{
  void *h[2] = { (void *) read_only_table, (void *) (intptr_t) 10 };
  size_t s[2] = { sizeof read_only_table, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };

  mark ("launch read-only");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k, W_DIM (1),
			  2u, 0);
  mark ("launched read-only");
  check_device ("read-only", "ptx");
  CHECK (read_only_table[9] == 10, "read-only: table[9] = %d",
	 read_only_table[9]);
}

/* Launches after a fork: the child's go to the cpu device (here: the
   host, the unit has no cpu code for the region), the parent's still to
   the GPU.  */

static void
test_fork (void)
{
  int a[10] = { 0 };
  void *h[2] = { a, (void *) (intptr_t) 10 };
  size_t s[2] = { sizeof a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };

  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_plain, 2, h, s, k, 0);
  check_device ("before the fork", "ptx");
  fflush (NULL);
  pid_t pid = fork ();
  if (pid == 0)
    {
      gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_plain, 2, h, s, k, 0);
      check_device ("in the child", "host");
      CHECK (a[9] == 1, "in the child: a[9] = %d", a[9]);
      fflush (NULL);
      _exit (failures ? 1 : 0);
    }
  int status;
  CHECK (pid > 0 && waitpid (pid, &status, 0) == pid && WIFEXITED (status)
	 && WEXITSTATUS (status) == 0, "the child failed");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_plain, 2, h, s, k, 0);
  check_device ("after the fork", "ptx");
}

/* A launch from a destructor, which runs after exit began: on the cpu
   device (here: the host), without a call of the driver.  */

static int exit_launch;

static void __attribute__ ((destructor))
launch_at_exit (void)
{
  if (!exit_launch)
    return;
  int a[10] = { 0 };
  void *h[2] = { a, (void *) (intptr_t) 10 };
  size_t s[2] = { sizeof a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };

  mark ("launch at exit");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_plain, 2, h, s, k, 0);
  mark ("launched at exit");
  const char *d = gangway_last_launch_device ();
  if (d == NULL || strcmp (d, "host") != 0 || a[9] != 1)
    {
      fprintf (stderr, "FAIL: at exit: ran on %s, a[9] = %d\n",
	       d ? d : "(null)", a[9]);
      _exit (1);
    }
}

static void
test_exit (void)
{
  int a[10] = { 0 };
  void *h[2] = { a, (void *) (intptr_t) 10 };
  size_t s[2] = { sizeof a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };

  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_plain, 2, h, s, k, 0);
  check_device ("before exit", "ptx");
  exit_launch = 1;
}

/* A firstprivate object that is not an int (a double): its copy goes in
   the launch's argument block, after the words, with no allocation of
   its own.  */

static void
test_firstprivate (void)
{
  int a[10] = { 0 };
  double scale = 2.5;
  void *h[3] = { a, (void *) (intptr_t) 10, &scale };
  size_t s[3] = { sizeof a, 0, sizeof scale };
  unsigned short k[3] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT,
			  ALIGN4 (K_FIRSTPRIVATE) };

  mark ("launch firstprivate");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_plain, 3, h, s, k, 0);
  mark ("launched firstprivate");
  check_device ("firstprivate", "ptx");
}

/* A global the launch maps "to" and a routine reaches through the unit's
   global table: both words name its copy in the argument block.  */

static void
test_global_to (void)
{
  int a[10] = { 0 };
  void *h[3] = { a, (void *) (intptr_t) 10, &global_base };
  size_t s[3] = { sizeof a, 0, sizeof global_base };
  unsigned short k[3] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT,
			  ALIGN4 (K_TO) };

  mark ("launch global-to");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_plain, 3, h, s, k, 0);
  mark ("launched global-to");
  check_device ("global-to", "ptx");
}

/* The data API on the ptx device: acc_malloc and acc_memcpy_* move data
   in the device's memory, acc_copyin maps data a launch then finds
   present, acc_map_data maps host data to acc_malloc's memory, and each
   call makes only the driver calls it needs.  */

static void
test_data_api (void)
{
  int x[100], y[20], z[20], w[25];
  void *h[2] = { y, (void *) (intptr_t) 20 };
  size_t s[2] = { sizeof y, 0 };
  unsigned short k[2] = { ALIGN4 (K_FORCE_PRESENT), K_FIRSTPRIVATE_INT };

  for (int i = 0; i < 100; i++)
    x[i] = i;
  for (int i = 0; i < 20; i++)
    y[i] = 100 + i;
  mark ("malloc");
  int *d = gangway_acc_malloc (sizeof x);
  gangway_acc_memcpy_to_device (d, x, sizeof x);
  mark ("copyin");
  int *p = gangway_acc_copyin (y, sizeof y);
  CHECK (p != NULL && p != y, "acc_copyin: %p", (void *) p);
  CHECK (gangway_acc_deviceptr (y + 3) == p + 3, "acc_deviceptr");
  CHECK (gangway_acc_hostptr (p + 3) == y + 3, "acc_hostptr");
  CHECK (gangway_acc_is_present (y, sizeof y)
	 && !gangway_acc_is_present (y, sizeof y + 1), "acc_is_present");
  CHECK (gangway_acc_hostptr (d) == NULL, "acc_hostptr (acc_malloc's)");
  mark ("launch");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k, 0);
  mark ("launched");
  check_device ("data-api", expected ());
  CHECK (y[0] == 100, "the launch wrote the host's y: y[0] = %d", y[0]);
  gangway_acc_update_self (y, sizeof y);
  CHECK (y[0] == 101 && y[19] == 120, "acc_update_self: y[19] = %d",
	 y[19]);
  mark ("memcpy");
  gangway_acc_memcpy_device (d + 10, p, sizeof y);
  gangway_acc_memcpy_from_device (z, d + 10, sizeof z);
  CHECK (z[0] == 101 && z[19] == 120, "acc_memcpy_device: z[19] = %d",
	 z[19]);
  mark ("map");
  gangway_acc_map_data (w, d + 75, sizeof w);
  CHECK (gangway_acc_deviceptr (w) == d + 75, "acc_map_data");
  gangway_acc_copyin (w, sizeof w);
  gangway_acc_copyout (w, sizeof w);
  gangway_acc_update_self (w, sizeof w);
  CHECK (w[0] == 75 && w[24] == 99, "acc_map_data's memory: w[24] = %d",
	 w[24]);
  gangway_acc_unmap_data (w);
  CHECK (!gangway_acc_is_present (w, sizeof w), "acc_unmap_data");
  mark ("free");
  gangway_acc_free (d);
  mark ("copyout");
  gangway_acc_copyout (y, sizeof y);
  mark ("end");

  /* The device type and its properties (libruntime/api.c).  */
  CHECK (gangway_acc_get_device_type () == 5 /* acc_device_nvidia */,
	 "acc_get_device_type () = %d", gangway_acc_get_device_type ());
  CHECK (gangway_acc_get_num_devices (5) == 1
	 && gangway_acc_get_num_devices (4) == 2,
	 "acc_get_num_devices (nvidia, not_host) = %d, %d",
	 gangway_acc_get_num_devices (5), gangway_acc_get_num_devices (4));
  const char *name = gangway_acc_get_property_string (0, 5, 0x10001);
  const char *vendor = gangway_acc_get_property_string (0, 5, 0x10002);
  const char *driver = gangway_acc_get_property_string (0, 5, 0x10003);
  CHECK (name && strcmp (name, "Fake GPU") == 0, "name %s", name);
  CHECK (vendor && strcmp (vendor, "NVIDIA") == 0, "vendor %s", vendor);
  CHECK (driver && strcmp (driver, "CUDA driver 12.4") == 0, "driver %s",
	 driver);
  CHECK (gangway_acc_get_property (0, 5, 1) == (size_t) 16 << 30,
	 "memory %zu", gangway_acc_get_property (0, 5, 1));
  CHECK (gangway_acc_get_property (0, 5, 2) < (size_t) 16 << 30,
	 "free memory %zu", gangway_acc_get_property (0, 5, 2));
}

/* The queues' functions (what the plugin makes of acc_wait and the
   others).  */
void gangway_wait (int, int, ...);
void gangway_acc_wait (int);
int gangway_acc_async_test (int);
void *gangway_acc_get_cuda_stream (int);

/* Check that each of the N ints at A is I + ADD.  */

static void
check_incr (const char *what, const int *a, int n, int add)
{
  for (int i = 0; i < n; i++)
    if (a[i] != i + add)
      {
	CHECK (0, "%s: a[%d] = %d, expected %d", what, i, a[i], i + add);
	return;
      }
}

/* Async queues on streams: launches of present data queue without a
   host wait; a wait clause is an event; a test finds the work done;
   updates go on the queue; a launch whose data must come back waits for
   its queue; a synchronous launch waits for every queue.  */

static int async_b[100];

static void
test_async (void)
{
  int a[100], *b = async_b, lc[100];
  void *h[2] = { a, (void *) (intptr_t) 100 }, *hb[2] = { b, h[1] };
  size_t s[2] = { sizeof a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };
  unsigned short to[1] = { ALIGN4 (K_TO) }, from[1] = { ALIGN4 (K_FROM) };
  unsigned short self[1] = { ALIGN4 (K_FORCE_FROM) };
  unsigned short dev[1] = { ALIGN4 (K_FORCE_TO) };

  for (int i = 0; i < 100; i++)
    a[i] = b[i] = i;
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, h, s, to, -2, 0);
  mark ("queue");
  for (int i = 0; i < 3; i++)
    gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			    W_ASYNC (1), 0);
  mark ("queued");
  check_device ("async", expected ());
  CHECK (gangway_acc_async_test (1) == 0, "acc_async_test (1) before");
  CHECK (gangway_acc_async_test (1) == 1, "acc_async_test (1) after");
  mark ("tested");

  /* Queue 2 after queue 1.  */
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			  W_ASYNC (1), 0);
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			  W_ASYNC (2), W_WAIT (1), 1, 0);
  mark ("wait 2");
  gangway_acc_wait (2);
  mark ("waited 2");

  /* Updates on queue 1 go on its stream, from and into staging
     buffers: update device takes the host's data at the directive.  */
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			  W_ASYNC (1), 0);
  mark ("update");
  gangway_update (NULL, FLAGS_DEVICE, 1, h, s, self, 1, 0);
  mark ("updated");
  gangway_acc_wait (1);
  mark ("waited update");
  check_incr ("update self async(1)", a, 100, 6);
  for (int i = 0; i < 100; i++)
    a[i] = i + 10;
  mark ("update device");
  gangway_update (NULL, FLAGS_DEVICE, 1, h, s, dev, 1, 0);
  mark ("updated device");
  memset (a, 0xff, sizeof a);

  /* b, a static object, is not present: its copy in, the kernel, its
     copy out and its free go on queue 3's stream; the host has b after
     the wait.  */
  size_t sb[2] = { sizeof async_b, 0 };
  mark ("copy b");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, hb, sb, k,
			  W_ASYNC (3), 0);
  mark ("copied b");
  CHECK (b[0] == 0 && b[99] == 99, "copy (b) async(3): b changed before "
	 "the wait: b[0] = %d", b[0]);
  gangway_acc_wait (3);
  mark ("waited b");
  check_incr ("copy (b) async(3)", b, 100, 1);

  /* lc is a local: the frame that holds it may be gone by the time the
     queue runs, so the launch waits for its queue to copy it out.  */
  for (int i = 0; i < 100; i++)
    lc[i] = i;
  void *hc[2] = { lc, h[1] };
  mark ("copy lc");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, hc, s, k,
			  W_ASYNC (3), 0);
  mark ("copied lc");
  check_incr ("copy (lc) async(3), lc a local", lc, 100, 1);

  /* A synchronous launch waits for every queue.  */
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			  W_ASYNC (1), 0);
  mark ("sync");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k, 0);
  mark ("synced");
  void *stream = gangway_acc_get_cuda_stream (1);
  CHECK (stream != NULL && stream == gangway_acc_get_cuda_stream (1)
	 && stream != gangway_acc_get_cuda_stream (2),
	 "acc_get_cuda_stream: %p", stream);
  CHECK (gangway_acc_get_cuda_stream (-2) == NULL,
	 "acc_get_cuda_stream (acc_async_sync)");
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, h, s, from, -2, 0);
  check_incr ("async", a, 100, 12);

  /* The data API's copies on a queue.  */
  int c[100];
  for (int i = 0; i < 100; i++)
    c[i] = 1000 + i;
  gangway_acc_copyin (b, sizeof async_b);
  void *db = gangway_acc_deviceptr (b);
  mark ("api async");
  gangway_acc_memcpy_to_device_async (db, c, sizeof c, 5);
  gangway_acc_update_self_async (b, sizeof async_b, 5);
  mark ("api queued");
  gangway_acc_wait (5);
  check_incr ("acc_memcpy_to_device_async, acc_update_self_async", b, 100,
	      1000);
  gangway_acc_delete (b, sizeof async_b);
  mark ("end");
}

/* The cache of freed device memory (memory-ptx.c): five synchronous
   launches that copy a static array not present allocate its block once
   and free none; five async launches on queue 1 that copy chunks of
   another reuse what the cache has, and wait for nothing on the host.
   Under GANGWAY_PTX_CACHE=0 each launch allocates and frees.  */

static int cache_a[100], cache_b[5][100];

static void
test_cache (void)
{
  void *h[2] = { cache_a, (void *) (intptr_t) 100 };
  size_t s[2] = { sizeof cache_a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };

  for (int i = 0; i < 100; i++)
    cache_a[i] = i;
  mark ("sync");
  for (int i = 0; i < 5; i++)
    gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k, 0);
  mark ("synced");
  check_incr ("five copy (a)", cache_a, 100, 5);
  /* A pipeline: each launch copies a chunk of its own (a copy in of
     what a queued copy out is to write would wait for it).  */
  for (int c = 0; c < 5; c++)
    for (int i = 0; i < 100; i++)
      cache_b[c][i] = i;
  mark ("async");
  for (int c = 0; c < 5; c++)
    {
      void *hb[2] = { cache_b[c], h[1] };
      gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, hb, s, k,
			      W_ASYNC (1), 0);
    }
  mark ("queued");
  gangway_acc_wait (1);
  mark ("waited");
  for (int c = 0; c < 5; c++)
    check_incr ("copy (b[c]) async(1)", cache_b[c], 100, 1);
}

/* The orders between queues and the host that the GCC suite's ptx
   view found wrong: what a queue waited for by an event is the host's
   once it waits for that queue; an update device after an update self
   on the queue sends what the update self brought; device memory is
   freed only once no queue's work may use it.  */

static void
test_async_order (void)
{
  int a[100], c[100];
  void *h[2] = { a, (void *) (intptr_t) 100 }, *hc[2] = { c, h[1] };
  size_t s[2] = { sizeof a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };
  unsigned short to[1] = { ALIGN4 (K_TO) }, from[1] = { ALIGN4 (K_FROM) };
  unsigned short del[1] = { ALIGN4 (K_DELETE) };
  unsigned short self[1] = { ALIGN4 (K_FORCE_FROM) };
  unsigned short dev[1] = { ALIGN4 (K_FORCE_TO) };

  for (int i = 0; i < 100; i++)
    a[i] = c[i] = i;
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, h, s, to, -2, 0);
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, hc, s, to, -2, 0);

  /* wait async(2), then wait(2): queue 1's update is the host's.  */
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			  W_ASYNC (1), 0);
  gangway_update (NULL, FLAGS_DEVICE, 1, h, s, self, 1, 0);
  mark ("wait async");
  gangway_wait (2, 0);
  gangway_acc_wait (2);
  mark ("waited");
  check_incr ("update self async(1), wait async(2), wait(2)", a, 100, 1);

  /* The same, with a free between the wait async(2) and the wait(2):
     exit data async(3) frees once queue 3 is done (the wait for it),
     and the free waits for every queue's work on the device
     (gw_ptx_settle): the wait for queue 2 still brings what queue 1's
     update copied.  */
  int t[4];
  void *ht[1] = { t };
  size_t st[1] = { sizeof t };
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, ht, st, to, -2, 0);
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			  W_ASYNC (1), 0);
  gangway_update (NULL, FLAGS_DEVICE, 1, h, s, self, 1, 0);
  gangway_wait (2, 1, 1);
  mark ("settle");
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, ht, st, del, 3, 0);
  gangway_acc_wait (3);
  mark ("settled");
  gangway_acc_wait (2);
  check_incr ("update self async(1), wait(1) async(2), a free, wait(2)", a,
	      100, 2);

  /* update self, then update device, on queue 1.  */
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			  W_ASYNC (1), 0);
  gangway_update (NULL, FLAGS_DEVICE, 1, h, s, self, 1, 0);
  mark ("update device");
  gangway_update (NULL, FLAGS_DEVICE, 1, h, s, dev, 1, 0);
  mark ("updated device");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			  W_ASYNC (1), 0);

  /* c goes on queue 2 while queue 1's kernel uses it: the free, once
     queue 2 is done, waits for queue 1's kernel.  */
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, hc, s, k,
			  W_ASYNC (1), 0);
  mark ("delete");
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, hc, s, del, 2, 0);
  gangway_acc_wait (2);
  mark ("deleted");
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, h, s, from, -2, 0);
  check_incr ("update self async(1), update device async(1)", a, 100, 4);

  /* A launch on a queue whose earlier launch the device has run (a test
     saw it busy, so its completion is still there): its block comes
     back by its event.  */
  for (int i = 0; i < 100; i++)
    a[i] = i;
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, h, s, to, -2, 0);
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			  W_ASYNC (7), 0);
  CHECK (gangway_acc_async_test (7) == 0, "acc_async_test (7)");
  mark ("reaping");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			  W_ASYNC (7), 0);
  mark ("reaped");
  gangway_acc_wait (7);
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, h, s, from, -2, 0);
  check_incr ("two launches on queue 7", a, 100, 2);
  mark ("end");
}

/* A run of 300 launches on a queue without a wait: their argument
   blocks stay with them until the device has run them, at most 256 in
   all, after which a launch waits for its queue.  */

static void
test_async_deep (void)
{
  int a[100];
  void *h[2] = { a, (void *) (intptr_t) 100 };
  size_t s[2] = { sizeof a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };
  unsigned short to[1] = { ALIGN4 (K_TO) }, from[1] = { ALIGN4 (K_FROM) };

  for (int i = 0; i < 100; i++)
    a[i] = i;
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, h, s, to, -2, 0);
  mark ("queue");
  for (int i = 0; i < 300; i++)
    gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			    W_ASYNC (1), 0);
  mark ("queued");
  gangway_acc_wait (1);
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, h, s, from, -2, 0);
  check_incr ("300 launches on queue 1", a, 100, 300);
}

/* Several GPUs (FAKE_CUDA_DEVICES=3): acc_set_device_num picks one
   before the first use (then warns and keeps it); the device numbers
   and properties follow.  With EXPECT_GPU set, ACC_DEVICE_NUM chose it
   and nothing is selected here.  */

void gangway_acc_set_device_num (int, int);

static void
test_gpus (void)
{
  int a[10] = { 0 };
  void *h[2] = { a, (void *) (intptr_t) 10 };
  size_t s[2] = { sizeof a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };
  const char *env = getenv ("EXPECT_GPU");
  int want = env ? atoi (env) : 2;

  CHECK (gangway_acc_get_num_devices (5) == 3
	 && gangway_acc_get_num_devices (4) == 4,
	 "acc_get_num_devices (nvidia, not_host) = %d, %d",
	 gangway_acc_get_num_devices (5), gangway_acc_get_num_devices (4));
  CHECK (gangway_acc_get_property_string (2, 5, 0x10001) != NULL
	 && gangway_acc_get_property_string (3, 5, 0x10001) == NULL
	 && gangway_acc_get_property_string (3, 4, 0x10002) != NULL
	 && strcmp (gangway_acc_get_property_string (3, 4, 0x10002),
		    "Gangway") == 0,
	 "acc_get_property_string of GPUs 2, 3 and not_host device 3");
  if (env == NULL)
    {
      mark ("select 2");
      gangway_acc_set_device_num (2, 5);
    }
  CHECK (gangway_acc_get_device_num (5) == want,
	 "acc_get_device_num (nvidia) = %d", gangway_acc_get_device_num (5));
  mark ("launch");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k, 0);
  mark ("select 1");
  gangway_acc_set_device_num (1, 5);
  CHECK (gangway_acc_get_device_num (5) == want,
	 "after use, acc_get_device_num (nvidia) = %d",
	 gangway_acc_get_device_num (5));
  CHECK (a[0] == 1, "a[0] = %d", a[0]);
}

/* enter data, a launch and exit data, all async(1): the copies go on
   queue 1's stream, the free after them, and the host waits for none of
   it until acc_wait (1).  Then acc_copyin_async and acc_copyout_async
   likewise, with a wait clause of queue 2 for queue 1 an event.  */

void gangway_acc_copyin_async (void *, size_t, int);
void gangway_acc_copyout_async (void *, size_t, int);

static void
test_async_data (void)
{
  int a[100];
  void *h[2] = { a, (void *) (intptr_t) 100 };
  size_t s[2] = { sizeof a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };
  unsigned short to[1] = { ALIGN4 (K_TO) }, from[1] = { ALIGN4 (K_FROM) };

  for (int i = 0; i < 100; i++)
    a[i] = i;
  mark ("enter");
  gangway_enter_data (NULL, FLAGS_DEVICE, 1, h, s, to, 1, 0);
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			  W_ASYNC (1), 0);
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, h, s, from, 1, 0);
  mark ("exited");
  gangway_acc_wait (1);
  mark ("waited");
  check_incr ("enter data, parallel, exit data async(1)", a, 100, 1);

  mark ("api");
  gangway_acc_copyin_async (a, sizeof a, 1);
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k,
			  W_ASYNC (1), 0);
  gangway_exit_data (NULL, FLAGS_DEVICE, 1, h, s, from, 2, 1, 1);
  mark ("api queued");
  gangway_acc_wait (2);
  mark ("api waited");
  check_incr ("acc_copyin_async (1), parallel, exit data async(2) wait(1)",
	      a, 100, 2);
}

/* Several GPUs (FAKE_CUDA_DEVICES=3): acc_device_not_host numbers the
   GPUs 0..2, then the cpu device 3, which acc_set_device_num (3,
   acc_device_not_host) selects: the launch goes to the cpu device (whose
   lack of code for the test's kernel runs it on the host), no kernel on
   a GPU, and the device type and number say so.  */

int gangway_acc_get_device_num (int);

static void
test_gpus_cpu (void)
{
  int a[10] = { 0 };
  void *h[2] = { a, (void *) (intptr_t) 10 };
  size_t s[2] = { sizeof a, 0 };
  unsigned short k[2] = { ALIGN4 (K_TOFROM), K_FIRSTPRIVATE_INT };

  CHECK (gangway_acc_get_device_type () == 5
	 && gangway_acc_get_device_num (4) == 0,
	 "at the start: acc_get_device_type () = %d, "
	 "acc_get_device_num (not_host) = %d",
	 gangway_acc_get_device_type (), gangway_acc_get_device_num (4));
  mark ("select 3");
  gangway_acc_set_device_num (3, 4);
  CHECK (gangway_acc_get_device_type () == 4
	 && gangway_acc_get_device_num (4) == 3
	 && gangway_acc_get_device_num (1) == 3,
	 "after acc_set_device_num (3, not_host): acc_get_device_type () = %d,"
	 " acc_get_device_num (not_host, default) = %d, %d",
	 gangway_acc_get_device_type (), gangway_acc_get_device_num (4),
	 gangway_acc_get_device_num (1));
  mark ("launch");
  gangway_parallel_keyed (NULL, FLAGS_DEVICE, host_incr, 2, h, s, k, 0);
  CHECK (a[0] == 1, "a[0] = %d", a[0]);
  mark ("select 1");
  gangway_acc_set_device_num (1, 4);
  CHECK (gangway_acc_get_device_type () == 5
	 && gangway_acc_get_device_num (4) == 1,
	 "after acc_set_device_num (1, not_host): acc_get_device_type () = %d,"
	 " acc_get_device_num (not_host) = %d",
	 gangway_acc_get_device_type (), gangway_acc_get_device_num (4));
}

/* Run the test named by ARGV[1].  */

int
main (int argc, char **argv)
{
  const char *test = argc > 1 ? argv[1] : "launch";

  if (strcmp (test, "launch") == 0)
    test_launch ();
  else if (strcmp (test, "refcount") == 0)
    test_refcount ();
  else if (strcmp (test, "update") == 0)
    test_update ();
  else if (strcmp (test, "absent") == 0)
    test_absent (argc > 2 ? argv[2] : NULL);
  else if (strcmp (test, "cpu-sync") == 0)
    test_cpu_sync ();
  else if (strcmp (test, "struct") == 0)
    test_struct ();
  else if (strcmp (test, "bad-kind") == 0)
    test_bad_kind ();
  else if (strcmp (test, "sm99") == 0)
    test_sm99 ();
  else if (strcmp (test, "limits") == 0)
    test_limits ();
  else if (strcmp (test, "link") == 0)
    test_link ();
  else if (strcmp (test, "global-to") == 0)
    test_global_to ();
  else if (strcmp (test, "firstprivate") == 0)
    test_firstprivate ();
  else if (strcmp (test, "read-only") == 0)
    test_read_only ();
  else if (strcmp (test, "fork") == 0)
    test_fork ();
  else if (strcmp (test, "exit") == 0)
    test_exit ();
  else if (strcmp (test, "data-api") == 0)
    test_data_api ();
  else if (strcmp (test, "async") == 0)
    test_async ();
  else if (strcmp (test, "async-order") == 0)
    test_async_order ();
  else if (strcmp (test, "async-deep") == 0)
    test_async_deep ();
  else if (strcmp (test, "async-data") == 0)
    test_async_data ();
  else if (strcmp (test, "cache") == 0)
    test_cache ();
  else if (strcmp (test, "gpus-cpu") == 0)
    test_gpus_cpu ();
  else if (strcmp (test, "gpus") == 0)
    test_gpus ();
  else
    {
      fprintf (stderr, "unknown test %s\n", test);
      return 2;
    }
  return failures ? 1 : 0;
}
