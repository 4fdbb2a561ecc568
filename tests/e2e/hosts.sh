# hosts.sh: contest report -R A -R B with results of two hosts (fixed records, the host column edited with sed): kept apart as HOST:LABEL, merged with --merge-hosts; one -R with both hosts; environment differences across hosts; a directory given twice, one of another format version, one without results.
. tests/e2e/lib.sh

A=$SCRATCH/h1
B=$SCRATCH/h2
mkdir -p "$A"
hdr='contest-loads\t1\nlabel\tload\trun\ttimestamp\thost\tkernel\tversion\tworkload\tjobs\tmem\tflushed\tstatus\treason\ttime\tcpu_pct\tloads\tlcpu_pct\tdetail\n'
rec() { # rec LABEL RUN TIME MINUTE
	[ -s "$A/$1.loads" ] || printf "$hdr" >"$A/$1.loads"
	printf '%s\tno_load\t%s\t2026-11-30T12:%s:0%sZ\thost1\t6.1\t0.1.0\tbuiltin-1:tiny\t8\t1073741824\tyes\tok\t\t%s\t190.0\t0.0\t0.0\t\n' \
		"$1" "$2" "$4" "$2" "$3" >>"$A/$1.loads"
}
rec a 1 1.40 01; rec a 2 1.42 01; rec a 3 1.41 01
rec b 1 1.60 02; rec b 2 1.62 02; rec b 3 1.61 02
printf 'contest-env\t1\n@ 2026-11-30T12:01:00Z\nuname=Linux host1 6.1 #1 SMP x86_64\nkernel=6.1\ncpu.model=Fast CPU\nvm.swappiness=60\n' >"$A/a.env"
cp "$A/a.env" "$A/b.env"
# the second machine: the same records with host2 in the host column, 20 s slower (a 2 before each Time)
mkdir -p "$B"
for l in a b; do
	sed -e 's/\thost1\t/\thost2\t/' -e 's/\t\(1\.[0-9]*\)\t190/\t2\1\t190/' "$A/$l.loads" >"$B/$l.loads"
	sed -e 's/Fast CPU/Slow CPU/' -e 's/ host1 / host2 /' "$A/$l.env" >"$B/$l.env"
done
check "the fixture: host2's records" grep -q 'host2	6.1	0.1.0	builtin-1:tiny	8	1073741824	yes	ok		21.40' "$B/a.loads"

"$CONTEST" report -R "$A" -R "$B" >"$SCRATCH/r" 2>"$SCRATCH/r.err"
check "two -R: exit 0" test $? -eq 0
check "two -R: nothing on stderr" test ! -s "$SCRATCH/r.err"
check "kept apart: host1:a" grep -qE '^host1:a +\[3\]   1\.[0-9] ' "$SCRATCH/r"
check "kept apart: host2:a" grep -qE '^host2:a +\[3\]   21\.[0-9] ' "$SCRATCH/r"
check "kept apart: four rows" test "$(grep -cE '^host[12]:[ab] ' "$SCRATCH/r")" -eq 4
check "the environment across hosts" grep -qx '  host2:a: cpu.model: Fast CPU -> Slow CPU' "$SCRATCH/r"
check "merged: one row of 6 runs per label" sh -c "'$CONTEST' report -R '$A' -R '$B' --merge-hosts | grep -qE '^a +\[6\]   11\.[0-9] '"
check "merged: no HOST: names" sh -c "! '$CONTEST' report -R '$A' -R '$B' --merge-hosts | grep -q '^host'"
check "a label operand selects it on every host" test "$("$CONTEST" report -R "$A" -R "$B" a | grep -cE '^host[12]:a ')" -eq 2
check "HOST:LABEL selects one" test "$("$CONTEST" report -R "$A" -R "$B" host2:b | grep -cE '^host')" -eq 1
check "--baseline of a label on two hosts: its first host's" sh -c "'$CONTEST' report -R '$A' -R '$B' --stats --baseline a | grep -q '^  host2:a vs host1:a: Time +1418.4%'"
if need_cmd python3 "json not decoded"; then
	"$CONTEST" report -R "$A" -R "$B" --format json >"$SCRATCH/j"
	check "json: schema 1, the hosts apart" python3 -c "
import json; d=json.load(open('$SCRATCH/j'))
assert d['schema'] == 1 and d['kind'] == 'report'
assert d['hosts']['apart'] and d['hosts']['names'] == ['host1', 'host2']
assert {'label': 'host2:b', 'host': 'host2', 'stored_label': 'b'} in d['hosts']['labels']
assert d['labels'] == ['host1:a', 'host2:a', 'host1:b', 'host2:b']
assert len(d['runs']) == 12"
fi
# the trend: one series per host, no step from one host to the other
"$CONTEST" report -R "$A" -R "$B" --trend >"$SCRATCH/t"
check "trend: a series per host" grep -q '^Trend in recorded order, one series per host' "$SCRATCH/t"
check "trend: host1 in order, then host2" test "$(sed -n '4,7s/ .*//p' "$SCRATCH/t" | tr '\n' ' ')" = "host1:a host1:b host2:a host2:b "
check "trend: host2:a starts its series" grep -qE '^host2:a +3   21\.41 +[0-9.]+ +1\.00 +[0-9.]+$' "$SCRATCH/t"
check "trend: host1:a -> host1:b a significant step" grep -qE '^host1:b .* \+14\.2% .*\*$' "$SCRATCH/t"
"$CONTEST" report -R "$A" -R "$B" --trend --order version >/dev/null 2>"$SCRATCH/v.err"
check "trend --order version: a label of two hosts that is no version is named once" \
	grep -qx "contest: --order version: 2 labels are not a kernel version, sorted last in recorded order: 'a', 'b'" "$SCRATCH/v.err"

# one -R with records of both hosts: kept apart too
C=$SCRATCH/both
mkdir -p "$C"
cp "$A/a.loads" "$C/a.loads"
tail -n +3 "$B/a.loads" >>"$C/a.loads"
check "one -R, two hosts: kept apart" test "$("$CONTEST" report -R "$C" | grep -cE '^host[12]:a ')" -eq 2
cp "$A/a.env" "$C/a.env"
tail -n +2 "$B/a.env" >>"$C/a.env"
printf '@ 2026-11-30T12:09:00Z\nuname=Linux host1 6.1 #1 SMP x86_64\nkernel=6.1\ncpu.model=Fast CPU\nvm.swappiness=10\n' >>"$C/a.env"
check "one -R, two hosts: each host's own last environment" sh -c "'$CONTEST' report -R '$C' >'$SCRATCH/c' && grep -qx '  host2:a: cpu.model: Fast CPU -> Slow CPU' '$SCRATCH/c' && grep -qx '  host2:a: vm.swappiness: 10 -> 60' '$SCRATCH/c'"
check "one -R, two hosts: --merge-hosts averages" sh -c "'$CONTEST' report -R '$C' --merge-hosts | grep -qE '^a +\[6\] '"

# bad input
expect_fail "the same directory twice, by another name" 2 "-R '$A/.' is the same directory as -R '$A'" \
	"$CONTEST" report -R "$A" -R "$A/."
ln -s "$A" "$SCRATCH/link"
expect_fail "the same directory twice, through a link" 2 "is the same directory as" \
	"$CONTEST" report -R "$SCRATCH/link" -R "$B" -R "$A"
expect_fail "a directory that does not exist" 2 "cannot read results directory '$SCRATCH/nope'" \
	"$CONTEST" report -R "$A" -R "$SCRATCH/nope"
mkdir -p "$SCRATCH/empty"
expect_fail "a directory without results" 2 "no results in -R '$SCRATCH/empty'" \
	"$CONTEST" report -R "$A" -R "$SCRATCH/empty"
F=$SCRATCH/future
mkdir -p "$F"
sed '1s/\t1$/\t2/' "$B/a.loads" >"$F/a.loads"
expect_fail "a directory of another format version" 2 "a.loads: contest-loads format version '2', but this build reads only version 1" \
	"$CONTEST" report -R "$A" -R "$F"
expect_fail "several -R for a run" 2 "several results directories are for a report" \
	"$CONTEST" -R "$A" -R "$B" --dry-run no_load
expect_fail "several -R for --micro" 2 "--micro reads one results directory" \
	"$CONTEST" report --micro -R "$A" -R "$B"
done_tests
