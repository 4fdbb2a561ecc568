# ratiobase.sh: report --ratio-base from fixed records (a, b slower, c without no_load): a's no_load at 1.00 and b's at b/a in text, CSV, JSON, Markdown and HTML, the base said; --trend takes it; a label without no_load runs refused in one line, nothing printed or left.
. tests/e2e/lib.sh

mkdir -p "$R"
hdr='contest-loads\t1\nlabel\tload\trun\ttimestamp\thost\tkernel\tversion\tworkload\tjobs\tmem\tflushed\tstatus\treason\ttime\tcpu_pct\tloads\tlcpu_pct\tdetail\n'
rec() { # rec LABEL LOAD RUN TIME MINUTE: Loads 3 and LCPU% 20 but under no_load
	[ -s "$R/$1.loads" ] || printf "$hdr" >"$R/$1.loads"
	w=3.0 l=20.0
	[ "$2" = no_load ] && w=0.0 l=0.0
	printf '%s\t%s\t%s\t2026-11-30T12:%s:0%sZ\tvm\t6.1\t0.1.0\tbuiltin-1:tiny\t8\t1073741824\tyes\tok\t\t%s\t190.0\t%s\t%s\t\n' \
		"$1" "$2" "$3" "$5" "$3" "$4" "$w" "$l" >>"$R/$1.loads"
}
rec a no_load 1 10.0 01; rec a no_load 2 10.2 01; rec a process_load 3 15.1 01
rec b no_load 1 12.0 02; rec b no_load 2 12.2 02; rec b process_load 3 18.2 02
rec c process_load 1 20.2 03

# text: a's no_load 1.00, b's 12.1 / 10.1 = 1.20, process_load over a's too; the base said
"$CONTEST" report -R "$R" --ratio-base a a b >"$SCRATCH/t" 2>"$SCRATCH/t.err"
check "text exits 0, nothing on stderr" sh -c "test $? -eq 0 && test ! -s '$SCRATCH/t.err'"
check "text: a's no_load at 1.00" grep -qx 'a                 \[2\]   10.1    190     0       0       1.00' "$SCRATCH/t"
check "text: b's no_load at b/a" grep -qx 'b                 \[2\]   12.1    190     0       0       1.20' "$SCRATCH/t"
check "text: b's process_load over a's no_load" grep -qx 'b                 \[1\]   18.2    190     3       20      1.80' "$SCRATCH/t"
check "text: the base said under the tables" sh -c "tail -n 1 '$SCRATCH/t' | grep -qx \"Ratio: Time over a's no_load Time\""
check "without it: each label's own" sh -c "'$CONTEST' report -R '$R' a b | grep -qx 'b                 \[2\]   12.1    190     0       0       1.00'"
check "without it: no note" sh -c "! '$CONTEST' report -R '$R' a b | grep -q '^Ratio:'"
check "a base that is not shown" sh -c "'$CONTEST' report -R '$R' --ratio-base a b | grep -qx 'b                 \[2\]   12.1    190     0       0       1.20'"
check "c (no no_load of its own) gets a Ratio over a's" sh -c "'$CONTEST' report -R '$R' --ratio-base a c | grep -qx 'c                 \[1\]   20.2    190     3       20      2.00'"

# csv: the ratio column and ratio_base
"$CONTEST" report -R "$R" --ratio-base a --format csv a b >"$SCRATCH/t.csv"
check "csv: ratio_base beside ratio" sh -c "head -n 1 '$SCRATCH/t.csv' | grep -q ',ratio,ratio_ci95,ratio_base,'"
col() { head -n 1 "$SCRATCH/t.csv" | tr ',' '\n' | grep -nx "$1" | cut -d: -f1; }
RC=$(col ratio) BC=$(col ratio_base) LC=$(col label) OC=$(col load)
check "csv: a's no_load 1, base a" test "$(awk -F, -v r="$RC" -v b="$BC" -v l="$LC" -v o="$OC" '$l == "a" && $o == "no_load" {print $r "," $b}' "$SCRATCH/t.csv")" = "1,a"
check "csv: b's no_load 1.19802, base a" test "$(awk -F, -v r="$RC" -v b="$BC" -v l="$LC" -v o="$OC" '$l == "b" && $o == "no_load" {print $r "," $b}' "$SCRATCH/t.csv")" = "1.19802,a"

# json: ratio_base at the top, the rows' ratios over a's
"$CONTEST" report -R "$R" --ratio-base a --format json a b >"$SCRATCH/t.json"
if need_cmd python3 "json not decoded"; then
	check "json: ratio_base and the ratios" python3 -c "
import json; d=json.load(open('$SCRATCH/t.json'))
assert d['ratio_base'] == 'a'
r={(l['load'], x['label']): x['ratio'] for l in d['workloads'][0]['loads'] for x in l['rows']}
assert r[('no_load','a')] == 1 and abs(r[('no_load','b')] - 12.1/10.1) < 1e-5, r"
	check "json: null without it" python3 -c "
import json, subprocess; d=json.loads(subprocess.run(['$CONTEST','report','-R','$R','--format','json'], capture_output=True).stdout)
assert d['ratio_base'] is None"
fi

# markdown and html
"$CONTEST" report -R "$R" --ratio-base a --format markdown a b >"$SCRATCH/t.md"
check "markdown: a's no_load 1.00" grep -qx '| a | 2 | 10.1 | 190 | 0 | 0 | 1.00 |' "$SCRATCH/t.md"
check "markdown: b's no_load 1.20" grep -qx '| b | 2 | 12.1 | 190 | 0 | 0 | 1.20 |' "$SCRATCH/t.md"
check "markdown: the base said" grep -qx "Ratio: Time over a's no_load Time." "$SCRATCH/t.md"
"$CONTEST" report -R "$R" --ratio-base a --format html --output "$SCRATCH/t.html" a b
check "html: b's no_load 1.20" grep -q '<td>b</td><td class="num">2</td><td class="num">12.1</td><td class="num">190</td><td class="num">0</td><td class="num">0</td><td class="num">1.20</td>' "$SCRATCH/t.html"
check "html: the base said" grep -q '<p class="ratio">Ratio: Time over a&#39;s no_load Time.</p>' "$SCRATCH/t.html"
check "html: the chart's legend names the base" grep -q "over a's mean Time without load" "$SCRATCH/t.html"

# --trend takes it, in its forms
"$CONTEST" report -R "$R" --trend --ratio-base a a b >"$SCRATCH/tr" 2>"$SCRATCH/tr.err"
check "--trend exits 0" test $? -eq 0
check "--trend: b's no_load Ratio 1.20" grep -qE '^b +2   12\.10 +[0-9.]+ +1\.20 ' "$SCRATCH/tr"
check "--trend: the base said" grep -qx "Ratio: Time over a's no_load Time" "$SCRATCH/tr"
check "--trend csv: ratio_base" sh -c "'$CONTEST' report -R '$R' --trend --ratio-base a --format csv a b | grep -q '^builtin-1:tiny,8,MEM 1.0G,no_load,b,2,12.1,[0-9.]*,1.19802,[0-9.]*,a,a,'"

# refused: a label without no_load runs; nothing printed, no --output file left
expect_fail "--ratio-base without no_load runs" 2 "--ratio-base: label 'c' has no ok no_load runs in $R" "$CONTEST" report -R "$R" --ratio-base c
check "refused: nothing printed" test ! -s "$SCRATCH/out"
expect_fail "--ratio-base of no label" 2 "--ratio-base: label 'nosuch' has no ok no_load runs" "$CONTEST" report -R "$R" --ratio-base nosuch --output "$SCRATCH/none.txt"
check "refused: no --output file" sh -c "! ls '$SCRATCH' | grep -q '^none.txt'"
expect_fail "--ratio-base with --interactive" 2 "--ratio-base are for the load tables" "$CONTEST" report -R "$R" --interactive --ratio-base a

done_tests
