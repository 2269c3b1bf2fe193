#!/bin/sh
# Look at the code the cpu target generates for the benchmark kernels.
#
#   codegen.sh [--builddir DIR] [--out DIR] [--isa LEVEL] [-- KERNEL...]
#
# Finds Gangway like run.sh (same options and GANGWAY_CFLAGS/GANGWAY_LIBS),
# compiles kernels-acc.c with -fplugin-arg-gangway-keep-temps, and leaves
# in the output directory (default DIR/bench-build/codegen, or
# ./gangway-bench/codegen):
#
#   kernels-acc-cpu.c.gangway-cpu.c   the C the cpu target generated
#   image.so, image.dis               that C compiled as the plugin compiles
#                                     it, and its disassembly
#
# then times the image's kernels on one thread against the hand-written
# versions of ideal-avx512.c and the OpenMP loops (kernel-harness.c).
# KERNEL: saxpy, saxpy_blk, mandel, sweep (default: all).

set -e

here=$(cd "$(dirname "$0")" && pwd)
builddir=
out=
isa=
cc=${CC:-gcc}

while [ $# -gt 0 ]; do
  case $1 in
    --builddir) builddir=$2; shift 2 ;;
    --builddir=*) builddir=${1#*=}; shift ;;
    --out) out=$2; shift 2 ;;
    --out=*) out=${1#*=}; shift ;;
    --isa) isa=$2; shift 2 ;;
    --isa=*) isa=${1#*=}; shift ;;
    --) shift; break ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "codegen.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
  esac
done

. "$here/plugin-flags.sh"
bench_plugin_flags codegen
mkdir -p "$out"
cd "$out"

level=${isa:-$($cc -march=native -Q --help=target 2>/dev/null \
		| awk '$1 == "-mavx512f" && $2 == "[enabled]" { v4 = 1 }
		       $1 == "-mavx2" && $2 == "[enabled]" { v3 = 1 }
		       END { print v4 ? "x86-64-v4" : v3 ? "x86-64-v3" \
				       : "x86-64" }')}
isaopt=
[ -n "$isa" ] && isaopt=-fplugin-arg-gangway-isa=$isa

v() { echo "  $*"; "$@"; }
v $cc -O2 $cflags $isaopt -fplugin-arg-gangway-keep-temps -DPREFIX=acc_ \
  -c "$here/kernels-acc.c" -o kernels-acc-cpu.o
src=kernels-acc-cpu.c.gangway-cpu.c
[ -f "$src" ] || src=kernels-acc.c.gangway-cpu.c
# The flags of config/cpu/target.cc (the fp flags are those of -O2).
imgflags="-std=gnu11 -O3 -march=$level -mtune=generic -fno-strict-aliasing
  -fno-math-errno -fno-semantic-interposition -fvisibility=hidden
  -ffp-contract=off -w -Wno-psabi"
[ "$level" = x86-64-v4 ] && imgflags="$imgflags -mprefer-vector-width=512"
v $cc $imgflags -fPIC -shared -o image.so -x c "$src" -x none -lm
objdump -d --no-show-raw-insn image.so > image.dis
echo "  generated C: $out/$src"
echo "  disassembly: $out/image.dis"

ideal=
if [ "$level" = x86-64-v4 ]; then
  v $cc $imgflags -c "$here/ideal-avx512.c" -o ideal-avx512.o
  ideal=ideal-avx512.o
  hflags=-mavx512f
fi
v $cc -O3 -march=native -fopenmp -foffload=disable -DPREFIX=omp_ -c "$here/kernels-omp.c" \
  -o kernels-omp.o
v $cc -O2 -c "$here/ref.c" -o ref.o
v $cc -O2 $hflags -I"$here" -o kernel-harness "$here/kernel-harness.c" \
  $ideal kernels-omp.o ref.o -fopenmp -foffload=disable -ldl
echo
OMP_NUM_THREADS=1 exec ./kernel-harness ./image.so "$@"
