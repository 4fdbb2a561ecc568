# run_tiny.sh: two labels, the mini workload, no_load and cacherun; the report; a test load's window; nothing left behind.
. tests/e2e/lib.sh
run() { "$CONTEST" --scale mini --lead 0.5 --no-canary -d "$T" -R "$R" "$@"; }

check "run a" run -k a -n 2 no_load cacherun >"$SCRATCH/a.out" 2>"$SCRATCH/a.err"
check "run b" run -k b -n 2 noload cacherun >"$SCRATCH/b.out" 2>"$SCRATCH/b.err"
check "a's report printed after its runs" grep -q '^no_load:$' "$SCRATCH/a.out"
check "a's report has only a" sh -c "! grep -q '^b ' '$SCRATCH/a.out'"
check "a line per finished run on stderr" test "$(grep -c 'run [12]/2: Time' "$SCRATCH/a.err")" -eq 4

"$CONTEST" -r -R "$R" >"$SCRATCH/report" 2>"$SCRATCH/report.err"
check "report exits 0" test $? -eq 0
check "report is quiet on stderr" test ! -s "$SCRATCH/report.err"
# the two blocks, in load order, each with rows a then b, 2 runs each
check "block order" test "$(grep ':$' "$SCRATCH/report" | tr '\n' ' ')" = "no_load: cacherun: "
check "header" test "$(grep -c '^Kernel         \[runs\]   Time    CPU%    Loads   LCPU%   Ratio$' "$SCRATCH/report")" -eq 2
check "rows a,b x2 with 2 runs" test "$(grep -cE '^(a|b) +\[2\] +[0-9]' "$SCRATCH/report")" -eq 4
check "no_load ratio 1.00" test "$(sed -n '/^no_load:/,/^cacherun:/p' "$SCRATCH/report" | grep -cE '^(a|b) .* 1\.00(   busy)?$')" -eq 2
check "label order a before b" test "$(grep -E '^(a|b) ' "$SCRATCH/report" | cut -c1 | tr -d '\n')" = "abab"
check "cacherun ratio present" test "$(sed -n '/^cacherun:/,$p' "$SCRATCH/report" | grep -cE '^(a|b) .* [0-9]\.[0-9][0-9](   busy)?$')" -eq 2
check "report of b alone" sh -c "'$CONTEST' report -R '$R' b | grep -cE '^b ' | grep -qx 2"
check "--loads filter" test "$("$CONTEST" report -R "$R" --loads cacherun | grep -c ':$')" -eq 1
check "--precise adds decimals" sh -c "'$CONTEST' report -R '$R' --precise | grep -qE '^a +\[2\]   [0-9]+\.[0-9][0-9] +[0-9]+\.[0-9] .* 1\.000(   busy)?$'"

# records: header once, 4 records per label, runs 1,2 of each load
check "a's file has a header and 4 records" test "$(wc -l <"$R/a.loads")" -eq 6
check "runs numbered per load" test "$(cut -f2,3 "$R/a.loads" | tail -n 4 | sort | tr '\n\t' ' :')" = "cacherun:1 cacherun:2 no_load:1 no_load:2 "
check "workload identity recorded" grep -q 'builtin-1:mini' "$R/a.loads"
# runs accumulate across invocations
check "third run" run -k a -q no_load >/dev/null 2>&1
check "runs accumulate" sh -c "'$CONTEST' report -R '$R' --loads no_load a | grep -qE '^a +\[3\]   '"

# the test load: Loads and LCPU% measured inside the window
check "selftest load run" run -k t -q selftest_load >"$SCRATCH/t.out" 2>&1
row=$(grep -E '^t ' "$SCRATCH/t.out")
loads=$(echo "$row" | awk '{print $5}')
lcpu=$(echo "$row" | awk '{print $6}')
check "selftest Loads > 0 ($loads)" awk "BEGIN{exit !($loads > 0)}"
check "selftest LCPU% > 0 ($lcpu)" awk "BEGIN{exit !($lcpu > 0)}"
check "selftest ratio is - without no_load" sh -c "echo '$row' | grep -qE ' -(   busy)?$'"

# nothing left behind: no process of ours, testbed holds only the tree and the log
check "no stray processes" no_strays "$T"
check "testbed contents" test "$(contents "$T")" = ".contest.lock builtin-1-mini compile.log "
done_tests
