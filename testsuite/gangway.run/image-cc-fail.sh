#!/bin/sh
# A cpu image compiler that fails as GCC does (image-cc-1.c): a note of
# -Wpsabi's, then an error, and status 1.
echo "image.c: In function 'gw_lt_s32x16':"
echo "image.c:333:21: note: the ABI for passing parameters with 64-byte alignment has changed in GCC 4.6"
echo "  333 | GW_INLINE gw_s32x16 gw_lt_s32x16 (gw_s32x16 a, gw_s32x16 b)"
echo "image.c:12:1: error: unknown type name 'gw_s32x64'"
exit 1
