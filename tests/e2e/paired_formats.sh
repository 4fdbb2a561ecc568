# paired_formats.sh: contest report --paired in every format on the fixed records of a 3-kernel, 6-round series (tests/data/paired-series): the text as before, CSV's three tables under their headers, JSON that parses with the figures, Markdown's table, a well-formed HTML page with the forest plot and the rounds; the HTML report of a series leads with its rounds, and "Ratio per load" only with a load other than no_load.
. tests/e2e/lib.sh

mkdir -p "$R"
cp tests/data/paired-series/*.loads "$R"
P() { "$CONTEST" report --paired -R "$R" --baseline v6.12 "$@"; }

# text: the block as it was
P >"$SCRATCH/t" 2>"$SCRATCH/t.err"
check "text exits 0, nothing on stderr" sh -c "test $? -eq 0 && test ! -s '$SCRATCH/t.err'"
check "text: v6.12-rt's no_load row" grep -qx 'v6.12-rt          6         +1.3%  \[-1.6%, +4.3%\]     0.29       0.031 \*   |         +1.3%  \[-2.3%, +5.0%\]     0.42' "$SCRATCH/t"
check "text: --format text is the same" sh -c "P() { '$CONTEST' report --paired -R '$R' --baseline v6.12 --format text; }; P | cmp -s - '$SCRATCH/t'"

# csv: three tables, each under its header
P --format csv >"$SCRATCH/t.csv"
check "csv exits 0" test $? -eq 0
check "csv: the header first" sh -c "head -n 1 '$SCRATCH/t.csv' | grep -q '^load,label,baseline,rounds,alone,base_mean,diff,diff_lo,diff_hi,diff_pct,'"
check "csv: v6.12-fix's io_load row" grep -q '^io_load,v6.12-fix,v6.12,6,0,92.495,-1.89,-1.94824,-1.83176,-2.04335,-2.10632,-1.98039,4.69164e-09,1,0.03125,6,' "$SCRATCH/t.csv"
check "csv: the rounds' header and round 4's pair" sh -c "grep -qx 'load,series,round,label,baseline,base_time,time,diff' '$SCRATCH/t.csv' && grep -qx 'no_load,s1,4,v6.12-rt,v6.12,61.75,66.1,4.35' '$SCRATCH/t.csv'"
check "csv: 24 pairs" test "$(grep -c ',s1,' "$SCRATCH/t.csv")" -eq 24
check "csv: the drift's header and rows" sh -c "grep -qx 'load,baseline,rounds,first_round,last_round,move_pct,trend_n,rho,p,significant' '$SCRATCH/t.csv' && grep -qx 'io_load,v6.12,6,1,6,4.64602,6,1,0.00277778,1' '$SCRATCH/t.csv'"

# json: parses, the figures
P --format json >"$SCRATCH/t.json"
check "json exits 0" test $? -eq 0
if need_cmd python3 "json not decoded"; then
	check "json: parses, kind paired, the figures" python3 -c "
import json; d=json.load(open('$SCRATCH/t.json'))
assert d['kind'] == 'paired' and d['baseline'] == 'v6.12', d
l={x['load']: x for x in d['loads']}
rt=[k for k in l['no_load']['kernels'] if k['label'] == 'v6.12-rt'][0]
assert rt['rounds'] == 6 and abs(rt['paired']['pct'] - 1.34908) < 1e-5 and rt['paired']['t_significant'] is False
assert [p['time'] for p in rt['pairs']] == [60.31, 60.69, 61.42, 66.1, 62.55, 63.05], rt['pairs']
assert rt['pairs'][3]['diff'] == 4.35 and rt['unpaired']['n'] == 6
assert l['io_load']['drift']['significant'] is True and l['io_load']['drift']['last_round'] == 6"
fi

# markdown
P --format markdown >"$SCRATCH/t.md"
check "markdown: the table's row" grep -qxF '| v6.12-fix | 6 | -2.0% | [-2.1%, -2.0%] | 4.7e-09 * | 0.031 * | -2.0% | [-4.2%, +0.1%] | 0.064 |' "$SCRATCH/t.md"

# html: a page with the tables, the forest plot and the rounds
P --format html >"$SCRATCH/t.html"
check "html exits 0, a page" sh -c "head -n 1 '$SCRATCH/t.html' | grep -qx '<!DOCTYPE html>' && tail -n 1 '$SCRATCH/t.html' | grep -qx '</html>'"
check "html: the forest plot and two rounds' pictures" sh -c "test \$(grep -c '<svg' '$SCRATCH/t.html') -eq 3 && grep -q 'Paired difference per kernel and load' '$SCRATCH/t.html'"
check "html: the forest row carries the text's figures" grep -q 'data-label="v6.12-rt" data-load="no_load" data-pct="+1.3%" data-lo="-1.6%" data-hi="+4.3%"' "$SCRATCH/t.html"
check "html: no scripts, no network" sh -c "! grep -qE '<script|https?://' '$SCRATCH/t.html'"
if need_cmd python3 "html not parsed"; then
	wf() { python3 -c "
from html.parser import HTMLParser
void={'meta','br','hr','img','input','link','wbr'}
class P(HTMLParser):
    s=[]
    def handle_starttag(self, t, a):
        if t not in void: self.s.append(t)
    def handle_startendtag(self, t, a): pass
    def handle_endtag(self, t):
        assert self.s and self.s[-1] == t, (t, self.s[-3:]); self.s.pop()
p=P(); p.feed(open('$1').read()); p.close(); assert not p.s, p.s"; }
	check "html: well formed" wf "$SCRATCH/t.html"
fi

# the HTML report of a series: its rounds first, then the usual tables
"$CONTEST" report -R "$R" --format html v6.12 v6.12-fix v6.12-rt >"$SCRATCH/r.html"
check "report html: the series leads" sh -c "grep -n -e '<h2>Series: each kernel against v6.12' -e '>Results per load<' '$SCRATCH/r.html' | head -n 1 | grep -q 'Series:'"
command -v python3 >/dev/null && check "report html: well formed" wf "$SCRATCH/r.html"
check "report html: Ratio per load with io_load" grep -q '<figcaption>Ratio per load</figcaption>' "$SCRATCH/r.html"
"$CONTEST" report -R "$R" --format html --loads no_load v6.12 v6.12-fix v6.12-rt >"$SCRATCH/n.html"
check "report html, no_load alone: no Ratio per load" sh -c "! grep -q 'Ratio per load' '$SCRATCH/n.html' && grep -q '<h2>Series:' '$SCRATCH/n.html'"
check "report html of records without a series: no series part" sh -c "
	mkdir -p '$SCRATCH/plain' && for f in '$R'/*.loads; do
		sed 's/\ts1\t[1-6]\tsim\t/\t\tna\t\t/' \"\$f\" >'$SCRATCH/plain/'\"\${f##*/}\"; done &&
	! grep -q 's1' '$SCRATCH/plain/v6.12-rt.loads' &&
	'$CONTEST' report -R '$SCRATCH/plain' --format html >'$SCRATCH/p.html' && ! grep -q 'Series:' '$SCRATCH/p.html' &&
	grep -q 'Ratio per load' '$SCRATCH/p.html'"
check "--paired html of records without a series: said, no empty pictures" sh -c "
	'$CONTEST' report --paired -R '$SCRATCH/plain' --format html >'$SCRATCH/pp.html' &&
	grep -q '<p>No rounds paired: ' '$SCRATCH/pp.html' && ! grep -q '<svg' '$SCRATCH/pp.html'"

# still refused: with --trend, --micro, --interactive or several -R
expect_fail "--paired with --trend refused" 2 "--paired prints a series' rounds from one results directory" \
	"$CONTEST" report --paired --trend -R "$R"
done_tests
