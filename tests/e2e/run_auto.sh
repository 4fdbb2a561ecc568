# run_auto.sh: -n auto runs rounds until Time's 95% interval is within --precision of its mean, never more than --max-runs, within --budget; says which conditions got there; its bad input is refused in one line, nothing made.
. tests/e2e/lib.sh

# ci_check FILE CAP VERDICT: the runs recorded in FILE (one -n auto
# invocation) are at most CAP; the interval of the counted runs (ok, foreign
# CPU not over 5%) is within 3% exactly when VERDICT is "reached", and no
# earlier point (3 or more counted) was, so the rounds stopped at the first
# point they could (3-decimal t quantiles here, the C's exact: 0.01 slack)
ci_check() {
	col "$1" status,foreign_pct,time | awk -F '\t' -v cap="$2" -v verdict="$3" '
		BEGIN { split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 2.228 2.201 2.179 2.160 2.145 2.131 2.120 2.110 2.101 2.093", t, " ") }
		function ci(m,   i, s, ss, mean, sd) {
			for (i = 1; i <= m; i++) s += x[i]
			mean = s / m
			for (i = 1; i <= m; i++) ss += (x[i] - mean) ^ 2
			sd = sqrt(ss / (m - 1))
			return t[m - 1] * sd / sqrt(m) / mean * 100
		}
		{ runs++; if ($1 == "ok" && !($2 + 0 > 5)) x[++n] = $3 }
		END {
			if (runs > cap) { print "made " runs " runs, more than " cap; exit 1 }
			for (m = 3; m < n; m++)
				if (ci(m) <= 2.99) { print "interval " ci(m) "% after " m " runs: it should have stopped"; exit 1 }
			if (verdict == "reached" && !(n >= 3 && ci(n) <= 3.01)) { print "said reached, interval " ci(n); exit 1 }
			if (verdict != "reached" && (runs != cap || (n >= 3 && ci(n) <= 2.99))) { print "said not reached after " runs; exit 1 }
		}'
}

"$CONTEST" -k p --scale mini --no-canary -n auto --precision 3% --max-runs 8 -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "-n auto: exit 0" test $? -eq 0
line=$(grep '^-n auto: no_load: ' "$ERR")
# (beside a busy machine no run may count: then there is no interval)
# (a machine whose speed trended through the rounds adds the drift clause, with its "Spearman's")
check "-n auto: a closing line for the condition ($line)" sh -c 'printf "%s\n" "$1" | grep -qE "$2"' sh "$line" \
	'^-n auto: no_load: (Time \+-[0-9.]+%|no interval) \(95%\) from [0-9]+ of [0-9]+ run\(s\): (reached \+-3%|NOT reached \+-3%: --max-runs 8 made)(; the machine (sped up|slowed) by [0-9.]+% over the [0-9]+ rounds \([^;]*\); the interval does not account for it( \(--normalize would\))?)?$'
case $line in *": reached"*) verdict=reached ;; *) verdict=not ;; esac
check "-n auto: stopped at the first precise point, at most 8 runs" ci_check "$R/p.loads" 8 "$verdict"
# (a run beside a busy machine is made but not counted: the count may lag)
check "-n auto: the progress lines show the interval" grep -qE '^\[[0-9]+/[0-9]+\] no_load run 3/8: .*; Time \+-([0-9.]+% \(to \+-3%\), [23]|\?% \(to \+-3%\): [01]) run\(s\) counted(, about [0-9hms]+ left)?$' "$ERR"
check "-n auto: before an interval, the count" grep -qE '^\[1/[0-9]+\] no_load run 1/8: .*; Time \+-\?% \(to \+-3%\): [01] run\(s\) counted(, about [0-9hms]+ left)?$' "$ERR"
check "-n auto: the report follows" grep -q '^no_load:$' "$SCRATCH/out"

# a precision no run reaches: exactly --max-runs, said
"$CONTEST" -k q --scale mini --no-canary -n auto --precision 0.0001% --max-runs 3 -q -d "$T" -R "$R" no_load process_load >/dev/null 2>"$ERR"
check "unreachable precision: 3 runs of each" test "$(tail -n +3 "$R/q.loads" | wc -l)" -eq 6
check "unreachable precision: said per condition" test "$(grep -c 'NOT reached +-0.0001%: --max-runs 3 made$' "$ERR")" -eq 2
# the default precision, and a budget the first round already spends
"$CONTEST" -k b --scale mini -n auto --budget 1s -q -d "$T" -R "$R" no_load >/dev/null 2>"$ERR"
check "--budget: one round, then stopped" test "$(tail -n +3 "$R/b.loads" | wc -l)" -eq 1
check "--budget: said, with the default +-2%" grep -q '^-n auto: no_load: .* NOT reached +-2%: the --budget would have passed in another round$' "$ERR"
"$CONTEST" -k p --scale mini -n auto --max-runs 5 --budget 1h -d "$T" -R "$R" --dry-run no_load process_load >"$SCRATCH/out" 2>&1
check "--dry-run: the auto plan" grep -q '^plan: up to 10 run(s): up to 5 round(s) x 2 load condition(s)' "$SCRATCH/out"
check "--dry-run: its rule" grep -q '^-n auto: .*within +-2% of its mean (at least 3 runs counted: ok, not busy), or at 5 runs; no round starts that would end after 1h00m$' "$SCRATCH/out"

# bad input: one line, exit 2, nothing made
x="-d $SCRATCH/x -R $SCRATCH/y"
expect_fail "--precision 0" 2 "--precision: '0' is not a percentage above 0 and below 100" "$CONTEST" -n auto --precision 0 $x no_load
expect_fail "--precision 150%" 2 "--precision: '150%' is not a percentage" "$CONTEST" -n auto --precision 150% $x no_load
expect_fail "--precision 2%%" 2 "--precision: '2%%' is not a percentage" "$CONTEST" -n auto --precision 2%% $x no_load
expect_fail "--max-runs 1 with -n auto" 2 "--max-runs: '1' is too few: -n auto needs at least 3 runs" "$CONTEST" -n auto --max-runs 1 $x no_load
expect_fail "--precision without -n auto" 2 "--precision needs -n auto" "$CONTEST" -n 3 --precision 2% $x no_load
expect_fail "--max-runs without -n auto" 2 "--max-runs needs -n auto" "$CONTEST" --max-runs 5 $x no_load
expect_fail "--budget not a duration" 2 "--budget: '5x' is not a duration" "$CONTEST" -n auto --budget 5x $x no_load
expect_fail "-n autox" 2 "-n: 'autox' is not a number of runs from 1 to 100000, or auto" "$CONTEST" -n autox $x no_load
expect_fail "micro -n auto" 2 "micro: -n 'auto' is for runs of the loads" "$CONTEST" micro -n auto $x
expect_fail "--settle -1" 2 "--settle: '-1' is not a number of seconds" "$CONTEST" -n auto --settle -1 $x no_load
check "refused: nothing made" test ! -e "$SCRATCH/x" -a ! -e "$SCRATCH/y"
done_tests
