#!/bin/sh
# A cpu image compiler that is killed (image-cc-2.c), as the kernel's
# out-of-memory killer kills one.
kill -KILL $$
