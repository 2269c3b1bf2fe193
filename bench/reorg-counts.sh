#!/bin/sh
# What the mach-dep-reorg inserts into small kernels, side by side with
# GCC's own nvptx offload compiler (see README.md, "The reorg against GCC's
# nvptx offload compiler").
#
#   reorg-counts.sh [--builddir DIR] [--cc GCC] [FILE.c...]
#
# FILEs default to bench/reorg/*.c; each defines one OpenACC region.  For
# Gangway, the device RTL after the last device pass (the dump of
# "barriers") gives
#   branch-arounds  br.single insns (one skips code for both axes when it
#                   says worker+vector),
#   bcast W / V     broadcasts across workers (through memory on a GPU) and
#                   across vector lanes only (shuffles), with their bytes
#                   (a b1 counted as 4, the 32-bit word a predicate moves
#                   as),
#   frame           frame broadcasts,
#   barriers W / V  worker and vector barriers.
# For GCC (when gcc-12-offload-nvptx is installed), the PTX it keeps with
# -save-temps gives the neutering branches on tid.y and tid.x, the
# shfl.sync insns (32-bit words), the st.shared spills and the size of its
# broadcast buffer, the bar.sync / barrier.sync and bar.warp.sync insns.

set -e

here=$(cd "$(dirname "$0")" && pwd)
builddir=
cc=${CC:-gcc}
while [ $# -gt 0 ]; do
  case $1 in
    --builddir) builddir=$2; shift 2 ;;
    --builddir=*) builddir=${1#*=}; shift ;;
    --cc) cc=$2; shift 2 ;;
    --cc=*) cc=${1#*=}; shift ;;
    --) shift; break ;;
    -*) echo "reorg-counts.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || set -- "$here"/reorg/*.c

if [ -n "${GANGWAY_CFLAGS+set}" ]; then
  :
elif [ -n "$builddir" ]; then
  GANGWAY_CFLAGS=$(PKG_CONFIG_PATH=$builddir pkg-config --cflags gangway-uninstalled)
elif [ -f "$here/../gangway-uninstalled.pc" ]; then
  GANGWAY_CFLAGS=$(PKG_CONFIG_PATH=$here/.. pkg-config --cflags gangway-uninstalled)
else
  GANGWAY_CFLAGS=$(pkg-config --cflags gangway)
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Gangway's counts from the dump $1.
gangway_counts ()
{
  awk '
    /^;; After barriers/ { on = 1; next }
    /^;; / { on = 0 }
    !on { next }
    /^  br\.single / { br++ }
    / = bcast\./ {
      split ($3, t, "."); ty = t[2]
      n = ty == "i8" ? 1 : ty == "i16" ? 2 : (ty == "i64" || ty == "f64") ? 8 : 4
      if ($4 ~ /worker/) { bw++; bwb += n } else { bv++; bvb += n }
    }
    /^  frame\.bcast / { fr++ }
    /^  barrier worker/ { barw++ }
    /^  barrier vector/ { barv++ }
    END {
      printf "%d | %d (%d B) | %d (%d B) | %d | %d | %d", br, bw, bwb, bv, bvb,
	     fr, barw, barv
    }' "$1"
}

# GCC's counts from the PTX $1.
gcc_counts ()
{
  awk '
    { gsub (/[;,]/, "") }
    $1 ~ /^mov\.u32$/ && $3 == "%tid.y" { tid[$2] = "y" }
    $1 ~ /^mov\.u32$/ && $3 == "%tid.x" { tid[$2] = "x" }
    $1 ~ /^setp\.ne\.u32$/ && ($3 in tid) { pred[$2] = tid[$3] }
    $1 ~ /^@%r/ && $2 ~ /^bra/ {
      p = substr ($1, 2)
      if (pred[p] == "y") bw++; else if (pred[p] == "x") bv++
    }
    /shfl\.sync/ { shfl++ }
    /st\.shared/ { st++ }
    /^\.shared .*__oacc_bcast\[/ {
      s = $0; sub (/.*__oacc_bcast\[/, "", s); sub (/\].*/, "", s); buf = s
    }
    /barrier\.sync|bar\.sync/ { bar++ }
    /bar\.warp\.sync/ { warp++ }
    END {
      printf "%d + %d | %d (%d B buffer) | %d | %d | %d", bw, bv, st, buf,
	     shfl, bar, warp
    }' "$1"
}

have_nvptx=
if echo 'int main (void) { return 0; }' >"$tmp/main.c" \
   && (cd "$tmp" && $cc -O2 -fopenacc -foffload=nvptx-none \
	 -foffload-options=nvptx-none=-misa=sm_80 main.c -o probe) \
      >/dev/null 2>&1; then
  have_nvptx=yes
fi

echo "| kernel | Gangway: branch-arounds | bcast W | bcast V | frame | barriers W | barriers V |"
echo "|---|---|---|---|---|---|---|"
for f in "$@"; do
  name=$(basename "$f" .c)
  mkdir -p "$tmp/$name"
  (cd "$tmp/$name" && $cc -O2 $GANGWAY_CFLAGS -fplugin-arg-gangway-isa=x86-64-v4 \
     -fplugin-arg-gangway-dump=barriers -c "$f" -o k.o)
  echo "| $name | $(gangway_counts "$(ls "$tmp/$name"/*.gangway | head -n 1)") |"
done

if [ -z "$have_nvptx" ]; then
  echo
  echo "(GCC's nvptx offload compiler is not installed: apt-get install gcc-12-offload-nvptx)"
  exit 0
fi
echo
echo "| kernel | GCC nvptx: neuter branches tid.y + tid.x | st.shared spills | shfl.sync | bar.sync | bar.warp.sync |"
echo "|---|---|---|---|---|---|"
for f in "$@"; do
  name=$(basename "$f" .c)
  mkdir -p "$tmp/gcc-$name"
  (cd "$tmp/gcc-$name" && $cc -O2 -fopenacc -foffload=nvptx-none \
     -foffload-options=nvptx-none=-misa=sm_80 -save-temps "$f" ../main.c \
     -o k) >/dev/null 2>&1
  ptx=$tmp/gcc-$name/k.xnvptx-none.mkoffload.s
  [ -s "$ptx" ] || ptx=$tmp/gcc-$name/k.xnvptx-none.s
  echo "| $name | $(gcc_counts "$ptx") |"
done
