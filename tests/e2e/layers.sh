#!/bin/sh
# layers.sh: the include rules of tests/check-layers.sh hold for this tree, and the check catches each kind of offence.
. tests/e2e/lib.sh
CHECK=$(pwd)/tests/check-layers.sh

out=$(sh "$CHECK" .)
check "this tree keeps the include rules${out:+: $out}" [ -z "$out" ]

# plant DIR FILE TEXT: a source file of a fake tree
plant() { mkdir -p "$1/$(dirname "$2")"; printf '%s\n' "$3" >"$1/$2"; }

# a clean fake tree: contest over loads over lib
t=$SCRATCH/clean
plant "$t" lib/a.h '#include <stdio.h>'
plant "$t" loads/l.h '#include "lib/a.h"'
plant "$t" contest/c.c '#include "loads/l.h"
#include "lib/a.h"'
check "a clean fake tree passes" sh "$CHECK" "$t"

# offends NAME PATTERN: the check fails on tree $SCRATCH/NAME, naming PATTERN
offends() {
	o=$(sh "$CHECK" "$SCRATCH/$1")
	rc=$?
	if [ "$rc" -ne 1 ]; then bad "$1: exit $rc, want 1"; return; fi
	case "$o" in *"$2"*) ok ;; *) bad "$1: output lacks '$2': $o" ;; esac
}

t=$SCRATCH/cycle
cp -r "$SCRATCH/clean" "$t"
plant "$t" lib/b.c '#include "lib/a.h"'
plant "$t" loads/back.c '#include "contest/c.h"'
plant "$t" contest/c.h ''
offends cycle 'loads -> contest'

t=$SCRATCH/long
cp -r "$SCRATCH/clean" "$t"
plant "$t" results/r.h '#include "contest/c.h"'
plant "$t" contest/c.h ''
plant "$t" loads/x.c '#include "results/r.h"'
offends long 'leads back to'

t=$SCRATCH/lib
cp -r "$SCRATCH/clean" "$t"
plant "$t" lib/up.c '#include "loads/l.h"'
offends lib 'lib/up.c: lib/ includes "loads/l.h", above it'

t=$SCRATCH/bare
cp -r "$SCRATCH/clean" "$t"
plant "$t" loads/bare.c '#include "l.h"'
offends bare 'loads/bare.c: include "l.h" does not name its folder'

t=$SCRATCH/missing
cp -r "$SCRATCH/clean" "$t"
plant "$t" loads/m.c '#include "loads/none.h"'
offends missing 'is no file of the tree'

done_tests
