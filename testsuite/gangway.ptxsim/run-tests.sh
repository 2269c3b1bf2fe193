#!/bin/bash
# Run Gangway's PTX on ptxsim: build the interpreter, then compile each test
# program of this directory with the plugin (targets cpu and ptx), link it
# with ptxsim-run.c instead of libgangway and run it: its regions execute
# as PTX on the interpreter, and the program compares their results with
# the host's.  Each program runs under the three schedules of ptxsim
# (forward, reverse, random), and must pass under all of them.  Then a
# deliberately broken variant of its PTX (see MUTATIONS) must make it fail
# under at least one: the check that the test can fail at all.
#
# Usage: run-tests.sh BUILD_DIR [PROGRAM...]
#   BUILD_DIR is a configured and built Gangway (it has .libs/gangway.so).
#   Environment: CC, CXX (default gcc, g++), PTXSIM_WORK (a directory to
#   keep the work in; default a temporary one, removed afterwards),
#   GANGWAY_TESTS (shell globs: only the tests whose file, such as
#   saxpy.c or ptxsim-selftest.c, one of them matches; what
#   RUNTESTFLAGS="ptxsim.exp=GLOB" passes).
# Prints "N passed, N failed"; exits non-zero if any test failed.
# The programs of known-bugs/ (none at the moment) show bugs of Gangway
# that ptxsim found: each is expected to fail (XFAIL), and one that passes
# is reported (XPASS: the bug is fixed, move the program up), neither
# counting as a failure.

set -u
if [ $# -lt 1 ] || [ ! -f "$1/.libs/gangway.so" ]; then
  echo "usage: $0 BUILD_DIR [PROGRAM...] (BUILD_DIR/.libs/gangway.so)" >&2
  exit 2
fi
BUILD=$(cd "$1" && pwd)
shift
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
CC=${CC:-gcc}
CXX=${CXX:-g++}
if [ -n "${PTXSIM_WORK:-}" ]; then
  WORK=$PTXSIM_WORK
  mkdir -p "$WORK"
else
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
fi

# The broken variant of each program: a sed script applied to its PTX.
declare -A MUTATIONS=(
  # The shuffles that give the lanes the region's pointers: gone, the
  # lanes address memory through uninitialized registers.
  [saxpy]='/shfl\.sync/d'
  # A neutering branch flipped: the worker-single code runs in every
  # thread but the one that should run it.
  [nest]='0,/@!%gw_single6 bra/s//@%gw_single6 bra/'
  # The barriers that complete the worker broadcasts (frame copies): the
  # workers read the buffer before the single thread fills it.
  [firstprivate]='/bar\.sync 0;/d'
  # The named barriers of the 128-lane workers.
  [vlen128]='/bar\.sync %gw_vbar/d'
  # Sign extensions of chars become zero extensions.
  [intops]='s/cvt\.s32\.s8/cvt.u32.u8/'
  # Unordered float comparisons become ordered ones.
  [floatconv]='s/setp\.\(neu\|equ\|ltu\|leu\|gtu\|geu\)\./setp.eq./'
  # A vector-neutering branch flipped.
  [switch]='0,/@!%gw_single4 bra/s//@%gw_single4 bra/'
  # The shuffles of the vector broadcasts.
  [early-exit]='/shfl\.sync/d'
  # The workers' loads of the values the worker fork broadcasts.
  [worker-single-phi]='/^\tld\.shared\.u32/d'
  # The butterflies of the reductions: each lane keeps its own value.
  [reduction]='/shfl\.sync\.bfly/d'
  # Atomic adds become maxima: the counters stop counting.
  [atomic]='s/atom\.add\.u32/atom.max.u32/'
)
PROGRAMS=(saxpy nest firstprivate vlen128 intops floatconv switch early-exit
	  worker-single-phi reduction atomic)
if [ $# -gt 0 ]; then
  PROGRAMS=("$@")
fi
# Whether the test of file $1 is selected (GANGWAY_TESTS).
selected ()
{
  [ -z "${GANGWAY_TESTS:-}" ] && return 0
  local g
  for g in $GANGWAY_TESTS; do
    # shellcheck disable=SC2053
    [[ $1 == $g ]] && return 0
  done
  return 1
}
chosen=()
for p in "${PROGRAMS[@]}"; do
  selected "$p.c" && chosen+=("$p")
done
PROGRAMS=("${chosen[@]}")
SCHEDULES=(forward reverse random)

passed=0
failed=0
pass () { echo "PASS: $1"; passed=$((passed + 1)); }
fail () { echo "FAIL: $1"; failed=$((failed + 1)); }

# The interpreter and the runtime stub.
CXXFLAGS="-std=c++17 -O2 -Wall -Wextra -ffp-contract=off"
if ! $CXX $CXXFLAGS -c "$HERE/ptxsim.cc" -o "$WORK/ptxsim.o" \
     > "$WORK/build.log" 2>&1 \
   || ! $CC -O2 -Wall -I"$SRC/libruntime" -I"$HERE" -c "$HERE/ptxsim-run.c" \
	-o "$WORK/ptxsim-run.o" >> "$WORK/build.log" 2>&1 \
   || ! $CC -O2 -Wall -I"$HERE" "$HERE/ptxsim-selftest.c" "$WORK/ptxsim.o" \
	-lstdc++ -lm -o "$WORK/ptxsim-selftest" >> "$WORK/build.log" 2>&1; then
  cat "$WORK/build.log"
  fail "building ptxsim"
  echo "$passed passed, $failed failed"
  exit 1
fi

# The interpreter's own semantics, on hand-written PTX.
if ! selected ptxsim-selftest.c; then
  :
elif "$WORK/ptxsim-selftest" > "$WORK/selftest.log" 2>&1; then
  pass "ptxsim-selftest"
else
  cat "$WORK/selftest.log"
  fail "ptxsim-selftest"
fi

PLUGIN="-fplugin=$BUILD/.libs/gangway.so -fplugin-arg-gangway-targets=cpu,ptx"
PLUGIN="$PLUGIN -fplugin-arg-gangway-keep-temps"
# The device math library's units (their ptx images), linked whole: the
# programs' host code calls none of them.
DEVLIB="-Wl,--whole-archive $BUILD/.libs/libgwdevlib.a -Wl,--no-whole-archive"

# The device math library, measured on the interpreter against its host
# build and MPFR (libm-accuracy.c); its table goes to the log.
if [ $# -eq 0 ] && selected libm-accuracy.c; then
  dir="$WORK/libm-accuracy"
  mkdir -p "$dir"
  if ! (cd "$dir" && $CC -O2 -fopenacc -foffload=disable $PLUGIN \
	  -I"$SRC/libruntime" -c "$HERE/libm-accuracy.c" -o libm.o \
	  && $CC -fopenacc -foffload=disable libm.o "$WORK/ptxsim-run.o" \
	       "$WORK/ptxsim.o" $DEVLIB -lmpfr -lgmp -lstdc++ -lm \
	       -o libm-accuracy) > "$dir/log" 2>&1; then
    cat "$dir/log"
    fail "libm-accuracy (does not build)"
  elif (cd "$dir" && ./libm-accuracy) > "$dir/table" 2>&1; then
    cat "$dir/table"
    pass "libm-accuracy"
  else
    cat "$dir/table"
    fail "libm-accuracy"
  fi
fi

for p in "${PROGRAMS[@]}"; do
  dir="$WORK/$p"
  mkdir -p "$dir"
  log="$dir/log"
  : > "$log"
  if ! (cd "$dir" && $CC -O2 -fopenacc -foffload=disable $PLUGIN \
	  -I"$SRC/libruntime" -c "$HERE/$p.c" -o "$p.o" -dumpbase "$p.c" \
	  && $CC -fopenacc -foffload=disable "$p.o" "$WORK/ptxsim-run.o" \
	       "$WORK/ptxsim.o" $DEVLIB -lstdc++ -lm -o "$p") >> "$log" 2>&1; then
    cat "$log"
    fail "$p (does not build)"
    continue
  fi
  ptx="$dir/$p.c.gangway-ptx.ptx"
  if [ ! -s "$ptx" ]; then
    cat "$log"
    fail "$p (no PTX was written)"
    continue
  fi
  ok=1
  for s in "${SCHEDULES[@]}"; do
    if ! (cd "$dir" && PTXSIM_SCHED=$s ./"$p") >> "$log" 2>&1; then
      echo "$p: fails under the $s schedule:" >> "$log"
      ok=0
    fi
  done
  if [ $ok = 0 ]; then
    cat "$log"
    fail "$p"
    continue
  fi
  # The broken variant.
  mut=${MUTATIONS[$p]:-}
  if [ -z "$mut" ]; then
    fail "$p (no broken variant defined)"
    continue
  fi
  sed -e "$mut" "$ptx" > "$dir/broken.ptx"
  if cmp -s "$ptx" "$dir/broken.ptx"; then
    fail "$p (the broken variant '$mut' changes nothing)"
    continue
  fi
  caught=""
  for s in "${SCHEDULES[@]}"; do
    if ! (cd "$dir" && PTXSIM_SCHED=$s PTXSIM_PTX="$dir/broken.ptx" \
	  ./"$p") > "$dir/broken.$s.log" 2>&1; then
      caught="$caught $s"
    fi
  done
  if [ -z "$caught" ]; then
    fail "$p (its broken variant '$mut' passes)"
    continue
  fi
  caught=${caught# }
  first=${caught%% *}
  echo "  $p: the broken variant fails under: $caught"
  echo "    $(grep -v '^ptxsim: launch' "$dir/broken.$first.log" | head -1 | cut -c1-240)"
  pass "$p"
done

# The known bugs: expected to fail under some schedule.
if [ $# -eq 0 ]; then
  for f in "$HERE"/known-bugs/*.c; do
    [ -e "$f" ] || continue
    p=$(basename "$f" .c)
    selected "$p.c" || continue
    dir="$WORK/known-$p"
    mkdir -p "$dir"
    if ! (cd "$dir" && $CC -O2 -fopenacc -foffload=disable $PLUGIN \
	    -I"$SRC/libruntime" -c "$f" -o "$p.o" -dumpbase "$p.c" \
	    && $CC -fopenacc -foffload=disable "$p.o" "$WORK/ptxsim-run.o" \
		 "$WORK/ptxsim.o" $DEVLIB -lstdc++ -lm -o "$p") > "$dir/log" 2>&1; then
      cat "$dir/log"
      fail "known-bugs/$p (does not build)"
      continue
    fi
    caught=""
    for s in "${SCHEDULES[@]}"; do
      (cd "$dir" && PTXSIM_SCHED=$s ./"$p") > "$dir/$s.log" 2>&1 \
	|| caught="$caught $s"
    done
    if [ -n "$caught" ]; then
      first=${caught# }
      first=${first%% *}
      echo "XFAIL: known-bugs/$p ($(grep -v '^ptxsim: launch' \
	"$dir/$first.log" | tail -1 | cut -c1-120))"
    else
      echo "XPASS: known-bugs/$p (the bug is fixed?)"
    fi
  done
fi

echo "$passed passed, $failed failed"
[ $failed = 0 ]
