# stats.sh: report --stats marks a clear difference with '*' and says when it cannot test; the median interval, Mann-Whitney, the smallest detectable difference and outliers; csv, json, markdown and html outputs are well formed; --output writes whole files.
. tests/e2e/lib.sh

# Fixed runs, so the statistics are not at the mercy of the machine's noise:
# b is 50% slower than a, c one run only (real runs are covered elsewhere).
mkdir -p "$R"
rec() { # rec LABEL RUN TIME
	printf '%s\tno_load\t%s\t2026-11-30T12:00:0%sZ\tvm\t6.1\t0.1.0\tbuiltin-1:tiny\t8\t1073741824\tyes\tok\t\t%s\t190.0\t0.0\t0.0\t\n' \
		"$1" "$2" "$2" "$3" >>"$R/$1.loads"
}
for l in a b c; do printf 'contest-loads\t1\nlabel\tload\trun\ttimestamp\thost\tkernel\tversion\tworkload\tjobs\tmem\tflushed\tstatus\treason\ttime\tcpu_pct\tloads\tlcpu_pct\tdetail\n' >"$R/$l.loads"; done
rec a 1 3.10; rec a 2 3.20; rec a 3 3.15
rec b 1 4.70; rec b 2 4.80; rec b 3 4.65
rec c 1 3.12

"$CONTEST" report -R "$R" --stats >"$SCRATCH/st" 2>"$SCRATCH/st.err"
check "--stats exits 0" test $? -eq 0
check "--stats header" grep -q '^Kernel         \[runs\]   Time    +-95%   sd      CPU%    Loads   +-95%   LCPU%   Ratio   +-95%$' "$SCRATCH/st"
check "b is marked significantly slower" grep -qE '^  b vs a: Time \+[0-9.]+% \(95% CI \+[0-9.]+% to \+[0-9.]+%, p = [0-9.e-]+\) \*$' "$SCRATCH/st"
check "one run: says the test needs two" grep -q '^  c vs a: the test needs at least 2 runs of each (c has 1, a has 3); Time' "$SCRATCH/st"
check "3 runs each: Mann-Whitney says why not, the smallest detectable difference is given" grep -qE '^    Time: Mann-Whitney needs 4 runs of each; a difference below [0-9.]+% would not have been seen \(95% confidence, 80% power\)$' "$SCRATCH/st"
check "3 runs: the median without an interval" grep -qE '^ {24}median 3\.15, 95% interval - \(needs 6 runs\)$' "$SCRATCH/st"
check "--baseline b" sh -c "'$CONTEST' report -R '$R' --stats --baseline b | grep -q '^  a vs b: Time -'"
expect_fail "--baseline of an unknown label" 2 "no results for label 'zz'" "$CONTEST" report -R "$R" --stats --baseline zz
expect_fail "--baseline without --stats" 2 "--baseline 'a' needs --stats" "$CONTEST" report -R "$R" --baseline a
expect_fail "bad --format" 2 "--format: 'xml' is not" "$CONTEST" report -R "$R" --format xml
check "classic text unchanged without --stats" sh -c "'$CONTEST' report -R '$R' | head -n 2 | tail -n 1 | grep -qx 'Kernel         \[runs\]   Time    CPU%    Loads   LCPU%   Ratio'"

# csv: a header and one row per label and load
"$CONTEST" report -R "$R" --format csv >"$SCRATCH/csv"
check "csv header" grep -q '^workload,jobs,machine,load,label,runs,failed,time,time_sd,time_ci95,cpu_pct,' "$SCRATCH/csv"
check "csv: 3 rows" test "$(tail -n +2 "$SCRATCH/csv" | wc -l)" -eq 3
check "csv: same field count everywhere" test "$(awk -F, '{print NF}' "$SCRATCH/csv" | sort -u | wc -l)" -eq 1
# json: one valid document
"$CONTEST" report -R "$R" --format json >"$SCRATCH/json"
if need_cmd python3 "json checked for shape only"; then
	check "json is valid" python3 -m json.tool "$SCRATCH/json" >/dev/null
	check "json has 7 runs and 3 rows" python3 -c "
import json,sys; d=json.load(open('$SCRATCH/json'))
assert len(d['runs']) == 7 and len(d['workloads'][0]['loads'][0]['rows']) == 3
assert d['workloads'][0]['loads'][0]['rows'][1]['vs_baseline']['time']['significant'] is True"
else
	check "json starts and ends as one object" sh -c "head -c 1 '$SCRATCH/json' | grep -q '{' && tail -n 1 '$SCRATCH/json' | grep -q '}\$'"
fi
# markdown and html
check "markdown table" sh -c "'$CONTEST' report -R '$R' --format markdown | grep -q '^| Kernel | Runs | Time | CPU% | Loads | LCPU% | Ratio |$'"
"$CONTEST" report -R "$R" --stats --format html --output "$SCRATCH/r.html"
check "html written with --output" test -s "$SCRATCH/r.html"
check "html is self-contained, no Ratio chart with no_load alone" sh -c "grep -q '<table' '$SCRATCH/r.html' && ! grep -q '<svg' '$SCRATCH/r.html' && ! grep -qE '<script|https?://[^\"]*\\.(js|css|woff)' '$SCRATCH/r.html'"
check "--output leaves no temporary file" test "$(ls "$SCRATCH" | grep -c 'r.html.')" -eq 0
expect_fail "--output into a missing directory" 2 "--output '$SCRATCH/nope/x'" "$CONTEST" report -R "$R" --output "$SCRATCH/nope/x"

# Robust figures, from fixed runs whose values tests/unit/robust_ref.py's
# functions give (median_ci, mad, mw_exact by enumeration, mdd): a 9 runs,
# run 8 far out (median 3.15, interval x(2)..x(8) = 3.10 to 3.20, MAD 0.03,
# modified z 39); b 6 runs (+42.4%: Mann-Whitney exact p 0.011988, smallest
# detectable difference 18.99%); e 5 runs like a (p 0.8981, 18.85%); c 1 run.
R=$SCRATCH/rob
mkdir -p "$R"
for l in a b c e; do printf 'contest-loads\t1\nlabel\tload\trun\ttimestamp\thost\tkernel\tversion\tworkload\tjobs\tmem\tflushed\tstatus\treason\ttime\tcpu_pct\tloads\tlcpu_pct\tdetail\n' >"$R/$l.loads"; done
i=0; for t in 3.10 3.20 3.15 3.05 3.12 3.18 3.14 4.90 3.16; do i=$((i + 1)); rec a $i $t; done
i=0; for t in 4.70 4.80 4.60 4.88 4.74 4.76; do i=$((i + 1)); rec b $i $t; done
i=0; for t in 3.13 3.17 3.11 3.19 3.137; do i=$((i + 1)); rec e $i $t; done
rec c 1 3.12
"$CONTEST" report -R "$R" --stats >"$SCRATCH/rb" 2>"$SCRATCH/rb.err"
check "robust: --stats exits 0" test $? -eq 0
check "robust: the median line under a's row" sh -c "grep -A1 '^a  ' '$SCRATCH/rb' | tail -n 1 | grep -qxE ' {24}median 3\.15, 95% interval 3\.10 to 3\.20'"
check "robust: b's median interval (6 runs: min to max)" grep -qxE ' {24}median 4\.75, 95% interval 4\.60 to 4\.88' "$SCRATCH/rb"
check "robust: 5 runs, no interval" grep -qxE ' {24}median 3\.14, 95% interval - \(needs 6 runs\)' "$SCRATCH/rb"
check "robust: b vs a, Welch" grep -qE '^  b vs a: Time \+42\.4% \(95% CI \+[0-9.]+% to \+[0-9.]+%, p = [0-9.e-]+\) \*$' "$SCRATCH/rb"
check "robust: b vs a, Mann-Whitney and the smallest detectable difference" grep -qxF '    Time: Mann-Whitney p = 0.012 (exact) *; a difference below 19.0% would not have been seen (95% confidence, 80% power)' "$SCRATCH/rb"
check "robust: e vs a, no difference, what would have been seen" grep -qxF '    Time: Mann-Whitney p = 0.9 (exact), no significant difference; a difference below 18.8% would not have been seen (95% confidence, 80% power)' "$SCRATCH/rb"
check "robust: c vs a, one run: why not" sh -c "grep -A1 '^  c vs a: the test needs at least 2 runs' '$SCRATCH/rb' | tail -n 1 | grep -qx '    Time: Mann-Whitney needs 4 runs of each'"
check "robust: the outlier flagged, kept" grep -qxF '  a: run 8 (Time 4.90) is an outlier (median 3.15, MAD 0.03): kept in the figures' "$SCRATCH/rb"
check "robust: only one outlier" test "$(grep -c 'outlier' "$SCRATCH/rb")" -eq 1
check "robust: nothing new without --stats" sh -c "! '$CONTEST' report -R '$R' | grep -qE 'median|Mann|outlier'"
"$CONTEST" report -R "$R" --format csv >"$SCRATCH/rcsv"
check "robust csv: the new columns" grep -q ',time_median,time_median_lo,time_median_hi,time_mad,time_outliers,time_mw_p,time_mdd_pct,loads_mdd_pct,' "$SCRATCH/rcsv"
check "robust csv: a's median, interval, MAD, outlier run" grep -q ',3\.15,3\.1,3\.2,0\.03,8,,,,' "$SCRATCH/rcsv"
check "robust csv: b's Mann-Whitney p and smallest detectable difference" grep -q ',4\.75,4\.6,4\.88,[0-9.]*,,0\.011988,18\.99[0-9]*,' "$SCRATCH/rcsv"
check "robust csv: same field count everywhere" test "$(awk -F, '{print NF}' "$SCRATCH/rcsv" | sort -u | wc -l)" -eq 1
"$CONTEST" report -R "$R" --format json >"$SCRATCH/rjson"
if need_cmd python3 "robust json not decoded"; then
	check "robust json: median, outliers, Mann-Whitney, smallest detectable difference" python3 -c "
import json; d=json.load(open('$SCRATCH/rjson')); rows=d['workloads'][0]['loads'][0]['rows']
a, b, c = rows[0], rows[1], rows[2]
assert a['time_robust']['median'] == 3.15 and a['time_robust']['median_lo'] == 3.1 and a['time_robust']['median_hi'] == 3.2
assert a['time_robust']['outliers'] == [{'run': 8, 'time': 4.9}] and b['time_robust']['outliers'] == []
mw = b['vs_baseline']['mann_whitney']; assert mw['done'] and mw['exact'] and mw['u'] == 48 and abs(mw['p'] - 0.011988) < 1e-6
assert abs(b['vs_baseline']['time']['mdd_pct'] - 18.9931) < 1e-3
assert c['vs_baseline']['mann_whitney']['done'] is False and c['vs_baseline']['time']['mdd_pct'] is None"
fi
check "robust markdown: the median column and Mann-Whitney" sh -c "'$CONTEST' report -R '$R' --stats --format markdown | grep -q '^| b | 6 | .* | 4.75 \[4.60, 4.88\] | +42.4% .*; Mann-Whitney p=0.012 \*; a difference below 19.0% would not have been seen |\$'"
"$CONTEST" report -R "$R" --stats --format html >"$SCRATCH/rhtml"
check "robust html: Mann-Whitney and the smallest detectable difference in their cell" grep -qF '<td class="vs">Mann-Whitney p=0.012 *; a difference below 19.0% would not have been seen</td>' "$SCRATCH/rhtml"
check "robust html: the outlier noted" grep -qF '<li>a: run 8 (Time 4.90) is an outlier (median 3.15, MAD 0.03): kept in the figures</li>' "$SCRATCH/rhtml"
check "no strays" no_strays "$SCRATCH"
done_tests
