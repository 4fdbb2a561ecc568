# sweep.sh: --sysctl and contest sweep: bad input refused before anything is made; as root, settings interleaved run by run under their labels, and the old value back after a normal end, a refused value, an interrupt and a kill -9.
. tests/e2e/lib.sh

# Bad input: one line, exit 2, no directory made.
expect_fail "sweep without --sysctl" 2 "sweep: give the setting to sweep, as --sysctl KEY=V1,V2,..." \
	"$CONTEST" sweep -d "$T" -R "$R" no_load
expect_fail "sweep of two keys" 2 "sweep: one key at a time; 'vm.dirty_ratio=5,10' is a second --sysctl" \
	"$CONTEST" sweep --sysctl vm.swappiness=1,2 --sysctl vm.dirty_ratio=5,10 -d "$T" -R "$R" no_load
expect_fail "sweep of one value" 2 "names one value; give two or more" \
	"$CONTEST" sweep --sysctl vm.swappiness=10 -d "$T" -R "$R" no_load
expect_fail "sweep value twice" 2 "value '10' is given twice" \
	"$CONTEST" sweep --sysctl vm.swappiness=10,60,10 -d "$T" -R "$R" no_load
expect_fail "sweep value that makes a bad label" 2 "sweep: label 'b+vm.swappiness=1 2' has a character" \
	"$CONTEST" sweep -k b --sysctl "vm.swappiness=1 2,3" -d "$T" -R "$R" no_load
expect_fail "--sysctl without a value" 2 "--sysctl: 'vm.swappiness' has no '=VALUE'" \
	"$CONTEST" --sysctl vm.swappiness -d "$T" -R "$R" no_load
expect_fail "--sysctl of an unknown key" 2 "--sysctl: no sysctl 'vm.no_such_key' (no /proc/sys/vm/no_such_key)" \
	"$CONTEST" --sysctl vm.no_such_key=1 -d "$T" -R "$R" no_load
expect_fail "--sysctl key twice" 2 "--sysctl: 'vm.swappiness' is given twice" \
	"$CONTEST" --sysctl vm.swappiness=1 --sysctl vm.swappiness=2 -d "$T" -R "$R" no_load
check "refusals made no directory" test ! -e "$T" -a ! -e "$R"

if ! is_root || [ ! -w /proc/sys/vm/swappiness ]; then
	expect_fail "--sysctl as a user" 2 "--sysctl needs root: cannot write /proc/sys/vm/swappiness" \
		"$CONTEST" --sysctl vm.swappiness=1 -d "$T" -R "$R" no_load
	skip "needs root to set vm.swappiness" || skip_rest
fi

old=$(cat /proc/sys/vm/swappiness)
trap 'echo "$old" >/proc/sys/vm/swappiness; rm -rf "$SCRATCH"' EXIT
a=$((old == 11 ? 12 : 11))
b=$((old == 13 ? 14 : 13))
restored() { test "$(cat /proc/sys/vm/swappiness)" = "$old"; }

# A refused value: nothing made, the value before it back.
expect_fail "a value the kernel refuses" 2 "--sysctl vm.swappiness=abc: the kernel refused it" \
	"$CONTEST" sweep --sysctl "vm.swappiness=$a,abc" -d "$T" -R "$R" no_load
check "refused: nothing made" test ! -e "$T" -a ! -e "$R"
check "refused: vm.swappiness is back to $old" restored

# A sweep: each setting under its label, run by run (a b a b), then restored.
"$CONTEST" sweep --sysctl "vm.swappiness=$a,$b" -k s --scale mini --lead 0 --no-canary -n 2 -q --why -d "$T" -R "$R" \
	no_load >"$SCRATCH/out" 2>"$SCRATCH/err"
check "sweep exits 0" test $? -eq 0
check "sweep --why: the evidence block follows the table" grep -qE "^Kernel +MajFlt +SwapIn +SwapOut" "$SCRATCH/out"
check "sweep: vm.swappiness is back to $old" restored
check "sweep: a row per setting" test "$(grep -cE "^s\+vm\.swappiness=($a|$b) +2 " "$SCRATCH/out")" -eq 2
check "sweep: compared with significance (2 runs each)" grep -q "^  s+vm.swappiness=$b vs s+vm.swappiness=$a: Time" "$SCRATCH/out"
check "sweep: the environments differ in swappiness" grep -qx "  s+vm.swappiness=$b: vm.swappiness: $a -> $b" "$SCRATCH/out"
order=$(cat "$R"/*.loads | awk -F '\t' '$1 ~ /^s\+/ {print $4, $1}' | sort | awk '{print $2}' | tr '\n' ' ')
check "sweep: interleaved a b a b ($order)" test "$order" = "s+vm.swappiness=$a s+vm.swappiness=$b s+vm.swappiness=$a s+vm.swappiness=$b "
check "sweep: each record names its setting" \
	test "$(col "$R/s+vm.swappiness=$b.loads" sysctl | grep -cx "vm.swappiness=$b")" = 2

# A contest refused for a busy testbed, or while another holds the VM
# settings, changes nothing; a contest setting vm.swappiness on cgroup v1
# runs in a group of its own that follows it.
rm -f "$SCRATCH/err"
"$CONTEST" --sysctl "vm.swappiness=$a" -k h --scale mini --lead 30 --progress always \
	-d "$T" -R "$R" selftest_load >/dev/null 2>"$SCRATCH/err" &
pid=$!
wait_until 120 grep -qF "load lead" "$SCRATCH/err" || bad "the holder never came"
expect_fail "busy testbed refused" 2 "is in use by contest pid $pid" \
	"$CONTEST" --sysctl "vm.swappiness=$b" -d "$T" -R "$SCRATCH/r3" no_load
check "busy testbed: the holder's value stays" test "$(cat /proc/sys/vm/swappiness)" = "$a"
expect_fail "VM settings held" 2 "the VM settings lock in '/run' is in use by contest pid $pid (since" \
	"$CONTEST" --sysctl "vm.swappiness=$b" -d "$SCRATCH/t3" -R "$SCRATCH/r3" no_load
check "VM settings held: the holder's value stays, nothing made" \
	test "$(cat /proc/sys/vm/swappiness)" = "$a" -a ! -e "$SCRATCH/t3" -a ! -e "$SCRATCH/r3"
kill -INT "$pid"
wait "$pid"
check "holder: restored after its interrupt" restored
if need_cgroup_v1 memory memory.swappiness "the group following vm.swappiness is not checked"; then
	"$CONTEST" --sysctl "vm.swappiness=$a" -k g --scale mini --lead 0 --no-canary -q -d "$T" -R "$R" no_load >/dev/null 2>&1
	check "v1: the run's group followed vm.swappiness" \
		sh -c "tail -n 1 '$R/g.loads' | grep -qE 'cgroup v1 (no limit|memory.limit_in_bytes=[0-9]+) memory.swappiness=$a'"
	check "v1: the environment names contest's own group's swappiness" grep -q '^memcg.swappiness=' "$R/g.env"
fi

# Interrupted mid-way (in the second setting's lead): 130, restored. A lead
# of 5 s holds each setting long enough to be seen, without waiting out a
# long one in the first.
"$CONTEST" sweep --sysctl "vm.swappiness=$a,$b" -k i --scale mini --lead 5 --progress always \
	-d "$T" -R "$R" selftest_load >/dev/null 2>"$SCRATCH/err" &
pid=$!
wait_until 120 grep -qF "selftest_load of i+vm.swappiness=$b run 1/1: load lead" "$SCRATCH/err" ||
	bad "the second setting never came"
check "interrupted: the second value in force" test "$(cat /proc/sys/vm/swappiness)" = "$b"
kill -INT "$pid"
wait "$pid"
check "interrupted: exit 130" test $? -eq 130
check "interrupted: vm.swappiness is back to $old" restored

# Killed outright: the watcher puts the old value back.
rm -f "$SCRATCH/err"  # else the last run's lines may be read before the shell truncates it
"$CONTEST" sweep --sysctl "vm.swappiness=$a,$b" -k k --scale mini --lead 30 --progress always \
	-d "$T" -R "$R" selftest_load >/dev/null 2>"$SCRATCH/err" &
pid=$!
wait_until 120 grep -qF "load lead" "$SCRATCH/err" || bad "the sweep never started"
kill -9 "$pid"
wait "$pid" 2>/dev/null
wait_until 20 restored
check "killed: vm.swappiness is back to $old within 20 s" restored
wait_until 20 quiet no_strays "$SCRATCH"
check "no stray processes" no_strays "$SCRATCH"
done_tests
