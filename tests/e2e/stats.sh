# stats.sh: report --stats marks an obvious difference with '*'; csv, json, markdown and html outputs are well formed; --output writes whole files.
. tests/e2e/lib.sh
T=$SCRATCH/tb
R=$SCRATCH/res
run() { "$CONTEST" --scale tiny --lead 0 -q -d "$T" -R "$R" "$@" >/dev/null 2>&1; }

check "label a: 3 runs" run -k a -n 3 no_load
# label b competes with two busy loops: an obvious difference on purpose
( while :; do :; done ) & h1=$!
( while :; do :; done ) & h2=$!
check "label b: 3 runs beside two busy loops" run -k b -n 3 no_load
kill "$h1" "$h2"; wait "$h1" "$h2" 2>/dev/null
check "label c: 1 run" run -k c no_load

"$CONTEST" report -R "$R" --stats >"$SCRATCH/st" 2>"$SCRATCH/st.err"
check "--stats exits 0" test $? -eq 0
check "--stats header" grep -q '^Kernel         \[runs\]   Time    +-95%   sd      CPU%    Loads   +-95%   LCPU%   Ratio   +-95%$' "$SCRATCH/st"
check "b is marked significantly slower" grep -qE '^  b vs a: Time \+[0-9.]+% \(95% CI \+[0-9.]+% to \+[0-9.]+%, p = [0-9.e-]+\) \*$' "$SCRATCH/st"
check "one run: says the test needs two" grep -q '^  c vs a: the test needs at least 2 runs of each (c has 1, a has 3); Time' "$SCRATCH/st"
check "--baseline b" sh -c "'$CONTEST' report -R '$R' --stats --baseline b | grep -q '^  a vs b: Time -'"
expect_fail "--baseline of an unknown label" 2 "no results for label 'zz'" "$CONTEST" report -R "$R" --stats --baseline zz
expect_fail "--baseline without --stats" 2 "--baseline 'a' needs --stats" "$CONTEST" report -R "$R" --baseline a
expect_fail "bad --format" 2 "--format: 'xml' is not" "$CONTEST" report -R "$R" --format xml
check "classic text unchanged without --stats" sh -c "'$CONTEST' report -R '$R' | head -n 2 | tail -n 1 | grep -qx 'Kernel         \[runs\]   Time    CPU%    Loads   LCPU%   Ratio'"

# csv: a header and one row per label and load
"$CONTEST" report -R "$R" --format csv >"$SCRATCH/csv"
check "csv header" grep -q '^workload,load,label,runs,failed,time,time_sd,time_ci95,cpu_pct,' "$SCRATCH/csv"
check "csv: 3 rows" test "$(tail -n +2 "$SCRATCH/csv" | wc -l)" -eq 3
check "csv: same field count everywhere" test "$(awk -F, '{print NF}' "$SCRATCH/csv" | sort -u | wc -l)" -eq 1
# json: one valid document
"$CONTEST" report -R "$R" --format json >"$SCRATCH/json"
if command -v python3 >/dev/null 2>&1; then
	check "json is valid" python3 -m json.tool "$SCRATCH/json" >/dev/null
	check "json has 7 runs and 3 rows" python3 -c "
import json,sys; d=json.load(open('$SCRATCH/json'))
assert len(d['runs']) == 7 and len(d['workloads'][0]['loads'][0]['rows']) == 3
assert d['workloads'][0]['loads'][0]['rows'][1]['vs_baseline']['time']['significant'] is True"
else
	echo "skip: python3 not installed: json checked for shape only"
	check "json starts and ends as one object" sh -c "head -c 1 '$SCRATCH/json' | grep -q '{' && tail -n 1 '$SCRATCH/json' | grep -q '}\$'"
fi
# markdown and html
check "markdown table" sh -c "'$CONTEST' report -R '$R' --format markdown | grep -q '^| Kernel | Runs | Time | CPU% | Loads | LCPU% | Ratio |$'"
"$CONTEST" report -R "$R" --stats --format html --output "$SCRATCH/r.html"
check "html written with --output" test -s "$SCRATCH/r.html"
check "html is self-contained with a chart" sh -c "grep -q '<svg' '$SCRATCH/r.html' && ! grep -qE '<script|https?://[^\"]*\\.(js|css|woff)' '$SCRATCH/r.html'"
check "--output leaves no temporary file" test "$(ls "$SCRATCH" | grep -c 'r.html.')" -eq 0
expect_fail "--output into a missing directory" 2 "--output '$SCRATCH/nope/x'" "$CONTEST" report -R "$R" --output "$SCRATCH/nope/x"
check "no strays" no_strays "$SCRATCH"
done_tests
