# cpulimit.sh: a CPU limit on contest's own cgroup (a cfs quota of 1.5 CPUs, a cpuset of one CPU) is recorded as what it is (cpu_limit, throttled_pct), named in the report and kept apart, never counted as other programs' CPU (root, cgroup v1 or v2 cpu and cpuset controllers).
. "$(dirname "$0")/lib.sh"

V1CPU=/sys/fs/cgroup/cpu V1SET=/sys/fs/cgroup/cpuset V2=/sys/fs/cgroup
need_root "to limit contest's group" || skip_rest
need_cpus 2 "a cpuset of one CPU leaves none to the others" || skip_rest
# the group directories: v1 where its controller is mounted, else v2 with it
if [ -w "$V1CPU/cpu.cfs_quota_us" ]; then QD=$V1CPU/contest-e2e-q$$
elif grep -qw cpu "$V2/cgroup.controllers" 2>/dev/null; then QD=$V2/contest-e2e-q$$
else QD=; fi
if [ -w "$V1SET/cpuset.cpus" ]; then SD=$V1SET/contest-e2e-s$$
elif grep -qw cpuset "$V2/cgroup.controllers" 2>/dev/null; then SD=$V2/contest-e2e-s$$
else SD=; fi
if [ -z "$QD" ] || [ -z "$SD" ]; then
	skip "no cgroup cpu and cpuset controllers here (v1 at $V1CPU and $V1SET, or v2 at $V2)" || skip_rest
fi
# v2: the top hands cpu and cpuset down to the groups made below it
for g in "$QD" "$SD"; do
	[ "$(dirname "$g")" = "$V2" ] && ! grep -qw "$(case $g in "$QD") echo cpu ;; *) echo cpuset ;; esac)" "$V2/cgroup.subtree_control" &&
		echo "+cpu +cpuset" >"$V2/cgroup.subtree_control"
done
cleanup() { for g in "$QD" "$SD"; do [ -d "$g" ] && rmdir "$g"; done; rm -rf "$SCRATCH"; }
trap cleanup EXIT
mkdir "$QD" "$SD" || { bad "cannot make the groups"; done_tests; exit; }
if [ -e "$QD/cpu.max" ]; then echo "150000 100000" >"$QD/cpu.max"
else echo 100000 >"$QD/cpu.cfs_period_us" && echo 150000 >"$QD/cpu.cfs_quota_us"; fi
last=$(($(nproc) - 1))
echo "$last" >"$SD/cpuset.cpus"
[ -e "$SD/cpuset.mems" ] && cat "$(dirname "$SD")/cpuset.mems" >"$SD/cpuset.mems" 2>/dev/null
[ -e "$SD/cpuset.mems" ] && [ -z "$(cat "$SD/cpuset.mems")" ] && cat "$(dirname "$SD")/cpuset.mems.effective" >"$SD/cpuset.mems"

# in GROUP: contest as label LABEL, two mini no_load runs
run_in() {
	sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$1" \
		"$CONTEST" -q -k "$2" --scale mini -n 2 -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
}

# shares LABEL: every throttled_pct of LABEL's runs is a percentage
shares() { test -z "$(col "$R/$1.loads" throttled_pct | awk '!($1 ~ /^[0-9.]+$/ && $1 <= 100)')"; }

# busy LABEL: the largest foreign_pct of LABEL's runs when one is over 5
busy() { col "$R/$1.loads" foreign_pct | awk '$1 + 0 > 5 { b = 1 } $1 + 0 > m { m = $1 + 0 } END { if (b) print m }'; }

wasbusy=
for kind in quota set; do
	g=$QD want=1.5
	[ "$kind" = set ] && g=$SD want=1
	run_in "$g" "$kind"
	check "$kind: the runs are recorded" test "$?" -eq 0
	check "$kind: cpu_limit $want" test "$(col "$R/$kind.loads" cpu_limit | awk '{ print $1 + 0 }' | sort -u)" = "$want"
	check "$kind: throttled_pct is a share" shares "$kind"
	b=$(busy "$kind")
	if [ -n "$b" ]; then
		# a second try: other programs may really have taken the CPU
		rm -f "$R/$kind.loads" "$R/$kind.env"
		run_in "$g" "$kind"
		b=$(busy "$kind")
	fi
	if [ -n "$b" ]; then
		skip "$kind: the machine was busy twice (foreign CPU up to $b% of one CPU): other programs ran"
		wasbusy=1
	else
		ok "$kind: no run counted busy (foreign CPU within 5%)"
	fi
done
echo "quota: throttled_pct of its runs: $(col "$R/quota.loads" throttled_pct | tr "\n" " ")"
check "set: never throttled" test "$(col "$R/set.loads" throttled_pct | awk '{ print $1 + 0 }' | sort -u)" = 0
"$CONTEST" report -R "$R" >"$SCRATCH/rep" 2>"$ERR"
check "report: it reads" test "$?" -eq 0
check "report: the quota is named" grep -qE "contest's group was limited to 1.5 CPUs and throttled [0-9]+% of the window \(quota, 2 runs\)" "$SCRATCH/rep"
check "report: the cpuset is named" grep -qE "to 1 CPU and throttled 0% of the window \(set, 2 runs\)" "$SCRATCH/rep"
check "report: kept apart" test "$(grep -c '^Workload: .*CPUs\{0,1\} for contest.s group' "$SCRATCH/rep")" -eq 2
# the busy note begins "busy machine: run"; the limit's sentence says "not a busy machine"
if ! grep -q "busy machine: run" "$SCRATCH/rep"; then
	ok "report: no run named busy"
elif [ -n "$wasbusy" ]; then
	grep "busy machine: run" "$SCRATCH/rep" | sed 's/^/  /'
	skip "the report names busy runs (see above): other programs ran"
else
	bad "report: runs whose foreign CPU was under 5% are named busy: $(grep "busy machine: run" "$SCRATCH/rep")"
fi
check "the quota group is left empty" test -z "$(cat "$QD/cgroup.procs")"
check "the cpuset group is left empty" test -z "$(cat "$SD/cgroup.procs")"
check "no strays" no_strays "$T"
done_tests
