# loads_rate.sh: contest loads --rate runs each load alone and prints its work per second; bad input refused; nothing left.
. tests/e2e/lib.sh
expect_fail "loads with a load but no --rate" 2 "loads: 'io_load' needs --rate" "$CONTEST" loads io_load
expect_fail "bad --seconds" 2 "--seconds: '0' is not a number of seconds" "$CONTEST" loads --rate --seconds 0
expect_fail "unknown load" 2 "unknown load 'nope'" "$CONTEST" loads --rate nope
"$CONTEST" loads --rate --seconds 1 --mem 16M -d "$T" process_load burn_load io_load list_load no_load >"$SCRATCH/out" 2>"$SCRATCH/err"
check "rate exits 0" test $? -eq 0
check "header" grep -q '^Load  *Seconds  *Loads/s  *Work/s  *LCPU%  *MajFlt/s  *Work unit$' "$SCRATCH/out"
for l in process_load burn_load io_load list_load; do
	w=$(awk -v l=$l '$1 == l {print $4}' "$SCRATCH/out")
	check "$l did work (${w:-none}/s)" awk "BEGIN{exit !(${w:-0} > 0)}"
done
check "no_load has no row" sh -c "! grep -q '^no_load' '$SCRATCH/out'"
check "units named" grep -q 'ring hops$' "$SCRATCH/out"
check "burn_load counts loop iterations" grep -q '^burn_load .*loop iterations$' "$SCRATCH/out"
"$CONTEST" loads >"$SCRATCH/list"
check "contest loads lists burn_load" grep -q '^burn_load$' "$SCRATCH/list"
check "nothing left in the testbed but its lock file" test "$(contents "$T")" = ".contest.lock "
check "no strays" no_strays "$T"
done_tests
