#!/bin/sh
# Tests of libgangway, the Gangway runtime library.
# Copyright (C) 2026 The Gangway developers.
#
# This file is part of Gangway.
#
# Gangway is free software; you can redistribute it and/or modify it under
# the terms of the GNU General Public License as published by the Free
# Software Foundation; either version 3, or (at your option) any later
# version.
#
# Gangway is distributed in the hope that it will be useful, but WITHOUT ANY
# WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS
# FOR A PARTICULAR PURPOSE.  See the GNU General Public License for more
# details.
#
# You should have received a copy of the GNU General Public License along
# with Gangway; see the file COPYING.  If not see
# <http://www.gnu.org/licenses/>.

# Builds the library and a fake compiled world around it (cpu images from
# image.c, hand-made unit descriptors in gwtest.c, a shared library with a
# unit, real OpenACC regions renamed to call the runtime), then runs the
# tests under various environments and checks their launch logs.
#
# Usage: run-tests.sh [--quick]
#   --quick   skip the sanitizer and valgrind runs.
# Environment: CC (default gcc); BUILD, a directory for the build (default:
# a fresh temporary one, removed at the end if everything passed);
# GANGWAY_PLUGIN, the plugin (gangway.so) for the tests of a program
# compiled with it, skipped without; MPIRUN and MPICC, for the test under
# mpirun, skipped without; SANITIZE, a list of GCC sanitizers
# ("address,undefined") to build the library and every test program
# with: the tests then run under them, any report failing the run
# (implies --quick, and skips the timings and the MPI test);
# GANGWAY_TESTS, shell globs separated by blanks (what
# RUNTESTFLAGS="runtime.exp=GLOB ..." passes): only the tests that one
# of them matches run and report, by the test's name (the first argument
# of "run" below, which names its .out and .err files in BUILD: basic,
# policy-long, ptx-launch, acc-ptx-async...; "exports" and "gangway.h"
# for the checks of the library itself, which run nothing) or by the
# program it runs (one of $programs below: gwtest, pooltest, ptxtest,
# acc-region, acc-region-gcc, acc-data, acc-ptx, acc-ptx-async, acc-ctor,
# acc-mpi).  The checks after a run follow its selection; everything is
# built all the same.  Unset or empty: every test.
#
#   GANGWAY_TESTS='pooltest' run-tests.sh --quick     the pool's policies
#   GANGWAY_TESTS='ptx-async*' run-tests.sh --quick   the ptx-async runs
#
# Ends with the line "N passed, N failed" (of the tests run); exits
# non-zero on a failure.

set -u

quick=no
[ "${1-}" = --quick ] && quick=yes

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../../libruntime" && pwd)
CC=${CC:-gcc}
if [ -n "${BUILD-}" ]; then
  build=$BUILD
  mkdir -p "$build"
  keep=yes
else
  build=$(mktemp -d "${TMPDIR:-/tmp}/gangway-rt.XXXXXX")
  keep=no
fi

pass=0
fail=0
name=
status=0
# Whether the checks that follow run and report (GANGWAY_TESTS).
selected=yes
# The programs by which GANGWAY_TESTS selects the runs of them too.
programs="gwtest pooltest ptxtest acc-region acc-region-gcc acc-data acc-ptx \
acc-ptx-async acc-ctor acc-mpi"

# Whether one of the globs of GANGWAY_TESTS matches WORD (not expanded
# as file names).
# (The helpers' variables start with sel_: the script's loops use n, t,
# v...)
matches ()
{
  sel_m=1
  set -f
  for sel_g in ${GANGWAY_TESTS-}; do
    # shellcheck disable=SC2254
    case $1 in $sel_g) sel_m=0 ;; esac
  done
  set +f
  return $sel_m
}

# select_tests NAME...: the checks that follow belong to the tests
# NAME...: they run and report if GANGWAY_TESTS is unset or empty or one
# of its globs matches a NAME.
select_tests ()
{
  selected=yes
  [ -n "${GANGWAY_TESTS-}" ] || return 0
  selected=no
  for sel_n in "$@"; do
    if matches "$sel_n"; then selected=yes; fi
  done
  return 0
}

# Report test NAME as passed.
ok ()
{
  [ $selected = yes ] || return 0
  pass=$((pass + 1))
  echo "PASS: $1"
}

# Report test NAME as unsupported here.
unsupported ()
{
  [ $selected = yes ] || return 0
  echo "UNSUPPORTED: $1"
}

# Report test NAME as failed, showing the end of the last run's stderr.
ko ()
{
  [ $selected = yes ] || return 0
  fail=$((fail + 1))
  echo "FAIL: $1"
  if [ -f "$build/$name.err" ]; then
    tail -n 15 "$build/$name.err" | sed 's/^/    | /'
  fi
}

# Stop: the build is broken.
die ()
{
  echo "error: $*" >&2
  echo "$pass passed, $((fail + 1)) failed"
  exit 1
}

# run NAME [VAR=VALUE...] PROGRAM ARGS...: run with a clean Gangway
# environment plus the given variables, stdout and stderr to
# $build/NAME.out and .err, status to $status; 120 s at most.  The CUDA
# driver is one that does not exist, so that a machine's own GPU changes
# nothing, unless the test names one.  A test GANGWAY_TESTS leaves out,
# by its NAME and by its program (a word whose base name is one of
# $programs), does not run: its files (and its FAKE_CUDA_LOG) are empty,
# its status 0, and the checks that follow report nothing.
run ()
{
  name=$1
  shift
  select_tests "$name"
  if [ $selected = no ]; then
    for sel_w in "$@"; do
      case " $programs " in
	*" ${sel_w##*/} "*)
	  if matches "${sel_w##*/}"; then selected=yes; fi ;;
      esac
    done
  fi
  if [ $selected = no ]; then
    : >"$build/$name.out"
    : >"$build/$name.err"
    for sel_w in "$@"; do
      case $sel_w in FAKE_CUDA_LOG=*) : >"${sel_w#FAKE_CUDA_LOG=}" ;; esac
    done
    status=0
    return 0
  fi
  timeout 120 env -u GANGWAY_DEVICE -u ACC_DEVICE_TYPE \
      -u GANGWAY_NUM_THREADS -u GANGWAY_CPU_ISA -u GANGWAY_LOG \
      -u GANGWAY_POOL_POLICY \
      -u EXPECT_DEVICE -u EXPECT_WHICH -u FAKE_CUDA_LOG \
      -u FAKE_CUDA_DEVICES -u FAKE_CUDA_ARCH \
      GANGWAY_CUDA_DRIVER="$build/no-libcuda.so.1" "$@" \
      >"$build/$name.out" 2>"$build/$name.err"
  status=$?
}

# check WHAT COMMAND...: report WHAT as passed if COMMAND succeeds.
check ()
{
  [ $selected = yes ] || return 0
  what=$1
  shift
  if "$@"; then ok "$what"; else ko "$what"; fi
}

# Check that the last run exited with status 0; report it as WHAT.
check_status ()
{
  if [ "$status" -eq 0 ]; then ok "$1"; else ko "$1 (exit status $status)"; fi
}

# Check that the last run's stderr has exactly COUNT lines matching the
# extended regular expression RE; report it as WHAT.
check_lines ()
{
  n=$(grep -cE -- "$2" "$build/$name.err")
  if [ "$n" -eq "$1" ]; then
    ok "$3"
  else
    ko "$3 (expected $1 lines matching '$2', found $n)"
  fi
}

# Check that the last run printed no warning or failure; report it as WHAT.
check_quiet ()
{
  if grep -qE 'warning|FAIL' "$build/$name.err"; then ko "$1"; else ok "$1"; fi
}

# check_order WHAT FILE RE...: report WHAT as passed if FILE has lines
# matching the extended regular expressions RE in that order.
check_order ()
{
  what=$1
  file=$2
  shift 2
  missing=$(awk 'BEGIN { n = ARGC - 2
			 for (i = 1; i <= n; i++) re[i] = ARGV[i + 1]
			 ARGC = 2; k = 1 }
		 k <= n && $0 ~ re[k] { k++ }
		 END { if (k <= n) print re[k] }' "$file" "$@")
  if [ -z "$missing" ]; then
    ok "$what"
  else
    ko "$what (no line matching '$missing' where expected in $file)"
  fi
}

# check_between WHAT COUNT FILE FROM TO RE: report WHAT as passed if FILE
# has COUNT lines matching RE between the lines "MARK FROM" and
# "MARK TO" (or the end).
check_between ()
{
  # Through the environment: awk -v would take the backslashes of RE.
  n=$(FROM="MARK $4" TO="MARK $5" RE="$6" awk '
	$0 == ENVIRON["FROM"] { on = 1; next }
	$0 == ENVIRON["TO"] { on = 0 }
	on && $0 ~ ENVIRON["RE"] { n++ }
	END { print n + 0 }' "$3")
  if [ "$n" -eq "$2" ]; then
    ok "$1"
  else
    ko "$1 (expected $2 lines matching '$6' between MARK $4 and MARK $5 in $3, found $n)"
  fi
}

# Write a C array named NAME holding the bytes of FILE to stdout.
embed ()
{
  echo "static const unsigned char $1[] = {"
  od -An -v -tx1 "$2" | sed 's/ *\([0-9a-f][0-9a-f]\)/0x\1,/g'
  echo "};"
}

echo "Building in $build"
cd "$build" || die "cannot enter $build"

CFLAGS="-std=gnu11 -O2 -g -Wall -Wextra"
SANFLAGS=
# The flags of the programs compiled with the plugin: their regions are
# not instrumented (instrumented code has no device version), only linked
# with the sanitizers' libraries, which the library needs.
PCFLAGS=$CFLAGS
if [ -n "${SANITIZE-}" ]; then
  SANFLAGS="-fsanitize=$SANITIZE"
  CFLAGS="$CFLAGS $SANFLAGS -fno-omit-frame-pointer -fno-sanitize-recover=all"
  for san in $(echo "$SANITIZE" | tr , ' '); do
    case $san in
      address) PCFLAGS="$PCFLAGS -lasan" ;;
      undefined) PCFLAGS="$PCFLAGS -lubsan" ;;
      thread) PCFLAGS="$PCFLAGS -ltsan" ;;
    esac
  done
  PCFLAGS="-Wl,--no-as-needed $PCFLAGS -Wl,--as-needed"
  quick=yes
  # A report ends the run with a status of its own; leaks count.
  export ASAN_OPTIONS="exitcode=86:detect_leaks=1:abort_on_error=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
  MPIRUN=
fi
$CC $CFLAGS -Werror -fPIC -shared -o libgangway.so "$src"/*.c \
    -lgomp -lpthread -ldl || die "cannot build libgangway.so"

# The images, each built from image.c with its flags and embedded in
# images.h as the array image_NAME.
echo "/* Generated by run-tests.sh.  */" >images.h
for i in "v2 -march=x86-64-v2 -DLEVEL=2" "v4 -march=x86-64-v4 -DLEVEL=4" \
	 "badver -DABI_VERSION=2" "nover -DNO_VERSION"; do
  set -- $i
  img=$1
  shift
  $CC -O2 -fPIC -shared "$@" -o image-$img.so "$here/image.c" \
    || die "cannot build image-$img.so"
  embed image_$img image-$img.so >>images.h
done

INC="-I$src -I$build"
LIBS="-L$build -lgangway -Wl,-rpath,$build"
$CC $CFLAGS -fPIC -shared $INC -o libunit.so "$here/unitlib.c" $LIBS \
  || die "cannot build libunit.so"
$CC $CFLAGS -fPIC -shared $INC -DRUN_NAME=unitlib_dl_run \
    -o libunit-dl.so "$here/unitlib.c" $LIBS \
  || die "cannot build libunit-dl.so"
$CC $CFLAGS -fopenacc -foffload=disable $INC -o gwtest "$here/gwtest.c" \
    -L"$build" -lunit $LIBS -ldl -lpthread -lm || die "cannot build gwtest"

# The pool's policies alone, against a fake clock (pooltest.c).
$CC $CFLAGS -I"$src" -o pooltest "$here/pooltest.c" "$src/pool-policy.c" \
    "$src/pool-choice.c" || die "cannot build pooltest"

# A real OpenACC region, with the plugin's call rewrite done by objcopy
# and acc-shim.c.
$CC $CFLAGS $INC -c -o acc-shim.o "$here/acc-shim.c" \
  || die "cannot compile acc-shim.c"
$CC $CFLAGS -fopenacc -foffload=disable $INC -c -o acc-region.o \
    "$here/acc-region.c" || die "cannot compile acc-region.c"
objcopy --redefine-sym GOACC_parallel_keyed=shim_parallel_keyed \
    acc-region.o || die "cannot rename in acc-region.o"
$CC $SANFLAGS -fopenacc -foffload=disable -o acc-region acc-region.o \
    acc-shim.o $LIBS || die "cannot link acc-region"
# The same object as GCC made it, calling libgomp's GOACC_parallel_keyed,
# which libgangway, linked before libgomp, defines too.
$CC $CFLAGS -fopenacc -foffload=disable $INC -c -o acc-region-gcc.o \
    "$here/acc-region.c" || die "cannot compile acc-region.c"
$CC $SANFLAGS -fopenacc -foffload=disable -o acc-region-gcc acc-region-gcc.o \
  $LIBS || die "cannot link acc-region-gcc"

# The fake CUDA driver, and the programs for the ptx device: hand-made
# units, and real OpenACC data directives renamed like acc-region.o.
$CC $CFLAGS -fPIC -shared -o fake-cuda.so "$here/fake-cuda.c" \
  || die "cannot build fake-cuda.so"
$CC $CFLAGS $INC -o ptxtest "$here/ptxtest.c" $LIBS \
  || die "cannot build ptxtest"
$CC $CFLAGS -fopenacc -foffload=disable $INC -c -o acc-data.o \
    "$here/acc-data.c" || die "cannot compile acc-data.c"
objcopy --redefine-sym GOACC_parallel_keyed=shim_parallel_keyed \
    --redefine-sym GOACC_data_start=shim_data_start \
    --redefine-sym GOACC_data_end=shim_data_end \
    --redefine-sym GOACC_enter_data=shim_enter_data \
    --redefine-sym GOACC_exit_data=shim_exit_data \
    --redefine-sym GOACC_update=shim_update \
    acc-data.o || die "cannot rename in acc-data.o"
$CC $SANFLAGS -fopenacc -foffload=disable -o acc-data acc-data.o acc-shim.o \
    $LIBS || die "cannot link acc-data"
if [ -n "${GANGWAY_PLUGIN-}" ]; then
  $CC $PCFLAGS -fopenacc -foffload=disable -fplugin="$GANGWAY_PLUGIN" \
      -fplugin-arg-gangway-targets=cpu,ptx $INC -o acc-ptx "$here/acc-ptx.c" \
      $LIBS || die "cannot build acc-ptx with the plugin"
  $CC $PCFLAGS -fopenacc -foffload=disable -fplugin="$GANGWAY_PLUGIN" \
      -fplugin-arg-gangway-targets=cpu,ptx $INC -o acc-ptx-async \
      "$here/acc-ptx-async.c" $LIBS \
    || die "cannot build acc-ptx-async with the plugin"
  $CC $PCFLAGS -fopenacc -foffload=disable -fplugin="$GANGWAY_PLUGIN" \
      -fPIC -shared $INC -o libacc-ctor.so "$here/acc-ctor-lib.c" $LIBS \
    && $CC $PCFLAGS -fopenacc -foffload=disable -fplugin="$GANGWAY_PLUGIN" \
	   $INC -o acc-ctor "$here/acc-ctor.c" $LIBS -ldl \
    || die "cannot build acc-ctor with the plugin"
fi

T=./gwtest

# -- The library itself.

exports=$(nm -D --defined-only libgangway.so | awk '{print $3}' | LC_ALL=C sort \
	  | tr '\n' ' ')
# The data API's, from its list (C's names, Fortran's with an underscore).
data_api=$(sed -n -e 's/^GW_DATA_API\(_26\)\{0,1\} ([^,]*, \([a-z_0-9]*\),.*/gangway_\2/p' \
		  -e 's/^GW_DATA_API_F ([^,]*, \([a-z_0-9]*\),.*/gangway_\1_/p' \
		  "$src/data-api.def")
want="GOACC_parallel_keyed gangway_acc_async_test gangway_acc_async_test_all \
gangway_acc_async_test_all_h_ gangway_acc_async_test_h_ \
gangway_acc_set_device_num gangway_acc_set_device_num_h_ \
gangway_acc_set_device_type gangway_acc_set_device_type_h_ gangway_acc_wait \
gangway_acc_wait_all gangway_acc_wait_all_async gangway_acc_wait_all_async_h_ \
gangway_acc_wait_all_h_ gangway_acc_wait_async gangway_acc_wait_async_h_ \
gangway_acc_wait_h_ gangway_data_end gangway_data_start gangway_declare \
gangway_device_name \
gangway_enter_data gangway_exit_data gangway_last_launch_device \
gangway_num_threads gangway_parallel_keyed gangway_register_unit \
gangway_unregister_unit gangway_update gangway_wait \
gangway_acc_get_device_type gangway_acc_get_device_type_h_ \
gangway_acc_get_num_devices gangway_acc_get_num_devices_h_ \
gangway_acc_get_device_num gangway_acc_get_device_num_h_ gangway_acc_init \
gangway_acc_init_h_ gangway_acc_shutdown gangway_acc_shutdown_h_ \
gangway_acc_get_property gangway_acc_get_property_h_ \
gangway_acc_get_property_string gangway_acc_get_property_string_h_ \
gangway_acc_get_cuda_stream gangway_acc_set_cuda_stream \
gangway_acc_get_current_cuda_device gangway_acc_get_current_cuda_context \
gangway_acc_prof_register gangway_acc_prof_unregister $data_api"
want=$(echo $want | tr ' ' '\n' | LC_ALL=C sort | tr '\n' ' ')
select_tests exports
if [ "$exports" = "$want" ]; then
  ok "exports only the interface"
else
  ko "exports: $exports"
fi

select_tests gangway.h
check "gangway.h compiles as C++" g++ -std=c++11 -Wall -Wextra -Werror \
  -fsyntax-only -include gangway.h -I"$src" -x c++ /dev/null

# -- Launches on the cpu device.

run basic GANGWAY_LOG=launch $T basic
check_status "basic launches on cpu"
check_quiet "basic launches on cpu: no warning"
check_lines 13 '^gangway: launch ' "basic: one log line per launch"
check_lines 1 '^gangway: launch test_k0 device=cpu gangs=37 workers=1 vector=1$' \
  "basic: log of num_gangs(37)"
check_lines 1 '^gangway: launch test_k0 device=cpu gangs=37 workers=1 vector=1 async=3$' \
  "basic: log of num_gangs(37) async(3)"
check_lines 1 '^gangway: launch test_k0 device=cpu gangs=3 workers=1 vector=1 async=100000$' \
  "basic: log of async(100000), a wide operand"
check_lines 2 '^gangway: launch test_static device=cpu gangs=5 workers=2 vector=8$' \
  "basic: compile-time dims"
check_lines 1 '^gangway: launch test_k0 device=host gangs=1 workers=1 vector=1 reason=if-clause$' \
  "basic: if clause false goes to the host"

for n in 1 2 3 7; do
  run basic-t$n GANGWAY_NUM_THREADS=$n GANGWAY_LOG=launch $T basic
  check_status "basic launches with GANGWAY_NUM_THREADS=$n"
  check_lines 4 "device=cpu gangs=$((8 * n)) " \
    "GANGWAY_NUM_THREADS=$n: default gangs"
done

# -- The CPUs of the cpu device: those the process may use, whatever
# libgomp did to the initial thread.  GANGWAY_LOG=pool says how many
# threads the pool has and on which CPUs, and each pool thread its mask.

cpus=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)
ncpus=$(nproc)
last=${cpus##*[,-]}
# The process's CPUs one by one: "0-2,5" is "0 1 2 5".
cpu_list=$(echo "$cpus" | tr , '\n' | awk -F- '{ for (i = $1; i <= ($2 == "" ? $1 : $2); i++) printf "%d ", i }')
# Without binding every pool thread may run on every CPU of the process;
# with it (libgomp has places, and bound the initial thread to the first),
# pool thread K runs on place K, modulo their number.  With one place per
# CPU (OMP_PLACES=threads), that is the Kth CPU of the process.
for v in default OMP_PROC_BIND=true OMP_PROC_BIND=close OMP_PROC_BIND=spread \
	 OMP_PLACES=cores OMP_PLACES=threads OMP_PROC_BIND=true,OMP_PLACES=cores; do
  if [ $v = default ]; then set --; else set -- $(echo $v | tr , ' '); fi
  run pool-$v GANGWAY_LOG=pool,launch "$@" $T basic
  check_status "$v: launches"
  check_lines 4 "device=cpu gangs=$((8 * ncpus)) " \
    "$v: default gangs for $ncpus threads"
  check_lines 1 "^gangway: pool threads=$ncpus cpus=$cpus from=(affinity|omp-places) policy=full\$" \
    "$v: a pool of one thread per CPU of the process ($ncpus, $cpus)"
  if [ $v = default ]; then
    check_lines $((ncpus - 1)) "^gangway: pool thread [0-9]+ cpus=$cpus\$" \
      "$v: every pool thread may run on every CPU of the process"
  else
    check_lines $((ncpus - 1)) "^gangway: pool thread [0-9]+ cpus=[0-9,-]+ place=[0-9]+\$" \
      "$v: every pool thread is bound to a place"
  fi
  if [ $v = OMP_PLACES=threads ]; then
    k=0
    for c in $cpu_list; do
      if [ $k -gt 0 ]; then
	check_lines 1 "^gangway: pool thread $k cpus=$c place=$k\$" \
	  "$v: pool thread $k on CPU $c, place $k"
      fi
      k=$((k + 1))
    done
  fi
done
run pool-threads GANGWAY_LOG=pool GANGWAY_NUM_THREADS=3 OMP_PROC_BIND=true \
  $T basic
check_status "GANGWAY_NUM_THREADS=3 OMP_PROC_BIND=true: launches"
check_lines 1 "^gangway: pool threads=3 cpus=$cpus from=omp-places policy=full\$" \
  "GANGWAY_NUM_THREADS overrides the number of CPUs"
check_lines 2 "^gangway: pool thread [0-9]+ cpus=[0-9,-]+ place=[0-9]+\$" \
  "GANGWAY_NUM_THREADS: the pool threads are bound to places"
run pool-threads-unbound GANGWAY_LOG=pool GANGWAY_NUM_THREADS=3 $T basic
check_status "GANGWAY_NUM_THREADS=3: launches"
check_lines 2 "^gangway: pool thread [0-9]+ cpus=$cpus\$" \
  "GANGWAY_NUM_THREADS: the pool threads' masks"
if [ "$ncpus" -ge 2 ]; then
  for v in default OMP_PROC_BIND=true OMP_PLACES=cores; do
    if [ $v = default ]; then set --; else set -- $v; fi
    run pool-taskset-$v GANGWAY_LOG=pool "$@" taskset -c $last $T basic
    check_status "taskset -c $last, $v: launches"
    check_lines 1 "^gangway: pool threads=1 cpus=$last from=(affinity|omp-places) policy=full\$" \
      "taskset -c $last, $v: one thread on CPU $last"
  done
  run pool-setaffinity GANGWAY_LOG=pool $T affinity
  check_status "sched_setaffinity in the program: launches"
  check_lines 1 "^gangway: pool threads=1 cpus=$last from=affinity policy=full\$" \
    "sched_setaffinity in the program: one thread on CPU $last"
else
  echo "SKIP: taskset and sched_setaffinity to a subset (one CPU)"
fi

# Under mpirun --bind-to core, with MPI where configure found it (MPIRUN,
# MPICC): each rank's pool has the rank's CPUs.
select_tests acc-mpi mpi-core mpi-pe-default mpi-pe-OMP_PROC_BIND=true
if [ -n "${MPIRUN-}" ] && [ -n "${MPICC-}" ] && [ -n "${GANGWAY_PLUGIN-}" ]; then
  if OMPI_CC=$CC MPICH_CC=$CC $MPICC $CFLAGS -fopenacc -foffload=disable \
       -fplugin="$GANGWAY_PLUGIN" $INC -o acc-mpi "$here/acc-mpi.c" $LIBS \
       >acc-mpi.build 2>&1; then
    MPI="OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 $MPIRUN"
    run mpi-core GANGWAY_LOG=pool $MPI -np $ncpus --bind-to core ./acc-mpi
    check_status "mpirun -np $ncpus --bind-to core: runs"
    check "mpirun -np $ncpus --bind-to core: every rank's results" \
      [ "$(grep -c '^rank [0-9]* ok$' "$build/mpi-core.out")" -eq $ncpus ]
    check_lines $ncpus '^gangway: pool threads=1 cpus=[0-9]+ from=affinity policy=full$' \
      "mpirun -np $ncpus --bind-to core: one thread per rank, on its core"
    if $MPIRUN --version 2>/dev/null | grep -q 'Open MPI'; then
      for v in default OMP_PROC_BIND=true; do
	if [ $v = default ]; then set --; else set -- $v; fi
	run mpi-pe-$v GANGWAY_LOG=pool "$@" $MPI -np 1 --bind-to core \
	  --map-by slot:pe=$ncpus ./acc-mpi
	check_status "mpirun --bind-to core --map-by slot:pe=$ncpus, $v: runs"
	check_lines 1 "^gangway: pool threads=$ncpus cpus=$cpus from=(affinity|omp-places) policy=full\$" \
	  "mpirun --bind-to core --map-by slot:pe=$ncpus, $v: the rank's $ncpus cores"
      done
    fi
  else
    ko "building acc-mpi.c with $MPICC"
    [ $selected = no ] || cat acc-mpi.build
  fi
else
  unsupported "the cpu device under mpirun --bind-to core (no MPI)"
fi

# -- Run-time dimensions at their limits.

run dims-big GANGWAY_LOG=launch $T dims big
check_status "num_gangs(2147483549) runs GW_CPU_MAX_GANGS gangs"
check_lines 1 '^gangway: launch test_k0 device=cpu gangs=1048576 workers=1 vector=1 num_gangs=2147483549$' \
  "num_gangs(2147483549): the log names both numbers"
run dims-zero GANGWAY_LOG=launch GANGWAY_NUM_THREADS=2 $T dims zero
check_status "num_gangs(0) runs the default number of gangs"
check_lines 1 '^gangway: launch test_k0 device=cpu gangs=16 workers=1 vector=1 num_gangs=0$' \
  "num_gangs(0): the log says the default replaced 0"
for v in "negative num_gangs(-5)" "vector vector_length(-1)"; do
  set -- $v
  run dims-$1 $T dims $1
  check "$2 ends the program" [ "$status" -eq 1 ]
  check_lines 1 "^gangway: fatal error: $(echo "$2" | sed 's/[()]/\\&/g') in region test_k0: the value must not be negative\$" \
    "$2: the message names the region and the value"
done

run api GANGWAY_NUM_THREADS=5 $T api
check "api" grep -qx 'device=cpu threads=5' "$build/api.out"

# -- Host fallbacks chosen by the environment.

run dev-host GANGWAY_DEVICE=host EXPECT_DEVICE=host GANGWAY_LOG=launch \
  $T basic
check_status "GANGWAY_DEVICE=host"
check_lines 12 'device=host .*reason=GANGWAY_DEVICE=host$' \
  "GANGWAY_DEVICE=host: reason"

run acc-host ACC_DEVICE_TYPE=HoSt EXPECT_DEVICE=host GANGWAY_LOG=launch \
  $T basic
check_status "ACC_DEVICE_TYPE=host"
check_lines 12 'device=host .*reason=ACC_DEVICE_TYPE=host$' \
  "ACC_DEVICE_TYPE=host: reason"

run dev-bad GANGWAY_DEVICE=gpu GANGWAY_LOG=launch $T basic
check_status "GANGWAY_DEVICE=gpu"
check_lines 1 '^gangway: warning: unknown GANGWAY_DEVICE=gpu; using cpu$' \
  "GANGWAY_DEVICE=gpu: one warning"

run dev-cpu GANGWAY_DEVICE=cpu $T basic
check_status "GANGWAY_DEVICE=cpu"
check_quiet "GANGWAY_DEVICE=cpu: no warning"

for v in 0 abc 3x -2; do
  run threads-bad-$v GANGWAY_NUM_THREADS=$v $T basic
  check_status "GANGWAY_NUM_THREADS=$v works"
  check_lines 1 "^gangway: warning: invalid GANGWAY_NUM_THREADS=$v " \
    "GANGWAY_NUM_THREADS=$v: one warning"
done

# -- Host fallbacks chosen by the units.

run reasons GANGWAY_LOG=launch $T reasons
check_status "reasons"
for r in "missing no-cpu-code 1" "ptxonly no-cpu-code ptx=no-driver 1" \
	 "garbage image-load-failed 2" "badver image-load-failed 1" \
	 "nover image-load-failed 1"; do
  set -- $r
  if [ $# = 4 ]; then
    check_lines $4 \
      "^gangway: launch $1 device=host gangs=1 workers=1 vector=1 reason=$2 $3\$" \
      "reason of $1 is $2 $3"
    continue
  fi
  check_lines $3 \
    "^gangway: launch $1 device=host gangs=1 workers=1 vector=1 reason=$2\$" \
    "reason of $1 is $2"
done
check_lines 1 '^gangway: warning: cannot load the x86-64 cpu image of .*gwtest: /proc/self/fd/[0-9]+: ' \
  "garbage: one warning with the dlerror text"
check_lines 1 '^gangway: warning: .*image has ABI version 2, this runtime has version 1' \
  "bad image version: warning"
check_lines 1 '^gangway: warning: .*does not define gw_image_abi_version' \
  "no image version: warning"
check_lines 1 '^gangway: warning: ignoring offloaded code in .*gwtest: not a Gangway unit' \
  "bad unit magic: warning"
check_lines 2 '^gangway: launch 0x[0-9a-f]+ device=host gangs=1 workers=1 vector=1 reason=not-offloaded$' \
  "unregistered and rejected: not-offloaded, named by address"
check_lines 1 '^gangway: launch which device=cpu gangs=[0-9]+ ' \
  "two images: runs on cpu"
if [ "$(./gwtest isa)" = 4 ]; then
  check_lines 1 '^gangway: launch which device=cpu gangs=[0-9]+ workers=4 vector=16$' \
    "two images: the v4 image's dimensions"
else
  check_lines 1 '^gangway: launch which device=cpu gangs=[0-9]+ workers=2 vector=4$' \
    "two images: the v2 image's dimensions"
fi
if [ "$(./gwtest isa)" = 4 ]; then
  check_lines 1 '^gangway: launch v4only device=cpu ' \
    "v4 image on a v4 cpu"
else
  check_lines 1 '^gangway: launch v4only device=host .*reason=cpu-lacks-x86-64-v4$' \
    "v4 image on a cpu without v4"
fi

run isa-v3 GANGWAY_CPU_ISA=x86-64-v3 EXPECT_WHICH=2 GANGWAY_LOG=launch \
  $T reasons
check_status "GANGWAY_CPU_ISA=x86-64-v3 picks the v2 image"
check_lines 1 '^gangway: launch which device=cpu gangs=[0-9]+ workers=2 vector=4$' \
  "GANGWAY_CPU_ISA=x86-64-v3: the v2 image's dimensions"
check_lines 1 '^gangway: launch v4only device=host gangs=1 workers=1 vector=1 reason=cpu-lacks-x86-64-v4$' \
  "GANGWAY_CPU_ISA=x86-64-v3: v4 image falls back"

run isa-v1 GANGWAY_CPU_ISA=X86-64 EXPECT_WHICH=0 GANGWAY_LOG=launch \
  $T reasons
check_status "GANGWAY_CPU_ISA=x86-64 runs no image"
check_lines 1 '^gangway: launch which device=host .*reason=cpu-lacks-x86-64-v2$' \
  "GANGWAY_CPU_ISA=x86-64: lowest image named"

run isa-bad GANGWAY_CPU_ISA=pentium $T basic
check_status "GANGWAY_CPU_ISA=pentium works"
check_lines 1 '^gangway: warning: unknown GANGWAY_CPU_ISA=pentium ' \
  "GANGWAY_CPU_ISA=pentium: one warning"

# -- Logging.

run log-time GANGWAY_LOG=time $T basic
check_status "GANGWAY_LOG=time"
check_lines 0 '^gangway: launch ' "GANGWAY_LOG=time: no launch lines"
check_lines 10 '^gangway: done [a-z_0-9]+ device=(cpu|host) time=[0-9]+\.[0-9]{3}ms$' \
  "GANGWAY_LOG=time: done lines"
check_lines 3 '^gangway: done test_k0 device=cpu time=[0-9]+\.[0-9]{3}ms async=[0-9]+$' \
  "GANGWAY_LOG=time: done lines of queued launches"

run log-all GANGWAY_LOG=all $T basic
check_lines 26 '^gangway: (launch|done) ' "GANGWAY_LOG=all"

run log-bad 'GANGWAY_LOG= launch ,bogus,,Time,zap' $T basic
check_status "GANGWAY_LOG with unknown categories"
check_lines 1 "^gangway: warning: unknown GANGWAY_LOG categories 'bogus', 'zap' ignored; known: launch, time, pool, all\$" \
  "GANGWAY_LOG: one warning naming the unknown"
check_lines 26 '^gangway: (launch|done) ' "GANGWAY_LOG: blanks and case"

# -- The pool's policies (pool-policy.c, pool-choice.c), alone: a made-up
# program's launches in ticks of a fake clock (pooltest.c).

for t in long quick trial margin drift one-trial simple move off; do
  run policy-$t ./pooltest $t
  case $t in
    long) what="a key turns long after GW_LONG_RUNS long launches, and short again" ;;
    quick) what="a key turns quick after GW_QUICK_RUNS quick launches; async at once" ;;
    trial) what="trials alone after GW_TRIAL_FIRST launches, the faster kept, backing off to GW_TRIAL_MAX" ;;
    margin) what="faster by more than a sixteenth wins; lost trials; GW_TRIAL_LIMIT" ;;
    drift) what="a change of period brings the next trial" ;;
    one-trial) what="one key on trial at a time, until it is stale or forgotten" ;;
    simple) what="the simple policy shares every launch at once" ;;
    off) what="full,no-NAME turns off one heuristic each" ;;
    move) what="which pool threads may move off their launcher's CPU" ;;
  esac
  check_status "policy: $what"
done

# The policy in effect: its log line, and results under the simple one
# (every launch shared at once, async launches through the queue).
for v in basic threads fork; do
  run simple-$v GANGWAY_POOL_POLICY=simple GANGWAY_LOG=pool $T $v
  check_status "GANGWAY_POOL_POLICY=simple: $v"
  check_quiet "GANGWAY_POOL_POLICY=simple: $v: no warning"
  # The child of a fork starts a pool of its own.
  if [ $v != fork ]; then
    check_lines 1 "^gangway: pool threads=[0-9]+ cpus=$cpus from=[a-z-]+ policy=simple\$" \
      "GANGWAY_POOL_POLICY=simple: $v: its log line"
  fi
done
run simple-log GANGWAY_POOL_POLICY=simple GANGWAY_LOG=launch,pool $T basic
check_lines 13 '^gangway: launch ' "GANGWAY_POOL_POLICY=simple: launches logged"
run simple-now GANGWAY_POOL_POLICY=simple GANGWAY_NUM_THREADS=2 $T now
check_status "GANGWAY_POOL_POLICY=simple: async launches all through the queue"
run simple-fenv GANGWAY_POOL_POLICY=simple GANGWAY_NUM_THREADS=2 $T fenv
check_status "GANGWAY_POOL_POLICY=simple: the floating-point environment"
run full-log GANGWAY_POOL_POLICY=FULL GANGWAY_LOG=pool $T basic
check_quiet "GANGWAY_POOL_POLICY=FULL: no warning"
check_lines 1 "^gangway: pool threads=[0-9]+ cpus=$cpus from=[a-z-]+ policy=full\$" \
  "GANGWAY_POOL_POLICY=FULL: the full policy"
run policy-bad GANGWAY_POOL_POLICY=fast GANGWAY_LOG=pool $T basic
check_status "GANGWAY_POOL_POLICY=fast: launches"
check_lines 1 "^gangway: warning: unknown GANGWAY_POOL_POLICY 'fast' ignored; known: full, simple; using full\$" \
  "GANGWAY_POOL_POLICY=fast: a warning naming it and the known ones"
check_lines 1 "^gangway: pool threads=[0-9]+ cpus=$cpus from=[a-z-]+ policy=full\$" \
  "GANGWAY_POOL_POLICY=fast: the full policy"
run policy-items 'GANGWAY_POOL_POLICY=full,no-quick,No-Move,no-alone,no-trials,no-async-now' GANGWAY_LOG=pool $T basic
check_status "GANGWAY_POOL_POLICY=full with every heuristic off: launches"
check_quiet "GANGWAY_POOL_POLICY=full,no-...: no warning"
check_lines 1 "^gangway: pool threads=[0-9]+ cpus=$cpus from=[a-z-]+ policy=full,no-quick,no-alone,no-trials,no-async-now,no-move\$" \
  "GANGWAY_POOL_POLICY=full,no-...: the items in the log line, in the manual's order"
run policy-items-bad 'GANGWAY_POOL_POLICY=full,no-move,fast,no-' GANGWAY_LOG=pool $T basic
check_status "GANGWAY_POOL_POLICY with unknown items: launches"
check_lines 1 "^gangway: warning: unknown GANGWAY_POOL_POLICY item 'fast' ignored; known: no-quick, no-alone, no-trials, no-async-now, no-move\$" \
  "GANGWAY_POOL_POLICY: a warning naming an unknown item"
check_lines 1 "^gangway: warning: unknown GANGWAY_POOL_POLICY item 'no-' ignored" \
  "GANGWAY_POOL_POLICY: a warning for an empty no-"
check_lines 1 "^gangway: pool threads=[0-9]+ cpus=$cpus from=[a-z-]+ policy=full,no-move\$" \
  "GANGWAY_POOL_POLICY with unknown items: the known ones kept"
run policy-simple-items 'GANGWAY_POOL_POLICY=simple,no-move' GANGWAY_LOG=pool $T basic
check_lines 1 "^gangway: warning: GANGWAY_POOL_POLICY=simple takes no items; 'no-move' ignored\$" \
  "GANGWAY_POOL_POLICY=simple,...: a warning"

# -- Real GCC regions on the host path.

run acc GANGWAY_LOG=launch ./acc-region
check_status "GCC's own regions through gangway_parallel_keyed"
check_lines 1 '^gangway: launch 0x[0-9a-f]+ device=host gangs=1 workers=1 vector=1 reason=not-offloaded$' \
  "GCC region: not-offloaded"
check_lines 1 '^gangway: launch 0x[0-9a-f]+ device=host .*reason=if-clause$' \
  "GCC region with if(false): if-clause"
run acc-gcc GANGWAY_LOG=launch ./acc-region-gcc
check_status "GCC's own regions calling GOACC_parallel_keyed"
check_lines 1 '^gangway: launch 0x[0-9a-f]+ device=host gangs=1 workers=1 vector=1 reason=not-offloaded$' \
  "GCC region calling libgomp: not-offloaded in the log"
check_lines 1 '^gangway: launch 0x[0-9a-f]+ device=host .*reason=if-clause$' \
  "GCC region calling libgomp with if(false): if-clause"

# -- The ptx device, through the fake CUDA driver (fake-cuda.c).

# These tests count the engine's allocations and frees one by one: the
# cache of freed device memory, on by default, is off but in ptx-cache.
FAKE="GANGWAY_CUDA_DRIVER=$build/fake-cuda.so GANGWAY_PTX_CACHE=0"
P=./ptxtest

log=$build/ptx-launch.cuda
rm -f "$log"
run ptx-launch $FAKE FAKE_CUDA_LOG="$log" GANGWAY_LOG=launch $P launch
check_status "ptx: launches"
check_quiet "ptx: launches: no warning"
check_lines 1 '^gangway: launch p_incr device=ptx gangs=6 workers=4 vector=32$' \
  "ptx: the image's dimensions, num_gangs"
check_lines 1 '^gangway: launch p_plain device=ptx gangs=40 workers=2 vector=64$' \
  "ptx: dimensions left to the launch; default gangs"
check_lines 1 '^gangway: launch p_plain device=host gangs=1 workers=1 vector=1 reason=if-clause$' \
  "ptx: if clause false"
check_order "ptx: the probe, then the image at the first launch" "$log" \
  '^cuInit flags=0$' '^cuDeviceGetCount -> 1$' '^cuDeviceGet ordinal=0$' \
  '^cuDevicePrimaryCtxRetain dev=0$' 'attrib=75 dev=0 -> 8$' \
  'attrib=76 dev=0 -> 0$' 'attrib=16 dev=0 -> 10$' '^MARK launch incr$' \
  '^cuCtxSetCurrent primary$' '^cuModuleLoadData length=[0-9]+$' \
  '^cuModuleGetFunction gw_kp_incr -> found$' \
  '^cuModuleGetFunction gw_k0 -> not-found$' '^cuLaunchKernel'
check_order "ptx: copy in, launch, copy out" "$log" '^MARK launch incr$' \
  '^cuMemAlloc_v2 size=400 -> A1$' '^cuMemcpyHtoD_v2 dst=A1\+0 size=400$' \
  '^cuMemAlloc_v2 size=40 -> A2$' \
  '^cuMemAlloc_v2 size=2048 -> A3$' \
  '^cuMemcpyHtoDAsync_v2 dst=A3\+0 size=96 stream=null$' \
  '^cuLaunchKernel gw_kp_incr grid=6,1,1 block=32,4,1 shared=0 stream=null extra=null data=A3\+0 globals=A3\+32$' \
  '^  data\[0\]=A1\+0$' '^  data\[1\]=0x64$' '^  data\[2\]=A3\+48$' \
  '^  data\[3\]=A2\+0$' '^  globals\[0\]=0$' '^cuCtxSynchronize$' \
  '^cuMemcpyDtoH_v2 src=A1\+0 size=400$' '^cuMemFree_v2 A1$' \
  '^cuMemcpyDtoH_v2 src=A2\+0 size=40$' '^cuMemFree_v2 A2$' \
  '^MARK launched incr$'
check_between "ptx: from is not copied in" 0 "$log" "launch incr" \
  "launched incr" '^cuMemcpyHtoD_v2 dst=A2'
check_between "ptx: a small to object is a copy in the argument block" 0 \
  "$log" "launch incr" "launched incr" '^cuMemAlloc_v2 size=40 -> A[13-9]'
check_between "ptx: to is not copied out" 0 "$log" "launch incr" \
  "launched incr" '^cuMemcpyDtoH_v2 src=A3'
check_between "ptx: a present global's device address" 1 "$log" \
  "launch plain" "launched plain" '^  globals\[0\]=A[0-9]+\+0$'
check_between "ptx: if clause false maps nothing" 0 "$log" \
  "launch if-false" "launched if-false" '^cu'
check "ptx: launches: one argument block, reused, freed at exit" \
  [ "$(grep -c '^cuMemAlloc_v2 size=2048 ' "$log")" -eq 1 ] \
  && [ "$(grep -c '^cuMemFree_v2 A3$' "$log")" -eq 1 ]
check "ptx: launches: no device memory left" \
  [ "$(grep -c '^leak' "$log")" -eq 0 ]

log=$build/ptx-refcount.cuda
rm -f "$log"
run ptx-refcount $FAKE FAKE_CUDA_LOG="$log" $P refcount
check_status "ptx: reference counts"
check_between "ptx: first enter data copies in" 2 "$log" "enter 1" "enter 2" \
  '^cuMem(Alloc_v2|cpyHtoD_v2) .*size=200'
check_between "ptx: second enter data only counts" 0 "$log" "enter 2" \
  "exit 1" '^cuMem'
check_between "ptx: first exit data only counts" 0 "$log" "exit 1" "exit 2" \
  '^cuMem'
check_order "ptx: last exit data copies out and frees" "$log" '^MARK exit 2$' \
  '^cuMemcpyDtoH_v2 src=A1\+0 size=200$' '^cuMemFree_v2 A1$' '^MARK exit 3$'
check_between "ptx: exit data of absent data does nothing" 0 "$log" \
  "exit 3" "finalize" '^cu'
check_between "ptx: finalize frees at once" 1 "$log" "finalize" "end" \
  '^cuMemFree_v2'
check_between "ptx: delete does not copy out" 0 "$log" "finalize" "end" \
  '^cuMemcpyDtoH_v2'
check "ptx: reference counts: no device memory left" \
  [ "$(grep -c '^leak' "$log")" -eq 0 ]

log=$build/ptx-data-api.cuda
rm -f "$log"
run ptx-data-api $FAKE FAKE_CUDA_LOG="$log" $P data-api
check_status "ptx: the data API"
check_order "ptx: acc_malloc, acc_memcpy_to_device" "$log" '^MARK malloc$' \
  '^cuMemAlloc_v2 size=400 -> A1$' '^cuMemcpyHtoD_v2 dst=A1\+0 size=400$' \
  '^MARK copyin$' '^cuMemAlloc_v2 size=80 -> A2$' \
  '^cuMemcpyHtoD_v2 dst=A2\+0 size=80$' '^MARK launch$'
check_between "ptx: a launch of what acc_copyin mapped maps nothing" 0 \
  "$log" "launch" "launched" \
  '^cuMem(cpyHtoD_v2|cpyDtoH|Free)|^cuMemAlloc_v2 size=80'
check_order "ptx: acc_memcpy_device, acc_memcpy_from_device" "$log" \
  '^MARK memcpy$' '^cuMemcpyDtoD_v2 dst=A1\+40 src=A2\+0 size=80$' \
  '^cuMemcpyDtoH_v2 src=A1\+40 size=80$' '^MARK map$'
check_between "ptx: acc_map_data allocates nothing, copies only on update" 1 \
  "$log" "map" "free" '^cuMem'
check_order "ptx: acc_free, then acc_copyout" "$log" '^MARK free$' \
  '^cuMemFree_v2 A1$' '^MARK copyout$' '^cuMemcpyDtoH_v2 src=A2\+0 size=80$' \
  '^cuMemFree_v2 A2$' '^MARK end$'
check "ptx: the data API: no device memory left" \
  [ "$(grep -c '^leak' "$log")" -eq 0 ]

log=$build/ptx-update.cuda
rm -f "$log"
run ptx-update $FAKE FAKE_CUDA_LOG="$log" $P update
check_status "ptx: update"
check_between "ptx: update self copies out" 1 "$log" "update self" \
  "update device" '^cuMemcpyDtoH_v2 src=A1\+0 size=80$'
check_between "ptx: update device copies in" 1 "$log" "update device" \
  "update if_present" '^cuMemcpyHtoD_v2 dst=A1\+0 size=80$'
check_between "ptx: update if_present of absent data" 0 "$log" \
  "update if_present" "exit" '^cu'

log=$build/ptx-async.cuda
rm -f "$log"
run ptx-async $FAKE FAKE_CUDA_LOG="$log" GANGWAY_LOG=launch $P async
check_status "ptx: async queues"
check_quiet "ptx: async queues: no warning"
check_lines 6 '^gangway: launch p_incr device=ptx gangs=40 workers=4 vector=32 async=1$' \
  "ptx: async: the log names the queue"
check_between "ptx: async: three launches on queue 1's stream" 3 "$log" \
  "queue" "queued" '^cuLaunchKernel gw_kp_incr .* stream=S1 '
check_between "ptx: async: their argument copies too" 3 "$log" \
  "queue" "queued" '^cuMemcpyHtoDAsync_v2 .* stream=S1$'
check_between "ptx: async: no host wait while queueing" 0 "$log" \
  "queue" "queued" '^cu(StreamSynchronize|CtxSynchronize|StreamQuery|MemcpyDtoH)'
check_between "ptx: async: nothing ran while queueing" 0 "$log" \
  "queue" "queued" '^  run '
check_between "ptx: async: three argument blocks (one per queued launch)" 3 \
  "$log" "queue" "queued" '^cuMemAlloc_v2 size=2048 '
check_order "ptx: async: acc_async_test finds the queue busy, then done" \
  "$log" '^MARK queued$' '^cuStreamQuery S1 -> not-ready$' \
  '^  run S1 kernel gw_kp_incr$' '^cuStreamQuery S1 -> ready$' '^MARK tested$'
check_order "ptx: async: a wait clause is an event, then queue 2 runs after queue 1" \
  "$log" '^MARK tested$' '^cuLaunchKernel gw_kp_incr .* stream=S1 ' \
  '^cuEventRecord E([0-9]+) S1$' '^cuStreamWaitEvent S2 E[0-9]+ flags=0$' \
  '^cuLaunchKernel gw_kp_incr .* stream=S2 ' '^MARK wait 2$' \
  '^cuStreamSynchronize S2$' '^  run S2 waits for S1$' \
  '^  run S1 kernel gw_kp_incr$' '^  run S2 kernel gw_kp_incr$' \
  '^MARK waited 2$'
check_between "ptx: async: the wait for queue 2 gave queue 1's blocks back too" \
  0 "$log" "waited 2" "update" '^cuMemAlloc'
check "ptx: async: three staging buffers (at most three copies in flight), reused" \
  [ "$(grep -c '^cuMemAllocHost_v2 size=65536$' "$log")" -eq 3 ]
check_between "ptx: async: the wait clause waits on the host for nothing" 0 \
  "$log" "tested" "wait 2" '^cu(StreamSynchronize|CtxSynchronize)'
check_between "ptx: async: update self async(1) goes on queue 1's stream" 1 \
  "$log" "update" "updated" '^cuMemcpyDtoHAsync_v2 src=A1\+0 size=400 stream=S1$'
check_between "ptx: async: ... without a host wait" 0 "$log" "update" \
  "updated" '^cu(StreamSynchronize|CtxSynchronize|MemcpyDtoH_v2)'
check_order "ptx: async: acc_wait (1) runs the kernel, then the update" \
  "$log" '^MARK updated$' '^cuStreamSynchronize S1$' \
  '^  run S1 kernel gw_kp_incr$' '^  run S1 copy dst=0x[0-9a-f]+ size=400$' \
  '^MARK waited update$'
check_between "ptx: async: update device async(1) goes on queue 1's stream" 1 \
  "$log" "update device" "updated device" \
  '^cuMemcpyHtoDAsync_v2 dst=A1\+0 size=400 stream=S1$'
check_between "ptx: async: ... without a host wait" 0 "$log" "update device" \
  "updated device" '^cu(StreamSynchronize|CtxSynchronize|MemcpyHtoD_v2)'
check_order "ptx: async: a launch that copies in and out: all on queue 3's stream" \
  "$log" '^MARK copy b$' '^cuMemcpyHtoDAsync_v2 dst=A[0-9]+\+0 size=400 stream=S3$' \
  '^cuLaunchKernel gw_kp_incr .* stream=S3 ' \
  '^cuMemcpyDtoHAsync_v2 src=A[0-9]+\+0 size=400 stream=S3$' '^MARK copied b$'
check_between "ptx: async: ... without a host wait or a free" 0 "$log" \
  "copy b" "copied b" '^cu(StreamSynchronize|CtxSynchronize|StreamQuery|Memcpy(HtoD|DtoH)_v2|MemFree)'
check_order "ptx: async: ... the copy out and the free once the host waits" \
  "$log" '^MARK copied b$' '^cuStreamSynchronize S3$' \
  '^  run S3 kernel gw_kp_incr$' '^  run S3 copy dst=0x[0-9a-f]+ size=400$' \
  '^cuMemFree_v2 A[0-9]+$' '^MARK waited b$'
check_order "ptx: async: a launch that copies out into the launcher's stack waits" \
  "$log" '^MARK copy lc$' '^cuLaunchKernel gw_kp_incr .* stream=S3 ' \
  '^cuStreamSynchronize S3$' '^  run S3 kernel gw_kp_incr$' \
  '^cuMemcpyDtoH_v2 src=A[0-9]+\+0 size=400$' '^MARK copied lc$'
check_order "ptx: async: a synchronous launch waits for the queues first" \
  "$log" '^MARK sync$' '^cuStreamSynchronize S1$' '^  run S1 kernel' \
  '^cuLaunchKernel gw_kp_incr .* stream=null ' '^cuCtxSynchronize$' \
  '^MARK synced$'
check_between "ptx: async: the data API's copies go on queue 5's stream" 2 \
  "$log" "api async" "api queued" \
  '^cuMemcpy(HtoD|DtoH)Async_v2 [a-z]+=A[0-9]+\+0 size=400 stream=S4$'
check_between "ptx: async: ... without a host wait" 0 "$log" "api async" \
  "api queued" '^cu(StreamSynchronize|CtxSynchronize|Memcpy(HtoD|DtoH)_v2)'
check "ptx: async: the streams are destroyed at exit, nothing pending" \
  [ "$(grep -c '^cuStreamDestroy_v2 S[0-9]$' "$log")" -eq 4 ] \
  && [ "$(grep -c '^pending' "$log")" -eq 0 ]
check "ptx: async: no device memory left" \
  [ "$(grep -c '^leak' "$log")" -eq 0 ]

log=$build/ptx-async-order.cuda
rm -f "$log"
run ptx-async-order $FAKE FAKE_CUDA_LOG="$log" $P async-order
check_status "ptx: the orders between queues and the host"
check_order "ptx: async order: wait async(2) is an event, wait(2) one host wait" \
  "$log" '^MARK wait async$' '^cuEventRecord E[0-9]+ S1$' \
  '^cuStreamWaitEvent S2 E[0-9]+ flags=0$' '^cuStreamSynchronize S2$' \
  '^  run S2 waits for S1$' '^  run S1 copy dst=0x[0-9a-f]+ size=400$' \
  '^MARK waited$'
check_between "ptx: async order: ... and queue 1 is not waited for" 0 "$log" \
  "wait async" "waited" '^cuStreamSynchronize S1$'
check_order "ptx: async order: a free on queue 3 waits for the device's work" \
  "$log" '^MARK settle$' '^cuCtxSynchronize$' '^cuMemFree_v2 A[0-9]+$' \
  '^MARK settled$'
check_order "ptx: async order: update device waits for the update self before it" \
  "$log" '^MARK update device$' '^cuStreamSynchronize S1$' \
  '^cuMemcpyHtoDAsync_v2 dst=A1\+0 size=400 stream=S1$' '^MARK updated device$'
check_order "ptx: async order: a free waits for every queue's work first" \
  "$log" '^MARK delete$' '^cuCtxSynchronize$' \
  '^  run S1 kernel gw_kp_incr$' '^cuMemFree_v2 A2$' '^MARK deleted$'
check_between "ptx: async order: a launch reuses a block whose event says done" \
  1 "$log" "reaping" "reaped" '^cuEventQuery E[0-9]+ -> ready$'
check_between "ptx: async order: ... and allocates none" 0 "$log" "reaping" \
  "reaped" '^cuMemAlloc'
check "ptx: async order: no free of memory queued work uses" \
  [ "$(grep -c 'queued work uses it' "$log")" -eq 0 ]

log=$build/ptx-async-data.cuda
rm -f "$log"
run ptx-async-data $FAKE FAKE_CUDA_LOG="$log" $P async-data
check_status "ptx: enter data, a launch, exit data on a queue"
check_between "ptx: async data: no host wait while queueing" 0 "$log" \
  "enter" "exited" '^cu(StreamSynchronize|CtxSynchronize|StreamQuery|MemcpyDtoH_v2|MemcpyHtoD_v2 dst=A[0-9]+\+0 size=400$)'
check_between "ptx: async data: the copy in on queue 1's stream" 1 "$log" \
  "enter" "exited" '^cuMemcpyHtoDAsync_v2 dst=A[0-9]+\+0 size=400 stream=S1$'
check_between "ptx: async data: the copy out on queue 1's stream" 1 "$log" \
  "enter" "exited" '^cuMemcpyDtoHAsync_v2 src=A[0-9]+\+0 size=400 stream=S1$'
check_between "ptx: async data: no free while queueing" 0 "$log" \
  "enter" "exited" '^cuMemFree_v2'
check_between "ptx: async data: the free once the queue is done" 1 "$log" \
  "exited" "waited" '^cuMemFree_v2'
check_between "ptx: async data API: no host wait while queueing" 0 "$log" \
  "api" "api queued" '^cu(StreamSynchronize|CtxSynchronize|StreamQuery|MemcpyDtoH_v2)'
check_between "ptx: async data API: queue 2 waits for queue 1 by an event" 1 "$log" \
  "api" "api queued" '^cuStreamWaitEvent S2 E[0-9]+ flags=0$'
check_between "ptx: async data API: the copy out on queue 2's stream" 1 "$log" \
  "api" "api queued" '^cuMemcpyDtoHAsync_v2 src=A[0-9]+\+0 size=400 stream=S2$'
log=$build/ptx-async-deep.cuda
rm -f "$log"
run ptx-async-deep $FAKE FAKE_CUDA_LOG="$log" $P async-deep
check_status "ptx: 300 launches on a queue without a wait"
check_between "ptx: async deep: at most 256 argument blocks" 256 "$log" \
  "queue" "queued" '^cuMemAlloc_v2 size=2048 '
check_between "ptx: async deep: then one wait for the queue, no more" 1 \
  "$log" "queue" "queued" '^cuStreamSynchronize S1$'

log=$build/ptx-cache.cuda
rm -f "$log"
run ptx-cache $FAKE GANGWAY_PTX_CACHE=1 FAKE_CUDA_LOG="$log" $P cache
check_status "ptx: the cache of device memory"
check_between "ptx: cache: five synchronous copy (a): one allocation (448 bytes, a class)" \
  1 "$log" "sync" "synced" '^cuMemAlloc_v2 size=448 '
check_between "ptx: cache: ... and no free" 0 "$log" "sync" "synced" \
  '^cuMemFree_v2'
check_between "ptx: cache: five async copies of chunks: no free, no host wait" \
  0 "$log" "async" "queued" '^cu(MemFree_v2|CtxSynchronize|StreamSynchronize)'
check "ptx: cache: at most five allocations of the class while queued" \
  [ "$(sed -n '/^MARK async$/,/^MARK waited$/p' "$log" | grep -c '^cuMemAlloc_v2 size=448 ')" -le 5 ]
check "ptx: cache: given back at exit, nothing left" \
  [ "$(sed -n '/^MARK waited$/,$p' "$log" | grep -c '^cuMemFree_v2 ')" -ge 1 ] \
  && [ "$(grep -c '^leak' "$log")" -eq 0 ]
log=$build/ptx-cache-off.cuda
rm -f "$log"
run ptx-cache-off $FAKE FAKE_CUDA_LOG="$log" $P cache
check_status "ptx: GANGWAY_PTX_CACHE=0"
check_between "ptx: cache off: five synchronous copy (a): five allocations of its size" \
  5 "$log" "sync" "synced" '^cuMemAlloc_v2 size=400 '
check_between "ptx: cache off: ... and five frees" 5 "$log" "sync" "synced" \
  '^cuMemFree_v2'

log=$build/ptx-gpus.cuda
rm -f "$log"
run ptx-gpus $FAKE FAKE_CUDA_DEVICES=3 FAKE_CUDA_LOG="$log" $P gpus
check_status "ptx: three GPUs, acc_set_device_num"
check_order "ptx: gpus: GPU 0 at the probe, GPU 2 when selected, used" "$log" \
  '^cuDevicePrimaryCtxRetain dev=0$' '^MARK select 2$' \
  '^cuDevicePrimaryCtxRetain dev=2$' '^MARK launch$' '^cuLaunchKernel ' \
  '^MARK select 1$'
check_between "ptx: gpus: no switch once used" 0 "$log" "select 1" "end" \
  '^cuDevicePrimaryCtxRetain'
check_lines 1 "^gangway: warning: acc_set_device_num \\(1, acc_device_nvidia\\): the program has used GPU 2 already; Gangway keeps it" \
  "ptx: gpus: the warning of a late choice"
log=$build/ptx-gpus-cpu.cuda
rm -f "$log"
run ptx-gpus-cpu $FAKE FAKE_CUDA_DEVICES=3 FAKE_CUDA_LOG="$log" GANGWAY_LOG=launch \
  $P gpus-cpu
check_status "ptx: three GPUs, acc_set_device_num (3, acc_device_not_host) is the cpu device"
check_between "ptx: gpus-cpu: the launch runs on the cpu device" 0 "$log" \
  "launch" "select 1" '^cuLaunchKernel '
check_lines 1 "^gangway: launch p_incr device=host .*reason=no-cpu-code" \
  "ptx: gpus-cpu: logged as the cpu device's (the test's kernel has no cpu code)"
log=$build/ptx-gpus-env.cuda
rm -f "$log"
run ptx-gpus-env $FAKE FAKE_CUDA_DEVICES=3 FAKE_CUDA_LOG="$log" \
  ACC_DEVICE_NUM=1 EXPECT_GPU=1 $P gpus
check_status "ptx: ACC_DEVICE_NUM=1 of three GPUs"
check "ptx: gpus: ACC_DEVICE_NUM opens GPU 1 only" \
  [ "$(grep -c '^cuDevicePrimaryCtxRetain dev=1$' "$log")" -eq 1 ] \
  && [ "$(grep -c '^cuDevicePrimaryCtxRetain' "$log")" -eq 1 ]

for w in launch data; do
  run ptx-absent-$w $FAKE $P absent $w
  check "ptx: present clause on absent data in a $w fails" [ "$status" -eq 1 ]
  check_lines 1 '^gangway: fatal error: present clause: !acc_is_present \(0x[0-9a-f]+, 400 \(0x190\)\)$' \
    "ptx: present clause on absent data in a $w: message"
done

log=$build/ptx-sync.cuda
rm -f "$log"
run ptx-sync $FAKE FAKE_CUDA_LOG="$log" GANGWAY_LOG=launch $P cpu-sync
check_status "ptx: a region without ptx code on the cpu, data on the device"
check_lines 1 '^gangway: launch p_k0 device=cpu gangs=64 workers=1 vector=1 ptx=no-ptx-code$' \
  "ptx: log of a region without ptx code"
check_order "ptx: the cpu region sees and leaves the device's data" "$log" \
  '^MARK launch k0$' '^cuMemcpyDtoH_v2 src=A1\+0 size=4000$' \
  '^cuMemcpyHtoD_v2 dst=A1\+0 size=4000$' '^MARK launched k0$'

log=$build/ptx-struct.cuda
rm -f "$log"
run ptx-struct $FAKE FAKE_CUDA_LOG="$log" $P struct
check_status "ptx: a struct with an attached pointer"
check_order "ptx: attach, launch, detach before copy out" "$log" \
  '^cuMemAlloc_v2 size=16 -> A1$' '^cuMemcpyHtoD_v2 dst=A1\+0 size=4$' \
  '^cuMemcpyHtoD_v2 dst=A1\+8 size=8$' '^cuMemAlloc_v2 size=40 -> A2$' \
  '^cuMemcpyHtoD_v2 dst=A2\+0 size=40$' '^cuMemcpyHtoD_v2 dst=A1\+8 size=8$' \
  '^cuLaunchKernel gw_kp_sincr ' '^  data\[0\]=A1\+0$' \
  '^  data\[1\]=A1\+0$' '^  data\[2\]=A1\+8$' '^  data\[3\]=A2\+0$' \
  '^  data\[4\]=A1\+8$' '^cuCtxSynchronize$' \
  '^cuMemcpyHtoD_v2 dst=A1\+8 size=8$' '^cuMemcpyDtoH_v2 src=A1\+8 size=8$'

log=$build/ptx-firstprivate.cuda
rm -f "$log"
run ptx-firstprivate $FAKE FAKE_CUDA_LOG="$log" $P firstprivate
check_status "ptx: a firstprivate double"
check_between "ptx: a firstprivate copy needs no allocation" 0 "$log" \
  "launch firstprivate" "launched firstprivate" '^cuMemAlloc_v2 size=8 '
check_between "ptx: words and the copy go in one copy" 1 "$log" \
  "launch firstprivate" "launched firstprivate" \
  '^cuMemcpyHtoDAsync_v2 dst=A[0-9]+\+0 size=48 stream=null$'
check_between "ptx: the copy's word points after the words" 1 "$log" \
  "launch firstprivate" "launched firstprivate" '^  data\[2\]=A[0-9]+\+32$'

log=$build/ptx-global-to.cuda
rm -f "$log"
run ptx-global-to $FAKE FAKE_CUDA_LOG="$log" $P global-to
check_status "ptx: a global mapped to, also in the unit's table"
w=$(sed -n '/^MARK launch global-to$/,/^MARK launched global-to$/s/^  data\[2\]=//p' "$log")
g=$(sed -n '/^MARK launch global-to$/,/^MARK launched global-to$/s/^  globals\[0\]=//p' "$log")
check "ptx: the table's word is the copy's address, as the data word ($w)" \
  [ -n "$w" ] && [ "$w" != 0 ] && [ "$w" = "$g" ]

log=$build/ptx-read-only.cuda
rm -f "$log"
run ptx-read-only $FAKE FAKE_CUDA_LOG="$log" $P read-only
check_status "ptx: a read-only object mapped tofrom"
check_between "ptx: a read-only object is not copied back" 0 "$log" \
  "launch read-only" "launched read-only" '^cuMemcpyDtoH_v2'
check_between "ptx: a read-only object is copied in" 1 "$log" \
  "launch read-only" "launched read-only" '^cuMemcpyHtoD_v2 dst=A[0-9]+\+0 size=40$'

run ptx-fork $FAKE GANGWAY_LOG=launch $P fork
check_status "ptx: launches in the child of a fork"
check_lines 1 '^gangway: launch p_plain device=host gangs=1 workers=1 vector=1 reason=no-cpu-code ptx=after-fork$' \
  "ptx: the child's launch: not on the GPU (after-fork)"
check_lines 2 '^gangway: launch p_plain device=ptx ' \
  "ptx: the parent's launches, before and after the fork, on the GPU"

log=$build/ptx-exit.cuda
rm -f "$log"
run ptx-exit $FAKE FAKE_CUDA_LOG="$log" GANGWAY_LOG=launch $P exit
check_status "ptx: a launch in a destructor"
check_lines 1 '^gangway: launch p_plain device=host gangs=1 workers=1 vector=1 reason=no-cpu-code ptx=exiting$' \
  "ptx: the destructor's launch: not on the GPU (exiting)"
check_between "ptx: no driver call once exit began" 0 "$log" \
  "launch at exit" "launched at exit" '^cu'

log=$build/ptx-link.cuda
rm -f "$log"
run ptx-link $FAKE FAKE_CUDA_LOG="$log" GANGWAY_LOG=launch $P link
check_status "ptx: routines across units"
check_order "ptx: an image linked with the one that exports its import" \
  "$log" '^MARK launch link$' '^cuLinkCreate$' \
  '^cuLinkAddData type=1 length=[0-9]+$' \
  '^cuLinkAddData type=1 length=[0-9]+$' '^cuLinkComplete$' \
  '^cuModuleLoadData length=[0-9]+$' '^cuLinkDestroy$' \
  '^cuModuleGetFunction gw_kl -> found$' '^cuLaunchKernel gw_kl ' \
  '^MARK launched link$'
check_between "ptx: a routine that calls back into the launching unit: two images" \
  2 "$log" "launch link" "launched link" '^cuLinkAddData '
check_order "ptx: the exporting unit's table of globals reaches its routine's variable" \
  "$log" '^MARK launch link$' '^cuModuleLoadData ' \
  '^cuModuleGetGlobal_v2 gw_r_twice__gw_gtab -> A[0-9]+ size=8$' \
  '^cuMemAlloc_v2 size=8 -> A[0-9]+$' '^cuMemcpyHtoD_v2 dst=A[0-9]+\+0 size=8$' \
  '^cuMemcpyHtoD_v2 dst=A[0-9]+\+0 size=8$' '^cuLaunchKernel gw_kl ' \
  '^MARK launched link$'
check_between "ptx: ... and only that export has one" 1 "$log" "launch link" \
  "launched link" '^cuModuleGetGlobal_v2 .* -> A'
check_lines 1 '^gangway: launch p_link device=ptx ' \
  "ptx: the linked region runs on the device"
check_lines 1 "^gangway: warning: the routine 'nowhere', which device code of .* calls, has no ptx code in any unit of this program; its regions do not run on the GPU$" \
  "ptx: a routine no unit exports: the warning names it"
check_lines 1 '^gangway: launch p_missing device=host gangs=1 workers=1 vector=1 reason=no-cpu-code ptx=ptx-missing-routine$' \
  "ptx: log of a routine no unit exports"

run ptx-bad-kind $FAKE GANGWAY_LOG=launch $P bad-kind
check_status "ptx: a mapping kind the ptx device does not know"
check_lines 1 '^gangway: launch p_incr device=host gangs=1 workers=1 vector=1 reason=no-cpu-code ptx=ptx-map-kind$' \
  "ptx: log of an unknown mapping kind"

run ptx-sm99 $FAKE GANGWAY_LOG=launch $P sm99
check_status "ptx: an image for sm_99 on an 8.0 device"
check_lines 1 '^gangway: launch p_sm99 device=host gangs=1 workers=1 vector=1 reason=no-cpu-code ptx=ptx-lacks-arch$' \
  "ptx: log of ptx-lacks-arch"

run ptx-threads $FAKE FAKE_CUDA_MAX_THREADS=128 EXPECT_DEVICE=host \
  GANGWAY_LOG=launch $P limits
check_status "ptx: more threads per gang than the kernel allows"
check_lines 1 '^gangway: launch p_plain device=host gangs=1 workers=1 vector=1 reason=no-cpu-code ptx=too-many-threads$' \
  "ptx: log of too-many-threads"
check_lines 1 '^gangway: warning: region p_plain: the GPU runs at most 128 threads per gang of its kernel, the launch asks for 4 workers of 64 lanes; it runs on the cpu$' \
  "ptx: too-many-threads: one warning"
run ptx-grid $FAKE FAKE_CUDA_MAX_GRID=2 EXPECT_DEVICE=host \
  GANGWAY_LOG=launch $P limits
check_status "ptx: more gangs than a grid holds"
check_lines 1 '^gangway: launch p_plain device=host gangs=1 workers=1 vector=1 reason=no-cpu-code ptx=too-many-gangs$' \
  "ptx: log of too-many-gangs"
check_lines 1 '^gangway: warning: region p_plain: the GPU runs at most 2 gangs, the launch asks for 3; it runs on the cpu$' \
  "ptx: too-many-gangs: one warning"
run ptx-local $FAKE FAKE_CUDA_LOCAL_BYTES=500000 EXPECT_DEVICE=host \
  GANGWAY_LOG=launch $P limits
check_status "ptx: more local memory than half the GPU's"
check_lines 1 '^gangway: launch p_plain device=host gangs=1 workers=1 vector=1 reason=no-cpu-code ptx=ptx-local-memory$' \
  "ptx: log of ptx-local-memory"
check_lines 1 '^gangway: warning: region p_plain: its kernel takes 500000 bytes of local memory per thread, 9765 MiB for the 20480 threads the GPU holds at once, more than half of its memory; it runs on the cpu$' \
  "ptx: ptx-local-memory: one warning"
run ptx-limits-ok $FAKE GANGWAY_LOG=launch $P limits
check_status "ptx: a launch within the limits"
check_lines 1 '^gangway: launch p_plain device=ptx gangs=3 workers=4 vector=64$' \
  "ptx: a launch within the limits runs on the ptx device"

run ptx-nodriver GANGWAY_DEVICE=ptx GANGWAY_LOG=launch $P cpu-sync
check_status "GANGWAY_DEVICE=ptx without a driver"
check_lines 1 '^gangway: launch p_k0 device=cpu gangs=64 workers=1 vector=1 ptx=no-driver$' \
  "GANGWAY_DEVICE=ptx without a driver: cpu, ptx=no-driver"
check_lines 1 '^gangway: warning: GANGWAY_DEVICE=ptx: the ptx device is unusable \(no-driver: .*no-libcuda\.so\.1.*\); using cpu$' \
  "GANGWAY_DEVICE=ptx without a driver: one warning"

run ptx-auto GANGWAY_LOG=launch EXPECT_DEVICE=host $P launch
check_status "no driver: regions with ptx code only run on the host"
check_quiet "no driver: no warning"
check_lines 1 '^gangway: launch p_incr device=host gangs=1 workers=1 vector=1 reason=no-cpu-code ptx=no-driver$' \
  "no driver: ptx=no-driver"

run ptx-cpu GANGWAY_DEVICE=cpu $FAKE FAKE_CUDA_LOG="$build/ptx-cpu.cuda" \
  GANGWAY_LOG=launch $P cpu-sync
check_lines 1 '^gangway: launch p_k0 device=cpu gangs=64 workers=1 vector=1$' \
  "GANGWAY_DEVICE=cpu: no ptx field"
check "GANGWAY_DEVICE=cpu does not open the driver" \
  [ "$(grep -c '^cu' "$build/ptx-cpu.cuda")" -eq 0 ]

run ptx-nogpu $FAKE FAKE_CUDA_DEVICES=0 GANGWAY_LOG=launch $P cpu-sync
check_status "a driver with no device"
check_quiet "a driver with no device: no warning"
check_lines 1 '^gangway: launch p_k0 device=cpu .*ptx=no-gpu$' \
  "a driver with no device: ptx=no-gpu"

run ptx-initfail $FAKE FAKE_CUDA_FAIL=cuInit:100 GANGWAY_LOG=launch \
  $P cpu-sync
check_lines 1 '^gangway: launch p_k0 device=cpu .*ptx=no-gpu$' \
  "cuInit finds no device: ptx=no-gpu"

run ptx-ctxfail $FAKE FAKE_CUDA_FAIL=cuDevicePrimaryCtxRetain:2 \
  GANGWAY_LOG=launch $P cpu-sync
check_status "a driver that fails"
check_lines 1 '^gangway: launch p_k0 device=cpu .*ptx=driver-error$' \
  "a driver that fails: ptx=driver-error"
check_lines 1 '^gangway: warning: the ptx device is unusable \(cuDevicePrimaryCtxRetain: fake error 2\); using cpu$' \
  "a driver that fails: one warning"

run ptx-launchfail $FAKE FAKE_CUDA_FAIL=cuLaunchKernel:700 $P launch
check "ptx: a failed launch is fatal" [ "$status" -ne 0 ]
check_lines 1 '^gangway: warning: ptx device: cuLaunchKernel failed: fake error 700 \(CUDA error 700\)$' \
  "ptx: a failed launch: message"

log=$build/acc-data.cuda
rm -f "$log"
run acc-data $FAKE FAKE_CUDA_LOG="$log" GANGWAY_LOG=launch ./acc-data
check_status "GCC's data directives on the ptx device"
check_lines 3 '^gangway: launch 0x[0-9a-f]+ device=host gangs=1 workers=1 vector=1 reason=not-offloaded$' \
  "GCC's data directives: the regions on the host"
check_order "GCC's data directives: the device's copy kept current" "$log" \
  '^cuMemAlloc_v2 size=4000 -> A1$' '^cuMemcpyHtoD_v2 dst=A1\+0 size=4000$' \
  '^cuMemcpyDtoH_v2 src=A1\+0 size=4000$' \
  '^cuMemcpyHtoD_v2 dst=A1\+0 size=4000$' \
  '^cuMemcpyDtoH_v2 src=A1\+0 size=4000$' \
  '^cuMemAlloc_v2 size=16 -> A2$' '^cuMemAlloc_v2 size=256 -> A3$' \
  '^cuMemcpyHtoD_v2 dst=A3\+0 size=256$' \
  '^cuMemcpyDtoH_v2 src=A3\+0 size=256$' \
  '^cuMemcpyHtoD_v2 dst=A3\+0 size=256$' '^cuMemFree_v2 A2$' \
  '^cuMemcpyDtoH_v2 src=A3\+0 size=256$' '^cuMemFree_v2 A3$' \
  '^cuMemcpyDtoH_v2 src=A1\+0 size=4000$' '^cuMemFree_v2 A1$'
check "GCC's data directives: no device memory left" \
  [ "$(grep -c '^leak' "$log")" -eq 0 ]
run acc-data-cpu GANGWAY_DEVICE=cpu ./acc-data
check_status "GCC's data directives through libgomp (GANGWAY_DEVICE=cpu)"

if [ -n "${GANGWAY_PLUGIN-}" ]; then
  log=$build/acc-ptx.cuda
  rm -f "$log"
  run acc-ptx $FAKE FAKE_CUDA_LOG="$log" GANGWAY_LOG=launch ./acc-ptx
  check_status "plugin-compiled regions and data directives on the ptx device"
  check_lines 3 '^gangway: launch incr_all\._omp_fn\.0 device=ptx gangs=[0-9]+ workers=1 vector=32$' \
    "plugin-compiled regions: launched on the ptx device"
  check_order "plugin-compiled regions: the driver calls" "$log" \
    '^cuMemAlloc_v2 size=4000 -> A1$' '^cuMemcpyHtoD_v2 dst=A1\+0 size=4000$' \
    '^cuModuleLoadData ' \
    '^cuModuleGetFunction gw_k[0-9]+_incr_all__omp_fn_0 -> found$' \
    '^cuLaunchKernel gw_k[0-9]+_incr_all__omp_fn_0 grid=[0-9]+,1,1 block=32,1,1 shared=0 stream=null extra=null data=A[0-9]+\+0 globals=0$' \
    '^  data\[0\]=A1\+0$' '^cuCtxSynchronize$' \
    '^cuLaunchKernel gw_k[0-9]+_incr_all' '^cuCtxSynchronize$' \
    '^cuMemcpyDtoH_v2 src=A1\+0 size=4000$' \
    '^cuLaunchKernel gw_k[0-9]+_incr_all' '^cuCtxSynchronize$' \
    '^cuMemcpyDtoH_v2 src=A1\+0 size=4000$' '^cuMemFree_v2 A1$'
  check "plugin-compiled regions: copied out only when asked" \
    [ "$(grep -c '^cuMemcpyDtoH_v2 src=A1' "$log")" -eq 2 ]
  check "plugin-compiled regions: no device memory left" \
    [ "$(grep -c '^leak' "$log")" -eq 0 ]
  run acc-ptx-cpu GANGWAY_LOG=launch ./acc-ptx
  check_status "plugin-compiled regions without a driver"
  check_lines 3 '^gangway: launch incr_all\._omp_fn\.0 device=cpu .* ptx=no-driver$' \
    "plugin-compiled regions without a driver: cpu, ptx=no-driver"

  log=$build/acc-ptx-async.cuda
  rm -f "$log"
  run acc-ptx-async $FAKE FAKE_CUDA_LOG="$log" GANGWAY_LOG=launch \
    ./acc-ptx-async
  check_status "plugin-compiled async regions on the ptx device"
  check_lines 5 '^gangway: launch incr_on\._omp_fn\.0 device=ptx .* async=[12]$' \
    "plugin-compiled async regions: launched on queues"
  check_lines 1 '^gangway: launch incr_after\._omp_fn\.0 device=ptx .* async=2$' \
    "plugin-compiled async regions: the one with a wait clause"
  check "plugin-compiled async regions: 6 kernels on 2 streams" \
    [ "$(grep -c '^cuLaunchKernel .* stream=S1 ' "$log")" -eq 4 ] \
    && [ "$(grep -c '^cuLaunchKernel .* stream=S2 ' "$log")" -eq 2 ]
  check "plugin-compiled async regions: the wait clause is an event" \
    [ "$(grep -c '^cuStreamWaitEvent S2 E[0-9]* ' "$log")" -eq 1 ]
  check "plugin-compiled async regions: the updates on the queues' streams" \
    [ "$(grep -c '^cuMemcpyDtoHAsync_v2 .* stream=S[12]$' "$log")" -eq 2 ] \
    && [ "$(grep -c '^cuMemcpyDtoH_v2 ' "$log")" -eq 0 ]
  check "plugin-compiled async regions: 2 host waits in all (the wait directives)" \
    [ "$(grep -c '^cuStreamSynchronize' "$log")" -eq 2 ] \
    && [ "$(grep -c '^cuCtxSynchronize' "$log")" -eq 0 ]
  check "plugin-compiled async regions: no device memory left" \
    [ "$(grep -c '^leak' "$log")" -eq 0 ]
  run acc-ptx-async-cpu GANGWAY_LOG=launch ./acc-ptx-async
  check_status "plugin-compiled async regions on the cpu device"
  run acc-ptx-async-simple GANGWAY_POOL_POLICY=simple ./acc-ptx-async
  check_status "plugin-compiled async regions on the cpu device, GANGWAY_POOL_POLICY=simple"
else
  echo "SKIP: plugin-compiled regions on the ptx device (no GANGWAY_PLUGIN)"
fi

# -- Threads, fork, exit, shared libraries.

for n in default 1 7; do
  if [ $n = default ]; then
    run threads $T threads
  else
    run threads-$n GANGWAY_NUM_THREADS=$n $T threads
  fi
  check_status "launches from 4 threads ($n pool threads)"
done

run threads-log GANGWAY_LOG=all $T threads
check_status "launches from 4 threads, logged"
check_lines 2400 '^gangway: (launch test_k0 device=cpu gangs=[0-9]+ workers=1 vector=1|done test_k0 device=cpu time=[0-9]+\.[0-9]{3}ms)$' \
  "log lines from 4 threads do not mix"

run fork $T fork
check_status "fork after and during launches"
run fork-7 GANGWAY_NUM_THREADS=7 $T fork
check_status "fork with 7 pool threads"

bad=0
for i in 1 2 3 4 5 6 7 8 9 10; do
  run exit $T exit
  [ "$status" -eq 0 ] || bad=1
  run exit-7 GANGWAY_NUM_THREADS=7 $T exit
  [ "$status" -eq 0 ] || bad=1
done
select_tests exit exit-7 gwtest
if [ $bad = 0 ]; then ok "exit with idle pool threads (20 runs)"; else ko "exit"; fi

if [ -n "${GANGWAY_PLUGIN-}" ]; then
  run ctor GANGWAY_LOG=launch ./acc-ctor "$build/libacc-ctor.so"
  check_status "regions in constructors of the program and of a dlopened library"
  check_lines 1 '^gangway: launch main_ctor\._omp_fn\.0 device=cpu ' \
    "a region in the program's constructor runs on cpu, named"
  check_lines 1 '^gangway: launch lib_ctor\._omp_fn\.0 device=cpu ' \
    "a region in a dlopened library's constructor runs on cpu, named"
fi

run lib GANGWAY_LOG=launch $T lib "$build/libunit-dl.so"
check_status "units in linked and dlopened libraries"
check_lines 4 '^gangway: launch lib_k0 device=cpu gangs=10 ' \
  "library units run on cpu"

# Image loading without /proc (so without memfd): needs a private mount
# namespace, which only root gets.
mkdir -p tmpdir
if [ -n "${SANITIZE-}" ]; then
  # The sanitizers' runtime stops the process without /proc.
  echo "SKIP: image loading through a temporary file (under sanitizers)"
elif unshare -m true 2>/dev/null; then
  run noproc TMPDIR="$build/tmpdir" unshare -m \
    sh -c 'umount -l /proc && exec ./gwtest basic'
  check_status "image loading through a temporary file"
  check "temporary image files removed" [ -z "$(ls -A tmpdir)" ]
else
  echo "SKIP: image loading through a temporary file (needs root)"
fi

# -- Speed (not under sanitizers, whose checks are the time).

if [ -z "${SANITIZE-}" ]; then
for n in 1 2 4; do
  run spread-$n GANGWAY_NUM_THREADS=$n $T spread
  check_status "pool threads run gangs ($n threads)"
  cat "$build/spread-$n.out"
done

# The helper, pinned to the launcher's CPU, finds itself there and moves
# off (its log line); where the scheduler keeps it afterwards is the
# machine's load's business, only printed.
run move GANGWAY_NUM_THREADS=2 GANGWAY_LOG=pool $T move
if grep -q '^UNSUPPORTED' "$build/move.out"; then
  unsupported "a pool thread moves off its launcher's CPU (one CPU)"
else
  check_status "a pool thread on its launcher's CPU runs gangs"
  check "a pool thread moves off its launcher's CPU (logged)" \
    [ "$(grep -c '^gangway: pool: a thread moved off cpu [0-9]*, its launcher.s$' \
	 "$build/move.err")" -ge 1 ]
fi
cat "$build/move.out"

# A long key with short launches tries both ways, keeping the faster
# (each trial's log line must agree with its numbers: the way kept is at
# most a fifteenth slower); one whose launches take milliseconds is not
# tried alone (nothing logged after the program's marker line).
run choose GANGWAY_NUM_THREADS=2 GANGWAY_LOG=pool $T choose
check_status "short launches of a long key, alone or with the pool"
check_lines 1 '^choose: long kernel$' "the choice test reached its long kernel"
trials=$(sed -n '1,/^choose: long kernel$/p' "$build/choose.err" \
  | grep -cE 'pool key .*: period alone [0-9]+ ticks, with the pool [0-9]+: runs')
check "a long key with short launches is tried both ways ($trials trials)" \
  [ "$trials" -ge 1 ]
check "each trial keeps the faster way" awk '
  match ($0, /period alone [0-9]+ ticks, with the pool [0-9]+: runs [a-z]+/) {
    split (substr ($0, RSTART, RLENGTH), w, " ")
    a = w[3] + 0; p = w[8] + 0
    if (w[10] == "alone" && a * 15 > p * 16 + 16) bad++
    if (w[10] == "with" && p * 15 > a * 16 + 16) bad++
  }
  END { exit bad > 0 }' "$build/choose.err"
check "a key of long launches is not tried alone" \
  [ "$(sed -n '/^choose: long kernel$/,$p' "$build/choose.err" | grep -c 'pool key')" -eq 0 ]
cat "$build/choose.out"

# Async launches of a quick kernel may run on the launching thread when
# the queue is empty (how many is printed: pooltest's "quick" checks when
# a key is quick); long ones, and quick ones queued behind a long one,
# run on the runner (gwtest.c, test_now).
run now GANGWAY_NUM_THREADS=2 $T now
check_status "long async launches queued, and those behind a queued one"
cat "$build/now.out"

# The launching thread's floating-point environment in the pool's
# threads, and their exception flags back (gwtest.c, test_fenv).
run fenv GANGWAY_NUM_THREADS=2 $T fenv
check_status "the launching thread's rounding mode and exception flags reach the pool"
cat "$build/fenv.out"

run bench $T bench 10000
check_status "bench"
cat "$build/bench.out"
us=$(awk '/default gangs/ { print $5 }' "$build/bench.out")
check "empty launch under 20 us ($us us)" awk "BEGIN { exit !($us < 20) }"
run bench-7 GANGWAY_NUM_THREADS=7 $T bench 2000
check_status "bench with 7 threads on $(nproc) CPUs"
cat "$build/bench-7.out"
fi

# -- Sanitizers and valgrind.

if [ $quick = no ]; then
  mkdir -p tsan
  if $CC $CFLAGS -fsanitize=thread -fPIC -shared -o tsan/libgangway.so \
	"$src"/*.c -lgomp -lpthread -ldl \
     && $CC $CFLAGS -fsanitize=thread -fPIC -shared $INC -o tsan/libunit.so \
	"$here/unitlib.c" -Ltsan -lgangway \
     && $CC $CFLAGS -fsanitize=thread -fopenacc -foffload=disable $INC \
	-o tsan/gwtest "$here/gwtest.c" -Ltsan -lunit -lgangway \
	-Wl,-rpath,"$build/tsan" -ldl -lpthread -lm; then
    for t in basic threads reasons; do
      for n in 2 7; do
	run tsan-$t-$n GANGWAY_NUM_THREADS=$n \
	  TSAN_OPTIONS="halt_on_error=1 exitcode=66" tsan/gwtest $t
	check_status "thread sanitizer: $t, $n threads"
      done
    done
  else
    select_tests gwtest tsan-basic-2 tsan-basic-7 tsan-threads-2 \
      tsan-threads-7 tsan-reasons-2 tsan-reasons-7
    ko "building with -fsanitize=thread"
  fi

  if command -v valgrind >/dev/null; then
    for t in basic reasons threads; do
      run memcheck-$t GANGWAY_NUM_THREADS=3 valgrind -q --error-exitcode=66 \
	  --leak-check=full --errors-for-leak-kinds=definite $T $t
      check_status "valgrind memcheck: $t"
    done
    run memcheck-lib GANGWAY_NUM_THREADS=3 valgrind -q --error-exitcode=66 \
	--leak-check=full --errors-for-leak-kinds=definite \
	$T lib "$build/libunit-dl.so"
    check_status "valgrind memcheck: lib"
    for t in launch refcount update struct cpu-sync; do
      run memcheck-ptx-$t $FAKE valgrind -q --error-exitcode=66 \
	  --leak-check=full --errors-for-leak-kinds=definite $P $t
      check_status "valgrind memcheck: ptx $t"
    done

    # No helgrind or DRD: they do not understand the C11 atomics that
    # publish the lookup table and loaded images and hand gangs to the
    # pool, so they report races the thread sanitizer runs above check.
  fi
fi

echo "$pass passed, $fail failed"
if [ $fail -eq 0 ] && [ $keep = no ]; then
  rm -rf "$build"
fi
[ $fail -eq 0 ]
