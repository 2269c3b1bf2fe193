#!/bin/sh
# An interrupted compile leaves nothing behind (docs/manual.md,
# Diagnostics): SIGTERM or SIGHUP to the compiler proper (cc1, where the
# plugin runs) while it waits for the cpu image's compiler, and SIGTERM
# to the driver alone (`timeout gcc ...` does that), each remove the image's
# temporary directory and end the image compiler; SIGKILL to cc1, which
# nothing can catch, still ends the image compiler (its parent-death
# signal); SIGTERM to cc1 while the first part of an image compiled in
# parts compiles (image-part=1: one part per region) removes every
# part's source.  The image compiler here is image-cc-wait.sh, which says it
# started (its pid and its parent's, in a file) and waits.  (SIGINT is
# not tried: a shell starts background commands with it ignored, and the
# plugin leaves an ignored signal ignored.)  Nothing is
# timed: the script waits for the file, then for the processes to end,
# up to a minute each.
#
# Environment: CC, GANGWAY_PLUGIN (gangway.so), GANGWAY_INCLUDE (the
# directory of openacc.h's companion gangway.h), WORK (a fresh directory).
here=$(cd "$(dirname "$0")" && pwd)
: "${CC:=gcc}" "${WORK:?}" "${GANGWAY_PLUGIN:?}"
mkdir -p "$WORK" || exit 1
cat > "$WORK/prog.c" <<'PROG'
void
f (float *x, int n)
{
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = 2 * x[i];
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] += i;
}
PROG

# Wait until FILE exists (up to 60 s).
wait_file () {
  n=0
  while [ ! -s "$1" ] && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
  [ -s "$1" ]
}

# Wait until process PID is gone (up to 60 s).
wait_gone () {
  n=0
  while kill -0 "$1" 2>/dev/null && [ $n -lt 600 ]; do
    sleep 0.1; n=$((n + 1))
  done
  ! kill -0 "$1" 2>/dev/null
}

# Compile in the background with TMPDIR=$WORK/NAME and the waiting image
# compiler; then send SIGNAL to WHOM (cc1 or driver); check what is left.
# KEEP_DIR=1: the temporary directory may stay (SIGKILL).  EXTRA: more
# plugin flags.
run () {
  name=$1 whom=$2 sig=$3 keep_dir=${4:-0} extra=${5:-}
  tmp=$WORK/$name
  mkdir -p "$tmp"
  rm -f "$WORK/$name.ready"
  GW_TEST_READY=$WORK/$name.ready TMPDIR=$tmp \
    "$CC" -O0 -fopenacc -foffload=disable -fplugin="$GANGWAY_PLUGIN" \
      -I"$GANGWAY_INCLUDE" -fplugin-arg-gangway-targets=cpu \
      -fplugin-arg-gangway-image-cc="$here/image-cc-wait.sh" $extra \
      -c "$WORK/prog.c" -o "$WORK/$name.o" > "$WORK/$name.log" 2>&1 &
  driver=$!
  if ! wait_file "$WORK/$name.ready"; then
    echo "FAIL: $name: the image compiler did not start"
    kill -KILL $driver 2>/dev/null
    return
  fi
  read image cc1 < "$WORK/$name.ready"
  if [ "$whom" = cc1 ]; then kill -$sig "$cc1"; else kill -$sig "$driver"; fi
  wait $driver 2>/dev/null
  if wait_gone "$image"; then
    echo "PASS: $name: the image compiler ended"
  else
    echo "FAIL: $name: the image compiler still runs"
    kill -KILL "$image" 2>/dev/null
  fi
  if wait_gone "$cc1"; then
    echo "PASS: $name: the compiler ended"
  else
    echo "FAIL: $name: the compiler still runs"
    kill -KILL "$cc1" 2>/dev/null
  fi
  if [ "$keep_dir" = 0 ]; then
    left=$(ls -A "$tmp")
    if [ -z "$left" ]; then
      echo "PASS: $name: TMPDIR is empty"
    else
      echo "FAIL: $name: TMPDIR holds $left"
    fi
  fi
}

run sigterm-cc1 cc1 TERM
run sighup-cc1 cc1 HUP
run sigterm-driver driver TERM
run sigkill-cc1 cc1 KILL 1
run sigterm-cc1-parts cc1 TERM 0 -fplugin-arg-gangway-image-part=1
exit 0
