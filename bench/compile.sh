#!/bin/bash
# The compile suite (README.md, "Compile time"): what compiling with the
# plugin costs against plain `gcc -fopenacc` on the same file, in one run.
#
#   compile.sh [--builddir DIR] [--out DIR] [--cc GCC] [--reps N]
#              [--programs LIST] [--levels LIST] [--testsuite N]
#              [--timeout T]
#
# Each program is compiled with -c three ways: plain (gcc -fopenacc
# -foffload=disable: GCC's host fallback, the peer), gangway (the plugin,
# its default targets: the cpu image and PTX) and ptx (the plugin with
# -fplugin-arg-gangway-targets=ptx), at each level of --levels (default
# -O2,-O0).  The figures are CPU seconds (user + system of the compiler
# and everything it runs: the image compile, ptxas), the least of --reps
# runs (default 3), and the peak resident memory of the largest process.
# A table in Markdown goes to stdout; the programs, kept image sources and
# a log to --out (default DIR/bench-build/compile or ./gangway-bench/compile).
#
# The programs (--programs, default all):
#   small8     8 small regions (saxpy, a stencil, a matrix-vector product,
#              a collapsed nest, a serial region ...)
#   redatom6   6 regions of reductions and atomics
#   many300    300 regions in one unit
#   body2000   one parallel loop whose body is 2,000 lines
#   struct128, struct512, struct800, struct2400
#              dst[k] = src[k] of a struct of that many bytes in a region
#   fuzz       compile-fuzz.c: what gangway-fuzz --seed 262927 made at
#              65b8e96 (352 lines, many partitioned loops in one region)
# --testsuite N adds a row for every Nth C test of testsuite/gangway.run
# compiled one after the other (0, the default: none).  A compile that
# takes more than --timeout seconds of wall time (default 600) is stopped
# and shown as ">T".
#
# The plugin comes from GANGWAY_CFLAGS, else --builddir DIR (its
# gangway-uninstalled.pc), else the build tree bench/ sits in, else
# pkg-config gangway.

set -e

here=$(cd "$(dirname "$0")" && pwd)
builddir=
out=
cc=${CC:-gcc}
reps=3
programs="small8 redatom6 many300 body2000 struct128 struct512 struct800 struct2400 fuzz"
levels="-O2,-O0"
testsuite=0
timeout=600

while [ $# -gt 0 ]; do
  case $1 in
    --builddir) builddir=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    --programs) programs=${2//,/ }; shift 2 ;;
    --levels) levels=$2; shift 2 ;;
    --testsuite) testsuite=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    -h|--help) sed -n '2,32p' "$0"; exit 0 ;;
    *) echo "compile.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
  esac
done

. "$here/plugin-flags.sh"
bench_plugin_flags compile
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$out"
: > log

# ---- The programs.

gen_small8 () {
  cat <<'EOF'
#define N 4096
float x[N], y[N], z[N], m[64][64], v[64], w[64];
void small8 (float a)
{
#pragma acc parallel loop copyin(x) copy(y)
  for (int i = 0; i < N; i++) y[i] = a * x[i] + y[i];
#pragma acc parallel loop copyin(x) copyout(z)
  for (int i = 1; i < N - 1; i++) z[i] = 0.25f * x[i - 1] + 0.5f * x[i] + 0.25f * x[i + 1];
#pragma acc parallel loop copyin(m, v) copyout(w)
  for (int i = 0; i < 64; i++)
    {
      float s = 0;
#pragma acc loop seq
      for (int j = 0; j < 64; j++) s += m[i][j] * v[j];
      w[i] = s;
    }
#pragma acc parallel loop collapse(2) copy(m)
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++) m[i][j] = m[i][j] * 0.5f + i - j;
#pragma acc serial copy(v)
  for (int j = 1; j < 64; j++) v[j] += v[j - 1];
#pragma acc parallel loop gang copyin(m) copyout(w)
  for (int i = 0; i < 64; i++)
    {
      float mx = m[i][0];
#pragma acc loop vector reduction(max:mx)
      for (int j = 0; j < 64; j++) mx = m[i][j] > mx ? m[i][j] : mx;
      w[i] = mx;
    }
#pragma acc parallel loop copy(x)
  for (int i = 0; i < N; i++) x[i] = x[i] < 0 ? -x[i] : x[i];
#pragma acc kernels copy(z)
  for (int i = 0; i < N; i++) z[i] = z[i] * 2 + 1;
}
EOF
}

gen_redatom6 () {
  cat <<'EOF'
#define N 4096
double x[N]; int h[64]; int idx[N];
double redatom6 (void)
{
  double s = 0, p = 1, mx = -1e300;
  int cnt = 0, last = 0;
#pragma acc parallel loop reduction(+:s) copyin(x)
  for (int i = 0; i < N; i++) s += x[i];
#pragma acc parallel loop reduction(*:p) reduction(max:mx) copyin(x)
  for (int i = 0; i < N; i++) { p *= 1 + x[i] * 1e-9; mx = x[i] > mx ? x[i] : mx; }
#pragma acc parallel loop copyin(idx) copy(h)
  for (int i = 0; i < N; i++)
    {
#pragma acc atomic update
      h[idx[i] & 63]++;
    }
#pragma acc parallel loop copy(cnt, last) copyin(x)
  for (int i = 0; i < N; i++)
    if (x[i] > 0.5)
      {
        int t;
#pragma acc atomic capture
        t = cnt++;
#pragma acc atomic write
        last = t;
      }
#pragma acc parallel loop gang reduction(+:s) copyin(x)
  for (int i = 0; i < 64; i++)
    {
#pragma acc loop vector reduction(+:s)
      for (int j = 0; j < 64; j++) s += x[i * 64 + j] * j;
    }
#pragma acc parallel loop reduction(min:mx) reduction(+:cnt) copyin(x)
  for (int i = 0; i < N; i++) { mx = x[i] < mx ? x[i] : mx; cnt += x[i] > 0; }
  return s + p + mx + cnt + last;
}
EOF
}

gen_many300 () {
  echo "#define N 1024"
  echo "float a[N], b[N];"
  echo "void many300 (void)"
  echo "{"
  for k in $(seq 1 300); do
    echo "#pragma acc parallel loop copy(a) copyin(b)"
    echo "  for (int i = 0; i < N; i++) a[i] = a[i] * $k.5f + b[(i + $k) % N];"
  done
  echo "}"
}

# 2,000 lines of scalar arithmetic, conditionals and array reads in the
# body of one parallel loop.
gen_body2000 () {
  echo "#define N 4096"
  echo "float x[N], y[N];"
  echo "void body2000 (void)"
  echo "{"
  echo "#pragma acc parallel loop copyin(x) copyout(y)"
  echo "  for (int i = 0; i < N; i++)"
  echo "    {"
  echo "      float t0 = x[i], t1 = 1, t2 = 2, t3 = 3;"
  for k in $(seq 0 1995); do
    a=$((k % 4)); b=$(((k + 1) % 4)); c=$(((k + 2) % 4))
    case $((k % 5)) in
      0) echo "      t$a = t$b * 0.999f + x[(i + $k) % N];" ;;
      1) echo "      t$a = t$a - t$c * 0.5f;" ;;
      2) echo "      if (t$a > $k.0f) t$a -= $k.0f;" ;;
      3) echo "      t$b = t$b + (t$a < t$c ? t$a : t$c);" ;;
      4) echo "      t$c = t$c * t$c < 1e6f ? t$c * 1.001f : t$c * 0.5f;" ;;
    esac
  done
  echo "      y[i] = t0 + t1 + t2 + t3;"
  echo "    }"
  echo "}"
}

gen_struct () {
  local bytes=$1
  cat <<EOF
struct s { double v[$((bytes / 8))]; };
void struct$bytes (struct s *restrict dst, const struct s *restrict src, int n)
{
#pragma acc parallel loop copyin(src[0:n]) copyout(dst[0:n])
  for (int k = 0; k < n; k++)
    dst[k] = src[k];
}
EOF
}

gen () {
  case $1 in
    small8|redatom6|many300|body2000) gen_$1 ;;
    struct*) gen_struct ${1#struct} ;;
    fuzz) cat "$here/compile-fuzz.c" ;;
    *) echo "compile.sh: unknown program $1" >&2; return 1 ;;
  esac
}

# ---- Timing.

# CPU seconds and peak KB of one compile: "SECONDS KB" (the least time
# of $reps runs and the peak of that run), "fail" when it fails, ">T KB"
# when it ran out of time (timeout signals its whole process group).
measure () {
  local best= bestkb= r t kb rc
  for r in $(seq 1 "$reps"); do
    rc=0
    /usr/bin/time -f "%U %S %M" -o time.txt timeout "$timeout" \
      bash -c 'compile_one "$@"' compile_one "$@" >> log 2>&1 || rc=$?
    if [ $rc = 124 ]; then
      echo ">$timeout 0"
      return
    elif [ $rc != 0 ]; then
      echo fail
      return
    fi
    t=$(awk '{ printf "%.2f", $1 + $2 }' time.txt)
    kb=$(awk '{ print $3 }' time.txt)
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$t; bestkb=$kb
    fi
  done
  echo "$best $bestkb"
}

ratio () {
  case "$1 $2" in
    *fail*) echo "fail" ;;
    \>*) echo "-" ;;
    *) awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1fx", a / b; else printf "-" }' ;;
  esac
}

IFS=, read -r -a lv <<< "$levels"
header="| program |"
rule="|---|"
for l in "${lv[@]}"; do
  header="$header $l plain | $l gangway | $l ptx |"
  rule="$rule---|---|---|"
done
header="$header peak MB ${lv[0]} (plain / gangway / ptx) |"
rule="$rule---|"
echo "$header"
echo "$rule"

row () {
  local name=$1; shift
  local line="| $name |" peak=
  for l in "${lv[@]}"; do
    local p g x
    p=$(measure "$@" PLAIN "$l")
    g=$(measure "$@" GANGWAY "$l")
    x=$(measure "$@" PTX "$l")
    line="$line ${p%% *} | ${g%% *} ($(ratio "${g%% *}" "${p%% *}")) | ${x%% *} ($(ratio "${x%% *}" "${p%% *}")) |"
    if [ -z "$peak" ]; then
      peak="$(( ${p##* } / 1024 )) / $(( ${g##* } / 1024 )) / $(( ${x##* } / 1024 ))"
      case "$p$g$x" in *fail*) peak="-" ;; esac
    fi
  done
  echo "$line $peak |"
}

# compile_one FILE... KIND LEVEL: compile every FILE with -c.
compile_one () {
  local n=$#
  local level=${!n}
  local kind_i=$((n - 1))
  local kind=${!kind_i}
  local files=("${@:1:$((n - 2))}")
  local flags
  case $kind in
    PLAIN) flags="-fopenacc -foffload=disable" ;;
    GANGWAY) flags="$cflags" ;;
    PTX) flags="$cflags -fplugin-arg-gangway-targets=ptx" ;;
  esac
  local f
  for f in "${files[@]}"; do
    # shellcheck disable=SC2086
    $cc $level $flags -c "$f" -o /dev/null || return 1
  done
}

export -f compile_one
export cc cflags

for p in $programs; do
  gen "$p" > "$p.c"
  echo "== $p" >> log
  row "$p ($(wc -l < "$p.c") lines)" "$p.c"
done

if [ "$testsuite" -gt 0 ]; then
  src=$here/../testsuite/gangway.run
  files=()
  k=0
  for f in "$src"/*.c; do
    [ $((k % testsuite)) -eq 0 ] && files+=("$f")
    k=$((k + 1))
  done
  echo "== testsuite" >> log
  cflags="$cflags -I$src"
  row "gangway.run, every ${testsuite}th (${#files[@]} files)" "${files[@]}"
fi
