# bisect.sh: contest bisect: exit 0 on runs like the good label's, 1 and its bad verdict when the compile is slower (a cc first in PATH that sleeps before the real one: the same machine, a slower compile), 125 when -n 2 or --max-runs 2 cannot decide; the runs stored under -k; bad input refused in one line with 128 before anything runs.
. tests/e2e/lib.sh

O="--scale mini --mem 256M -j 8 --no-canary -q -d $T -R $R"

# counted FILE: the runs of FILE a verdict counts (ok, foreign CPU not over 5%)
counted() { col "$1" foreign_pct status=ok | awk '!($1 + 0 > 5) { n++ } END { print n + 0 }'; }

# bad input: one line, 128 (git bisect run aborts on it), nothing made
expect_fail "no --good" 128 "bisect: give the label of the good kernel's runs, as --good LABEL" \
	"$CONTEST" bisect $O no_load
expect_fail "threshold 0" 128 "--threshold: '0' is not a percentage above 0 and below 100" \
	"$CONTEST" bisect --good a --threshold 0 $O no_load
expect_fail "threshold over 100%" 128 "--threshold: '101%' is not a percentage" \
	"$CONTEST" bisect --good a --threshold 101% $O no_load
expect_fail "--threshold with --bad" 128 "with --bad the boundary is halfway" \
	"$CONTEST" bisect --good a --bad b --threshold 3 $O no_load
expect_fail "-k is the good label" 128 "-k 'a' is the --good or --bad label" \
	"$CONTEST" bisect --good a -k a $O no_load
expect_fail "an unknown option" 128 "unknown option '--bogus'" "$CONTEST" bisect --good a --bogus $O
expect_fail "a good label without runs" 128 "bisect: --good 'a' has no runs in $R" \
	"$CONTEST" bisect --good a -k x $O
check "refused before anything was made" test ! -e "$T"

"$CONTEST" -k a $O -n 4 no_load >/dev/null 2>"$ERR"
check "label a recorded" test $? -eq 0
for more in 1 2 3; do   # runs beside a busy machine do not count: make up for them
	[ "$(counted "$R/a.loads")" -ge 3 ] && break
	"$CONTEST" -k a $O -n 2 no_load >/dev/null 2>>"$ERR"
done
expect_fail "a load the good label has no runs of" 128 "bisect: --good 'a' has no runs of io_load in" \
	"$CONTEST" bisect --good a -k x $O io_load
expect_fail "another workload" 128 "has no runs of no_load on builtin-1:small -j8, MEM 256M" \
	"$CONTEST" bisect --good a -k x --scale small --mem 256M -j 8 -q -d "$T" -R "$R" no_load
check "refused runs recorded nothing" test ! -e "$R/x.loads"

if [ "$(counted "$R/a.loads")" -lt 3 ]; then
	skip "the machine is too busy: fewer than 3 of label a's runs count; no verdict to test" || skip_rest
fi

# -n 2: too few runs for a verdict, whatever they show
"$CONTEST" bisect --good a -k two $O -n 2 no_load >"$SCRATCH/out" 2>"$ERR"
check "-n 2: exit 125" test $? -eq 125
check "-n 2: the line says why" grep -qE "^bisect: no_load: cannot decide: [0-2] run\(s\) of this kernel against [0-9]+ of a; a verdict needs 3 of each" "$SCRATCH/out"
check "-n 2: the closing line" grep -qx "bisect: cannot decide (exit 125): 1 of 1 load(s) undecided" "$SCRATCH/out"
check "-n 2: the runs are stored under -k" test "$(($(wc -l <"$R/two.loads") - 2))" -eq 2
# --max-runs 2 (bisect takes it): the cap stops the runs before a verdict can be reached
"$CONTEST" bisect --good a -k cap $O --max-runs 2 no_load >"$SCRATCH/out" 2>"$ERR"
check "--max-runs 2: exit 125" test $? -eq 125
check "--max-runs 2: the line says why" grep -qE "^bisect: no_load: cannot decide: [0-2] run\(s\) of this kernel against [0-9]+ of a; a verdict needs 3 of each" "$SCRATCH/out"
check "--max-runs 2: two runs at most" test "$(($(wc -l <"$R/cap.loads") - 2))" -le 2
expect_fail "a bad label with too few runs" 128 "bisect: --bad 'two' has " \
	"$CONTEST" bisect --good a --bad two -k y $O no_load

# like a: good (unless the machine is too noisy to reach -n auto's +-2%).
# --threshold 50%: the development VMs drifted between labels run a minute
# apart by up to 7% (+7.1%, 95% CI +5.0% to +9.1%, rightly undecided at 5%)
# and, in a clean clone's make check on 2026-12-04, by 17.6% (3.85 s against
# 3.27, judged bad at 15%); the test is about the rule, not that drift (the
# slower compile below, about +100%, is judged at the default 5%)
"$CONTEST" bisect --good a -k like --threshold 50% $O --max-runs 8 no_load >"$SCRATCH/out" 2>"$ERR"
rc=$?
if [ "$rc" -eq 125 ] && grep -q "NOT reached" "$ERR"; then
	skip "runs like a: the machine was too noisy for +-2% in 8 runs: $(grep '^bisect: no_load' "$SCRATCH/out")"
else
	echo "like a: $(grep '^bisect: no_load' "$SCRATCH/out")"
	check "like a: exit 0" test "$rc" -eq 0
	check "like a: the line" grep -qE "^bisect: no_load: good: Time [0-9.]+ s against a's [0-9.]+ s: [-+][0-9.]+% \(95% CI [-+][0-9.]+% to [-+][0-9.]+%, p = [0-9.e-]+\), [0-9]+ runs against [0-9]+; the interval lies below the 50% threshold" "$SCRATCH/out"
	check "like a: the closing line" grep -qx "bisect: good (exit 0): 1 load(s) like a" "$SCRATCH/out"
fi
check "like a: the run's table is printed as a run prints it" grep -q '^no_load:$' "$SCRATCH/out"

# a slower compile: a cc first in PATH that sleeps 0.5 s, then runs the real
# one. The built-in Makefile calls cc from PATH; at -j 8 the mini tree's units
# compile side by side, then the link: each compile is about 1 s longer on
# the same machine (no CPU taken, no limit recorded), about +100% of a's.
mkdir "$SCRATCH/slowcc"
printf '#!/bin/sh\nsleep 0.5\nexec "%s" "$@"\n' "$(command -v cc)" >"$SCRATCH/slowcc/cc"
chmod +x "$SCRATCH/slowcc/cc"
PATH="$SCRATCH/slowcc:$PATH" "$CONTEST" bisect --good a -k slow $O --max-runs 6 no_load >"$SCRATCH/out" 2>"$ERR"
rc=$?
line=$(grep '^bisect: no_load' "$SCRATCH/out")
case "$rc $line" in
"125 "*"cannot decide: "[0-2]" run(s) of this kernel"*"beside a busy machine left out")
	# other programs took the CPU during the slow runs
	skip "slower compile: the machine got busy: $line" ;;
*)
	echo "slower compile: $line"
	check "slower compile: exit 1" test "$rc" -eq 1
	check "slower compile: the bad verdict's line" grep -qE "^bisect: no_load: bad: Time [0-9.]+ s against a's [0-9.]+ s: \+[0-9.]+% .*; the interval lies above the 5% threshold" "$SCRATCH/out"
	check "slower compile: the closing line" grep -qx "bisect: bad (exit 1): 1 of 1 load(s) worse than a" "$SCRATCH/out"
	check "slower compile: the runs are stored under -k" test "$(counted "$R/slow.loads")" -ge 3 ;;
esac
check "no strays" no_strays "$T"
done_tests
