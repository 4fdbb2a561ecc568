# clean.sh: contest clean removes what runs keep in a testbed (listing each with its size), never the results; it refuses a directory that is not a testbed and one in use; a run's closing line names what it kept.
. tests/e2e/lib.sh

# a run keeps the built-in tree, compile.log and read_load.dat, and says so
"$CONTEST" -k c --scale mini --lead 0 --no-canary --mem 16M -d "$T" -R "$R" no_load read_load >"$SCRATCH/out" 2>"$ERR"
check "a run: exit 0" test $? -eq 0
check "its closing line names what it kept, with sizes" grep -qx "contest: kept in $T for the next run: builtin-1-mini [0-9.]*[KM], compile.log [0-9.]*[BK], read_load.dat 16M; contest clean -d $T removes them" "$ERR"
check "the closing line is the last" sh -c "tail -n 1 '$ERR' | grep -q '^contest: kept in '"
"$CONTEST" -k c --scale mini --lead 0 --no-canary --mem 16M -q -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "with -q: not said" sh -c "! grep -q 'for the next run' '$ERR'"

# clean: each kept entry removed and listed with its size; the results stay
"$CONTEST" clean -d "$T" >"$SCRATCH/out" 2>"$ERR"
check "clean: exit 0" test $? -eq 0
check "clean: quiet on stderr" test ! -s "$ERR"
check "clean: the tree listed with its size" grep -qx "removed $T/builtin-1-mini [0-9.]*[KM]" "$SCRATCH/out"
check "clean: read_load.dat listed" grep -qx "removed $T/read_load.dat 16M" "$SCRATCH/out"
check "clean: compile.log listed" grep -qx "removed $T/compile.log [0-9.]*[BK]" "$SCRATCH/out"
check "clean: the total" grep -q "^removed 3 entries (.*) from $T; no result file touched\$" "$SCRATCH/out"
check "clean: only the lock file is left" test "$(contents "$T")" = ".contest.lock "
check "clean: the results stay" test -s "$R/c.loads"
"$CONTEST" clean -d "$T" >"$SCRATCH/out" 2>"$ERR"
check "clean again: exit 0, nothing to remove" sh -c "test $? -eq 0 && grep -qx 'nothing to remove in $T' '$SCRATCH/out'"

# a results directory given as the testbed: not a testbed, nothing removed
mkdir -p "$SCRATCH/plain"
echo keep >"$SCRATCH/plain/notes"
expect_fail "a plain directory refused" 2 "'$SCRATCH/plain' is not a contest testbed (no .contest.lock and none of the files contest keeps); nothing removed" "$CONTEST" clean -d "$SCRATCH/plain"
check "the plain directory untouched" test "$(contents "$SCRATCH/plain")" = "notes "
expect_fail "a missing directory refused" 2 "testbed '$SCRATCH/none': No such file or directory" "$CONTEST" clean -d "$SCRATCH/none"
expect_fail "an operand refused" 2 "clean: unexpected argument 'x'" "$CONTEST" clean x
check "clean in --help" sh -c "'$CONTEST' --help | grep -q '^       contest clean \[-d TESTBED\]'"

# a testbed in use: clean refuses, naming the holder, and removes nothing
fake_tree "$K"
export LINK_SLEEP=60
"$CONTEST" -t "$K" --lead 0 --no-flush -k h -d "$T" -R "$R" no_load >/dev/null 2>"$SCRATCH/h.err" &
holder=$!
unset LINK_SLEEP
wait_until 60 test -e "$K/.linked" || bad "the holder never compiled"
: >"$T/compile.log.keep"
expect_fail "a testbed in use refused" 2 "testbed '$T' is in use by contest pid $holder" "$CONTEST" clean -d "$T"
check "in use: its compile.log stays" test -e "$T/compile.log"
kill -INT "$holder"
wait "$holder"
check "the holder ends on SIGINT (130)" test $? -eq 130
check "after the interrupt, the holder says what it kept" grep -q "^contest: kept in $T for the next run: .*compile.log [0-9.]*[BK]; contest clean -d $T removes them\$" "$SCRATCH/h.err"
# a failed compile's log is kept under a name of its own, named in the
# reason: the next run's compile.log does not empty it; the last 5 are kept
F=$SCRATCH/ftb
rm -f "$K/.linked"
LINK_FAIL=1 "$CONTEST" -t "$K" --lead 0 --no-flush -q -k f -n 1 -d "$F" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "a failed compile: exit 1" test $? -eq 1
kept="$F/compile.log.f-no_load-1.failed"
col "$R/f.loads" reason label=f status=failed >"$SCRATCH/reason"
check "the reason names the kept log" grep -qF "(log: $kept)" "$SCRATCH/reason"
check "the warning names it too" grep -qF "(log: $kept); its last lines:" "$ERR"
"$CONTEST" -t "$K" --lead 0 --no-flush -q -k g -n 1 -d "$F" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "the next run: exit 0" test $? -eq 0
check "after the next run the kept log still holds the failed compile" grep -q 'vmlinux' "$kept"
for i in 2 3 4 5 6; do
	LINK_FAIL=1 "$CONTEST" -t "$K" --lead 0 --no-flush -q -k f -n 1 -d "$F" -R "$R" no_load >/dev/null 2>&1
done
check "6 failures keep the last 5 logs" test "$(contents "$F" | tr ' ' '\n' | grep -c '\.failed$')" -eq 5
check "the oldest went" test ! -e "$kept"
"$CONTEST" clean -d "$F" >"$SCRATCH/out" 2>"$ERR"
check "clean removes the kept logs" sh -c "grep -c '^removed $F/compile.log.f-no_load-[0-9].failed ' '$SCRATCH/out' | grep -qx 5"
check "clean: only the lock file is left of them" test "$(contents "$F")" = ".contest.lock "
done_tests
