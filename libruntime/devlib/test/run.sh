#!/bin/sh
# Build and run the accuracy test of the Gangway device math library.
# Copyright (C) 2026 The Gangway developers.
#
# This file is part of Gangway.
#
# Gangway is free software; you can redistribute it and/or modify it under
# the terms of the GNU General Public License as published by the Free
# Software Foundation; either version 3, or (at your option) any later
# version.
#
# Gangway is distributed in the hope that it will be useful, but WITHOUT ANY
# WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS
# FOR A PARTICULAR PURPOSE.  See the GNU General Public License for more
# details.
#
# You should have received a copy of the GNU General Public License along
# with Gangway; see the file COPYING.  If not see
# <http://www.gnu.org/licenses/>.
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
