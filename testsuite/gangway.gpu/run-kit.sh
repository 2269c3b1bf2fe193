#!/bin/bash
# Run a kit made by make-kit.sh on a machine with an NVIDIA GPU: each
# program on the ptx device (GANGWAY_DEVICE=ptx, GANGWAY_LOG=launch), then
# the benchmarks on the ptx and cpu devices.  A program passes if it exits
# as its test expects (0, or 1 for a dg-shouldfail); the launch log says
# where its regions ran, counted per device.
#
# Usage: run-kit.sh [--tests-only|--bench-only] [PROGRAM...]
# Prints PASS/FAIL/XFAIL lines, "N passed, N failed, N expected
# failures", the launches per device
# and the benchmarks' tables.  Logs go to ./kit-logs.

set -u
KIT=$(cd "$(dirname "$0")" && pwd)
tests=yes bench=yes
case ${1:-} in
  --tests-only) bench=; shift ;;
  --bench-only) tests=; shift ;;
esac
LOGS=$PWD/kit-logs
mkdir -p "$LOGS"
export LD_LIBRARY_PATH=$KIT/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

# Tests that check what only the cpu device or memory shared with the
# host gives; their failures on the GPU are expected (XFAIL).
declare -A EXPECT=(
  [check-lanes-1]="the cpu image's lane checker"
  [concurrent-1]="counts cpu launches" [concurrent-2]="counts cpu launches"
  [concurrent-3]="counts cpu launches" [many-launches-1]="counts cpu launches"
  [num-threads-1]="the cpu pool's threads" [num-threads-2]="the cpu pool's threads"
  [on-device-2]="acc_on_device's cpu answers" [on-device-3]="acc_on_device's cpu answers"
  [reduction-gang-order-1]="the cpu device's gang order"
  [string-literal-1]="dereferences a host pointer"
  [printf-1]="dereferences host pointers" [linked-list-1]="host pointers in copied data"
  [async-queue-1]="reads a data construct's array on the host without update"
)
# Tests that cannot end off the cpu device: not run.
declare -A SKIP=(
  [async-queue-2]="a queued region waits for the host's flag, which its device copy never shows"
  [async-data-api-2]="a queued region waits for the host's flag, which its device copy never shows"
)

if [ -n "$tests" ]; then
  passed=0 failed=0 xfailed=0
  while read -r p want; do
    if [ $# -gt 0 ] && [[ " $* " != *" $p "* ]]; then continue; fi
    if [ -n "${SKIP[$p]:-}" ]; then echo "SKIP: $p (${SKIP[$p]})"; continue; fi
    (cd "$LOGS" && GANGWAY_DEVICE=ptx GANGWAY_LOG=launch timeout 30 \
       "$KIT/bin/$p") > "$LOGS/$p.out" 2>&1
    rc=$?
    where=$(sed -n 's/.*launch .* device=\([a-z]*\).*/\1/p' "$LOGS/$p.out" \
	    | sort | uniq -c | awk '{printf " %s=%s", $2, $1}')
    if [ $rc -eq "$want" ]; then
      echo "PASS: $p${where}"
      passed=$((passed + 1))
    elif [ -n "${EXPECT[$p]:-}" ]; then
      echo "XFAIL: $p (${EXPECT[$p]})${where}"
      xfailed=$((xfailed + 1))
    else
      echo "FAIL: $p (exit $rc)${where}: $(grep -v 'launch ' "$LOGS/$p.out" \
	| tail -2 | tr '\n' ' ' | cut -c1-300)"
      failed=$((failed + 1))
    fi
  done < "$KIT/programs"
  echo "$passed passed, $failed failed, $xfailed expected failures"
  cat "$LOGS"/*.out | sed -n 's/.*launch .* device=\([a-z]*\).*/\1/p' \
    | sort | uniq -c | awk '{printf "launches on %s: %s\n", $2, $1}'
fi

if [ -n "$bench" ]; then
  # The cpu variant's regions go where GANGWAY_DEVICE says; the OpenMP
  # peers were compiled for make-kit.sh's KIT_MARCH.
  echo "== bench, GANGWAY_DEVICE=ptx"
  GANGWAY_DEVICE=ptx "$KIT/bench-bench/bench" --variants cpu,host ${BENCH_ARGS:-} 2>&1
  # cpu-async: back-to-back launches on one queue (the GPU's stream).
  echo "== app bench, GANGWAY_DEVICE=ptx"
  GANGWAY_DEVICE=ptx "$KIT/bench-app/app" --variants cpu,cpu-async,host,serial \
    ${APP_ARGS:-} 2>&1
  # The same kernels with GCC's own offloading (its nvptx device through
  # the libgomp and nvptx plugin the kit carries), serial the common
  # peer of the two runs.
  if [ -x "$KIT/bench-app/app-gcc-nvptx" ]; then
    echo "== app bench, GCC's nvptx offloading"
    LD_LIBRARY_PATH="$KIT/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
      "$KIT/bench-app/app-gcc-nvptx" ${APP_ARGS:-} 2>&1
  fi
  echo "== app bench, GANGWAY_DEVICE=cpu"
  GANGWAY_DEVICE=cpu "$KIT/bench-app/app" --variants cpu,host,omp ${APP_ARGS:-} 2>&1
  # The launch figures of the cpu device and OpenMP on 2 .. all threads.
  n=$(getconf _NPROCESSORS_ONLN)
  for t in 1 2 4 8 $n; do
    [ "$t" -le "$n" ] || continue
    echo "== app bench, GANGWAY_DEVICE=cpu, $t threads"
    GANGWAY_DEVICE=cpu GANGWAY_NUM_THREADS=$t OMP_NUM_THREADS=$t \
      "$KIT/bench-app/app" --variants cpu,omp --kernels halo,loop0,update3,step \
      ${APP_ARGS:-} 2>&1 | sed -n '/^min us/,/^$/p'
  done
fi
