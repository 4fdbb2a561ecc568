# hostile.sh: careless or hostile input is refused in one line, quoted, before anything is made: result files of another version, -o, labels, sizes.
. tests/e2e/lib.sh

# Result files of another format version: refused naming the file and both
# versions, never read as this version nor appended to.
mkdir -p "$R"
printf 'contest-loads\t1\nlabel\tload\trun\tstatus\ttime\ny\tno_load\t1\tok\t10.0\n' >"$R/y.loads"
for v in 2 3 99 01; do
	printf 'contest-loads\t%s\nlabel\tload\trun\tstatus\ttime\nx\tno_load\t1\tok\t10.0\n' "$v" >"$R/x.loads"
	cp "$R/x.loads" "$SCRATCH/x.loads.before"
	expect_fail "report of a contest-loads $v file" 2 \
		"$R/x.loads: contest-loads format version '$v', but this build reads only version 1; file refused" \
		"$CONTEST" report -R "$R"
	expect_fail "a run onto a contest-loads $v file" 2 \
		"$R/x.loads: contest-loads format version '$v', but this build reads only version 1; file refused" \
		"$CONTEST" -k x -d "$T" -R "$R" --scale tiny no_load
	check "the contest-loads $v file is unchanged" cmp -s "$R/x.loads" "$SCRATCH/x.loads.before"
	check "no testbed made for the contest-loads $v file" test ! -e "$T"
done
check "the report still prints the other label" sh -c "'$CONTEST' report -R '$R' 2>/dev/null | grep -q '^y  *1  *10'"
rm -f "$R/x.loads"
printf 'contest-micro\t2\nlabel\trun\n' >"$R/m.micro"
"$CONTEST" report --micro -R "$R" >/dev/null 2>"$ERR"
check "report --micro of a contest-micro 2 file exits 2" test $? -eq 2
check "report --micro names the file and both versions" grep -qxF \
	"contest: $R/m.micro: contest-micro format version '2', but this build reads only version 1; file refused" "$ERR"
rm -rf "$R"

done_tests
