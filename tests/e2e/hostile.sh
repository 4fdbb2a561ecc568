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
check "the report still prints the other label" sh -c "'$CONTEST' report -R '$R' 2>/dev/null | grep -q '^y  *\[1\]  *10'"
rm -f "$R/x.loads"
printf 'contest-micro\t2\nlabel\trun\n' >"$R/m.micro"
"$CONTEST" report --micro -R "$R" >/dev/null 2>"$ERR"
check "report --micro of a contest-micro 2 file exits 2" test $? -eq 2
check "report --micro names the file and both versions" grep -qxF \
	"contest: $R/m.micro: contest-micro format version '2', but this build reads only version 1; file refused" "$ERR"
rm -rf "$R"

# -o is checked up front, like -d, whether io_other is in the plan or not:
# missing, a FIFO, a file, /proc, /sys refused in one line, nothing made.
mkfifo "$SCRATCH/fifo"
: >"$SCRATCH/file"
for o in "$SCRATCH/none:$SCRATCH/none': No such file or directory" \
         "$SCRATCH/fifo:$SCRATCH/fifo' is not a directory" \
         "$SCRATCH/file:$SCRATCH/file' is not a directory" \
         "/proc:/proc' is on proc, a kernel pseudo file system" \
         "/sys/kernel:/sys/kernel' is on sysfs, a kernel pseudo file system"; do
	dir=${o%%:*} msg=${o#*:}
	for load in io_other no_load; do
		expect_fail "-o $dir with $load" 2 "-o '$msg" \
			"$CONTEST" -k a -o "$dir" -d "$T" -R "$R" --scale tiny "$load"
		check "-o $dir with $load: nothing made" test ! -e "$T" -a ! -e "$R"
	done
	expect_fail "-o $dir with --dry-run" 2 "-o '$msg" \
		"$CONTEST" --dry-run -k a -o "$dir" -d "$T" -R "$R" --scale tiny io_other
done
check "the FIFO is still a FIFO" test -p "$SCRATCH/fifo"
if ! is_root; then   # root writes anywhere
	mkdir -p "$SCRATCH/ro"
	chmod 555 "$SCRATCH/ro"
	expect_fail "-o not writable" 2 "-o '$SCRATCH/ro' is not writable: Permission denied" \
		"$CONTEST" -k a -o "$SCRATCH/ro" -d "$T" -R "$R" --scale tiny io_other
fi

# Input echoed in a message is escaped: one line, whatever it holds.
nl='a
b'
expect_fail "a label with a newline: one line" 2 "bad label 'a\\x0Ab'" "$CONTEST" -k "$nl" -d "$T" -R "$R" no_load
expect_fail "a report label with ESC: one line" 2 "bad label 'x\\x1B[2J'" "$CONTEST" report -R "$R" "$(printf 'x\033[2J')"
expect_fail "-o with a newline: one line" 2 "-o: '$SCRATCH/a\\x0Ab' holds a control character" "$CONTEST" -k a -o "$SCRATCH/$nl" -d "$T" -R "$R" no_load

# Sizes: only decimal digits, a fraction before a suffix, K M G T (B, iB).
for m in 0x10M 1e3M +1G -1G " 1G" inf nan 1.5; do
	expect_fail "--mem '$m' refused" 2 "--mem: '$m' is not a size" "$CONTEST" --dry-run -k a --mem "$m" -d "$T" -R "$R" no_load
done
check "--mem 1.5G taken (dry run)" sh -c "'$CONTEST' --dry-run -k a --scale tiny --mem 1.5G -d '$T' -R '$R' no_load >/dev/null 2>&1"
check "the dry runs made nothing" test ! -e "$T" -a ! -e "$R"

# a path with a control character is refused where it is given (every later
# message naming it would print it raw); sysctl settings are echoed escaped
nl=$(printf 'a\nb')
tab=$(printf 'a\tb')
expect_fail "-d with a newline: refused in one line" 2 "-d: '/proc/xa\\x0Ab' holds a control character" \
	"$CONTEST" -d "/proc/x$nl" -R "$SCRATCH/rq" no_load
expect_fail "-t with a newline" 2 "-t: '/nonexistenta\\x0Ab' holds a control character" \
	"$CONTEST" -t "/nonexistent$nl" -d "$SCRATCH/tq" -R "$SCRATCH/rq" no_load
expect_fail "-R with a tab" 2 "-R: '$SCRATCH/fa\\x09b' holds a control character" \
	"$CONTEST" -k z --scale tiny -d "$SCRATCH/tq" -R "$SCRATCH/f$tab" no_load
expect_fail "CONTEST_RESULTS with a newline" 2 "CONTEST_RESULTS: '$SCRATCH/a\\x0Ab' holds a control character" \
	env CONTEST_RESULTS="$SCRATCH/$nl" "$CONTEST" report
expect_fail "--output with a newline" 2 "--output: '/nonexistent/a\\x0Ab' holds a control character" \
	"$CONTEST" report -R "$SCRATCH/rq" --output "/nonexistent/$nl"
expect_fail "clean -d with a newline" 2 "-d: '/nonexistent/a\\x0Ab' holds a control character" \
	"$CONTEST" clean -d "/nonexistent/$nl"
expect_fail "a sysctl name with a newline: one line" 2 "--sysctl: 'vm.a\\x0Ab' is not a sysctl name" \
	"$CONTEST" --sysctl "vm.$nl=1" -d "$SCRATCH/tq" -R "$SCRATCH/rq" no_load
# a path that holds no control character but is echoed all the same is escaped
mkdir -p "$SCRATCH/f'q" && : >"$SCRATCH/f'q/foreign"
expect_fail "a foreign results directory with a quote: escaped" 2 "results directory '$SCRATCH/f\\x27q' is not contest's" \
	"$CONTEST" -k z --scale tiny -d "$SCRATCH/tq" -R "$SCRATCH/f'q" no_load
check "refusals: nothing made" test ! -e "$SCRATCH/rq" -a ! -e "$SCRATCH/tq"
done_tests
