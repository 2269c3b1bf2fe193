#!/bin/sh
# The PTX Gangway makes for a set of sources, side by side with GCC's own
# nvptx offload compiler (bench/README.md, "PTX against GCC's nvptx").
#
#   ptx-counts.sh [--builddir DIR] [--cc GCC] [--arch sm_NN] [FILE.c...]
#
# FILEs default to the testsuite's sources with OpenACC regions.  For each
# file, each compiler's PTX module is assembled by `ptxas -v` for ARCH
# (default sm_90), which gives per kernel its registers, shared memory,
# barriers, stack frame and spills; the PTX instructions are counted in
# the text (every statement of a function body but declarations and
# labels).  GCC is Debian's gcc-12-offload-nvptx with
#   -foffload-options=nvptx-none="-misa=sm_80 -mptx=7.0" -save-temps;
# its module is made assemblable on its own by moving the definition of
# its broadcast buffer (__oacc_bcast, which GCC writes after its users)
# to the top, and by assembling with -c (it may call libgcc).
#
# Prints one line per file and the totals over the files where both
# compilers made the same number of kernels and ptxas accepted both (the
# others are listed: regions Gangway leaves on the cpu device, say).

set -u

here=$(cd "$(dirname "$0")" && pwd)
builddir=
cc=${CC:-gcc}
arch=sm_90
while [ $# -gt 0 ]; do
  case $1 in
    --builddir) builddir=$2; shift 2 ;;
    --builddir=*) builddir=${1#*=}; shift ;;
    --cc) cc=$2; shift 2 ;;
    --cc=*) cc=${1#*=}; shift ;;
    --arch) arch=$2; shift 2 ;;
    --arch=*) arch=${1#*=}; shift ;;
    --) shift; break ;;
    -*) echo "ptx-counts.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
if [ $# -eq 0 ]; then
  set -- $(grep -l 'pragma acc \(parallel\|kernels\|serial\)' \
	     "$here"/../testsuite/gangway.run/*.c \
	     "$here"/../testsuite/gangway.dg/*.c)
fi

if [ -n "${GANGWAY_CFLAGS+set}" ]; then
  :
elif [ -n "$builddir" ]; then
  GANGWAY_CFLAGS=$(PKG_CONFIG_PATH=$builddir pkg-config --cflags gangway-uninstalled)
else
  GANGWAY_CFLAGS=$(pkg-config --cflags gangway)
fi
PTXAS=${PTXAS:-ptxas}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Count the kernels and instructions of the PTX file $1: "KERNELS INSNS".
count_insns ()
{
  awk '
    /^\.(visible |weak )?(\.entry|\.func)/ || /^\.(visible |weak )?\.?(entry|func) / { fn = 1 }
    /^\.visible \.entry|^\.entry/ && !/;$/ { kernels++ }
    fn && /^\{/ { body = 1; next }
    body && /^\}/ { body = 0; fn = 0; next }
    !body { next }
    {
      line = $0
      sub (/\/\/.*/, "", line)
      gsub (/^[ \t]+|[ \t]+$/, "", line)
      if (line == "" || line ~ /^\$/ || line ~ /^\./ || line ~ /^[{}]$/) next
      if (line ~ /;$/) insns++
    }
    END { printf "%d %d", kernels, insns }' "$1"
}

# Sum what ptxas -v says of the PTX file $1, assembled with -c:
# "REGS SMEM BARRIERS STACK SPILLS", or "rejected".
ptxas_totals ()
{
  if ! "$PTXAS" -c -v -arch="$arch" "$1" -o "$tmp/x.cubin" >"$tmp/ptxas.log" 2>&1; then
    echo rejected
    return
  fi
  awk '
    /Used [0-9]+ registers/ {
      for (i = 1; i <= NF; i++) {
	if ($(i+1) ~ /^registers/) regs += $i
	if ($(i+1) ~ /^barriers/) bars += $i
	if ($(i+2) ~ /^smem/) smem += $i
      }
    }
    /bytes stack frame/ {
      for (i = 1; i <= NF; i++) {
	if ($(i+2) == "stack") stack += $i
	if ($(i+2) == "spill") spill += $i
      }
    }
    END { printf "%d %d %d %d %d", regs, smem, bars, stack, spill }' \
    "$tmp/ptxas.log" | {
    # ptxas -c does not count the module-scope .shared variables (GCC
    # puts its broadcast buffer there): add their sizes.
    read regs smem bars stack spill
    mod=$(awk '/^\.shared .*\[[0-9]+\]/ { s = $0; sub (/.*\[/, "", s); sub (/\].*/, "", s); n += s } END { print n + 0 }' "$1")
    echo "$regs $((smem + mod)) $bars $stack $spill"
  }
}

# GCC's module $1 with its variable definitions first, into $2.
gcc_module ()
{
  awk '
    /^\/\/ BEGIN VAR DEF/ { getline def; vars = vars $0 "\n" def "\n"; next }
    { rest = rest $0 "\n" }
    END {
      n = index (rest, "// END PREAMBLE\n")
      if (n == 0) { printf "%s%s", vars, rest; exit }
      n += length ("// END PREAMBLE\n")
      printf "%s%s%s", substr (rest, 1, n - 1), vars, substr (rest, n)
    }' "$1" >"$2"
}

echo "| file | Gangway kernels, insns | regs, smem, barriers, stack, spills | GCC kernels, insns | regs, smem, barriers, stack, spills |"
echo "|---|---|---|---|---|"
tg_i=0; tg_r=0; tg_s=0; tg_b=0; tg_f=0; tg_p=0; tg_k=0
tc_i=0; tc_r=0; tc_s=0; tc_b=0; tc_f=0; tc_p=0
matched=0; unmatched=
for f in "$@"; do
  case $f in /*) ;; *) f=$PWD/$f ;; esac
  name=$(basename "$f" .c)
  d=$tmp/$name
  mkdir -p "$d"
  (cd "$d" && $cc -O2 $GANGWAY_CFLAGS -fplugin-arg-gangway-targets=ptx \
     -fplugin-arg-gangway-keep-temps -w -c "$f" -o g.o) >/dev/null 2>&1
  gptx=$(ls "$d"/*.gangway-ptx.ptx 2>/dev/null | head -n 1)
  (cd "$d" && $cc -O2 -fopenacc -foffload=nvptx-none \
     -foffload-options=nvptx-none="-misa=sm_80 -mptx=7.0" -save-temps \
     -fPIC -shared -w "$f" -o k.so) >/dev/null 2>&1
  cptx=$d/k.so.xnvptx-none.mkoffload.s
  g="0 0"; gv=-; c="0 0"; cv=-
  if [ -n "$gptx" ]; then g=$(count_insns "$gptx"); gv=$(ptxas_totals "$gptx"); fi
  if [ -s "$cptx" ]; then
    gcc_module "$cptx" "$d/gcc.ptx"
    c=$(count_insns "$d/gcc.ptx"); cv=$(ptxas_totals "$d/gcc.ptx")
  fi
  echo "| $name | $g | $gv | $c | $cv |"
  set -- $g $c
  if [ "$1" -gt 0 ] && [ "$1" = "$3" ] && [ "$gv" != rejected ] \
     && [ "$gv" != - ] && [ "$cv" != rejected ] && [ "$cv" != - ]; then
    matched=$((matched + 1))
    tg_k=$((tg_k + $1)); tg_i=$((tg_i + $2)); tc_i=$((tc_i + $4))
    set -- $gv $cv
    tg_r=$((tg_r + $1)); tg_s=$((tg_s + $2)); tg_b=$((tg_b + $3))
    tg_f=$((tg_f + $4)); tg_p=$((tg_p + $5))
    tc_r=$((tc_r + $6)); tc_s=$((tc_s + $7)); tc_b=$((tc_b + $8))
    tc_f=$((tc_f + $9)); tc_p=$((tc_p + ${10}))
  else
    unmatched="$unmatched $name"
  fi
done
echo
echo "Totals over $matched files ($tg_k kernels) that both compiled alike, ptxas -v -arch=$arch:"
echo
echo "| | PTX insns | registers | shared bytes | barriers | stack bytes | spill bytes |"
echo "|---|---|---|---|---|---|---|"
echo "| Gangway | $tg_i | $tg_r | $tg_s | $tg_b | $tg_f | $tg_p |"
echo "| GCC nvptx | $tc_i | $tc_r | $tc_s | $tc_b | $tc_f | $tc_p |"
echo
echo "Not compared:${unmatched:- none}"
