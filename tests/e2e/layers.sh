#!/bin/sh
# layers.sh: the house rules hold for this tree (includes: tests/check-layers.sh; sizes: tests/check-size.sh), and each check catches each kind of offence.
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

# offends NAME PATTERN FILE TEXT [FILE TEXT...]: the clean tree with these
# files planted, as $SCRATCH/NAME, fails the check with PATTERN in its output
offends() {
	o_name=$1 o_pat=$2
	shift 2
	cp -r "$SCRATCH/clean" "$SCRATCH/$o_name"
	while [ $# -ge 2 ]; do plant "$SCRATCH/$o_name" "$1" "$2"; shift 2; done
	o=$(sh "$CHECK" "$SCRATCH/$o_name")
	rc=$?
	if [ "$rc" -ne 1 ]; then bad "$o_name: exit $rc, want 1"; return; fi
	case "$o" in *"$o_pat"*) ok "$o_name: refused, naming '$o_pat'" ;; *) bad "$o_name: output lacks '$o_pat': $o" ;; esac
}

offends cycle 'loads -> contest' lib/b.c '#include "lib/a.h"' loads/back.c '#include "contest/c.h"' contest/c.h ''
offends long 'leads back to' results/r.h '#include "contest/c.h"' contest/c.h '' loads/x.c '#include "results/r.h"'
# inside contest/: a room including a room above it, a circle of two modules in one room
offends room 'contest/engine/ includes "contest/cmd/c.h", a room above it' \
	contest/cmd/c.h '' contest/engine/e.c '#include "contest/cmd/c.h"'
offends beside 'contest/sys/ includes "contest/sense/p.h", a room beside it' \
	contest/sense/p.h '' contest/sys/s.c '#include "contest/sense/p.h"'
offends modcycle 'module contest/cmd/a -> contest/cmd/b' \
	contest/cmd/a.h '' contest/cmd/a.c '#include "contest/cmd/b.h"' contest/cmd/b.h '#include "contest/cmd/a.h"'
offends libcycle 'module lib/b -> lib/a' lib/a.c '#include "lib/b.h"' lib/b.h '' lib/b.c '#include "lib/a.h"'
# micro/ makes micro records: it includes their schema in results/record/,
# and no room of results/ includes micro/
plant "$t" results/record/schema.h '#include "lib/a.h"'
plant "$t" micro/harness.h '#include "results/record/schema.h"'
check "micro/ includes a record's schema of results/record/" sh "$CHECK" "$t"
offends results_micro 'results/lmbench/x.c: results/lmbench/ includes "micro/harness.h", a room above it' \
	results/lmbench/x.c '#include "micro/harness.h"'
offends record_micro 'results/record/y.c: results/record/ includes "micro/harness.h", a room above it' \
	results/record/y.c '#include "micro/harness.h"'
# and in a copy of this tree's results/ and micro/, a renderer that includes micro/ again fails
mkdir -p "$SCRATCH/real"
cp -r lib micro results "$SCRATCH/real/"
sed -i '1a #include "micro/harness.h"' "$SCRATCH/real/results/render/render_micro.c"
out=$(sh "$CHECK" "$SCRATCH/real")
check "render_micro.c with micro/harness.h planted is refused: $out" \
	test "$(printf '%s\n' "$out" | head -n 1)" = 'results/render/render_micro.c: results/render/ includes "micro/harness.h", a room above it'
offends lib 'lib/up.c: lib/ includes "loads/l.h", above it' lib/up.c '#include "loads/l.h"'
offends bare 'loads/bare.c: include "l.h" does not name its folder' loads/bare.c '#include "l.h"'
offends missing 'is no file of the tree' loads/m.c '#include "loads/none.h"'
# a renderer only prints the model: it includes no statistics or lmbench
# reader, and calls none of the model's computing functions (the model's
# readers, READERS, and a name in a comment, a string or a member's call pass)
plant "$t" results/model/model.h 'struct rep_model { int (*count)(void); };
const char *rep_model_join(const struct rep_model *m, char *buf);
double model_compute(const struct rep_model *m,
                     int k);'
plant "$t" results/render/r.c '#include "results/model/model.h"
/* model_compute(m, 0) is made with the model */
void r(const struct rep_model *m, char *buf) { rep_model_join(m, buf); m->count(); (void)"model_compute(";
}'
check "a renderer that only reads the model passes" sh "$CHECK" "$t"
offends render_stats 'results/render/ includes "results/stats/s.h", a room it may not use' \
	results/stats/s.h '' results/render/s.c '#include "results/stats/s.h"'
offends render_lmbench 'results/render/ includes "results/lmbench/l.h", a room it may not use' \
	results/lmbench/l.h '' results/render/l.c '#include "results/lmbench/l.h"'
offends render_computes 'results/render/c.c:2: calls model_compute() of results/model/model.h' \
	results/render/c.c '#include "results/model/model.h"
double c(const struct rep_model *m) { return model_compute(m, 1); }'
offends render_stats_call 'results/render/o.c:2: calls stat_outlier() of results/stats/s.h' \
	results/stats/s.h 'int stat_outlier(double x);' results/render/o.c '#include "results/model/model.h"
int o(double x) { return stat_outlier (x); }'

# sizes: the tree keeps them; a 601-line file and an 81-line function are caught
SIZE=$(pwd)/tests/check-size.sh
out=$(sh "$SIZE" .)
check "this tree keeps the size rules${out:+: $out}" [ -z "$out" ]
check "a clean fake tree keeps the size rules" sh "$SIZE" "$SCRATCH/clean"
mkdir -p "$SCRATCH/big/lib" "$SCRATCH/long/lib"
awk 'BEGIN { for (i = 1; i <= 601; i++) print "/* line */" }' >"$SCRATCH/big/lib/big.c"
awk 'BEGIN { print "int f(void)"; print "{"; for (i = 1; i <= 77; i++) print "\tf();"; print "}" }' >"$SCRATCH/long/lib/ok.c"
o=$(sh "$SIZE" "$SCRATCH/big")
check "a 601-line file is caught: $o" [ "$o" = "lib/big.c: 601 lines (at most 600)" ]
check "an 80-line function passes" sh "$SIZE" "$SCRATCH/long"
awk 'BEGIN { print "static int g(int x) {"; for (i = 1; i <= 79; i++) print "\tx++;"; print "}" }' >"$SCRATCH/long/lib/g.c"
o=$(sh "$SIZE" "$SCRATCH/long")
check "an 81-line function is caught: $o" [ "$o" = "lib/g.c:1: g() is 81 lines (at most 80)" ]

done_tests
