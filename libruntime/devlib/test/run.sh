#!/bin/sh
# Build and run the accuracy test of the Gangway device math library.
# Copyright (C) 2026 The Gangway developers.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: libruntime/devlib/test/run.sh [accuracy options: -s N, -f NAME, -x]
# Needs gcc, MPFR and GMP (libmpfr-dev, libgmp-dev).  The library is
# compiled with -ffp-contract=off, as the device compiles it: no a*b+c is
# fused unless the source says fma.
set -e
here=$(cd "$(dirname "$0")" && pwd)
src="$here/.."
out=${TMPDIR:-/tmp}/gw-devlib-accuracy.$$
# fma is a builtin: with -mfma it is one instruction, without it glibc's.
march=
if grep -qw fma /proc/cpuinfo 2>/dev/null; then march=-mfma; fi
gcc -std=gnu99 -O2 $march -ffp-contract=off -Wall -o "$out" \
  "$here/accuracy.c" "$src"/*.c -lmpfr -lgmp -lm
status=0
"$out" "$@" || status=$?
rm -f "$out"
exit $status
