# hostile.sh: careless or hostile input is refused in one line, quoted, before anything is made: result files of another version, corrupt or planted result files, -o, labels, sizes, huge arguments; reports the same under any TZ and a decimal-comma locale.
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
# Corrupt result files: each bad line or file is said in one line naming it,
# and the good records are still shown. A skipped line makes the report exit
# 1, a file refused whole (a link planted as LABEL.loads) 2.
C=$SCRATCH/corrupt
mkdir -p "$C"
head_loads() { printf 'contest-loads\t1\nlabel\tload\trun\tstatus\ttime\n'; }
{ head_loads; printf 'y\tno_load\t1\tok\t10.0\n'; } >"$C/y.loads"
{ head_loads; printf 'n\tno_load\t1\tok\t1\0000.0\nn\tno_load\t2\tok\t11.0\n'; } >"$C/n.loads"
{ head_loads; printf 'm\tno_load\t1\tok\t'; head -c 1000000 /dev/zero | tr '\0' 9; printf '\nm\tno_load\t2\tok\t12.0\n'; } >"$C/m.loads"
{ printf 'contest-loads\t1\nlabel\tload\trun\tstatus\ttime'; i=0
  while [ $i -lt 10000 ]; do printf '\tc%d' $i; i=$((i + 1)); done
  printf '\nw\tno_load\t1\tok\t13.0\nw\tno_load\t2\tok'; i=0
  while [ $i -lt 10001 ]; do printf '\t1'; i=$((i + 1)); done; printf '\n'; } >"$C/w.loads"
"$CONTEST" report -R "$C" >"$SCRATCH/rep" 2>"$ERR"
rc=$?
check "corrupt lines: exit 1 ($rc)" test "$rc" -eq 1
check "a NUL byte: one line naming FILE:LINE" grep -qx "contest: $C/n.loads:3: line has a NUL byte" "$ERR"
check "a 1 MB field: one short line naming FILE:LINE" sh -c "grep -q '^contest: $C/m.loads:3: field .time. is not a number' '$ERR' && test \$(wc -c <'$ERR') -lt 2000"
check "10,000 columns: read, a short line is named" grep -q "^contest: $C/w.loads:3: 5 fields where the header has 10005 columns" "$ERR"
check "corrupt lines: one line each" test "$(wc -l <"$ERR")" -eq 3
for l in "y  *\[1\]  *10\.0" "n  *\[1\]  *11\.0" "m  *\[1\]  *12\.0" "w  *\[1\]  *1\.0"; do
	check "the good records are shown: $l" grep -q "^$l" "$SCRATCH/rep"
done
ln -s loop1.loads "$C/loop2.loads"
ln -s loop2.loads "$C/loop1.loads"
ln -s /etc/shadow "$C/shadow.loads"
"$CONTEST" report -R "$C" y >"$SCRATCH/rep" 2>"$ERR"
rc=$?
check "planted links: exit 2 ($rc)" test "$rc" -eq 2
for f in loop1 loop2 shadow; do
	check "$f.loads: skipped in one line, never read through" \
		grep -qx "contest: $C/$f.loads is a symbolic link, not a results file; skipped" "$ERR"
done
check "planted links: nothing of /etc/shadow shown" sh -c "! grep -q 'root:' '$SCRATCH/rep' '$ERR'"
check "planted links: the others still shown" grep -q '^y  *\[1\]  *10\.0' "$SCRATCH/rep"
expect_fail "a run onto a symbolic link loop" 2 "$C/loop1.loads is a symbolic link" \
	"$CONTEST" -k loop1 -d "$T" -R "$C" --scale tiny no_load
check "no testbed made for the link loop" test ! -e "$T"
rm -rf "$C"

# Huge arguments: refused in one line, cut short in the message, nothing made.
big=$(head -c 100000 /dev/zero | tr '\0' a)
# huge OPT VALUE MESSAGE [ARGS...]: contest OPT VALUE ARGS no_load is
# refused in one line holding MESSAGE, cut short
huge() {
	h_o=$1 h_v=$2 h_m=$3
	shift 3
	expect_fail "a huge $h_o: one line" 2 "$h_m" "$CONTEST" "$h_o" "$h_v" "$@" no_load
	check "a huge $h_o: the message is cut short" test "$(wc -c <"$ERR")" -lt 2000
}
huge -k "$big" "bad label" -d "$T" -R "$R" --scale tiny
huge -d "/tmp/$big" "cannot create testbed" -R "$R" --scale tiny
huge -R "/tmp/$big" "cannot create results directory" -d "$T" --scale tiny
huge -t "/tmp/$big" "kernel tree" -d "$T" -R "$R"
huge --mem "${big}G" "--mem: " -d "$T" -R "$R" --scale tiny
huge --sysctl "vm.$big=1" "--sysctl: " -d "$T" -R "$R" --scale tiny
huge -n 99999999999999999999999 "-n: '99999999999999999999999' is not a number of runs" -d "$T" -R "$R"
expect_fail "a huge load name: one line" 2 "unknown load 'no_load" "$CONTEST" -d "$T" -R "$R" --scale tiny "no_load$big"
expect_fail "a huge report label: one line" 2 "bad label" "$CONTEST" report -R "$R" "$big"
check "huge arguments: nothing made" test ! -e "$T" -a ! -e "/tmp/$big"

# Every report is byte for byte the same under odd TZ values and a
# decimal-comma locale (made with localedef when none is installed).
Z=$SCRATCH/tz
mkdir -p "$Z"
{ printf 'contest-loads\t1\nlabel\tload\trun\ttimestamp\thost\tkernel\tstatus\ttime\tcpu_pct\tloads\tlcpu_pct\n'
  for l in a b; do for ld in no_load io_load; do for r in 1 2 3; do
	printf '%s\t%s\t%d\t2026-01-0%dT23:30:0%dZ\th\t6.1\tok\t%d.%d5\t9%d.5\t%d.25\t4%d.5\n' "$l" "$ld" "$r" "$r" "$r" $((10 + r)) "$r" "$r" "$r" "$r"
  done; done; done; } >"$Z/all.loads"
awk -F '\t' 'NR <= 2 || $1 == "a"' "$Z/all.loads" >"$Z/a.loads"
awk -F '\t' 'NR <= 2' "$Z/all.loads" >"$Z/b.loads"
awk -F '\t' 'NR > 2 && $1 == "b"' "$Z/all.loads" >>"$Z/b.loads"
rm -f "$Z/all.loads"
LOC=
if locale -a 2>/dev/null | grep -qix 'de_DE.utf-\{0,1\}8'; then
	LOC=de_DE.UTF-8
elif command -v localedef >/dev/null 2>&1 && localedef -i de_DE -f UTF-8 "$SCRATCH/de_DE.UTF-8" 2>/dev/null; then
	LOC=de_DE.UTF-8
	LOCPATH=$SCRATCH
	export LOCPATH
else
	skip "no decimal-comma locale (de_DE.UTF-8 not installed, localedef cannot make one): TZ only"
fi
for f in text csv json markdown html; do
	for x in "" --stats --trend; do
		env TZ=UTC LC_ALL=C "$CONTEST" report -R "$Z" --format "$f" $x >"$SCRATCH/want" 2>&1
		same=1
		for tz in Pacific/Chatham America/St_Johns Asia/Kathmandu 'XYZ+13:45' ':/nonexistent'; do
			env TZ="$tz" LC_ALL=C "$CONTEST" report -R "$Z" --format "$f" $x 2>&1 | cmp -s - "$SCRATCH/want" || same=0
		done
		[ -n "$LOC" ] && { env TZ=UTC LC_ALL="$LOC" LANG="$LOC" "$CONTEST" report -R "$Z" --format "$f" $x 2>&1 |
			cmp -s - "$SCRATCH/want" || same=0; }
		check "report --format $f $x: the same under odd TZ values${LOC:+ and $LOC}" test "$same" -eq 1
	done
done
done_tests
