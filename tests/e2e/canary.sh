# canary.sh: the machine-speed canary: a tiny run records canary_s and canary_after_s, --no-canary records na, report --normalize adds NTime, a slow-canary run is named, old records read "-".
. tests/e2e/lib.sh

"$CONTEST" -k can --scale tiny -q -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "a tiny run: exit 0" test $? -eq 0
check "nothing said on stderr" test ! -s "$ERR"
b=$(col "$R/can.loads" canary_s | tail -n 1) a=$(col "$R/can.loads" canary_after_s | tail -n 1)
check "canary_s recorded, > 0 ($b)" awk -v v="$b" 'BEGIN {exit !(v + 0 > 0 && v != "na")}'
check "canary_after_s recorded, > 0 ($a)" awk -v v="$a" 'BEGIN {exit !(v + 0 > 0 && v != "na")}'
check "the closing report gives the label's canary" grep -qE '^machine speed \(canary: the best of 3 cc -O2 -c, seconds; reference [0-9.]+, the median of 1 run; a run.s canary varies by [0-9.]+% \(sd\) here\): can [0-9.]+$' "$SCRATCH/out"
check "no canary file left in the testbed" test "$(contents "$T")" = ".contest.lock builtin-1-tiny compile.log "

"$CONTEST" -k none --no-canary --scale tiny -q -d "$T" -R "$R" no_load >/dev/null 2>&1
check "--no-canary: canary_s and canary_after_s na" test "$(col "$R/none.loads" canary_s | tail -n 1) $(col "$R/none.loads" canary_after_s | tail -n 1)" = "na na"

"$CONTEST" -r -R "$R" --normalize >"$SCRATCH/rep"
check "--normalize: NTime beside Time" grep -qF 'Kernel         [runs]   Time    NTime   CPU%' "$SCRATCH/rep"
check "--normalize: the run without a canary has NTime -" grep -qE '^none +\[1\]   [0-9]+\.[0-9] +- +[0-9]' "$SCRATCH/rep"
check "--normalize: the run with one has a figure" grep -qE '^can +\[1\]   [0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]' "$SCRATCH/rep"
"$CONTEST" -r -R "$R" --normalize --stats --keep-busy >"$SCRATCH/rep.st"   # (a busy machine must not empty the row)
check "--normalize --stats: NTime after sd" grep -qF 'Kernel         [runs]   Time    +-95%   sd      NTime   CPU%' "$SCRATCH/rep.st"
check "--normalize --stats: the run with one has a figure" grep -qE '^can +1   [0-9.]+ +- +- +[0-9.]+ +[0-9]' "$SCRATCH/rep.st"
"$CONTEST" -r -R "$R" >"$SCRATCH/rep"
check "without --normalize: no NTime" test "$(grep -c NTime "$SCRATCH/rep")" -eq 0
for f in csv json markdown html; do
	"$CONTEST" -r -R "$R" --normalize --format $f >"$SCRATCH/rep.$f"
done
check "csv: ntime and the canary columns" grep -q ',ntime,canary_s,canary_after_s,' "$SCRATCH/rep.csv"
check "json: ntime and canary_ref" sh -c "grep -q '\"ntime\": ' '$SCRATCH/rep.json' && grep -q '\"canary_ref\": 0\.' '$SCRATCH/rep.json'"
check "markdown: NTime" grep -qF '| Time | NTime |' "$SCRATCH/rep.markdown"
check "html: NTime" grep -qF '<th>Time</th><th>NTime</th>' "$SCRATCH/rep.html"

# a record set with one slow-canary run: it is named, and its label flagged
S=$SCRATCH/slow
mkdir "$S"
head='contest-loads\t1\nlabel\tload\trun\tstatus\ttime\tcpu_pct\tcanary_s\tcanary_after_s\n'
printf "${head}fast\tno_load\t1\tok\t60\t190\t0.140\t0.141\nfast\tno_load\t2\tok\t61\t190\t0.141\t0.140\n" >"$S/fast.loads"
printf "${head}slow\tno_load\t1\tok\t66\t190\t0.140\t0.141\nslow\tno_load\t2\tok\t75\t190\t0.170\t0.172\nslow\tno_load\t3\tok\t66\t190\t0.141\t0.141\n" >"$S/slow.loads"
"$CONTEST" -r -R "$S" >"$SCRATCH/rep"
check "the slow-canary run is named" grep -qF "  runs whose canary lies beyond its noise (more than 7.2% from their label's median): slow no_load run 2 0.171 (+21.3%)" "$SCRATCH/rep"
check "its label is flagged with its interval" grep -qF "slow 0.151 (+7.4% +-3.2% against fast's: beyond the noise)" "$SCRATCH/rep"
check "no drift said" test "$(grep -c drifted "$SCRATCH/rep")" -eq 0

# no cc for the canary (a cc that fails; the tree builds with gcc): said once, na, the runs go on
mkdir "$SCRATCH/bin"
printf '#!/bin/sh\nexit 1\n' >"$SCRATCH/bin/cc"
chmod +x "$SCRATCH/bin/cc"
fake_tree "$K"
env PATH="$SCRATCH/bin:$PATH" CC=gcc "$CONTEST" -k nocc -n 2 -t "$K" -q -d "$T" -R "$R" no_load >/dev/null 2>"$ERR"
check "no cc: the runs go on (exit 0)" test $? -eq 0
check "no cc: said once" test "$(grep -c '^contest: no machine-speed canary: cc exited with status 1' "$ERR")" -eq 1
check "no cc: both runs recorded, the canary na" test "$(col "$R/nocc.loads" run | tr '\n' ' ')$(col "$R/nocc.loads" canary_s | tail -n 1) $(col "$R/nocc.loads" canary_after_s | tail -n 1)" = "1 2 na na"

# a record of a version before the canary: it reports, with "-"
O=$SCRATCH/old
mkdir "$O"
printf 'contest-loads\t1\nlabel\tload\trun\tstatus\ttime\tcpu_pct\nold\tno_load\t1\tok\t60\t190\n' >"$O/old.loads"
"$CONTEST" -r -R "$O" --normalize >"$SCRATCH/rep" 2>"$ERR"
check "old records report (exit 0, nothing said)" sh -c "test $? -eq 0 && test ! -s '$ERR'"
check "old records: NTime -" grep -qE '^old +\[1\]   60\.0 +- +190 ' "$SCRATCH/rep"
check "old records: no machine-speed note" test "$(grep -c 'machine speed' "$SCRATCH/rep")" -eq 0
done_tests
