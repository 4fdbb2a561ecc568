# report_why.sh: every run records the system's evidence, the probe's wake-ups and the environment; report --why and --latency show them in every format; labels whose environments differ besides the kernel get the differences listed.
. tests/e2e/lib.sh

# number X: X is a number (not "na")
number() { case $1 in '' | na | *[!0-9.]*) return 1 ;; esac; }

# 1. Real runs: the evidence is recorded for each (na only where this kernel
# lacks the file), the probe woke up, --no-probe leaves it out.
"$CONTEST" -k a --scale mini --mem 32M --lead 0.2 --no-canary -q -d "$T" -R "$R" no_load mem_load >/dev/null 2>"$SCRATCH/err"
check "mini runs exit 0" test $? -eq 0
for c in pgmajfault pswpout pgscan_kswapd ctxt c_majflt c_minflt c_nvcsw probe_n probe_p50_us probe_p99_us probe_max_us; do
	v=$(col "$R/a.loads" "$c" load=mem_load | head -n 1)
	check "mem_load recorded $c ($v)" number "$v"
done
if [ -r /proc/pressure/memory ]; then
	v=$(col "$R/a.loads" psi_mem_full load=no_load | head -n 1)
	check "PSI recorded where the kernel has it ($v)" number "$v"
else
	skip "this kernel has no /proc/pressure (PSI off): its columns are na"
	check "no PSI: recorded as na, not 0" test "$(col "$R/a.loads" psi_mem_full load=no_load | head -n 1)" = na
fi
check "the probe woke up about every 10 ms" awk -v n="$(col "$R/a.loads" probe_n load=no_load | head -n 1)" \
	-v t="$(col "$R/a.loads" time load=no_load | head -n 1)" 'BEGIN{exit !(n >= 10 && n <= t * 100 + 10)}'
"$CONTEST" -k np --scale mini --lead 0 --no-probe --no-canary -q -d "$T" -R "$R" no_load >/dev/null 2>&1
check "--no-probe: no wake-ups recorded" test "$(col "$R/np.loads" probe_n load=no_load | head -n 1)" = na
check "the environment is recorded next to the results" grep -q '^vm.swappiness=[0-9]' "$R/a.env"
check "one block per invocation" test "$(grep -c '^@ ' "$R/a.env")" -eq 1
"$CONTEST" report -R "$R" --why --latency a >"$SCRATCH/rep" 2>&1
check "--why header" grep -qx 'Kernel            MajFlt   SwapIn  SwapOut     Scan MemFull%  IoFull% Foreign%   Steal%' "$SCRATCH/rep"
check "--latency header" grep -qx 'Kernel           Wakeups    p50us    p99us    maxus' "$SCRATCH/rep"
check "--latency row with figures" grep -qE '^a +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+$' "$SCRATCH/rep"
check "np's row shows '-' for the probe" sh -c "'$CONTEST' report -R '$R' --latency np | grep -qE '^np +- +- +- +-$'"

# 2. Fixed records and environments: the figures shown, and the difference
# in vm.swappiness listed under the tables (the kernel's is not).
F=$SCRATCH/fixed
mkdir "$F"
H='label\tload\trun\ttimestamp\thost\tkernel\tversion\tworkload\tjobs\tmem\tflushed\tstatus\treason\ttime\tcpu_pct\tloads\tlcpu_pct\tdetail\tpgmajfault\tpswpout\tpgscan_kswapd\tpgscan_direct\tpsi_mem_full\tprobe_n\tprobe_p99_us'
for l in s10 s100; do
	printf "contest-loads\t1\n$H\n" >"$F/$l.loads"
done
printf 's10\tmem_load\t1\tts\tvm\t6.1\t0.1.0\tbuiltin-1:mini\t8\t1\tyes\tok\t\t10\t100\t1\t50\t\t70\t0\t5000\t100\t2000000\t1000\t800\n' >>"$F/s10.loads"
printf 's100\tmem_load\t1\tts\tvm\t6.1\t0.1.0\tbuiltin-1:mini\t8\t1\tyes\tok\t\t10\t100\t1\t50\t\t90\t4000\t9000\t300\tna\t1000\t900\n' >>"$F/s100.loads"
env_file() { # env_file LABEL KERNEL SWAPPINESS
	printf 'contest-env\t1\n@ 2026-11-30T10:00:00Z\nkernel=old\nvm.swappiness=1\n@ 2026-11-30T11:00:00Z\nuname=Linux vm %s\nkernel=%s\nvm.swappiness=%s\nthp=madvise\n' \
		"$2" "$2" "$3" >"$F/$1.env"
}
env_file s10 6.1.0 10
env_file s100 6.2.0 100
"$CONTEST" report -R "$F" --why --latency >"$SCRATCH/rep" 2>"$SCRATCH/err"
check "fixed: exit 0 and quiet" test $? -eq 0 -a ! -s "$SCRATCH/err"
check "fixed: --why row of s10" grep -qx 's10                   70        -        0     5100     20.0        -        -        -' "$SCRATCH/rep"
check "fixed: --why row of s100 (no PSI: -)" grep -qx 's100                  90        -     4000     9300        -        -        -        -' "$SCRATCH/rep"
check "fixed: --latency row" grep -qx 's100                1000        -      900        -' "$SCRATCH/rep"
check "fixed: the difference heading" grep -qx "The environment differs from s10's besides the kernel:" "$SCRATCH/rep"
check "fixed: swappiness listed, from the last block" grep -qx '  s100: vm.swappiness: 10 -> 100' "$SCRATCH/rep"
check "fixed: the kernel not listed" test "$(grep -c '^  s100: ' "$SCRATCH/rep")" -eq 1
"$CONTEST" report -R "$F" --format csv >"$SCRATCH/csv"
check "csv: evidence columns" grep -q ',majflt,swapin,swapout,scan,mem_full_pct,io_full_pct,foreign_pct,steal_pct,wakeups,p50_us,p99_us,max_us,guest,guest_note,not_compared$' "$SCRATCH/csv"
check "csv: s100's swap-outs" grep -q '^builtin-1:mini,8,[^,]*,mem_load,s100,.*,90,,4000,9300,,,,,1000,,900,,,,$' "$SCRATCH/csv"
"$CONTEST" report -R "$F" --format markdown --why >"$SCRATCH/md"
check "markdown: --why table" grep -qx '| Kernel | MajFlt | SwapIn | SwapOut | Scan | MemFull% | IoFull% | Foreign% | Steal% |' "$SCRATCH/md"
check "markdown: the difference" grep -qx -- '- s100: vm.swappiness: 10 -> 100' "$SCRATCH/md"
"$CONTEST" report -R "$F" --format html --why --latency >"$SCRATCH/html"
check "html: --why table" grep -q '<caption>mem_load: system evidence</caption>' "$SCRATCH/html"
check "html: --latency table" grep -q '<caption>mem_load: wake-up latency (us)</caption>' "$SCRATCH/html"
if need_cmd python3 "the json checks not run"; then
	"$CONTEST" report -R "$F" --format json >"$SCRATCH/json"
	check "json: why and latency per row, evidence per run" python3 -c "
import json; d = json.load(open('$SCRATCH/json'))
row = d['workloads'][0]['loads'][0]['rows'][1]
assert row['why']['swapout'] == 4000 and row['why']['mem_full_pct'] is None, row
assert row['latency']['p99_us'] == 900
assert d['runs'][1]['evidence']['pgscan_direct'] == 300"
fi

# 3. Two labels measured with different vm.swappiness (root): the report
# says so; the setting is restored whatever happens.
if need_root "to change vm.swappiness between two labels" && [ -w /proc/sys/vm/swappiness ]; then
	old=$(cat /proc/sys/vm/swappiness)
	new=$((old == 33 ? 34 : 33))
	trap 'echo "$old" >/proc/sys/vm/swappiness; rm -rf "$SCRATCH"' EXIT
	R2=$SCRATCH/res2
	"$CONTEST" -k x1 --scale mini --lead 0 --no-canary -q -d "$T" -R "$R2" no_load >/dev/null 2>&1
	echo "$new" >/proc/sys/vm/swappiness
	"$CONTEST" -k x2 --scale mini --lead 0 --no-canary -q -d "$T" -R "$R2" no_load >/dev/null 2>&1
	echo "$old" >/proc/sys/vm/swappiness
	check "real: the swappiness difference is listed" \
		sh -c "'$CONTEST' report -R '$R2' | grep -qx '  x2: vm.swappiness: $old -> $new'"
fi
check "no stray processes" no_strays "$SCRATCH"
done_tests
