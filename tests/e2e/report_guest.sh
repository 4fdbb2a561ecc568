# report_guest.sh: emulated labels (records whose guest column says tcg) in reports: the note beside their figures in every format, never compared with a native label (--stats rows left uncompared with a note, --trend's step left out, --paired and --ratio-base refused in one line), two emulated labels compared with the note still there; the host of a guest series (the machine's name, and an older series' "(none)", still read).
. tests/e2e/lib.sh

mkdir -p "$R"
hdr='contest-loads\t1\nlabel\tload\trun\ttimestamp\thost\tkernel\tversion\tworkload\tjobs\tmem\tflushed\tstatus\treason\ttime\tcpu_pct\tloads\tlcpu_pct\tdetail\tseries\tround\tboot\tguest\n'
rec() { # rec LABEL LOAD RUN TIME GUEST ROUND: one ok record of series s1 ("" GUEST: native)
	[ -s "$R/$1.loads" ] || printf "$hdr" >"$R/$1.loads"
	boot=qemu
	[ -z "$5" ] && boot=oneshot
	printf '%s\t%s\t%s\t2026-11-30T12:%02d:0%sZ\tvm\t6.1-%s\t0.1.0\tbuiltin-1:tiny\t8\t1073741824\tyes\tok\t\t%s\t190.0\t0.0\t0.0\t\ts1\t%s\t%s\t%s\n' \
		"$1" "$2" "$3" "$6" "$3" "$1" "$4" "$6" "$boot" "$5" >>"$R/$1.loads"
}
G='tcg 2 vcpus 2G'
for i in 1 2 3; do
	rec ea no_load "$i" "5$i.0" "$G" "$i"
	rec eb no_load "$i" "6$i.0" "$G" "$((i + 3))"
done
for i in 1 2 3; do rec nat no_load "$i" "1.$i" "" "$((i + 6))"; done
NOTE="emulated (TCG): timings are the emulator's, not the kernel's (guest: $G)"
APART='not compared with the baseline: one ran emulated (TCG), the other natively'

# text: the note under each emulated label's block, none for the native one
"$CONTEST" report -R "$R" ea eb nat >"$SCRATCH/t" 2>"$SCRATCH/t.err"
check "text exits 0, nothing on stderr" sh -c "test $? -eq 0 && test ! -s '$SCRATCH/t.err'"
check "text: ea's note" grep -qxF "  ea: $NOTE" "$SCRATCH/t"
check "text: eb's note" grep -qxF "  eb: $NOTE" "$SCRATCH/t"
check "text: no note for nat" sh -c "! grep -q '^  nat: emulated' '$SCRATCH/t'"

# --stats against the native label: no comparison, the reason said
"$CONTEST" report -R "$R" --stats --baseline nat ea eb nat >"$SCRATCH/s" 2>&1
check "--stats vs native: exits 0" test $? -eq 0
check "--stats vs native: ea not compared, said" grep -qxF "  ea: $APART" "$SCRATCH/s"
check "--stats vs native: no 'ea vs nat' line" sh -c "! grep -q 'ea vs nat' '$SCRATCH/s'"
check "--stats vs native: the notes still there" grep -qxF "  eb: $NOTE" "$SCRATCH/s"
# two emulated labels: compared, the note kept
"$CONTEST" report -R "$R" --stats --baseline ea ea eb >"$SCRATCH/s2" 2>&1
check "--stats ea vs eb: compared" grep -q '^  eb vs ea: Time +' "$SCRATCH/s2"
check "--stats ea vs eb: the note kept" grep -qxF "  eb: $NOTE" "$SCRATCH/s2"

# csv and json: the guest, its note and why a row is not compared
"$CONTEST" report -R "$R" --format csv nat ea >"$SCRATCH/c.csv"   # the first label is the baseline
col() { head -n 1 "$SCRATCH/c.csv" | tr ',' '\n' | grep -nx "$1" | cut -d: -f1; }
GC=$(col guest) NC=$(col guest_note) XC=$(col not_compared) LC=$(col label) DC=$(col time_diff_pct)
check "csv: the guest columns last" sh -c "head -n 1 '$SCRATCH/c.csv' | grep -q ',guest,guest_note,not_compared\$'"
grep ',ea,' "$SCRATCH/c.csv" >"$SCRATCH/c.ea"
check "csv: ea's guest, note and why last" grep -qF ",$G,\"emulated (TCG): timings are the emulator's, not the kernel's\",\"$APART\"" "$SCRATCH/c.ea"
check "csv: ea's Time not compared" test "$(awk -F, -v l="$LC" -v d="$DC" '$l == "ea" {print "[" $d "]"}' "$SCRATCH/c.csv")" = "[]"
check "csv: nat's guest columns empty" test "$(awk -F, -v g="$GC" -v x="$XC" -v l="$LC" '$l == "nat" {print $g "|" $x}' "$SCRATCH/c.csv")" = "|"
if need_cmd python3 "json not decoded"; then
	"$CONTEST" report -R "$R" --format json nat ea >"$SCRATCH/j.json"
	check "json: ea's guest and note, vs_baseline null with why; nat's null" python3 -c "
import json; d=json.load(open('$SCRATCH/j.json'))
r={x['label']: x for x in d['workloads'][0]['loads'][0]['rows']}
assert r['ea']['guest'] == '$G' and r['ea']['guest_note'].startswith('emulated (TCG)'), r['ea']
assert r['ea']['vs_baseline'] is None and r['ea']['not_compared'].startswith('not compared'), r['ea']
assert r['nat']['guest'] is None and r['nat']['guest_note'] is None and r['nat']['not_compared'] is None"
fi

# markdown and html: the note beside the table, the comparison cell says why
"$CONTEST" report -R "$R" --format markdown --stats --baseline nat ea nat >"$SCRATCH/m.md"
check "markdown: ea's note" grep -qxF -- "- ea: $NOTE" "$SCRATCH/m.md"
check "markdown: ea not compared" grep -q '^| ea | 3 |.*| not compared: emulated and native |$' "$SCRATCH/m.md"
"$CONTEST" report -R "$R" --format html --stats --baseline nat --output "$SCRATCH/h.html" ea nat
check "html: ea's note" grep -qF "<li>ea: emulated (TCG): timings are the emulator&#39;s, not the kernel&#39;s (guest: $G)</li>" "$SCRATCH/h.html"
check "html: ea not compared" grep -q '<td class="vs">not compared: emulated and native</td>' "$SCRATCH/h.html"

# --trend: no step between an emulated and a native label, one between two emulated ones
"$CONTEST" report -R "$R" --trend ea eb nat >"$SCRATCH/tr" 2>&1
check "--trend: eb steps from ea" grep -q '^eb .*+' "$SCRATCH/tr"
check "--trend: no step from eb to nat, said" grep -q '^nat .*no step from eb: one ran emulated (TCG), the other natively$' "$SCRATCH/tr"
check "--trend: the note" grep -qxF "  ea: $NOTE" "$SCRATCH/tr"
"$CONTEST" report -R "$R" --trend --format csv ea eb nat >"$SCRATCH/tr.csv"
check "--trend csv: nat's step empty, its note said" grep -q ',nat,.*,,,,,,,0,,,"no step from eb: one ran emulated (TCG), the other natively"$' "$SCRATCH/tr.csv"
check "--trend csv: eb's guest and note" grep -q ",eb,.*,ea,.*,$G,\"emulated (TCG): timings are the emulator's, not the kernel's\",\$" "$SCRATCH/tr.csv"

# refused in one line: --paired and --ratio-base across the two kinds
expect_fail "--paired of ea and nat: refused in one line" 2 "contest: --paired: 'ea' ran emulated (TCG) and 'nat' natively" \
	"$CONTEST" report -R "$R" --paired ea nat
expect_fail "--ratio-base nat over ea: refused in one line" 2 "contest: --ratio-base: 'ea' ran emulated (TCG) and 'nat' natively" \
	"$CONTEST" report -R "$R" --ratio-base nat ea
check "--paired of two emulated labels works" sh -c "'$CONTEST' report -R '$R' --paired ea eb >/dev/null 2>&1"
"$CONTEST" report -R "$R" --ratio-base ea eb >"$SCRATCH/rb" 2>&1
check "--ratio-base ea over eb works, the note kept" grep -qxF "  eb: $NOTE" "$SCRATCH/rb"

# the host: a guest series' records name the machine they ran on (vm here), and so does
# the page; an older series' records, imported with the guest's own name "(none)", still
# read and say it; with newer ones of the label they are kept apart, --merge-hosts joins them
"$CONTEST" report -R "$R" --format html --output "$SCRATCH/g.html" ea eb
check "html: a guest series' Host is the machine's" grep -q '<p class="meta">Host: vm &#183; ' "$SCRATCH/g.html"
O=$SCRATCH/old
mkdir -p "$O"
sed 's/\tvm\t/\t(none)\t/' "$R/ea.loads" >"$O/ea.loads"
check "the fixture: an older guest record says (none)" grep -q '	(none)	6.1-ea	' "$O/ea.loads"
"$CONTEST" report -R "$O" >"$SCRATCH/o" 2>"$SCRATCH/o.err"
check "an older guest series with host (none): read, exit 0, nothing on stderr" \
	sh -c "test $? -eq 0 && test ! -s '$SCRATCH/o.err'"
check "an older guest series: its label as it was" grep -qE '^ea +\[3\]   52\.0 ' "$SCRATCH/o"
"$CONTEST" report -R "$O" --format html --output "$SCRATCH/o.html" ea
check "an older guest series: html's Host says (none)" grep -q '<p class="meta">Host: (none) &#183; ' "$SCRATCH/o.html"
sed -n '3s/\t1\t2026-11-30T12:01:01Z\t(none)\t/\t4\t2026-11-30T12:09:04Z\tvm\t/p' "$O/ea.loads" >>"$O/ea.loads"
"$CONTEST" report -R "$O" >"$SCRATCH/o2"
check "an older and a newer guest record: kept apart as (none):ea and vm:ea" \
	sh -c "grep -qE '^\(none\):ea +\[3\] ' '$SCRATCH/o2' && grep -qE '^vm:ea +\[1\] ' '$SCRATCH/o2'"
check "an older and a newer guest record: --merge-hosts joins them" \
	sh -c "'$CONTEST' report -R '$O' --merge-hosts | grep -qE '^ea +\[4\] '"

done_tests
