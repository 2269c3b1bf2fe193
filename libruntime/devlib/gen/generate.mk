# Regenerate the tables and polynomials of the Gangway device math library.
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
# make -f generate.mk        all three headers (erf takes a few minutes)
# make -f generate.mk check  regenerate into a temporary folder and compare
# Needs gcc, MPFR, GMP and Sollya (apt-get install sollya).

OUT = ..
TMP = /tmp/gw-devlib-gen

all: $(OUT)/devlib-tables.h $(OUT)/devlib-poly.h $(OUT)/devlib-erf.h

gentables: gentables.c
	gcc -O2 -Wall -o $@ gentables.c -lmpfr -lgmp

$(OUT)/devlib-tables.h: gentables
	./gentables > $@

$(OUT)/devlib-poly.h: poly.sollya
	sollya poly.sollya | sed 1,3d > $@

$(OUT)/devlib-erf.h: erf.sollya
	sollya erf.sollya | sed 1,3d > $@

check: gentables
	mkdir -p $(TMP)
	./gentables > $(TMP)/devlib-tables.h
	sollya poly.sollya | sed 1,3d > $(TMP)/devlib-poly.h
	sollya erf.sollya | sed 1,3d > $(TMP)/devlib-erf.h
	for f in devlib-tables.h devlib-poly.h devlib-erf.h; do \
	  cmp $(TMP)/$$f $(OUT)/$$f || exit 1; done
	@echo "generated headers are up to date"

clean:
	rm -f gentables

.PHONY: all check clean
