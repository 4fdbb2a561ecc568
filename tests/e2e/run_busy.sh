# run_busy.sh: a run beside busy loops that are not contest's records their CPU as foreign_pct, waits for a quiet start in vain (said once, recorded), and is marked busy in the report, naming the run.
. tests/e2e/lib.sh

# two busy loops of the test's own, running through the whole compile
sh -c 'while :; do :; done' &
h1=$!
sh -c 'while :; do :; done' &
h2=$!
"$CONTEST" -k hog --scale mini --lead 0.5 --settle 1 -q -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
kill "$h1" "$h2"
wait "$h1" "$h2" 2>/dev/null
check "run beside busy loops: exit 0 ($rc)" test "$rc" -eq 0
# the quiet start never came: said once, recorded, the run done anyway
check "never quiet: one line says so" test "$(grep -c 'did not get quiet within 1s before no_load run 1 (other programs took' "$SCRATCH/err")" -eq 1
check "never quiet: quiet 0 recorded" test "$(col "$R/hog.loads" quiet)" = "0.000000"
check "never quiet: it waited its second" awk -v s="$(col "$R/hog.loads" settle_s)" 'BEGIN {exit !(s + 0 >= 1)}'
expect_fail "--settle -1 refused" 2 "--settle: '-1' is not a number of seconds from 0 to 3600" "$CONTEST" --settle -1 -d "$SCRATCH/x" -R "$SCRATCH/y" no_load
expect_fail "--settle x refused" 2 "--settle: 'x' is not a number" "$CONTEST" --settle x -d "$SCRATCH/x" -R "$SCRATCH/y" no_load
expect_fail "a bad CONTEST_SETTLE refused, naming it" 2 "CONTEST_SETTLE: 'soon' is not a number of seconds" env CONTEST_SETTLE=soon "$CONTEST" -d "$SCRATCH/x" -R "$SCRATCH/y" no_load
check "refused: nothing made" test ! -e "$SCRATCH/x" -a ! -e "$SCRATCH/y"
"$CONTEST" -k off --scale mini --settle 0 -q -d "$T" -R "$R" no_load >/dev/null 2>&1
check "--settle 0: no wait, the columns na" test "$(col "$R/off.loads" settle_s | tail -n 1) $(col "$R/off.loads" quiet | tail -n 1)" = "na na"
f=$(col "$R/hog.loads" foreign_pct)
check "the record holds foreign_pct over 5 (it is $f)" awk -v f="$f" 'BEGIN {exit !(f + 0 > 5)}'
s=$(col "$R/hog.loads" steal_pct)
check "the record holds steal_pct, a number or na (it is $s)" sh -c "echo '$s' | grep -qE '^(na|-?[0-9]+\.[0-9]+)$'"
"$CONTEST" -r -R "$R" >"$SCRATCH/report"
check "the row is marked busy" grep -qE '^hog +\[1\] .*1\.00   busy$' "$SCRATCH/report"
check "the run is named under the block" grep -qF "  hog: busy machine: run 1 had " "$SCRATCH/report"
"$CONTEST" -r -R "$R" --stats hog >"$SCRATCH/report"
check "--stats leaves the busy run out, saying so" grep -qF "(more than 5%): left out of these figures (--keep-busy keeps them)" "$SCRATCH/report"
check "--stats: the row has no runs averaged" grep -qE '^hog +0   - ' "$SCRATCH/report"
"$CONTEST" -r -R "$R" --stats --keep-busy hog >"$SCRATCH/report"
check "--keep-busy averages it" grep -qE '^hog +1   [0-9]' "$SCRATCH/report"
expect_fail "--keep-busy without --stats" 2 "--keep-busy needs --stats" "$CONTEST" -r -R "$R" --keep-busy

# a record of a version before foreign_pct: read as na, never marked
printf 'contest-loads\t1\nlabel\tload\trun\tstatus\ttime\tcpu_pct\n' >"$R/old.loads"
printf 'old\tno_load\t1\tok\t60.0\t190.0\n' >>"$R/old.loads"
"$CONTEST" -r -R "$R" old >"$SCRATCH/report"
check "an older record is not marked busy" sh -c "! grep -q busy '$SCRATCH/report'"

done_tests
