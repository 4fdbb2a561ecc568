# faults.sh: faults beyond signals: a testbed that fills during interact's compile or micro's suite, a results disk that fills during micro's record, a torn last line in a results file, a read-only results folder; each said in one line naming the path and the error, with its exit status, the records made before kept and readable.
. tests/e2e/lib.sh
M=$SCRATCH/bed     # the testbed: a 40 MiB tmpfs, filled while contest runs
MR=$SCRATCH/mres   # a results directory on a 1 MiB tmpfs, filled before micro records
RO=$SCRATCH/ro     # a read-only tmpfs as the results folder
mkdir -p "$M" "$MR" "$RO"
need_root "to mount a tmpfs" || skip_rest
if ! mount -t tmpfs -o size=40M tmpfs "$M" 2>"$SCRATCH/mount.err"; then
	skip "cannot mount a tmpfs: $(cat "$SCRATCH/mount.err")" || skip_rest
fi
# whatever happens, nothing stays mounted or running
cleanup() {
	[ -n "$bg" ] && kill "$bg" 2>/dev/null && wait "$bg" 2>/dev/null
	for m in "$M" "$MR" "$RO"; do umount "$m" 2>/dev/null; done
	rm -rf "$SCRATCH"
}
trap cleanup EXIT
trap 'exit 130' HUP INT TERM
bg=

# fill_when FILE PATTERN [DIR]: once FILE holds PATTERN (within 600 s, and
# while contest, $bg, runs), fill DIR's file system (default: the testbed's)
fill_when() {
	wait_until 600 sh -c "grep -q '$2' '$1' || ! kill -0 $bg 2>/dev/null" ||
		echo "never saw '$2' in $1" >&2
	dd if=/dev/zero of="${3:-$M}/fill" bs=4k 2>/dev/null
}
# unfill: the testbed's space back for the next test
unfill() { rm -f "$M/fill"; }
# one_line FILE PATTERN: exactly one line of FILE matches PATTERN (ERE)
one_line() { test "$(grep -cE "$2" "$1")" -eq 1; }

# 1. contest interact, its testbed full during the compile: make's status,
# the space error and the kept log in one line, then make's last lines; the
# windows recorded before are kept and reported
ia() { "$CONTEST" interact -d "$M" -R "$R" --scale tiny --seconds 1 --lead 0 --tasks audio "$@"; }
check "interact: a first pass records" quiet ia -k ia -q no_load >/dev/null
cp "$R/ia.interact" "$SCRATCH/ia.before"
# a window long enough that the testbed fills while the compile runs
ia -k ia --seconds 30 compile >"$SCRATCH/out" 2>"$ERR" &
bg=$!
fill_when "$ERR" "run 1/1: compile"
wait "$bg"
rc=$? bg=
unfill
check "interact, testbed full: exit 1 ($rc)" test "$rc" -eq 1
check "interact: one line says make's status, the space error and the log in the testbed" one_line "$ERR" \
	"^contest: compile: compile failed: make exited with status [0-9]+: No space left on device \(log: $M/compile.log.ia-interact-compile.failed\); its remaining windows are not recorded; make's last lines:\$"
check "interact: make's last lines follow it" grep -q '^    .' "$ERR"
check "interact: the earlier windows are intact" sh -c "head -c \$(wc -c <'$SCRATCH/ia.before') '$R/ia.interact' | cmp -s - '$SCRATCH/ia.before'"
"$CONTEST" report --interactive -R "$R" >"$SCRATCH/rep" 2>"$SCRATCH/rep.err"
check "interact: the report reads them (exit $?)" sh -c "grep -A3 '^audio:\$' '$SCRATCH/rep' | grep -q '^no_load  *ia '"
check "interact: nothing left running" no_strays "$M"

# 2. contest micro, its testbed full during the suite: the run is kept as
# measured, one closing line names the figures, the testbed and the error, exit 1
mi() { "$CONTEST" micro --quick -k early -d "$M" "$@"; }
check "micro: a first run records" quiet mi -q -R "$R" >/dev/null
cp "$R/early.micro" "$SCRATCH/micro.before"
mi -R "$R" >"$SCRATCH/out" 2>"$ERR" &
bg=$!
fill_when "$ERR" "suite on CPU"
wait "$bg"
rc=$? bg=
unfill
check "micro, testbed full: exit 1 ($rc)" test "$rc" -eq 1
check "micro: one closing line names the figures, the testbed and the error" sh -c "tail -n 1 '$ERR' | grep -qE \
	'^contest: micro: [0-9]+ figures? not measured for lack of space in the testbed $M \(No space left on device\): [a-z_0-9, ]+; the run is recorded with (it|them) as na\$'"
check "micro: the first run's lines are intact" sh -c "head -c \$(wc -c <'$SCRATCH/micro.before') '$R/early.micro' | cmp -s - '$SCRATCH/micro.before'"
check "micro: the second run is recorded" grep -q "$(printf '^early\t2\t')" "$R/early.micro"
check "micro: the records are whole" whole_lines "$R"
"$CONTEST" report --micro -R "$R" >"$SCRATCH/rep" 2>"$SCRATCH/rep.err"
check "micro: the report reads both runs (exit $?)" test "$(grep -c '^[^ ]* *early ' "$SCRATCH/rep")" -ge 2
check "micro: nothing left in the testbed" only_reusable "$M"

# 3. contest micro, the results disk full when it records: ENOSPC said as
# what it is, naming the results directory; the file is cut back
if mount -t tmpfs -o size=1M tmpfs "$MR" 2>"$SCRATCH/mount.err"; then
	cp "$R/early.micro" "$MR/"
	cp "$MR/early.micro" "$SCRATCH/micro.before"
	mi -R "$MR" >"$SCRATCH/out" 2>"$ERR" &
	bg=$!
	fill_when "$ERR" "suite on CPU" "$MR"
	wait "$bg"
	rc=$? bg=
	grep -v '^micro run\|not available' "$ERR" >"$SCRATCH/err2" && mv "$SCRATCH/err2" "$ERR"
	check "micro, results full: exit 1 ($rc)" test "$rc" -eq 1
	check "micro, results full: one line, ENOSPC as what it is" one_line "$ERR" \
		"^contest: cannot record micro run 3 of 'early' in $MR: No space left on device\$"
	check "micro, results full: never Input/output error" sh -c "! grep -q 'Input/output error' '$ERR'"
	check "micro, results full: the file is cut back to what it held" cmp -s "$MR/early.micro" "$SCRATCH/micro.before"
	rm -f "$MR/fill"
	check "micro, results full: the report reads it" quiet "$CONTEST" report --micro -R "$MR" early >/dev/null
	umount "$MR"
else
	skip "cannot mount a second tmpfs: $(cat "$SCRATCH/mount.err")"
fi

# 4. a torn last line: the next run's append marks and ends it, the run is
# on a line of its own; the report shows the earlier run and the new one,
# and notes the torn line by FILE:LINE (exit 1: a line was skipped)
run() { "$CONTEST" --scale tiny --lead 0 -q -d "$M" -R "$R" "$@"; }
check "torn: two runs recorded" quiet run -k base -n 2 no_load >/dev/null
truncate -s -100 "$R/base.loads"
check "torn: the next run exits 0" quiet run -k base -n 1 no_load >/dev/null
check "torn: line 4 is marked as torn" sh -c "sed -n 4p '$R/base.loads' | grep -q '	#torn\$'"
check "torn: the new run is on a line of its own" sh -c "awk -F '\t' 'NR == 2 {n = NF} NR == 5 && NF == n && \$1 == \"base\" {ok = 1} END {exit !ok}' '$R/base.loads'"
check "torn: the file ends in a newline" test -z "$(tail -c 1 "$R/base.loads")"
"$CONTEST" report -R "$R" base >"$SCRATCH/rep" 2>"$ERR"
rc=$?
check "torn: report exits 1 for the skipped line ($rc)" test "$rc" -eq 1
check "torn: the torn line noted by FILE:LINE, in one line" sh -c "test \$(wc -l <'$ERR') -eq 1 &&
	grep -qx 'contest: $R/base.loads:4: torn line (cut short before its newline; marked by a later append), skipped' '$ERR'"
check "torn: the report shows the earlier run and the new one" grep -qE '^base +\[2\] ' "$SCRATCH/rep"
"$CONTEST" report --format csv -R "$R" base >/dev/null 2>&1
check "torn: every format reads past it (csv exit $?)" test $? -eq 1

# 5. a read-only results folder: refused in one line, nothing compiled
if mount -t tmpfs -o size=1M,ro tmpfs "$RO" 2>"$SCRATCH/mount.err"; then
	rm -rf "$M/builtin-1-tiny"
	expect_fail "a read-only results folder: refused in one line" 2 "$RO" \
		"$CONTEST" -k ro --scale tiny -n 1 -d "$M" -R "$RO" no_load
	check "read-only: the message says why" grep -q 'Read-only file system\|not writable' "$ERR"
	check "read-only: nothing compiled, nothing made" test ! -e "$M/builtin-1-tiny"
else
	skip "cannot mount a read-only tmpfs: $(cat "$SCRATCH/mount.err")"
fi
check "no stray processes" no_strays "$M"
done_tests
