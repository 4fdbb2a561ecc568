# trend.sh: report --trend from fixed records: a, b (slower), c (like a): a -> b a significant step, b -> c one back, in text, HTML, CSV, JSON and Markdown; --order version; bad --order use.
. tests/e2e/lib.sh

mkdir -p "$R"
hdr='contest-loads\t1\nlabel\tload\trun\ttimestamp\thost\tkernel\tversion\tworkload\tjobs\tmem\tflushed\tstatus\treason\ttime\tcpu_pct\tloads\tlcpu_pct\tdetail\n'
rec() { # rec DIR LABEL RUN TIME MINUTE
	[ -s "$1/$2.loads" ] || printf "$hdr" >"$1/$2.loads"
	printf '%s\tno_load\t%s\t2026-11-30T12:%s:0%sZ\tvm\t6.1\t0.1.0\tbuiltin-1:tiny\t8\t1073741824\tyes\tok\t\t%s\t190.0\t0.0\t0.0\t\n' \
		"$2" "$3" "$5" "$3" "$4" >>"$1/$2.loads"
}
rec "$R" a 1 1.40 01; rec "$R" a 2 1.42 01; rec "$R" a 3 1.41 01; rec "$R" a 4 1.43 01
rec "$R" b 1 1.80 02; rec "$R" b 2 1.78 02; rec "$R" b 3 1.82 02; rec "$R" b 4 1.79 02
rec "$R" c 1 1.41 03; rec "$R" c 2 1.43 03; rec "$R" c 3 1.40 03; rec "$R" c 4 1.42 03

"$CONTEST" report -R "$R" --trend >"$SCRATCH/t" 2>"$SCRATCH/t.err"
check "--trend exits 0" test $? -eq 0
check "--trend: nothing on stderr" test ! -s "$SCRATCH/t.err"
check "text: the order is said" grep -q '^Trend in recorded order: each step is Time against the label before it' "$SCRATCH/t"
check "text: the header" grep -qx 'Kernel         \[runs\]   Time    +-95%   Ratio   +-95%   Step (Time vs the label before)' "$SCRATCH/t"
check "text: a has no step" grep -qE '^a {19}4   1\.4[12] +0\.02 +1\.00 +0\.01$' "$SCRATCH/t"
check "text: a -> b a significant step up" grep -qE '^b +4   1\.80 .* \+27\.0% \[\+[0-9.]+%, \+[0-9.]+%\] p=[0-9.e-]+ \*$' "$SCRATCH/t"
check "text: b -> c a significant step back" grep -qE '^c +4   1\.4[12] .* -21\.3% \[-[0-9.]+%, -[0-9.]+%\] p=[0-9.e-]+ \*$' "$SCRATCH/t"
check "text: the largest change named" grep -qx '  largest change: a -> b, Time +27.0% (p = 8.3e-08), significant' "$SCRATCH/t"

# html: a chart per load, the two steps drawn red, the largest marked, self-contained
"$CONTEST" report -R "$R" --trend --format html --output "$SCRATCH/t.html"
check "html written" test -s "$SCRATCH/t.html"
check "html: a line chart with a band" sh -c "grep -q '<svg class=\"chart\"' '$SCRATCH/t.html' && grep -q 'class=\"band\"' '$SCRATCH/t.html' && grep -q 'class=\"line\"' '$SCRATCH/t.html'"
check "html: two significant steps drawn" test "$(grep -c 'class="step"' "$SCRATCH/t.html")" -eq 2
check "html: the step sizes, the largest marked" sh -c "grep -q '>+27.0% (largest)</text>' '$SCRATCH/t.html' && grep -q '>-21.3%</text>' '$SCRATCH/t.html'"
check "html: the largest change said" grep -q '<p class="largest">largest change: a -&gt; b, Time +27.0% (p = 8.3e-08), significant</p>' "$SCRATCH/t.html"
check "html: no scripts or URLs" sh -c "! grep -qE '<script|https?://' '$SCRATCH/t.html'"

# csv: a row per label, the steps and their tests
"$CONTEST" report -R "$R" --trend --format csv >"$SCRATCH/t.csv"
check "csv header" grep -qx 'workload,jobs,machine,load,label,runs,time,time_ci95,ratio,ratio_ci95,ratio_base,step_from,step_diff_pct,step_ci_lo_pct,step_ci_hi_pct,step_p,step_tested,step_significant,largest,guest,guest_note,step_note' "$SCRATCH/t.csv"
check "csv: 3 rows, one field count" sh -c "test \$(wc -l <'$SCRATCH/t.csv') -eq 4 && test \$(awk -F, '{print NF}' '$SCRATCH/t.csv' | sort -u | wc -l) -eq 1"
check "csv: b steps from a, significant, the largest" grep -qE '^builtin-1:tiny,8,MEM 1.0G,no_load,b,4,[0-9.]+,[0-9.]+,1,[0-9.]+,,a,27\.0[0-9]*,[0-9.]+,[0-9.]+,[0-9.e-]+,1,1,1,,,$' "$SCRATCH/t.csv"
check "csv: c steps back from b, significant" grep -qE '^builtin-1:tiny,8,MEM 1.0G,no_load,c,4,.*,b,-21\.[0-9]+,.*,1,1,0,,,$' "$SCRATCH/t.csv"

# json
"$CONTEST" report -R "$R" --trend --format json >"$SCRATCH/t.json"
if need_cmd python3 "json not decoded"; then
	check "json: schema, kind, steps" python3 -c "
import json; d=json.load(open('$SCRATCH/t.json'))
assert d['schema'] == 1 and d['kind'] == 'trend' and d['order'] == 'recorded'
l=d['workloads'][0]['loads'][0]; p=l['points']
assert [x['label'] for x in p] == ['a','b','c'] and p[0]['step'] is None
assert p[1]['step']['from'] == 'a' and p[1]['step']['significant'] and p[1]['step']['diff_pct'] > 0
assert p[2]['step']['from'] == 'b' and p[2]['step']['significant'] and p[2]['step']['diff_pct'] < 0
assert l['largest'] == 'b'"
fi
check "markdown: a table with the steps" sh -c "'$CONTEST' report -R '$R' --trend --format markdown | grep -q '^| b | 4 | 1.80 | 0.03 | 1.00 | 0.02 | +27.0% \[.*\] p=.* \* |\$'"

# --order version: kernel versions in release order, a label that is not one last, said once
V=$SCRATCH/ver
mkdir -p "$V"
rec "$V" 2.5.42 1 1.5 01; rec "$V" 2.5.42 2 1.5 01
rec "$V" base 1 1.4 02; rec "$V" base 2 1.4 02
rec "$V" 2.5.41-mm1 1 1.4 03; rec "$V" 2.5.41-mm1 2 1.4 03
rec "$V" 2.5.42-rc1 1 1.4 04; rec "$V" 2.5.42-rc1 2 1.4 04
rec "$V" 2.5.41 1 1.4 05; rec "$V" 2.5.41 2 1.4 05
"$CONTEST" report -R "$V" --trend --order version >"$SCRATCH/v" 2>"$SCRATCH/v.err"
check "--order version exits 0" test $? -eq 0
check "--order version: the order" test "$(sed -n '4,8s/ .*//p' "$SCRATCH/v" | tr '\n' ' ')" = "2.5.41 2.5.41-mm1 2.5.42-rc1 2.5.42 base "
check "--order version: one line names the label that is not a version" sh -c "test \$(wc -l <'$SCRATCH/v.err') -eq 1 && grep -q \"1 label is not a kernel version, sorted last in recorded order: 'base'\" '$SCRATCH/v.err'"
check "--order recorded: as first recorded" test "$("$CONTEST" report -R "$V" --trend --order recorded | sed -n '4,8s/ .*//p' | tr '\n' ' ')" = "2.5.42 base 2.5.41-mm1 2.5.42-rc1 2.5.41 "
check "named labels are selected, in trend order" test "$("$CONTEST" report -R "$V" --trend --order version 2.5.42 2.5.41 | sed -n '4,5s/ .*//p' | tr '\n' ' ')" = "2.5.41 2.5.42 "
expect_fail "--order of another kind" 2 "--order: 'date' is not recorded or version" "$CONTEST" report -R "$V" --trend --order date
expect_fail "--order without --trend" 2 "--order 'version' needs --trend" "$CONTEST" report -R "$V" --order version
expect_fail "--trend with --why" 2 "--trend tests each label against the one before it: not with --why" "$CONTEST" report -R "$V" --trend --why
expect_fail "--trend with --stats" 2 "--trend tests each label against the one before it: not with --stats" "$CONTEST" report -R "$V" --trend --stats

# one run: the step is given but not tested
O=$SCRATCH/one
mkdir -p "$O"
rec "$O" a 1 1.40 01; rec "$O" a 2 1.42 01; rec "$O" b 1 1.50 02
check "one run: not tested" sh -c "'$CONTEST' report -R '$O' --trend | grep -q '^b .* +6.4% (not tested: needs 2 runs each)\$'"
done_tests
