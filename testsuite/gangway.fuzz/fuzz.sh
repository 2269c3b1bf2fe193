#!/bin/bash
# fuzz.sh: build and run programs of gangway-fuzz on the cpu device and on
# ptxsim, classify what goes wrong, and reduce each failure to a small
# reproducer.  Copyright (C) 2026 The Gangway developers.  This file is
# part of Gangway, licensed under the GPL v3 or later; see device/ir/ir.h.
#
# Usage: fuzz.sh --builddir DIR [OPTIONS]
#   --seed S --count N  programs of seeds S .. S+N-1 (default 1, 10)
#   --jobs J            runs in parallel (default 2)
#   --modes LIST        cpu, separate, check, ptxsim, host (comma-separated;
#                       default cpu,ptxsim)
#                       cpu: regions on the cpu device (libgangway);
#                       separate: the same under GANGWAY_MEM=separate (the
#                       device's own memory: data moves only where the
#                       program's clauses move it);
#                       check: the same under GANGWAY_CHECK=data, where a
#                       report of the data checker fails the program (its
#                       clauses are right);
#                       ptxsim: regions as PTX on ptxsim, under the three
#                       schedules; ptx: libgangway's ptx device with ptxsim
#                       as its GPU (ptxsim-cuda.so as the CUDA driver; the
#                       device's own memory, argument blocks, streams), under
#                       the random schedule; host: compiled without the
#                       plugin (a check of the generator itself, e.g. under
#                       sanitizers)
#   --opt LIST          optimization levels (default -O0,-O1,-O2,-O3)
#   --isa LIST          cpu ISAs (default: the x86-64 levels this CPU runs)
#   --extra LIST        more flag sets, each one or more flags joined by
#                       '+' (default ',-fno-math-errno,-fplugin-arg-gangway-
#                       check-lanes': none, either of those; check-lanes
#                       makes the cpu image check at run time that every
#                       SIMD write keeps the lanes it does not own)
#   --matrix            every program at every level, ISA and extra flag
#                       set (default: one combination per seed, rotating
#                       through them)
#   --timeout T         seconds per compilation and per run (default 60)
#   --out DIR           results (default ./fuzz-results)
#   --reduce N          reduce at most N failures (default 20; 0: none)
#   --reduce-tests N    test runs per reduction (default 300)
#   --gen "OPTS"        more options for gangway-fuzz (e.g. "--off irreducible")
#   --lang c|fortran    C programs (default) or Fortran ones (gangway-fuzz
#                       --fortran, compiled with FC, default gfortran; no
#                       reduction: the printed program is the reproducer)
#   --check             print a PASS:/FAIL: line per program and mode (the
#                       DejaGnu driver fuzz.exp reads them); no reduction
#   --keep              keep the work files of programs that pass
#   --quiet             no line per failure while running
# Environment: FUZZ_CFLAGS and FUZZ_LDFLAGS are added to every compilation
# and link (e.g. FUZZ_CFLAGS=-fsanitize=address,undefined with --modes host);
# FUZZ_RUNTIME, the directory of the libgangway that programs link (default
# BUILD/.libs; BUILD/san/.libs is the sanitized one that make check builds,
# which wants FUZZ_CFLAGS="-Wl,--no-as-needed,-lasan,-lubsan,--as-needed");
# CC (default gcc); FUZZ_DEVICE, the GANGWAY_DEVICE of cpu runs (default
# cpu: host makes every run fail the launch-log check, which fuzz.exp
# checks; so does FUZZ_CFLAGS=-DGANGWAY_FUZZ_BREAK, with which every
# program spoils a result of its device run).
#
# Categories: pass, ice (an internal compiler error), compile-error,
# ptxas (ptxas rejected the PTX), refused (a region ran on the host, or had
# no ptx code, though the program uses only what the device supports),
# wrong (the device's results differ from the host's), crash, hang (a
# timeout, compiling or running), ptxsim-error (the interpreter stopped:
# a deadlock, a warp or barrier violation, a bad access), log (the launch
# log is not what it should be), gen-error (the generator failed).
#
# Entry points for one program (the driver's parallel jobs, the reducer's
# test, by hand): fuzz.sh --one SEED MODE OPT ISA (one run, a line in
# results), fuzz.sh --classify FILE MODE OPT ISA (compile and run FILE,
# print its category and detail), fuzz.sh --reduce-one "RESULT LINE"
# (reduce that failure into OUT/reduced/).  OPT joins flags with '+'; ISA
# is '-' outside the cpu mode.

set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
CC=${CC:-gcc}
FC=${FC:-gfortran}
FUZZ_CFLAGS=${FUZZ_CFLAGS:-}
FUZZ_LDFLAGS=${FUZZ_LDFLAGS:-}
FUZZ_DEVICE=${FUZZ_DEVICE:-cpu}

BUILD=
SEED=1
COUNT=10
JOBS=2
MODES=cpu,ptxsim
OPTS=-O0,-O1,-O2,-O3
ISAS=
EXTRAS=,-fno-math-errno,-fplugin-arg-gangway-check-lanes
MATRIX=0
TIMEOUT=60
OUT=fuzz-results
REDUCE=20
REDUCE_TESTS=300
GEN=
LANG_=c
CHECK=0
KEEP=0
QUIET=0
ENTRY=main
ARGS=()

while [ $# -gt 0 ]; do
  case $1 in
    --builddir) BUILD=$2; shift ;;
    --seed) SEED=$2; shift ;;
    --count) COUNT=$2; shift ;;
    --jobs) JOBS=$2; shift ;;
    --modes) MODES=$2; shift ;;
    --opt) OPTS=$2; shift ;;
    --isa) ISAS=$2; shift ;;
    --extra) EXTRAS=$2; shift ;;
    --matrix) MATRIX=1 ;;
    --timeout) TIMEOUT=$2; shift ;;
    --out) OUT=$2; shift ;;
    --reduce) REDUCE=$2; shift ;;
    --reduce-tests) REDUCE_TESTS=$2; shift ;;
    --gen) GEN=$2; shift ;;
    --lang) LANG_=$2; shift ;;
    --check) CHECK=1 ;;
    --keep) KEEP=1 ;;
    --quiet) QUIET=1 ;;
    --one|--classify|--reduce-one) ENTRY=${1#--}; shift; ARGS=("$@"); break ;;
    *) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

case $LANG_ in
  c) EXT=c ;;
  fortran) EXT=F90; CC=$FC; REDUCE=0 ;;
  *) echo "fuzz.sh: --lang c or fortran" >&2; exit 2 ;;
esac

if [ -z "$BUILD" ] || [ ! -f "$BUILD/.libs/gangway.so" ]; then
  echo "usage: fuzz.sh --builddir BUILD_DIR [OPTIONS] (see the script)" >&2
  exit 2
fi
BUILD=$(cd "$BUILD" && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
FUZZ=$BUILD/gangway-fuzz
PTXAS=$(sed -n 's/^set GANGWAY_PTXAS "\(.*\)"$/\1/p' \
	  "$BUILD/testsuite/gangway-site-extra.exp" 2>/dev/null)

# The x86-64 levels this CPU runs.
if [ -z "$ISAS" ]; then
  ISAS=x86-64-v2
  grep -qw avx2 /proc/cpuinfo && ISAS=$ISAS,x86-64-v3
  grep -qw avx512f /proc/cpuinfo && ISAS=$ISAS,x86-64-v4
fi

PLUGIN=(-fopenacc -foffload=disable -fplugin="$BUILD/.libs/gangway.so"
	-fplugin-arg-gangway-verify -I"$SRC/libruntime")
RUNTIME=${FUZZ_RUNTIME:-$BUILD/.libs}
LIBS=(-L"$RUNTIME" -Wl,-rpath,"$RUNTIME" -lgangway -lm)

# The ptxsim objects, built once per results directory.
ptxsim_objects () {
  local d=$OUT/ptxsim
  if [ ! -f "$d/ptxsim.o" ]; then
    mkdir -p "$d.tmp.$$"
    g++ -std=c++17 -O2 -ffp-contract=off -c \
	"$SRC/testsuite/gangway.ptxsim/ptxsim.cc" -o "$d.tmp.$$/ptxsim.o" \
      && $CC -O2 -I"$SRC/libruntime" -I"$SRC/testsuite/gangway.ptxsim" -c \
	   "$SRC/testsuite/gangway.ptxsim/ptxsim-run.c" \
	   -o "$d.tmp.$$/ptxsim-run.o" || return 1
    mv -T "$d.tmp.$$" "$d" 2>/dev/null || rm -rf "$d.tmp.$$"
  fi
}

# The CUDA driver whose GPU is ptxsim, built once per results directory.
ptxsim_cuda () {
  local d=$OUT/ptxsim-cuda
  if [ ! -f "$d/ptxsim-cuda.so" ]; then
    mkdir -p "$d.tmp.$$"
    g++ -std=c++17 -O2 -ffp-contract=off -fPIC -c \
	"$SRC/testsuite/gangway.ptxsim/ptxsim.cc" -o "$d.tmp.$$/ptxsim.o" \
      && $CC -O2 -fPIC -shared -I"$SRC/testsuite/gangway.ptxsim" \
	   "$SRC/testsuite/gangway.ptxsim/ptxsim-cuda.c" "$d.tmp.$$/ptxsim.o" \
	   -lstdc++ -o "$d.tmp.$$/ptxsim-cuda.so" || return 1
    mv -T "$d.tmp.$$" "$d" 2>/dev/null || rm -rf "$d.tmp.$$"
  fi
}

# The detail of a compiler's failure in LOG: its first error, without
# file names, line numbers, addresses and kernel names (which change as
# the reducer removes regions).
compile_detail () {
  { grep -m1 -E 'internal compiler error|error:|gangway: internal' "$1" \
      | sed -E 's/^[^ ]*:[0-9]+:[0-9]+: //; s/^[^ ]*: //'
    # The verifier's first complaint says which invariant broke; the
    # image compiler's first error, what the cpu emitter got wrong.
    grep -m1 '; error: ' "$1" | sed -E 's/.*; error: / /'
    grep -m1 'image.c:[0-9]*:[0-9]*: error:' "$1" | sed -E 's/.*error: / /'
  } | tr -d '\n' | sed -E 's/0x[0-9a-f]+/0x?/g; s|/tmp/[^ ]*/image.c|image.c|g' \
    | sed -E 's/gw_k[0-9]+_[A-Za-z0-9_]+/KERNEL/g; s/_omp_fn\.[0-9]+/_omp_fn.N/g' \
    | cut -c1-220
}

# The flags a program that changes the rounding mode needs (knobs rounding
# and f_rounding): -frounding-math, without which GCC folds and moves
# floating-point operations as if it never changed (the cpu image, which
# is optimized at -O0 too, folded a product the host version computed
# under the program's mode).
rounding_flags () {
  grep -q -E 'fesetround \(|ieee_set_rounding_mode \(' "$1" \
    && echo -frounding-math
}

# Does MODE run the program's regions on the cpu device (cpu, separate,
# check)?
cpu_mode () {
  [ "$1" = cpu ] || [ "$1" = separate ] || [ "$1" = check ]
}

# Compile FILE (in its directory, into prog) for MODE at OPT and ISA, with
# its second unit FILE-aux.c if there is one (gangway-fuzz writes it for a
# program whose routines are defined in two units); print the category of
# a failure, and its detail, or nothing.
compile_one () {
  local file=$1 mode=$2 opt=${3//+/ } isa=$4 dir rc
  dir=$(dirname "$file")
  opt="$opt $(rounding_flags "$file")"
  local log=$dir/compile.log
  local units=("$file")
  [ -f "${file%.*}-aux.$EXT" ] && units+=("${file%.*}-aux.$EXT")
  # gfortran writes its module files, and looks for them first, where it
  # runs: in the program's directory (parallel runs would share them).
  if [ $LANG_ = fortran ]; then
    cd "$dir" || return
  fi
  # The plugin's temporary files (kept when the image compiler fails) go
  # with the program's.
  export TMPDIR=$dir
  case $mode in
    cpu|separate|check)
      timeout "$TIMEOUT" $CC "${PLUGIN[@]}" $opt \
	-fplugin-arg-gangway-targets=cpu -fplugin-arg-gangway-isa="$isa" \
	$FUZZ_CFLAGS "${units[@]}" "${LIBS[@]}" $FUZZ_LDFLAGS -o "$dir/prog" \
	> "$log" 2>&1
      rc=$? ;;
    ptx)
      local check=()
      [ -n "$PTXAS" ] && check=(-fplugin-arg-gangway-ptxas=check)
      timeout "$TIMEOUT" $CC "${PLUGIN[@]}" $opt \
	-fplugin-arg-gangway-targets=cpu,ptx "${check[@]}" $FUZZ_CFLAGS \
	"${units[@]}" "${LIBS[@]}" $FUZZ_LDFLAGS -o "$dir/prog" > "$log" 2>&1
      rc=$? ;;
    ptxsim)
      ptxsim_objects || { echo "compile-error cannot build ptxsim"; return; }
      local check=()
      [ -n "$PTXAS" ] && check=(-fplugin-arg-gangway-ptxas=check)
      local objs=() u
      : > "$log"
      rc=0
      for u in "${units[@]}"; do
	[ $rc = 0 ] || break
	timeout "$TIMEOUT" $CC "${PLUGIN[@]}" $opt \
	  -fplugin-arg-gangway-targets=cpu,ptx "${check[@]}" $FUZZ_CFLAGS \
	  -c "$u" -o "${u%.*}.o" >> "$log" 2>&1
	rc=$?
	objs+=("${u%.*}.o")
      done
      if [ $rc = 0 ]; then
	# The device math library's units, linked whole (ptxsim-run.c).
	$CC -fopenacc -foffload=disable "${objs[@]}" "$OUT/ptxsim/ptxsim-run.o" \
	  "$OUT/ptxsim/ptxsim.o" -Wl,--whole-archive \
	  "$BUILD/.libs/libgwdevlib.a" -Wl,--no-whole-archive -lstdc++ -lm \
	  $FUZZ_LDFLAGS -o "$dir/prog" >> "$log" 2>&1
	rc=$?
      fi ;;
    host)
      # The plugin's options of an extra flag set mean nothing here.
      opt=$(echo "$opt" | sed -E 's/-fplugin-arg-[^ ]*//g')
      # UndefinedBehaviorSanitizer's checks in a routine refer to static
      # data, for which GCC wants a 'declare' directive (an error): the
      # routines are checked as plain functions, without their directives
      # (those before compute (), and all of the second unit's): on the
      # host a routine's loops run in order anyway.
      if [[ "$FUZZ_CFLAGS" == *undefined* ]]; then
	local u h=()
	for u in "${units[@]}"; do
	  awk '/^__attribute__ \(\(noipa\)\)/ { regions = 1 }
	       !regions && /^ *#pragma acc / { print ""; next } { print }' \
	    "$u" > "$dir/host-$(basename "$u")"
	  h+=("$dir/host-$(basename "$u")")
	done
	units=("${h[@]}")
      fi
      timeout "$TIMEOUT" $CC $opt -fopenacc -foffload=disable $FUZZ_CFLAGS \
	"${units[@]}" -lm $FUZZ_LDFLAGS -o "$dir/prog" > "$log" 2>&1
      rc=$? ;;
  esac
  if [ $rc = 124 ] || [ $rc = 137 ]; then
    echo "hang compiling"
  elif grep -q -E 'internal compiler error|gangway: internal' "$log"; then
    echo "ice $(compile_detail "$log")"
  elif [ $rc != 0 ] && grep -q 'ptxas' "$log"; then
    echo "ptxas $(grep -m1 -E 'ptxas.*(error|fatal)' "$log" \
		   | sed -E 's/line [0-9]+/line ?/' | cut -c1-160)"
  elif [ $rc != 0 ]; then
    echo "compile-error $(compile_detail "$log")"
  fi
}

# The reason the plugin gave at compile time for a region it did not
# compile, from LOG.
refusal () {
  grep -m1 'gangway:.*\(runs on the host\|has no .* code\)' "$1" \
    | sed -E 's/^[^ ]*:[0-9]+:[0-9]+: warning: //; s/_omp_fn\.[0-9]+//' \
    | cut -c1-160
}

# Run the program compiled in DIR for MODE; print the category and detail.
run_one () {
  local dir=$1 mode=$2 rc
  case $mode in
    cpu|host|separate|check)
      local mem=shared check=none
      [ $mode = separate ] || [ $mode = check ] && mem=separate
      [ $mode = check ] && check=data
      (cd "$dir" && GANGWAY_DEVICE=$FUZZ_DEVICE GANGWAY_LOG=launch \
	 GANGWAY_MEM=$mem GANGWAY_CHECK=$check timeout "$TIMEOUT" ./prog) \
	> "$dir/run.log" 2>&1
      rc=$?
      classify_run "$dir" "$mode" $rc "$dir/run.log"
      ;;
    ptx)
      (cd "$dir" && GANGWAY_DEVICE=ptx GANGWAY_LOG=launch \
	 GANGWAY_CUDA_DRIVER="$OUT/ptxsim-cuda/ptxsim-cuda.so" \
	 PTXSIM_SCHED=random timeout "$TIMEOUT" ./prog) > "$dir/run.log" 2>&1
      rc=$?
      classify_run "$dir" "$mode" $rc "$dir/run.log"
      ;;
    ptxsim)
      local s out
      for s in forward reverse random; do
	(cd "$dir" && PTXSIM_SCHED=$s PTXSIM_VERBOSE=1 \
	   timeout "$TIMEOUT" ./prog) > "$dir/run-$s.log" 2>&1
	rc=$?
	out=$(classify_run "$dir" ptxsim $rc "$dir/run-$s.log")
	if [ "$out" != pass ]; then
	  echo "$out ($s)"
	  return
	fi
      done
      echo pass
      ;;
  esac
}

# Classify a run of DIR's program in MODE that exited with RC, its output
# in LOG.
classify_run () {
  local dir=$1 mode=$2 rc=$3 log=$4
  if [ $rc = 124 ] || [ $rc = 137 ]; then
    echo "hang running"
  elif [ $rc -gt 128 ]; then
    echo "crash signal $((rc - 128))"
  elif [ $mode = ptxsim ] && [ $rc = 2 ]; then
    echo "refused ptx: $(refusal "$dir/compile.log")"
  elif { [ $mode = ptxsim ] || [ $mode = ptx ]; } && [ $rc = 3 ]; then
    # The error, not the launch lines before it.
    echo "ptxsim-error $(grep -v '^ptxsim: launch ' "$log" | grep -m1 '^ptxsim' \
			 | sed -E 's/line [0-9]+/line ?/; s/0x[0-9a-f]+/0x?/g' \
			 | sed -E 's/gw_k[0-9]+_[A-Za-z0-9_]+/KERNEL/g; s/%[a-z]*[0-9]+/%r/g' \
			 | cut -c1-160)"
  elif [ $rc = 1 ] && grep -q '^fuzz: mismatch' "$log"; then
    echo "wrong $(grep -m1 '^fuzz: mismatch' "$log" | cut -c1-120)"
  elif [ $rc != 0 ]; then
    echo "crash exit $rc: $(grep -v '^gangway: launch' "$log" | head -1 \
			    | cut -c1-120)"
  elif [ $mode = check ] && grep -q '^gangway: data check: ' "$log"; then
    echo "data-check $(grep -m1 '^gangway: data check: ' "$log" \
		       | sed -E 's/0x[0-9a-f]+/0x?/g' | cut -c21-160)"
  elif cpu_mode $mode; then
    # Every launch ran on the cpu device, or on the host by the if clause,
    # as often each.
    local dev host other
    dev=$(grep -c '^gangway: launch .* device=cpu ' "$log")
    host=$(grep -c '^gangway: launch .* device=host .*reason=if-clause' "$log")
    other=$(grep '^gangway: launch' "$log" \
	    | grep -v ' device=cpu \| reason=if-clause' | head -1)
    if [ -n "$other" ]; then
      if [[ "$other" == *reason=no-cpu-code* ]]; then
	echo "refused cpu: $(refusal "$dir/compile.log")"
      else
	echo "log ${other#gangway: launch }"
      fi
    elif [ "$dev" = 0 ] || [ "$dev" != "$host" ]; then
      echo "log $dev launches on the device, $host on the host"
    else
      echo pass
    fi
  elif [ $mode = ptx ]; then
    # Every launch ran on the ptx device, or on the host by the if
    # clause, as often each.
    local dev host other
    dev=$(grep -c '^gangway: launch .* device=ptx ' "$log")
    host=$(grep -c '^gangway: launch .* device=host .*reason=if-clause' "$log")
    other=$(grep '^gangway: launch' "$log" \
	    | grep -v ' device=ptx \| reason=if-clause' | head -1)
    if [ -n "$other" ]; then
      # On the cpu device for want of ptx code: the unit has none for the
      # region (ptx=no-ptx-code), or none at all (no ptx= reason).
      if [[ "$other" == *ptx=no-ptx-code* ]] \
	 || [[ "$other" == *" device=cpu "* && "$other" != *ptx=* ]]; then
	echo "refused ptx: $(refusal "$dir/compile.log")"
      else
	echo "log ${other#gangway: launch }"
      fi
    elif [ "$dev" = 0 ] || [ "$dev" != "$host" ]; then
      echo "log $dev launches on the device, $host on the host"
    else
      echo pass
    fi
  elif [ $mode = ptxsim ]; then
    if grep -q 'runs on the host' "$log"; then
      echo "refused ptx: $(refusal "$dir/compile.log")"
    elif ! grep -q '^ptxsim: launch' "$log"; then
      echo "log no launch on ptxsim"
    else
      echo pass
    fi
  else
    echo pass
  fi
}

# Compile and run FILE; print its category and detail.
classify () {
  local file=$1 mode=$2 opt=$3 isa=$4 r
  r=$(compile_one "$file" "$mode" "$opt" "$isa")
  if [ -n "$r" ]; then
    echo "$r"
    return
  fi
  run_one "$(dirname "$file")" "$mode"
}

# The part of a file name that says flags OPT and ISA in MODE.
tag_of () {
  local t=${1//+-f/_}
  [ "$3" = cpu ] && t=$t-${2#x86-64-}
  echo "$t"
}

# The generator's options for MODE.
gen_opts () {
  local o=$GEN
  { [ "$1" = ptxsim ] || [ "$1" = ptx ]; } && o="$o --ptx"
  [ $LANG_ = fortran ] && o="$o --fortran"
  echo $o
}

# One program: seed SEED in MODE at OPT and ISA; append its result line
# to $OUT/results.
one () {
  local seed=$1 mode=$2 opt=$3 isa=$4
  local tag=$mode-$seed$(tag_of "$opt" "$isa" $mode)
  local dir=$OUT/work/$tag
  rm -rf "$dir"
  mkdir -p "$dir"
  local r
  if ! "$FUZZ" --seed "$seed" $(gen_opts $mode) -o "$dir/prog.$EXT" \
       2> "$dir/gen.log"; then
    r="gen-error $(head -1 "$dir/gen.log")"
  else
    r=$(classify "$dir/prog.$EXT" "$mode" "$opt" "$isa")
  fi
  local cat=${r%% *}
  local line="$seed $mode $opt $isa $r"
  echo "$line" >> "$OUT/results"
  if [ $CHECK = 1 ]; then
    local isa_note=
    [ "$isa" != - ] && isa_note=" $isa"
    if [ "$cat" = pass ]; then
      echo "PASS: seed $seed $mode ${opt//+/ }$isa_note"
    else
      echo "FAIL: seed $seed $mode ${opt//+/ }$isa_note: $r"
    fi
  elif [ "$cat" != pass ] && [ $QUIET = 0 ]; then
    echo "$line"
  fi
  if [ "$cat" = pass ] && [ $KEEP = 0 ]; then
    rm -rf "$dir"
  else
    rm -f "$dir/prog" "$dir/prog.o" "$dir/prog-aux.o"
  fi
}

# The expected launch log of a reproducer, from the host half of LOG: each
# region on the host by its if clause, then each on the device.
expected_log () {
  local log=$1 mode=$2
  [ $mode = cpu ] || return
  local hosts
  hosts=$(grep '^gangway: launch .*reason=if-clause' "$log")
  [ -n "$hosts" ] || return
  echo "$hosts" | while read -r l; do
    printf '/* { dg-output "%s(\\n|\\r\\n|\\r)" } */\n' "$l"
  done
  echo "$hosts" | while read -r _ _ name _; do
    printf '/* { dg-output "gangway: launch %s device=cpu gangs=\\[0-9\\]+ workers=\\[0-9\\]+ vector=\\[0-9\\]+( async=-?\\[0-9\\]+)?(\\n|\\r\\n|\\r)" } */\n' "$name"
  done | sed '$ s/(\\n|\\r\\n|\\r)" }/" }/'
}

# Reduce the failure of result line SEED MODE OPT ISA CATEGORY DETAIL...
reduce_one () {
  local seed=$1 mode=$2 opt=$3 isa=$4 cat=$5
  shift 5
  local detail="$*"
  local tag=$cat-$mode-$seed$(tag_of "$opt" "$isa" $mode)
  local dir=$OUT/reduce/$tag
  rm -rf "$dir"
  mkdir -p "$dir" "$OUT/reduced"
  # The test: the same category; for what has a message (an ICE, a
  # compile error, a refusal or a ptxsim error), the same message, as this
  # driver says it now.
  "$FUZZ" --seed "$seed" $(gen_opts $mode) -o "$dir/prog.c" 2>/dev/null
  local want
  want=$("$HERE/fuzz.sh" --builddir "$BUILD" --out "$OUT" \
	   --timeout "$TIMEOUT" --classify "$dir/prog.c" $mode "$opt" $isa)
  want=${want% (forward)}
  want=${want% (reverse)}
  want=${want% (random)}
  if [ "${want%% *}" != "$cat" ]; then
    echo "reduce: $tag: now $want"
    return
  fi
  case $cat in
    ice|compile-error|refused|ptxas|ptxsim-error) ;;
    # A hang compiling is not a hang running; a signal is a signal.
    hang|crash) want=$(echo "$want" | cut -d' ' -f1-3) ;;
    *) want=$cat ;;
  esac
  printf '%s\n' "$want" > "$dir/want"
  cat > "$dir/test.sh" <<EOF
#!/bin/bash
r=\$("$HERE/fuzz.sh" --builddir "$BUILD" --out "$OUT" --timeout $((TIMEOUT < 20 ? TIMEOUT : 20)) \
      --classify "$dir/prog.c" $mode "$opt" $isa)
r=\${r% (forward)}; r=\${r% (reverse)}; r=\${r% (random)}
case "$cat" in
  wrong|log) [ "\${r%% *}" = "$cat" ] ;;
  hang|crash) [ "\$(echo "\$r" | cut -d' ' -f1-3)" = "\$(cat "$dir/want")" ] ;;
  *) [ "\$r" = "\$(cat "$dir/want")" ] ;;
esac
EOF
  chmod +x "$dir/test.sh"
  local edits
  edits=$("$FUZZ" --reduce --seed "$seed" $(gen_opts $mode) \
	    --test "$dir/test.sh" --file "$dir/prog.c" \
	    --max-tests "$REDUCE_TESTS" --verbose 2> "$dir/reduce.log")
  local rc=$?
  if [ $rc != 0 ]; then
    echo "reduce: $tag: the reducer failed (rc $rc): $(tail -1 "$dir/reduce.log")"
    return
  fi
  # The reproducer: the reduced program as a gangway.run test.
  "$HERE/fuzz.sh" --builddir "$BUILD" --out "$OUT" --timeout "$TIMEOUT" \
    --classify "$dir/prog.c" $mode "$opt" $isa > "$dir/final" 2>&1
  local log=$dir/run.log
  [ $mode = ptxsim ] && log=$dir/run-forward.log
  local flags="${opt//+/ }$(rounding_flags "$dir/prog.c" | sed 's/^/ /')"
  cpu_mode $mode && flags="$flags -fplugin-arg-gangway-isa=$isa"
  { [ $mode = ptxsim ] || [ $mode = ptx ]; } \
    && flags="$flags -fplugin-arg-gangway-targets=cpu,ptx"
  # A program in two units: the second, TAG-aux.c, is compiled with it
  # (gangway.run takes *-aux.c for other units of a test, not tests).
  rm -f "$OUT/reduced/$tag-aux.c"
  [ -f "$dir/prog-aux.c" ] && cp "$dir/prog-aux.c" "$OUT/reduced/$tag-aux.c"
  {
    echo "/* Reduced by fuzz.sh from gangway-fuzz --seed $seed$(gen_opts $mode | sed 's/^/ /;s/^ $//')"
    echo "   --edits $edits"
    echo "   ($mode, ${opt//+/ }${isa:+ $isa}): $(cat "$dir/final")"
    echo "   TODO: say what it shows.  */"
    echo "/* { dg-do run } */"
    echo "/* { dg-additional-options \"$flags\" } */"
    [ -f "$dir/prog-aux.c" ] \
      && echo "/* { dg-additional-sources \"$tag-aux.c\" } */"
    echo
    sed '1,5d' "$dir/prog.c"
    echo
    expected_log "$log" $mode
  } > "$OUT/reduced/$tag.c"
  echo "reduced: $tag: $(grep -c '' "$OUT/reduced/$tag.c") lines$( [ -f "$dir/prog-aux.c" ] && echo " (and $tag-aux.c)"), $(cat "$dir/final")"
}

case $ENTRY in
  one) one "${ARGS[@]}"; exit 0 ;;
  classify) classify "${ARGS[@]}"; exit 0 ;;
  reduce-one)
    # One result line, as one argument (its detail may hold quotes).
    set -f
    # shellcheck disable=SC2206
    line=(${ARGS[0]})
    set +f
    reduce_one "${line[@]}"
    exit 0 ;;
esac

if [ ! -x "$FUZZ" ]; then
  echo "fuzz.sh: $FUZZ is not built (make gangway-fuzz)" >&2
  exit 2
fi
case ",$MODES," in
  *,ptxsim,*) ptxsim_objects || { echo "fuzz.sh: cannot build ptxsim" >&2; exit 2; } ;;
esac
case ",$MODES," in
  *,ptx,*) ptxsim_cuda || { echo "fuzz.sh: cannot build ptxsim-cuda.so" >&2; exit 2; } ;;
esac

# The list of runs: seed mode opt isa.
IFS=, read -r -a opt_list <<< "$OPTS"
IFS=, read -r -a isa_list <<< "$ISAS"
IFS=, read -r -a mode_list <<< "$MODES"
IFS=, read -r -a extra_list <<< "$EXTRAS"
[ ${#extra_list[@]} = 0 ] && extra_list=("")
[[ "$EXTRAS" == *, ]] && extra_list+=("")
rm -f "$OUT/results"
: > "$OUT/results"
runs=$OUT/runs
: > "$runs"
for ((s = SEED; s < SEED + COUNT; s++)); do
  for m in "${mode_list[@]}"; do
    no=${#opt_list[@]} ni=${#isa_list[@]} ne=${#extra_list[@]}
    if [ $MATRIX = 1 ]; then
      for o in "${opt_list[@]}"; do
	for e in "${extra_list[@]}"; do
	  if cpu_mode $m; then
	    for i in "${isa_list[@]}"; do echo "$s $m $o${e:++$e} $i"; done
	  else
	    echo "$s $m $o${e:++$e} -"
	  fi
	done
      done >> "$runs"
    else
      o=${opt_list[$((s % no))]}
      e=${extra_list[$((s / no % ne))]}
      i=-
      cpu_mode $m && i=${isa_list[$((s / (no * ne) % ni))]}
      echo "$s $m $o${e:++$e} $i" >> "$runs"
    fi
  done
done

start=$(date +%s)
export FUZZ_CFLAGS FUZZ_LDFLAGS FUZZ_DEVICE CC
xargs -P "$JOBS" -L 1 "$HERE/fuzz.sh" --builddir "$BUILD" --out "$OUT" \
  --timeout "$TIMEOUT" --gen "$GEN" --lang $LANG_ \
  $( [ $CHECK = 1 ] && echo --check ) \
  $( [ $KEEP = 1 ] && echo --keep ) $( [ $QUIET = 1 ] && echo --quiet ) \
  --one < "$runs"
end=$(date +%s)

# The summary: runs per mode and category.
echo "== $(wc -l < "$OUT/results") runs in $((end - start)) s ($OUT/results)"
awk '{ n[$2 " " $5]++ } END { for (k in n) print "  " k ": " n[k] }' \
  "$OUT/results" | sort
[ $CHECK = 1 ] && exit 0

# Reduce the failures, at most REDUCE of them, one per distinct detail
# first.
if [ "$REDUCE" -gt 0 ]; then
  mkdir -p "$OUT/reduced"
  awk '$5 != "pass" { key = $2 " " $5; for (i = 6; i <= NF && i < 9; i++) key = key " " $i;
		      if (!(key in seen)) { seen[key] = 1; print } }' "$OUT/results" \
    | head -n "$REDUCE" > "$OUT/to-reduce"
  if [ -s "$OUT/to-reduce" ]; then
    echo "== reducing $(wc -l < "$OUT/to-reduce") failure(s) into $OUT/reduced"
    xargs -P "$JOBS" -d '\n' -n 1 "$HERE/fuzz.sh" --builddir "$BUILD" \
      --out "$OUT" --timeout "$TIMEOUT" --gen "$GEN" \
      --reduce-tests "$REDUCE_TESTS" --reduce-one < "$OUT/to-reduce"
  fi
fi
