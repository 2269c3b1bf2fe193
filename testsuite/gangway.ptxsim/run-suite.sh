#!/bin/bash
# Run the execution tests of testsuite/gangway.run (and, with FC set to a
# gfortran, of gangway.fortran) on ptxsim: each program
# is compiled for cpu and ptx, linked with ptxsim-run.c instead of
# libgangway, and run under the three schedules, regions without ptx code
# running on the host (PTXSIM_ALLOW_HOST).  A program passes if it exits
# with 0 under all of them, or with 1 if it has a dg-shouldfail (the
# runtime must refuse its launch).  Some cannot pass here whatever the
# PTX: they check the runtime's log or its API (SKIPPED), force the host
# device, expect acc_on_device's cpu answers (DIFFERENT), or launch more
# gangs than the interpreter runs in reasonable time (HUGE).
#
# Usage: run-suite.sh BUILD_DIR [PROGRAM.c|PROGRAM.C|PROGRAM.f90...]
# GANGWAY_TESTS (shell globs) keeps only the tests whose file name one of
# them matches (RUNTESTFLAGS="ptxsim.exp=GLOB").
# Prints "N passed, N failed, N skipped".

set -u
if [ $# -lt 1 ] || [ ! -f "$1/.libs/gangway.so" ]; then
  echo "usage: $0 BUILD_DIR [PROGRAM.c...]" >&2
  exit 2
fi
BUILD=$(cd "$1" && pwd)
shift
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
CC=${CC:-gcc}
CXX=${CXX:-g++}
FC=${FC:-}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Tests whose expectations are the cpu device's or the host's (acc-api-1:
# the cpu device's type and properties, which ptxsim-run answers as
# libgomp's host device; check-lanes-1:
# the cpu image's lane checker; async-queue-2, async-data-api-2: a queued
# region that waits for the host, which the cpu device's queue runs
# concurrently; stop-1: Fortran's
# STOP with a code, which ptx traps; fenv-1: the host's rounding modes, which
# ptx instructions do not follow; bounds-check-2: a failed check of
# -fcheck=bounds, which ptx prints and traps, libgfortran's exit status 2
# being the cpu device's).
DIFFERENT=" acc-api-1 on-device-2 on-device-3 profiling-1 check-lanes-1 abort-1 async-queue-2 async-data-api-2 stop-1 fenv-1 bounds-check-2 "
HUGE=" num-gangs-3 num-gangs-4 "

$CXX -std=c++17 -O2 -ffp-contract=off -c "$HERE/ptxsim.cc" -o "$WORK/ptxsim.o" \
  && $CC -O2 -I"$SRC/libruntime" -I"$HERE" -c "$HERE/ptxsim-run.c" \
       -o "$WORK/ptxsim-run.o" || exit 1
PLUGIN="-fplugin=$BUILD/.libs/gangway.so -fplugin-arg-gangway-targets=cpu,ptx"
# The device math library's units (their ptx images), linked whole.
DEVLIB="-Wl,--whole-archive $BUILD/.libs/libgwdevlib.a -Wl,--no-whole-archive"
files=("$@")
if [ $# -eq 0 ]; then
  files=("$SRC"/testsuite/gangway.run/*.[cC])
  [ -z "$FC" ] || files+=("$SRC"/testsuite/gangway.fortran/*.f90)
fi
passed=0 failed=0 skipped=0
for f in "${files[@]}"; do
  p=$(basename "$f")
  p=${p%.[cC]}
  p=${p%.f90}
  # C++ tests are .C files, Fortran ones .f90.
  cc=$CC
  [[ "$f" == *.C ]] && cc=$CXX
  [[ "$f" == *.f90 ]] && cc=$FC
  # Other units of a test's program, not tests (run.exp).
  [[ "$p" =~ -aux(-[0-9]+)?$ ]] && continue
  if [ -n "${GANGWAY_TESTS:-}" ]; then
    keep=
    for g in $GANGWAY_TESTS; do
      # shellcheck disable=SC2053
      [[ $(basename "$f") == $g ]] && keep=1
    done
    [ -n "$keep" ] || continue
  fi
  # Those units (dg-additional-sources, dg-additional-archive), compiled
  # and linked with the program.
  others=$(sed -n -e 's/.*dg-additional-\(sources\|archive\) "\([^"]*\)".*/\2/p' \
	     -e 's/.*dg-additional-\(sources\|archive\) \([^" ]*\) }.*/\2/p' "$f")
  # Its options (dg-options, dg-additional-options): its unit's and the
  # link's.
  opts=$(sed -n 's/.*dg-\(additional-\)\?options "\([^"]*\)".*/\2/p' "$f")
  if [[ "$DIFFERENT" == *" $p "* ]]; then
    echo "SKIPPED: $p (expects another device)"
    skipped=$((skipped + 1))
    continue
  fi
  if [[ "$HUGE" == *" $p "* ]]; then
    echo "SKIPPED: $p (too many gangs for the interpreter)"
    skipped=$((skipped + 1))
    continue
  fi
  want=0
  grep -q 'dg-shouldfail' "$f" && want=1
  objs=("$WORK/$p.o")
  built=1
  for o in $others; do
    $cc -O2 -fopenacc -foffload=disable $PLUGIN -I"$SRC/libruntime" \
      -c "$(dirname "$f")/$o" -o "$WORK/${o%.*}.o" > "$WORK/$p.log" 2>&1 \
      || built=0
    objs+=("$WORK/${o%.*}.o")
  done
  if [ $built = 0 ] \
     || ! $cc -O2 -fopenacc -foffload=disable $PLUGIN -I"$SRC/libruntime" \
       -I"$(dirname "$f")" $opts -c "$f" -o "$WORK/$p.o" >> "$WORK/$p.log" 2>&1 \
     || ! $cc -fopenacc -foffload=disable $opts "${objs[@]}" "$WORK/ptxsim-run.o" \
	  "$WORK/ptxsim.o" $DEVLIB -lstdc++ -lm -o "$WORK/$p" >> "$WORK/$p.log" 2>&1
  then
    echo "SKIPPED: $p (does not build without libgangway)"
    skipped=$((skipped + 1))
    continue
  fi
  bad=""
  for s in forward reverse random; do
    (cd "$WORK" && PTXSIM_SCHED=$s PTXSIM_ALLOW_HOST=1 timeout 600 ./"$p") \
      > "$WORK/$p.$s.out" 2>&1
    [ $? -eq $want ] || bad="$bad $s"
  done
  if [ -z "$bad" ]; then
    echo "PASS: $p"
    passed=$((passed + 1))
  else
    first=${bad# }
    first=${first%% *}
    echo "FAIL: $p (under$bad: $(tail -1 "$WORK/$p.$first.out" | cut -c1-200))"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed, $skipped skipped"
[ $failed = 0 ]
