#!/bin/sh
# series_story.sh: a series' story beside its records (RESULTS/series-ID.story): the HTML report of the fixed 3-kernel, 6-round series (tests/data/paired-series) leads with its plan and events, then the paired block, then the usual tables; without the file the page has no story, and the text report is the same with it or without; a malformed story is said in one line and the report goes on; a sim series writes its story as it goes (a cut run, a kernel that never comes up and is dropped), and its HTML report shows them.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/sim.lib"

# at PATTERN FILE: the first line number of FILE matching the fixed string PATTERN (0: none)
at() { n=$(grep -nF -- "$1" "$2" | head -n 1 | cut -d: -f1); echo "${n:-0}"; }

# --- the fixed series' records and story
mkdir -p "$R"
cp tests/data/paired-series/*.loads tests/data/paired-series/series-s1.story "$R"
"$CONTEST" report -R "$R" --format html >"$SCRATCH/s.html" 2>"$SCRATCH/s.err"
check "html exits 0, nothing on stderr, a page" sh -c "test $? -eq 0 && test ! -s '$SCRATCH/s.err' && tail -n 1 '$SCRATCH/s.html' | grep -qx '</html>'"
check "html: the story's heading and its counts" sh -c "grep -qx '<h2>Series s1: its plan and what happened</h2>' '$SCRATCH/s.html' &&
	grep -qx '<p class=\"meta\">4 kernels &#215; 6 rounds &#215; 2 loads, booted by sim; seed 7 &#183; loads: no_load, io_load</p>' '$SCRATCH/s.html'"
check "html: the plan's kernels, the dropped one marked" grep -qx \
	'<tr class="dropped"><td>v6.13-rc1</td><td>6.13.0-rc1</td><td>6.13.0-rc1</td><td class="bad">dropped</td></tr>' "$SCRATCH/s.html"
check "html: six rounds' order, round 3's" sh -c "test \$(grep -c '^<tr><td class=\"num\">[1-6]</td><td>v6.12' '$SCRATCH/s.html') -eq 6 &&
	grep -qx '<tr><td class=\"num\">3</td><td>v6.12-rt</td><td>v6.12</td><td>v6.12-fix</td><td class=\"dropped\">v6.13-rc1</td></tr>' '$SCRATCH/s.html'"
check "html: the failed boots, each" test "$(grep -c '^<li class="ev-boot"><b>failed boot</b>: round 1: v6.13-rc1 did not come up (try [123] of 3): 6.12.0 came up instead</li>$' "$SCRATCH/s.html")" -eq 3
check "html: the dropped kernel's event" grep -qx '<li class="ev-drop"><b>dropped</b>: round 1: v6.13-rc1 dropped after 3 tries: it never came up; the series goes on without it</li>' "$SCRATCH/s.html"
check "html: the cut run's event, escaped" grep -qx '<li class="ev-cut"><b>cut run</b>: round 4: v6.12-rt&#39;s boot ended between its runs (crash, hang or power loss); booting it again</li>' "$SCRATCH/s.html"
check "html: 7 events" test "$(grep -c '^<li class="ev-' "$SCRATCH/s.html")" -eq 7
story=$(at '<section class="story">' "$SCRATCH/s.html")
paired=$(at '<section class="series">' "$SCRATCH/s.html")
tables=$(at '<h2>Results per load</h2>' "$SCRATCH/s.html")
check "html: the story first, then the paired block, then the usual tables" test "$story" -gt 0 -a "$story" -lt "$paired" -a "$paired" -lt "$tables"
check "html: no scripts, no network" sh -c "! grep -qE '<script|https?://' '$SCRATCH/s.html'"

# without the story: no story section; the text report is the same with it or without
"$CONTEST" report -R "$R" >"$SCRATCH/with.txt" 2>&1
rm "$R/series-s1.story"
"$CONTEST" report -R "$R" --format html >"$SCRATCH/n.html" 2>"$SCRATCH/n.err"
check "no story file: exit 0, nothing said, no story in the page" sh -c \
	"test $? -eq 0 && test ! -s '$SCRATCH/n.err' && ! grep -q 'story' '$SCRATCH/n.html'"
check "the story's first kernel is the paired baseline; without the story, the first recorded" sh -c \
	"grep -q 'each kernel against v6.12 round by round' '$SCRATCH/s.html' &&
	 grep -q 'each kernel against v6.12-fix round by round' '$SCRATCH/n.html'"
nopaired() { sed '/^<section class="series">$/,/^<\/section>$/d' "$1"; }
nopaired "$SCRATCH/n.html" >"$SCRATCH/n-np.html"
check "no story file: the page is the one with it, less the story's section (and the paired block, whose baseline differs)" \
	sh -c "sed '/^<section class=\"story\">\$/,/^<\/section>\$/d; /^<section class=\"series\">\$/,/^<\/section>\$/d' '$SCRATCH/s.html' |
	cmp -s - '$SCRATCH/n-np.html'"
"$CONTEST" report -R "$R" >"$SCRATCH/without.txt" 2>&1
check "the text report is the same with the story or without" cmp -s "$SCRATCH/with.txt" "$SCRATCH/without.txt"

# a malformed story: one line on stderr and in the page, the rest as without it
sed 's/^order	4	v6.12	/order	4	v7	/' tests/data/paired-series/series-s1.story >"$R/series-s1.story"
"$CONTEST" report -R "$R" --format html >"$SCRATCH/m.html" 2>"$SCRATCH/m.err"
check "malformed: exit 0" test $? -eq 0
check "malformed: one line on stderr, naming the file, the line and why" sh -c "test \$(wc -l <'$SCRATCH/m.err') -eq 1 &&
	grep -qx 'contest: $R/series-s1.story: not a series story: line 15 (order): .v7. is no kernel of the plan; the report goes on without it' '$SCRATCH/m.err'"
check "malformed: one line in the page instead of the story" sh -c "test \$(grep -c 'story' '$SCRATCH/m.html') -eq 1 &&
	grep -q '^<p class=\"story-note\">The series. story is not shown: .*line 15 (order): &#39;v7&#39; is no kernel of the plan.</p>\$' '$SCRATCH/m.html'"
check "malformed: the rest of the page as without a story" sh -c "grep -v 'story-note' '$SCRATCH/m.html' | cmp -s - '$SCRATCH/n.html'"
printf 'contest-story\t1\nid\ts1\n' >"$R/series-s1.story"   # cut short
"$CONTEST" report -R "$R" --format html >"$SCRATCH/c.html" 2>"$SCRATCH/c.err"
check "cut short: exit 0, said: no end line" sh -c "test $? -eq 0 && grep -q 'not a series story: it has no end line' '$SCRATCH/c.err'"

# --- a sim series: b a c, then a c b (seed 5); b's first run cut, c never comes up (dropped)
new_machine w 6.1.0-a 6.1.0-a 6.1.0-b 6.1.0-c
: >"$S/faults/fail-6.1.0-c"
"$CONTEST" series start --boot sim --sim "$S" --journal "$J" --countdown 0 -R "$RES" -d "$TB" $RUNOPTS \
	-k a=6.1.0-a -k b=6.1.0-b -k c=6.1.0-c -n 2 --seed 5 no_load >>"$M/console" 2>&1
ID=$(sed -n 's/^id	//p' "$J/journal")
F=$RES/series-$ID.story
check "start: no results folder yet, so no story, nothing said" sh -c "test ! -e '$F' && ! grep -q story '$M/console'"
boot
CONTEST_FAILPOINT=record-write "$CONTEST" series resume --journal "$J" >>"$M/console" 2>&1
boot
resume   # the cut run kept as incomplete, made again
check "a cut run: the story written as the series goes, its plan and the cut" sh -c "test -f '$F' &&
	grep -qx 'kernel	c	6.1.0-c	6.1.0-c	kept' '$F' && grep -qx 'order	1	b	a	c' '$F' && grep -qx 'order	2	a	c	b' '$F' &&
	grep -qx 'event	cut	round 1: b.s no_load run was cut or left no record (crash, hang, power loss, kill, full disk): kept as incomplete, to be run again' '$F'"
n=0
while [ "$n" -lt 12 ] && ! grep -q '^phase	done' "$J/journal"; do boot; resume; n=$((n + 1)); done
check "the series done" grep -q '^phase	done' "$J/journal"
check "the story: c dropped, its failed boots and its drop" sh -c "grep -qx 'kernel	c	6.1.0-c	6.1.0-c	dropped' '$F' &&
	test \$(grep -c '^event	boot	round 1: c did not come up (try [123] of 3): 6.1.0-a came up instead\$' '$F') -eq 3 &&
	grep -qx 'event	drop	round 1: c dropped after 3 tries: it never came up; the series goes on without it' '$F'"
check "the story: the journal's events, all of them" test "$(grep -c '^event	' "$F")" -eq "$(grep -c '^event	' "$J/journal")"
check "no story's temporary file left" test ! -e "$F.tmp"
"$CONTEST" report -R "$RES" --format html >"$M/r.html" 2>"$M/r.err"
check "its HTML report: exit 0" test $? -eq 0
check "its HTML report: the plan, c dropped" sh -c "grep -qx '<h2>Series $ID: its plan and what happened</h2>' '$M/r.html' &&
	grep -qx '<tr class=\"dropped\"><td>c</td><td>6.1.0-c</td><td>6.1.0-c</td><td class=\"bad\">dropped</td></tr>' '$M/r.html' &&
	grep -qx '<tr><td class=\"num\">2</td><td>a</td><td class=\"dropped\">c</td><td>b</td></tr>' '$M/r.html'"
check "its HTML report: the cut run, the failed boots, the drop" sh -c "grep -q '^<li class=\"ev-cut\"><b>cut run</b>: round 1: b&#39;s no_load run was cut' '$M/r.html' &&
	test \$(grep -c '^<li class=\"ev-boot\"><b>failed boot</b>: round 1: c did not come up' '$M/r.html') -eq 3 &&
	grep -q '^<li class=\"ev-drop\"><b>dropped</b>: round 1: c dropped after 3 tries' '$M/r.html'"
check "its HTML report: the story before the paired block" sh -c \
	"test $(at '<section class="story">' "$M/r.html") -gt 0 -a $(at '<section class="story">' "$M/r.html") -lt $(at '<section class="series">' "$M/r.html")"
check "nothing left running" no_strays "$M"

done_tests
