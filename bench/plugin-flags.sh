# plugin-flags.sh: sourced by the bench scripts (codegen.sh, compile.sh).
# Copyright (C) 2026 The Gangway developers.  This file is part of
# Gangway, licensed under the GPL v3 or later; see device/ir/ir.h.
#
# bench_plugin_flags NAME: sets cflags to the plugin's compile flags and
# out (unless set) to the output directory of the script NAME, from, first
# match wins: GANGWAY_CFLAGS; $builddir (its gangway-uninstalled.pc); the
# build tree that $here/.. is; pkg-config gangway.  Reads and may set
# builddir (made absolute).

bench_plugin_flags () {
  if [ -n "${GANGWAY_CFLAGS:-}" ]; then
    cflags=$GANGWAY_CFLAGS
  else
    if [ -z "$builddir" ] && [ -f "$here/../gangway-uninstalled.pc" ]; then
      builddir=$here/..
    fi
    if [ -n "$builddir" ]; then
      builddir=$(cd "$builddir" && pwd)
      cflags=$(PKG_CONFIG_PATH=$builddir pkg-config --cflags gangway-uninstalled)
      : "${out:=$builddir/bench-build/$1}"
    else
      cflags=$(pkg-config --cflags gangway)
    fi
  fi
  : "${out:=$PWD/gangway-bench/$1}"
}
