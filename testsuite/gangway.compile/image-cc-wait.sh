#!/bin/sh
# A cpu image compiler that says it started (its pid and its parent's,
# the compiler proper, in $GW_TEST_READY) and then waits for a signal
# (signals.sh).
echo "$$ $PPID" > "$GW_TEST_READY.tmp" && mv "$GW_TEST_READY.tmp" "$GW_TEST_READY"
exec sleep 600
