# loads_all.sh: every load of the default set on the mini workload: each does work, every Ratio printed, nothing left behind.
. tests/e2e/lib.sh
O=$SCRATCH/other
mkdir -p "$O"

"$CONTEST" -k t --scale mini --mem 64M --lead 1 --no-canary -o "$O" -d "$T" -R "$R" all >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
check "run of all loads exits 0 ($rc)" test "$rc" -eq 0
[ "$rc" -eq 0 ] || tail -n 20 "$SCRATCH/err" >&2
"$CONTEST" -r -R "$R" >"$SCRATCH/report"
for load in no_load cacherun process_load ctar_load xtar_load io_load io_other read_load list_load mem_load dbench_load; do
	row=$(sed -n "/^$load:\$/,/^[a-z_]*:\$/p" "$SCRATCH/report" | grep -E '^t ')
	check "$load has a row" test -n "$row"
	check "$load Ratio printed" sh -c "echo '$row' | grep -qE ' [0-9]+\\.[0-9][0-9](   busy)?\$'"
	case $load in no_load|cacherun) continue ;; esac
	loads=$(echo "$row" | awk '{print $5}')
	lcpu=$(echo "$row" | awk '{print $6}')
	check "$load Loads > 0 ($loads)" awk "BEGIN{exit !($loads > 0)}"
	check "$load LCPU% > 0 ($lcpu)" awk "BEGIN{exit !($lcpu > 0)}"
done
check "mem_load says which mode ran" grep -qE '^  t: (file-backed|anonymous)' "$SCRATCH/report"
check "burn_load is not in the default set" sh -c "! grep -q '^burn_load:' '$SCRATCH/report'"
check "dbench_load says which dbench ran" grep -qE '^  t: (real dbench|built-in emulation)' "$SCRATCH/report"
check "no stray processes" no_strays "$T"
check "testbed holds only the tree, the log, the reusable read file and the lock file" \
	test "$(contents "$T")" = ".contest.lock builtin-1-mini compile.log read_load.dat "
check "the -o directory holds only its lock file" test "$(ls -A "$O")" = .contest.lock

# io_other without -o: not in the default set (a notice), refused when named (exit 1, others still run)
"$CONTEST" -k u --scale mini --mem 16M --lead 0 --no-canary -d "$T" -R "$R" -q no_load io_other >"$SCRATCH/out2" 2>"$SCRATCH/err2"
rc=$?
check "io_other without -o: exit 1 ($rc)" test "$rc" -eq 1
check "io_other without -o: says -o is needed" grep -q "io_other needs -o" "$SCRATCH/err2"
check "io_other without -o: no_load still ran" grep -qE '^u +\[1\]   ' "$SCRATCH/out2"
"$CONTEST" -k u --scale mini --mem 16M -d "$T" -R "$R" -q --lead 0 -n 1 bogus_load 2>/dev/null
check "unknown load still refused" test $? -eq 2
done_tests
