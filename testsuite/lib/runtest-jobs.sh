#!/bin/sh
# runtest-jobs.sh RUNTEST [ARG]...: DejaGnu's runtest as several runners
# at once, for "make check" (RUNTEST in Makefile.am).
#
# GANGWAY_TEST_JOBS runners (default: one per CPU; 1 runs RUNTEST as it
# is) start in directories of their own, jobs/1 .. jobs/N of the current
# directory, each with a site.exp that reads ours.  They all go through
# the same drivers and share the work out through the claims directory,
# jobs/claims (gangway_claim in lib/gangway.exp): a test file, or a part of
# a driver, is done by the first runner to claim it.  When all are done,
# their summaries are merged into gangway.sum and their logs into
# gangway.log here, as one runtest would have written them: each driver's
# results once, under its "Running" line, sorted by test, then the totals.
#
# Exits non-zero if a runner did (a failure, or a driver's error).

set -u

case " $* " in
  *" --version "* | *" -V "* | *" --help "*) exec "$@" ;;
esac

jobs=${GANGWAY_TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
case $jobs in
  '' | *[!0-9]*) jobs=1 ;;
esac
if [ "$jobs" -le 1 ]; then
  exec "$@"
fi

here=$(pwd)
if [ ! -f "$here/site.exp" ]; then
  echo "runtest-jobs.sh: no site.exp in $here" >&2
  exit 2
fi

# The runners work elsewhere: --srcdir and --tool's summaries by absolute
# paths.
# (Each turn takes the first argument off and puts it, rewritten, last.)
tool=
for arg; do
  shift
  case ${prev:-} in
    --srcdir) arg=$(cd "$arg" && pwd) ;;
    --tool) tool=$arg ;;
  esac
  set -- "$@" "$arg"
  prev=$arg
done
tool=${tool:-testrun}

rm -rf "$here/jobs"
mkdir -p "$here/jobs/claims"
k=1
while [ $k -le "$jobs" ]; do
  d=$here/jobs/$k
  mkdir "$d"
  {
    echo "source {$here/site.exp}"
    echo "set objdir {$d}"
  } > "$d/site.exp"
  (cd "$d" && GANGWAY_CLAIM_DIR=$here/jobs/claims \
     "$@" --objdir "$d" > "$d/runtest.out" 2>&1; echo $? > "$d/status") &
  k=$((k + 1))
done
echo "runtest-jobs.sh: $jobs runners, in $here/jobs (runtest.out, $tool.log)"
wait

status=0
sums=
k=1
while [ $k -le "$jobs" ]; do
  s=$(cat "$here/jobs/$k/status" 2>/dev/null || echo 1)
  if [ "$s" != 0 ]; then
    status=1
  fi
  if [ -f "$here/jobs/$k/$tool.sum" ]; then
    sums="$sums $here/jobs/$k/$tool.sum"
  else
    echo "runtest-jobs.sh: runner $k wrote no summary:" >&2
    tail -n 20 "$here/jobs/$k/runtest.out" >&2
    status=1
  fi
  k=$((k + 1))
done

# Where the time went: each claim lasted until its runner's next claim or
# its end (its status file), longest first, in jobs/times; the ten longest
# here.  (A claim file holds its runner and the time it was made, in ms.)
for c in "$here"/jobs/claims/*; do
  [ -s "$c" ] && echo "$(cat "$c") $(basename "$c")"
done | sort -k1,1 -k2,2n | awk -v jobs="$here/jobs" '
  function close_claim(   cmd, e) {
    cmd = "stat -c %Y " jobs "/" runner "/status 2>/dev/null"
    e = 0; cmd | getline e; close (cmd)
    printf "%.1f\t%s\t%s\n", e - t / 1000, runner, what
  }
  $1 == runner { printf "%.1f\t%s\t%s\n", ($2 - t) / 1000, runner, what }
  $1 != runner && runner != "" { close_claim() }
  { runner = $1; t = $2; what = $3 }
  END { if (runner != "") close_claim() }' \
  | sort -k1,1nr > "$here/jobs/times"
echo "runtest-jobs.sh: the longest parts (seconds, runner, part; all in jobs/times):"
head -n 10 "$here/jobs/times" | sed 's/^/  /'

# The merged summary.  Each runner's summary: a header, then "Running
# DRIVER ..." and that driver's results, then its totals.  A result line
# may go on over several lines (a message); they stay with it.
awk -v tool="$tool" '
  FNR == 1 { file++; part = ""; in_results = 0 }
  file == 1 && !in_results && !/^Running .*\.exp \.\.\.$/ {
    header = header $0 "\n"; next
  }
  /^Running .*\.exp \.\.\.$/ {
    in_results = 1
    part = $2
    if (!(part in seen)) { seen[part] = 1; parts[++nparts] = part }
    next
  }
  /^[ \t]*=== .* Summary ===/ { part = ""; next }
  part == "" { next }
  /^(PASS|FAIL|XPASS|XFAIL|UNRESOLVED|UNSUPPORTED|UNTESTED|ERROR|WARNING|KFAIL|KPASS): / {
    n[part]++
    # The sort key: the test, then the order the runner gave it.
    key = $2 sprintf ("\t%05d\t%09d", file, FNR)
    keys[part, n[part]] = key
    text[part, n[part]] = $0
    kind = $1; sub (/:$/, "", kind); count[kind]++
    next
  }
  { if (n[part] > 0) text[part, n[part]] = text[part, n[part]] "\n" $0 }
  END {
    printf "%s", header
    for (p = 1; p <= nparts; p++) {
      part = parts[p]
      print "Running " part " ..."
      m = n[part]
      for (i = 1; i <= m; i++) idx[i] = i
      # Insertion sort on the keys (awk has no sort): nearly linear, as
      # each runner gives the tests of a driver in order.
      for (i = 2; i <= m; i++) {
        v = idx[i]; j = i - 1
        while (j >= 1 && keys[part, idx[j]] > keys[part, v]) {
          idx[j + 1] = idx[j]; j--
        }
        idx[j + 1] = v
      }
      for (i = 1; i <= m; i++) print text[part, idx[i]]
      delete idx
    }
    printf "\n\t\t=== %s Summary ===\n\n", tool
    split ("PASS expected passes|FAIL unexpected failures|XPASS unexpected successes|XFAIL expected failures|KFAIL known failures|KPASS unknown successes|UNRESOLVED unresolved testcases|UNTESTED untested testcases|UNSUPPORTED unsupported tests|ERROR errors|WARNING warnings", rows, "|")
    for (r = 1; r in rows; r++) {
      kind = rows[r]; label = rows[r]
      sub (/ .*/, "", kind); sub (/^[A-Z]+ /, "", label)
      if (count[kind] > 0) printf "# of %s\t\t%d\n", label, count[kind]
    }
  }' $sums > "$here/$tool.sum.tmp"
mv "$here/$tool.sum.tmp" "$here/$tool.sum"

# The logs, one after the other.
for s in $sums; do
  d=${s%/*}
  echo "=== runner ${d##*/} ($d) ==="
  cat "$d/$tool.log" 2>/dev/null
done > "$here/$tool.log"

# What runtest prints: the unexpected results, then the totals.
grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR): ' "$here/$tool.sum"
sed -n '/=== .* Summary ===/,$p' "$here/$tool.sum"
exit $status
