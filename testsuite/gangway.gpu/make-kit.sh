#!/bin/bash
# Build a kit that runs Gangway's execution tests and benchmarks on a
# machine with an NVIDIA GPU but no GCC plugin headers (docs/targets.md,
# "Checking on a real GPU"): every program of testsuite/gangway.run
# compiled here for the cpu and ptx targets and linked with this build's
# libgangway, the bench programs, the runtime and GCC's libgomp, and
# run-kit.sh, which runs them there.
#
# Usage: make-kit.sh BUILD_DIR KIT_DIR [PROGRAM.c...]
# The benchmarks' OpenMP peers are compiled for KIT_MARCH (default
# x86-64-v3: AVX2), not for this machine's processor.
# Prints the number of programs built and those that did not build.

set -u
if [ $# -lt 2 ] || [ ! -f "$1/.libs/gangway.so" ]; then
  echo "usage: $0 BUILD_DIR KIT_DIR [PROGRAM.c...]" >&2
  exit 2
fi
BUILD=$(cd "$1" && pwd)
mkdir -p "$2/bin" "$2/lib" || exit 1
KIT=$(cd "$2" && pwd)
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
CC=${CC:-gcc}
CXX=${CXX:-g++}
CFLAGS="-O2 -fopenacc -foffload=disable -fplugin=$BUILD/.libs/gangway.so
        -fplugin-arg-gangway-targets=cpu,ptx -I$SRC/libruntime"
LIBS="-L$BUILD/.libs -Wl,-rpath,\$ORIGIN/../lib -Wl,--no-as-needed -lgangway -lm"

cp -L "$BUILD"/.libs/libgangway.so.? "$KIT/lib/" || exit 1
cp -L "$($CC -print-file-name=libgomp.so.1)" "$KIT/lib/" || exit 1
# GCC's nvptx plugin, for the benchmark built with GCC's own offloading
# (bench-app/app-gcc-nvptx), where gcc-12-offload-nvptx is installed.
plugin=$($CC -print-file-name=libgomp-plugin-nvptx.so.1)
[ ! -f "$plugin" ] || cp -L "$plugin" "$KIT/lib/" || exit 1
cp "$HERE/run-kit.sh" "$KIT/"
: > "$KIT/programs"

files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$SRC"/testsuite/gangway.run/*.[cC])
built=0 unbuilt=""
for f in "${files[@]}"; do
  p=$(basename "$f")
  p=${p%.[cC]}
  cc=$CC
  [[ "$f" == *.C ]] && cc=$CXX
  # Other units of a test's program (run.exp).
  [[ "$p" =~ -aux(-[0-9]+)?$ ]] && continue
  others=$(sed -n 's/.*dg-additional-\(sources\|archive\) "\([^"]*\)".*/\2/p' "$f")
  opts=$(sed -n 's/.*dg-\(additional-\)\?options "\([^"]*\)".*/\2/p' "$f")
  want=0
  grep -q 'dg-shouldfail' "$f" && want=1
  objs=() ok=1
  for o in "$f" ${others:+$(for o in $others; do echo "$(dirname "$f")/$o"; done)}; do
    obj="$KIT/bin/$(basename "${o%.*}").o"
    $cc $CFLAGS -I"$(dirname "$f")" $opts -c "$o" -o "$obj" \
      > "$KIT/bin/$p.log" 2>&1 || ok=0
    objs+=("$obj")
  done
  if [ $ok = 1 ] && $cc -fopenacc -foffload=disable $opts "${objs[@]}" $LIBS \
       -o "$KIT/bin/$p" >> "$KIT/bin/$p.log" 2>&1; then
    echo "$p $want" >> "$KIT/programs"
    built=$((built + 1))
    rm -f "$KIT/bin/$p.log"
  else
    unbuilt="$unbuilt $p"
  fi
  rm -f "${objs[@]}"
done

# The benchmarks: the kernels (bench.c) and the application patterns.
for s in bench app; do
  GANGWAY_CFLAGS="-fopenacc -foffload=disable -fplugin=$BUILD/.libs/gangway.so -fplugin-arg-gangway-targets=cpu,ptx -I$SRC/libruntime" \
  GANGWAY_LIBS="$LIBS" \
    "$SRC/bench/run.sh" --suite $s --out "$KIT/bench-$s" --no-run \
    --march "${KIT_MARCH:-x86-64-v3}" \
    > "$KIT/bench-$s.log" 2>&1 || unbuilt="$unbuilt bench-$s"
done
echo "$built programs built${unbuilt:+; not built:$unbuilt}"
