# cli.sh: bad input gets one clear line naming it and exit 2; help, version and loads work.
. tests/e2e/lib.sh

# (contest's own exit status, not grep's: a crash fails them)
check "--help exits 0" prints 'contest report' "$CONTEST" --help
check "--version" prints '^contest [0-9]' "$CONTEST" --version
check "loads lists no_load and cacherun" prints '^no_load (alias noload)
^cacherun' "$CONTEST" loads
check "loads hides the test load" prints_no selftest "$CONTEST" loads

expect_fail "unknown load" 2 "unknown load 'bogus_load'" "$CONTEST" -d "$T" -R "$R" bogus_load
expect_fail "label ../x" 2 "bad label '../x'" "$CONTEST" -k ../x -d "$T" -R "$R" no_load
expect_fail "label .hidden" 2 "bad label '.hidden'" "$CONTEST" -k .hidden -d "$T" -R "$R" no_load
long=$(printf 'a%.0s' $(seq 65))
expect_fail "label of 65 chars" 2 "longer than 64" "$CONTEST" -k "$long" -d "$T" -R "$R" no_load
expect_fail "label with a slash" 2 "bad label 'a/b'" "$CONTEST" -k a/b -d "$T" -R "$R" no_load
expect_fail "-n 0" 2 "-n: '0'" "$CONTEST" -n 0 -d "$T" -R "$R" no_load
expect_fail "-n abc" 2 "-n: 'abc'" "$CONTEST" -n abc -d "$T" -R "$R" no_load
expect_fail "-j 0" 2 "-j: '0'" "$CONTEST" -j 0 -d "$T" -R "$R" no_load
expect_fail "--mem bad" 2 "--mem: '12Q'" "$CONTEST" --mem 12Q -d "$T" -R "$R" no_load
expect_fail "--scale bad" 2 "--scale: 'huge'" "$CONTEST" --scale huge -d "$T" -R "$R" no_load
expect_fail "--lead bad" 2 "--lead: '-1'" "$CONTEST" --lead -1 -d "$T" -R "$R" no_load
expect_fail "unknown option" 2 "unknown option '--bogus'" "$CONTEST" --bogus
expect_fail "missing argument" 2 "needs an argument" "$CONTEST" -R "$R" -k
check "nothing was created by the refused runs" test ! -e "$T" -a ! -e "$R"

: >"$SCRATCH/file"
expect_fail "testbed under a file" 2 "testbed '$SCRATCH/file/sub'" "$CONTEST" -k a -d "$SCRATCH/file/sub" -R "$R" --scale tiny no_load
expect_fail "results under a file" 2 "results directory '$SCRATCH/file/r'" "$CONTEST" -k a -d "$T" -R "$SCRATCH/file/r" --scale tiny no_load

# report on bad results
expect_fail "report of a missing directory" 2 "results directory '$SCRATCH/none'" "$CONTEST" -r -R "$SCRATCH/none"
mkdir -p "$SCRATCH/empty"
expect_fail "report of an empty directory" 2 "no results in $SCRATCH/empty" "$CONTEST" report -R "$SCRATCH/empty"
expect_fail "report of a bad label" 2 "bad label '../x'" "$CONTEST" report -R "$SCRATCH/empty" ../x
expect_fail "report with an unknown load" 2 "--loads: unknown load 'nope'" "$CONTEST" report -R "$SCRATCH/empty" --loads nope

# a results file with a malformed line: reported with file and line, skipped,
# the rest shown, exit 1
mkdir -p "$SCRATCH/bad"
printf 'contest-loads\t1\nlabel\tload\trun\tstatus\ttime\n' >"$SCRATCH/bad/x.loads"
printf 'x\tno_load\t1\tok\t10.0\nx\tno_load\t2\tok\tabc\nx\tno_load\t3\tok\t12.0\n' >>"$SCRATCH/bad/x.loads"
"$CONTEST" -r -R "$SCRATCH/bad" >"$SCRATCH/out" 2>"$SCRATCH/err"
check "malformed record: exit 1" test $? -eq 1
check "malformed record: named by file and line" grep -qF "x.loads:4:" "$SCRATCH/err"
check "malformed record: one line on stderr" test "$(wc -l <"$SCRATCH/err")" -eq 1
check "malformed record: the others are averaged" grep -qE '^x +\[2\]   11\.0 ' "$SCRATCH/out"

# --dry-run: the plan on stdout, nothing made or changed
"$CONTEST" --dry-run -k dry -n 2 --mem 64M -d "$SCRATCH/dry-tb" -R "$SCRATCH/dry-res" no_load read_load mem_load >"$SCRATCH/out" 2>"$SCRATCH/err"
check "dry run: exit 0" test $? -eq 0
check "dry run: the plan's shape" grep -qF "plan: 6 run(s): 2 round(s) x 3 load condition(s) x 1 setting(s)" "$SCRATCH/out"
check "dry run: a line per load with its disk" grep -qF "  read_load: 2 run(s) under dry; disk: 64M" "$SCRATCH/out"
check "dry run: the peak disk (read_load's file kept beside mem_load's)" grep -qF "peak disk in the testbed: 134M" "$SCRATCH/out"
check "dry run: nothing made" test ! -e "$SCRATCH/dry-tb" -a ! -e "$SCRATCH/dry-res"
check "dry run: silent on stderr" test ! -s "$SCRATCH/err"
expect_fail "dry run: a missing sysctl refused as a run refuses it" 2 "no sysctl 'vm.nosuch'" "$CONTEST" --dry-run --sysctl vm.nosuch=1 -d "$SCRATCH/dry-tb" -R "$SCRATCH/dry-res" no_load
check "dry run refused: nothing made" test ! -e "$SCRATCH/dry-tb" -a ! -e "$SCRATCH/dry-res"
# the directories are checked once, as the plan is made: a dry run refuses what a run refuses
mkdir -p "$SCRATCH/notours" && : >"$SCRATCH/notours/theirs"
expect_fail "dry run: a testbed that is not contest's refused as a run refuses it" 2 \
	"testbed '$SCRATCH/notours' is not contest's: it holds 1 entry" \
	"$CONTEST" --dry-run -d "$SCRATCH/notours" -R "$SCRATCH/dry-res" no_load
expect_fail "run: the same refusal" 2 "testbed '$SCRATCH/notours' is not contest's: it holds 1 entry" \
	"$CONTEST" -k a -d "$SCRATCH/notours" -R "$SCRATCH/dry-res" no_load
expect_fail "dry run: a results directory that is not contest's refused" 2 \
	"results directory '$SCRATCH/notours' is not contest's" \
	"$CONTEST" --dry-run -d "$SCRATCH/dry-tb" -R "$SCRATCH/notours" no_load
check "refused: nothing made, nothing removed" sh -c "test ! -e '$SCRATCH/dry-tb' -a ! -e '$SCRATCH/dry-res' -a -e '$SCRATCH/notours/theirs'"

done_tests
