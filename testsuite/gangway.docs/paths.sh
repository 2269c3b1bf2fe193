#!/bin/sh
# paths.sh DOC...: every repository path the documents DOC name exists.
# Copyright (C) 2026 The Gangway developers.
# This file is part of Gangway, licensed under the GPL v3 or later; see
# device/ir/ir.h.
#
# A path is a backquoted span of a document (Markdown inline code, outside
# fenced blocks) that is one word, starts with one of the tree's top-level
# folders (bench config device docs examples libruntime plugin testsuite) and
# a slash, and holds no placeholder (<target>, $B, ...).  A path with a
# glob character (pool*.c, gangway.*/) must match something; one that
# ends in a slash must be a directory.  The tree is the one this script
# is in (../..).
#
# Prints "PASS: docs path P" or "FAIL: docs path P (in FILE...)" for each
# path, once, in sorted order; exits 1 if a path is missing, 2 on a usage
# error.

set -u

if [ $# -eq 0 ]; then
  echo "usage: $0 DOC..." >&2
  exit 2
fi
for doc; do
  if [ ! -r "$doc" ]; then
    echo "$0: cannot read $doc" >&2
    exit 2
  fi
done

top=$(cd "$(dirname "$0")/../.." && pwd)

# One line per path: PATH TAB FILE[, FILE]..., sorted by path.
list=$(awk '
  FNR == 1 { fence = 0; open = 0 }
  /^[ \t]*```/ { fence = !fence; open = 0; next }
  fence { next }
  {
    name = FILENAME
    sub (/.*\//, "", name)
    line = $0
    # A span may go on over a line break; a break inside it is a space.
    while (line != "") {
      k = index (line, "`")
      if (k == 0) {
        if (open) span = span " " line
        break
      }
      if (open) {
        span = span substr (line, 1, k - 1)
        print span "\t" name
        open = 0
      } else {
        open = 1
        span = ""
      }
      line = substr (line, k + 1)
    }
  }' "$@" |
  awk -F '\t' '
    $1 ~ /^(bench|config|device|docs|examples|libruntime|plugin|testsuite)\// \
      && $1 !~ /[ <>$=(),;:"'"'"']/ && $1 !~ /\.\.\./ { print }' |
  sort -u |
  awk -F '\t' '
    $1 == last { files = files ", " $2; next }
    { if (NR > 1) print last "\t" files; last = $1; files = $2 }
    END { if (NR > 0) print last "\t" files }')

status=0
tab=$(printf '\t')
old_ifs=$IFS
IFS='
'
for entry in $list; do
  IFS=$old_ifs
  path=${entry%%"$tab"*}
  files=${entry#*"$tab"}
  found=
  case $path in
    *[*?[]*)
      # The glob, in the tree: unexpanded if nothing matches.
      for match in "$top"/$path; do
        if [ -e "$match" ]; then
          found=yes
          break
        fi
      done ;;
    */) [ -d "$top/$path" ] && found=yes ;;
    *) [ -e "$top/$path" ] && found=yes ;;
  esac
  if [ -n "$found" ]; then
    echo "PASS: docs path $path"
  else
    echo "FAIL: docs path $path (in $files)"
    status=1
  fi
  IFS='
'
done
IFS=$old_ifs
exit $status
