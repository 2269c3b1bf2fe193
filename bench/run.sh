#!/bin/sh
# Build and run the Gangway benchmark (see README.md).
#
#   run.sh [--builddir DIR] [--out DIR] [--cc GCC] [--keep-temps]
#          [--suite bench|app] [--march M] [--no-run] [-- BENCH-ARGS...]
#
# The plugin and runtime come from, first match wins:
#   GANGWAY_CFLAGS / GANGWAY_LIBS   the compile and link flags, as given
#   --builddir DIR                  a Gangway build tree (pkg-config file
#                                   gangway-uninstalled.pc in DIR)
#   ..                              when bench/ sits in a build tree
#   pkg-config gangway              an installed Gangway
#
# Objects and the bench program go to --out (default: DIR/bench-build for a
# build tree, ./gangway-bench otherwise).  --keep-temps keeps the C that
# the cpu target generates for the kernels (kernels-acc-cpu.c.gangway-cpu.c,
# app-acc-cpu.c.gangway-cpu.c) in the output directory.  Everything after
# "--" goes to the program (--reps N, --mandel WxH, --stencil N, --sweeps N,
# --variants LIST ...).
#
# --suite app builds and runs the application-pattern benchmark (app.c,
# app-acc.c, app-omp.c, app-ref.c: README.md, "Application patterns")
# instead of the default bench; its options after "--" are --reps N,
# --steps N, --scale F, --nx N, --nz N, --variants, --kernels ...
#
# --march M compiles the OpenMP peers with -march=M instead of
# -march=native (for a program built here and run on another machine).
#
# Threads: GANGWAY_NUM_THREADS and OMP_NUM_THREADS default to the number
# of online CPUs, so that the cpu device and OpenMP use the same count.

set -e

here=$(cd "$(dirname "$0")" && pwd)
builddir=
out=
cc=${CC:-gcc}
keep=
run=yes
suite=bench
march=native

while [ $# -gt 0 ]; do
  case $1 in
    --builddir) builddir=$2; shift 2 ;;
    --builddir=*) builddir=${1#*=}; shift ;;
    --out) out=$2; shift 2 ;;
    --out=*) out=${1#*=}; shift ;;
    --cc) cc=$2; shift 2 ;;
    --cc=*) cc=${1#*=}; shift ;;
    --keep-temps) keep=-fplugin-arg-gangway-keep-temps; shift ;;
    --suite) suite=$2; shift 2 ;;
    --suite=*) suite=${1#*=}; shift ;;
    --march) march=$2; shift 2 ;;
    --march=*) march=${1#*=}; shift ;;
    --no-run) run=; shift ;;
    --) shift; break ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
  esac
done

case $suite in
  bench|app) ;;
  *) echo "run.sh: unknown suite $suite (bench or app)" >&2; exit 2 ;;
esac

if [ -n "$GANGWAY_CFLAGS$GANGWAY_LIBS" ]; then
  cflags=$GANGWAY_CFLAGS
  libs=$GANGWAY_LIBS
  from="GANGWAY_CFLAGS/GANGWAY_LIBS"
else
  if [ -z "$builddir" ] && [ -f "$here/../gangway-uninstalled.pc" ]; then
    builddir=$here/..
  fi
  if [ -n "$builddir" ]; then
    builddir=$(cd "$builddir" && pwd)
    if [ ! -f "$builddir/gangway-uninstalled.pc" ] \
       || [ ! -f "$builddir/.libs/gangway.so" ]; then
      echo "run.sh: $builddir is not a built Gangway build tree" >&2
      exit 1
    fi
    cflags=$(PKG_CONFIG_PATH=$builddir pkg-config --cflags gangway-uninstalled)
    libs=$(PKG_CONFIG_PATH=$builddir pkg-config --libs gangway-uninstalled)
    from="build tree $builddir"
    : "${out:=$builddir/bench-build}"
  elif pkg-config --exists gangway 2>/dev/null; then
    cflags=$(pkg-config --cflags gangway)
    libs=$(pkg-config --libs gangway)
    from="pkg-config gangway"
  else
    echo "run.sh: no Gangway found: give --builddir DIR or set" \
	 "GANGWAY_CFLAGS and GANGWAY_LIBS" >&2
    exit 1
  fi
fi
: "${out:=$PWD/gangway-bench}"
mkdir -p "$out"
cd "$out"

echo "Gangway from $from"
echo "  cflags: $cflags"
echo "  libs:   $libs"
echo "building in $out with $cc ($($cc -dumpfullversion))"

# The header gangway.h comes with the Gangway flags; the reference and the
# OpenACC host-fallback build do not use the plugin.
v() { echo "  $*"; "$@"; }
if [ "$suite" = app ]; then
  # The OpenMP build does not contract into FMAs, so that every variant
  # matches the serial reference bit for bit.
  v $cc -O2 $cflags $keep -DPREFIX=acc_ -c "$here/app-acc.c" -o app-acc-cpu.o
  v $cc -O2 $cflags -DPREFIX=aacc_ -DASYNC_QUEUE=1 -c "$here/app-acc.c" \
    -o app-acc-async.o
  v $cc -O2 -fopenacc -foffload=disable -DPREFIX=hacc_ -c "$here/app-acc.c" \
    -o app-acc-host.o
  v $cc -O3 -march=$march -fopenmp -foffload=disable -ffp-contract=off \
    -DPREFIX=omp_ -c "$here/app-omp.c" -o app-omp.o
  v $cc -O2 -c "$here/app-ref.c" -o app-ref.o
  v $cc -O2 -Wall $cflags -c "$here/app.c" -o app.o
  v $cc -O2 -fopenmp -foffload=disable -o app app.o app-acc-cpu.o \
    app-acc-async.o app-acc-host.o app-omp.o app-ref.o $libs -lm
  # GCC's own offloading, where it links (gcc-12-offload-nvptx): the same
  # kernels and driver without Gangway, for its nvptx device (sm_80, no
  # FMA contraction: the results match the reference bit for bit), a
  # program of its own (app-gcc-nvptx) for a GPU run to compare with; on
  # a machine without a GPU libgomp runs it on its host fallback.
  nvptx="-fopenacc -foffload=nvptx-none
	 -foffload-options=nvptx-none=-misa=sm_80
	 -foffload-options=nvptx-none=-ffp-contract=off"
  if echo 'int main (void) { return 0; }' \
       | $cc -x c $nvptx -o /dev/null - >/dev/null 2>&1; then
    v $cc -O2 $nvptx -DAPP_GCC_OFFLOAD -DPREFIX=acc_ -c "$here/app-acc.c" \
      -o app-nvptx-acc.o
    v $cc -O2 $nvptx -DAPP_GCC_OFFLOAD -DPREFIX=aacc_ -DASYNC_QUEUE=1 \
      -c "$here/app-acc.c" -o app-nvptx-async.o
    v $cc -O2 -Wall $nvptx -DAPP_GCC_OFFLOAD -c "$here/app.c" -o app-nvptx.o
    v $cc -O2 $nvptx -o app-gcc-nvptx app-nvptx.o app-nvptx-acc.o \
      app-nvptx-async.o app-ref.o -lm 2>&1 \
      | grep -v 'crtoffloadtable\|DT_TEXTREL' || true
  else
    echo "run.sh: $cc does not link -foffload=nvptx-none: no app-gcc-nvptx"
  fi
  prog=./app
else
  v $cc -O2 $cflags $keep -DPREFIX=acc_ -c "$here/kernels-acc.c" \
    -o kernels-acc-cpu.o
  v $cc -O2 -fopenacc -foffload=disable -DPREFIX=hacc_ -c "$here/kernels-acc.c" \
    -o kernels-acc-host.o
  v $cc -O3 -march=$march -fopenmp -foffload=disable -DPREFIX=omp_ -c "$here/kernels-omp.c" \
    -o kernels-omp.o
  v $cc -O3 -march=$march -fopenmp -foffload=disable -ffp-contract=off -DPREFIX=ompnc_ \
    -c "$here/kernels-omp.c" -o kernels-omp-nc.o
  v $cc -O2 -c "$here/ref.c" -o ref.o
  # The Fortran kernels (kernels.F90), with the gfortran of the same GCC
  # (FC, default: the gfortran beside $cc), as OpenACC on the cpu device
  # and as OpenMP.
  fc=${FC:-$(echo "$cc" | sed 's/gcc\([^/]*\)$/gfortran\1/')}
  fobjs= fdef= flib=
  if command -v "$fc" >/dev/null 2>&1 \
     && [ "$($fc -dumpfullversion 2>/dev/null)" = "$($cc -dumpfullversion)" ]; then
    v $fc -O2 $cflags $keep -DSAXPY=facc_saxpy -DSWEEP=facc_sweep \
      -DDOT=facc_dot -c "$here/kernels.F90" -o kernels-f-cpu.o
    v $fc -O3 -march=$march -fopenmp -foffload=disable -DSAXPY=fomp_saxpy \
      -DSWEEP=fomp_sweep -DDOT=fomp_dot -c "$here/kernels.F90" -o kernels-f-omp.o
    fobjs="kernels-f-cpu.o kernels-f-omp.o" fdef=-DBENCH_FORTRAN flib=-lgfortran
  else
    echo "run.sh: no gfortran of $cc's GCC (FC): no Fortran variants"
  fi
  v $cc -O2 -Wall $cflags $fdef -c "$here/bench.c" -o bench.o
  v $cc -O2 -fopenmp -foffload=disable -o bench bench.o kernels-acc-cpu.o kernels-acc-host.o \
    kernels-omp.o kernels-omp-nc.o ref.o $fobjs $libs $flib -lm
  prog=./bench
fi

[ -n "$run" ] || exit 0

ncpu=$(getconf _NPROCESSORS_ONLN)
: "${GANGWAY_NUM_THREADS:=$ncpu}"
: "${OMP_NUM_THREADS:=$GANGWAY_NUM_THREADS}"
export GANGWAY_NUM_THREADS OMP_NUM_THREADS
echo
exec $prog "$@"
