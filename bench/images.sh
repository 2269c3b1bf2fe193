#!/bin/sh
# The device images of a fixed corpus, to compare before and after a change
# that should not change them (issue 40's rule: a restructuring leaves every
# image byte for byte the same where no pass changed on purpose).
#
#   images.sh [--builddir DIR] --out DIR
#   images.sh --compare DIR1 DIR2
#
# Compiles the corpus (the bench's OpenACC sources, the examples, and the
# twenty testsuite programs listed below) at -O0 and -O2 for both targets
# (-fplugin-arg-gangway-targets=cpu,ptx, ptxas not run) with
# -fplugin-arg-gangway-keep-temps, and keeps in --out the text of each
# image: NAME-ON.gangway-cpu*.c (the C the cpu target generated) and
# NAME-ON.gangway-ptx.ptx, and a file SUMS of their checksums.  The
# builddir (default: the tree this script is in) is found as
# gangway-uninstalled.pc.  --compare prints the images that differ (or
# that one side lacks) and exits 1 if any does.

set -e

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
builddir=$top
out=
cc=${CC:-gcc}

if [ "$1" = --compare ]; then
  [ $# -eq 3 ] || { echo "images.sh: --compare DIR1 DIR2" >&2; exit 2; }
  differ=0
  for f in $( (cd "$2" && ls; cd "$3" && ls) | grep -v '^SUMS$' | sort -u); do
    if [ ! -f "$2/$f" ] || [ ! -f "$3/$f" ]; then
      echo "only in one: $f"; differ=1
    elif ! cmp -s "$2/$f" "$3/$f"; then
      echo "differs: $f"; differ=1
    fi
  done
  [ $differ -eq 0 ] && echo "images.sh: $(ls "$2" | grep -vc '^SUMS$') images, all the same"
  exit $differ
fi

while [ $# -gt 0 ]; do
  case $1 in
    --builddir) builddir=$2; shift 2 ;;
    --builddir=*) builddir=${1#*=}; shift ;;
    --out) out=$2; shift 2 ;;
    --out=*) out=${1#*=}; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "images.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
  esac
done
[ -n "$out" ] || { echo "images.sh: --out DIR is required" >&2; exit 2; }
[ -f "$builddir/gangway-uninstalled.pc" ] \
  || { echo "images.sh: no gangway-uninstalled.pc in $builddir" >&2; exit 2; }

flags=$(PKG_CONFIG_PATH=$builddir pkg-config --cflags gangway-uninstalled)
flags="$flags -fplugin-arg-gangway-targets=cpu,ptx -fplugin-arg-gangway-ptxas=no"
flags="$flags -fplugin-arg-gangway-isa=x86-64-v4 -fplugin-arg-gangway-keep-temps"

# The corpus: fixed, so that two runs compare.  Add programs at the end.
run=testsuite/gangway.run
corpus="bench/app-acc.c bench/bench.c bench/kernels-acc.c bench/workers.c bench/kernels.F90
examples/saxpy.c examples/mandelbrot.c examples/stencil.c
$run/atomic-1.c $run/atomic-forms-1.c $run/broadcast-1.c
$run/collapse-step-1.c $run/data-3.c $run/declare-1.c $run/div-rem-1.c
$run/divergent-if-2.c $run/early-exit-1.c $run/firstprivate-1.c
$run/fuzz-neuter-loop-carried-O2.c $run/fuzz-stride-narrowing.c
$run/fmod-1.c $run/fork-1.c $run/double-1.c $run/async-queue-1.c
$run/continue-1.c $run/convert-2.c $run/bit-builtins-1.c $run/compare-1.c"

mkdir -p "$out"
rm -f "$out"/*.gangway-* "$out/SUMS"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0
for src in $corpus; do
  name=$(basename "$src" | sed 's/\.[^.]*$//')
  for o in -O0 -O2; do
    base=$work/$name$o
    case $src in *.F90) driver=${FC:-gfortran} ;; *) driver=$cc ;; esac
    # shellcheck disable=SC2086
    if ! $driver $o $flags -I"$top/bench" -c "$top/$src" -o "$base.o" \
	 -dumpbase "$name$o" -dumpdir "$work/" >"$base.log" 2>&1; then
      echo "images.sh: $src $o did not compile:" >&2
      cat "$base.log" >&2
      exit 1
    fi
    n=$((n + 1))
  done
done
cp "$work"/*.gangway-* "$out/"
(cd "$out" && sha256sum *.gangway-* > SUMS)
echo "images.sh: $n compiles, $(ls "$out" | grep -vc '^SUMS$') images in $out"
