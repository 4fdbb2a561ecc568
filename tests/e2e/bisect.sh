# bisect.sh: contest bisect: exit 0 on runs like the good label's, 1 under a CPU cut that slows the compile (root, cgroup v1 cpuset: one CPU), 125 when -n 2 or --max-runs 2 cannot decide; the runs stored under -k; bad input refused in one line with 128 before anything runs.
. tests/e2e/lib.sh

O="--scale mini --mem 256M -j 8 --no-canary -q -d $T -R $R"
CS=/sys/fs/cgroup/cpuset
G=$CS/contest-e2e-bisect-$$
trap 'rmdir "$G" 2>/dev/null; rm -rf "$SCRATCH"' EXIT

# counted FILE: the runs of FILE a verdict counts (ok, foreign CPU not over 5%)
counted() {
	awk -F '\t' 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		NR > 2 && $c["status"] == "ok" && !($c["foreign_pct"] + 0 > 5) { n++ }
		END { print n + 0 }' "$1"
}

# bad input: one line, 128 (git bisect run aborts on it), nothing made
expect_fail "no --good" 128 "bisect: give the label of the good kernel's runs, as --good LABEL" \
	"$CONTEST" bisect $O no_load
expect_fail "threshold 0" 128 "--threshold: '0' is not a percentage above 0 and below 100" \
	"$CONTEST" bisect --good a --threshold 0 $O no_load
expect_fail "threshold over 100%" 128 "--threshold: '101%' is not a percentage" \
	"$CONTEST" bisect --good a --threshold 101% $O no_load
expect_fail "--threshold with --bad" 128 "with --bad the boundary is halfway" \
	"$CONTEST" bisect --good a --bad b --threshold 3 $O no_load
expect_fail "-k is the good label" 128 "-k 'a' is the --good or --bad label" \
	"$CONTEST" bisect --good a -k a $O no_load
expect_fail "an unknown option" 128 "unknown option '--bogus'" "$CONTEST" bisect --good a --bogus $O
expect_fail "a good label without runs" 128 "bisect: --good 'a' has no runs in $R" \
	"$CONTEST" bisect --good a -k x $O
check "refused before anything was made" test ! -e "$T"

"$CONTEST" -k a $O -n 4 no_load >/dev/null 2>"$ERR"
check "label a recorded" test $? -eq 0
for more in 1 2 3; do   # runs beside a busy machine do not count: make up for them
	[ "$(counted "$R/a.loads")" -ge 3 ] && break
	"$CONTEST" -k a $O -n 2 no_load >/dev/null 2>>"$ERR"
done
expect_fail "a load the good label has no runs of" 128 "bisect: --good 'a' has no runs of io_load in" \
	"$CONTEST" bisect --good a -k x $O io_load
expect_fail "another workload" 128 "has no runs of no_load on builtin-1:small -j8, MEM 256M" \
	"$CONTEST" bisect --good a -k x --scale small --mem 256M -j 8 -q -d "$T" -R "$R" no_load
check "refused runs recorded nothing" test ! -e "$R/x.loads"

if [ "$(counted "$R/a.loads")" -lt 3 ]; then
	echo "skip: the machine is too busy: fewer than 3 of label a's runs count; no verdict to test"
	done_tests
	exit
fi

# -n 2: too few runs for a verdict, whatever they show
"$CONTEST" bisect --good a -k two $O -n 2 no_load >"$SCRATCH/out" 2>"$ERR"
check "-n 2: exit 125" test $? -eq 125
check "-n 2: the line says why" grep -qE "^bisect: no_load: cannot decide: [0-2] run\(s\) of this kernel against [0-9]+ of a; a verdict needs 3 of each" "$SCRATCH/out"
check "-n 2: the closing line" grep -qx "bisect: cannot decide (exit 125): 1 of 1 load(s) undecided" "$SCRATCH/out"
check "-n 2: the runs are stored under -k" test "$(($(wc -l <"$R/two.loads") - 2))" -eq 2
# --max-runs 2 (bisect takes it): the cap stops the runs before a verdict can be reached
"$CONTEST" bisect --good a -k cap $O --max-runs 2 no_load >"$SCRATCH/out" 2>"$ERR"
check "--max-runs 2: exit 125" test $? -eq 125
check "--max-runs 2: the line says why" grep -qE "^bisect: no_load: cannot decide: [0-2] run\(s\) of this kernel against [0-9]+ of a; a verdict needs 3 of each" "$SCRATCH/out"
check "--max-runs 2: two runs at most" test "$(($(wc -l <"$R/cap.loads") - 2))" -le 2
expect_fail "a bad label with too few runs" 128 "bisect: --bad 'two' has " \
	"$CONTEST" bisect --good a --bad two -k y $O no_load

# like a: good (unless the machine is too noisy to reach -n auto's +-2%).
# --threshold 50%: the development VMs drifted between labels run a minute
# apart by up to 7% (+7.1%, 95% CI +5.0% to +9.1%, rightly undecided at 5%)
# and, in a clean clone's make check on 2026-12-04, by 17.6% (3.85 s against
# 3.27, judged bad at 15%); the test is about the rule, not that drift (the
# cut below, about +90%, is judged at the default 5%)
"$CONTEST" bisect --good a -k like --threshold 50% $O --max-runs 8 no_load >"$SCRATCH/out" 2>"$ERR"
rc=$?
if [ "$rc" -eq 125 ] && grep -q "NOT reached" "$ERR"; then
	echo "skip: runs like a: the machine was too noisy for +-2% in 8 runs: $(grep '^bisect: no_load' "$SCRATCH/out")"
else
	echo "like a: $(grep '^bisect: no_load' "$SCRATCH/out")"
	check "like a: exit 0" test "$rc" -eq 0
	check "like a: the line" grep -qE "^bisect: no_load: good: Time [0-9.]+ s against a's [0-9.]+ s: [-+][0-9.]+% \(95% CI [-+][0-9.]+% to [-+][0-9.]+%, p = [0-9.e-]+\), [0-9]+ runs against [0-9]+; the interval lies below the 50% threshold" "$SCRATCH/out"
	check "like a: the closing line" grep -qx "bisect: good (exit 0): 1 load(s) like a" "$SCRATCH/out"
fi
check "like a: the run's table is printed as a run prints it" grep -q '^no_load:$' "$SCRATCH/out"

# under a CPU cut: the runs confined to the last CPU (cgroup v1 cpuset; on 2
# CPUs the mini compile takes about twice as long). A cpu.cfs_quota_us quota
# slows it as well, but its throttling reads as 5-6% of a CPU taken by other
# programs, so contest would flag every such run busy and not count it.
if [ "$(id -u)" -ne 0 ] || [ ! -w "$CS/cpuset.cpus" ] || [ "$(nproc)" -lt 2 ] || ! mkdir "$G" 2>/dev/null; then
	echo "skip: the CPU cut needs root, two CPUs and a cgroup v1 cpuset controller at $CS"
	done_tests
	exit
fi
last=$(($(nproc) - 1))
echo "$last" >"$G/cpuset.cpus" && cat "$CS/cpuset.mems" >"$G/cpuset.mems"
check "the cut is set" test "$(cat "$G/cpuset.cpus")" = "$last"
sh -c 'echo $$ >"$1/tasks" && shift && exec "$@"' sh "$G" \
	"$CONTEST" bisect --good a -k cut $O --max-runs 6 no_load >"$SCRATCH/out" 2>"$ERR"
rc=$?
line=$(grep '^bisect: no_load' "$SCRATCH/out")
case "$rc $line" in
"125 "*"cannot decide: "[0-2]" run(s) of this kernel"*"beside a busy machine left out")
	# the one CPU left free by the cut was taken by other programs
	echo "skip: under the cut: the machine got busy: $line" ;;
*" ")
	# a CPU cut is recorded as the group's cpu_limit, and runs under another limit
	# are another machine: bisect has no run of a to judge the cut against
	echo "skip: under the cut: bisect keeps a CPU-limited kernel apart from a (cpu_limit differs): $(tail -n 1 "$ERR")" ;;
*)
	echo "under the cut: $line"
	check "under the cut: exit 1" test "$rc" -eq 1
	check "under the cut: the line" grep -qE "^bisect: no_load: bad: Time [0-9.]+ s against a's [0-9.]+ s: \+[0-9.]+% .*; the interval lies above the 5% threshold" "$SCRATCH/out"
	check "under the cut: the closing line" grep -qx "bisect: bad (exit 1): 1 of 1 load(s) worse than a" "$SCRATCH/out" ;;
esac
check "the group is left empty" test -z "$(cat "$G/tasks")"
rmdir "$G"
check "the group is removed" test ! -e "$G"
check "no strays" no_strays "$T"
done_tests
