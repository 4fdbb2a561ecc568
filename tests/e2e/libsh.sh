# libsh.sh: lib.sh itself: a check that passes says its "ok" line and gives its command's output on as it was; one that fails is followed by what it ran, its status and its output (the first 20 lines); expect_fail and expect_eq show theirs; col reads a records file's columns; prints fails on a command killed by a signal.
. tests/e2e/lib.sh
LIB=$(pwd)/tests/e2e/lib.sh

# inner NAME BODY: a script sourcing lib.sh, BODY then its closing line, run
# in $SCRATCH: its stdout in $SCRATCH/NAME.out, its stderr in NAME.err, its
# exit status in $rc
inner() {
	printf '. %s\n%s\ndone_tests\n' "$LIB" "$2" >"$SCRATCH/$1.sh"
	(cd "$SCRATCH" && sh "$1.sh" >"$1.out" 2>"$1.err")
	rc=$?
}

# want NAME: what the inner script NAME should print on stdout, from stdin
want() { cat >"$SCRATCH/$1.want"; }

# 1. Passing checks: the lines of before, the output given on as it was.
inner pass "check 'says a line' sh -c 'echo out; echo err >&2'
check 'quiet' true
check 'to a file' sh -c 'echo kept; echo also >&2' >kept 2>&1"
want pass <<'EOF'
out
ok 1 - says a line
ok 2 - quiet
ok 3 - to a file
3 passed, 0 failed
EOF
check "passing checks: their lines and their commands' stdout, as before" diff "$SCRATCH/pass.want" "$SCRATCH/pass.out"
expect_eq "passing checks: their commands' stderr on stderr" "$(cat "$SCRATCH/pass.err")" err
expect_eq "passing checks: exit 0" "$rc" 0
expect_eq "a check's output to a file: there, in the order written" "$(cat "$SCRATCH/kept")" "kept
also"

# 2. A failing check: the command, its status, its stdout and its stderr.
inner fail "check 'first' true
check 'a planted failure' sh -c 'echo \"it'\\''s out\"; echo the reason >&2; exit 3'
check 'after it' true"
want fail <<'EOF'
ok 1 - first
not ok 2 - a planted failure
#   command:
#     sh -c 'echo "it'\''s out"; echo the reason >&2; exit 3'
#   exit status 3
#   stdout:
#     it's out
#   stderr:
#     the reason
ok 3 - after it
2 passed, 1 failed
EOF
check "a failing check: the command, its status and output follow its line" diff "$SCRATCH/fail.want" "$SCRATCH/fail.out"
check "a failing check: the script exits 1" test "$rc" -eq 1
# (stderr, another file than the script's stdout, still gets its own)
expect_eq "a failing check: its stderr given on too" "$(cat "$SCRATCH/fail.err")" "the reason"

# 3. The script's stdout and stderr one file (as tests/run.sh runs it): the
# output as one, in order.
printf '. %s\n%s\ndone_tests\n' "$LIB" "check 'ok one' sh -c 'echo a; echo b >&2; echo c'
check 'mixed' sh -c 'echo a; echo b >&2; echo c; false'" >"$SCRATCH/one.sh"
(cd "$SCRATCH" && sh one.sh >one.out 2>&1)
want one <<'EOF'
a
b
c
ok 1 - ok one
not ok 2 - mixed
#   command:
#     sh -c 'echo a; echo b >&2; echo c; false'
#   exit status 1
#   output:
#     a
#     b
#     c
1 passed, 1 failed
EOF
check "stdout and stderr one file: one output, in order" diff "$SCRATCH/one.want" "$SCRATCH/one.out"

# 4. Long output: its first 20 lines and how many; a command killed by a signal.
inner long "check 'thirty lines' sh -c 'seq 30; exit 1'"
check "long output: the first 20 of 30 lines" grep -qx '#   stdout: (the first 20 of 30 lines)' "$SCRATCH/long.out"
expect_eq "long output: 20 lines shown, 1 to 20" \
	"$(sed -n '/^#   stdout/,/^#   stderr/s/^#     //p' "$SCRATCH/long.out" | tr '\n' ' ')" "$(seq 20 | tr '\n' ' ')"
inner killed "check 'killed' sh -c 'kill -TERM \$\$'"
check "a signal: named" grep -qx '#   exit status 143: killed by SIGTERM' "$SCRATCH/killed.out"

# 5. expect_fail and expect_eq say what they saw.
inner other "expect_fail 'two lines' 2 'x' sh -c 'echo o; echo x >&2; echo y >&2; exit 2'
expect_eq 'equal' 'a' 'a'
expect_eq 'differ' 'one
two' 'one'"
want other <<'EOF'
not ok 1 - two lines: 2 lines on stderr, want 1
#   command:
#     sh -c 'echo o; echo x >&2; echo y >&2; exit 2'
#   exit status 2
#   stdout:
#     o
#   stderr:
#     x
#     y
ok 2 - equal
not ok 3 - differ
#   got:
#     one
#     two
#   want:
#     one
1 passed, 2 failed
EOF
check "expect_fail and expect_eq: what they saw" diff "$SCRATCH/other.want" "$SCRATCH/other.out"

# 6. col: a column, several, some records only; a name the file lacks.
printf 'contest-loads\t9\nlabel\tload\trun\tstatus\n' >"$SCRATCH/a.loads"
printf 'a\tno_load\t1\tok\na\tio_load\t1\tfailed\na\tno_load\t2\tok\n' >>"$SCRATCH/a.loads"
expect_eq "col: a column" "$(col "$SCRATCH/a.loads" load | tr '\n' ' ')" "no_load io_load no_load "
expect_eq "col: two, a tab between" "$(col "$SCRATCH/a.loads" run,status | tr '\t\n' ': ')" "1:ok 1:failed 2:ok "
expect_eq "col: where columns are values" "$(col "$SCRATCH/a.loads" run load=no_load status=ok | tr '\n' ' ')" "1 2 "
expect_fail "col: a column the file lacks" 1 "col: $SCRATCH/a.loads has no column bogus" col "$SCRATCH/a.loads" bogus
expect_fail "col: a filter's column the file lacks" 1 "has no column host" col "$SCRATCH/a.loads" run host=x

# 7. prints: a command's status counts, not grep's.
check "prints: exit 0 and the line" prints '^hello' sh -c 'echo hello'
inner prints "check 'crash' prints '^hello' sh -c 'echo hello; kill -SEGV \$\$'
check 'nothing hidden' prints_no '^hello' sh -c 'echo hello; kill -SEGV \$\$'"
check "prints: a command killed by a signal fails the check" test "$(grep -c '^not ok' "$SCRATCH/prints.out")" -eq 2
check "prints: the signal said" grep -q '^#     sh: exit status 139: killed by SIGSEGV$' "$SCRATCH/prints.out"
done_tests
