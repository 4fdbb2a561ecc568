#!/bin/sh
# bench-aa.sh: contest's own false-alarm rate: pairs of identical labels, their runs interleaved, and how often report --stats calls them different.
# Usage: sh scripts/bench-aa.sh [PAIRS [RUNS [SCALE]]]   (default 10 pairs of 4 no_load runs each, tiny)
# Environment: CONTEST (binary, default build/contest), BENCH_DIR (default a temp dir, removed after),
# BENCH_SLOW=CPUS (root: label b's runs in a cgroup with a cfs quota of CPUS, such as 0.9: a
# slower machine for b, which the canary should flag; cgroup v1 cpu or v2 with cpu).
# Every pair is the same machine, workload and kernel under two labels, a
# and b, run a b a b ...: any "significant" difference is a false alarm. An
# honest test at p < 0.05 raises one in about 5% of pairs; the count from
# a few pairs is itself rough (10 pairs: 0-2 alarms is 95% likely at 5%).
# It also counts the runs the machine-speed canary flags in each pair's
# report (a run beyond its noise, a run that drifted, every run of a label
# beyond the noise): on a quiet machine few; with BENCH_SLOW, b's.
set -u
CONTEST=${CONTEST:-build/contest}
pairs=${1:-10} runs=${2:-4} scale=${3:-tiny}
dir=${BENCH_DIR:-$(mktemp -d /tmp/contest-aa.XXXXXX)}
[ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir" || exit 1

# the csv column named $1 of the comparison row of label b (empty: none)
col() {
	awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["label"] ~ /-b$/ && (name in c) { print $c[name] }' "$dir/cmp.csv"
}

# the group b runs in with BENCH_SLOW (removed at the end)
slow=${BENCH_SLOW:-} grp=
if [ -n "$slow" ]; then
	q=$(awk -v c="$slow" 'BEGIN { printf "%d", c * 100000 }')
	if [ -w /sys/fs/cgroup/cpu/cpu.cfs_quota_us ]; then
		grp=/sys/fs/cgroup/cpu/contest-aa$$
		mkdir "$grp" && echo 100000 >"$grp/cpu.cfs_period_us" && echo "$q" >"$grp/cpu.cfs_quota_us" || exit 1
	elif grep -qw cpu /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
		grp=/sys/fs/cgroup/contest-aa$$
		mkdir "$grp" && echo "$q 100000" >"$grp/cpu.max" || exit 1
	else
		echo "bench-aa: BENCH_SLOW needs root and a cgroup cpu controller" >&2
		exit 1
	fi
	trap 'rmdir "$grp"; [ -n "${BENCH_DIR:-}" ] || rm -rf "$dir"' EXIT
fi

# in_group SIDE CMD...: CMD, in the slow group when SIDE is b and there is one
in_group() {
	if [ "$1" = b ] && [ -n "$grp" ]; then
		shift
		sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$grp" "$@"
	else
		shift
		"$@"
	fi
}

# flagged: how many runs the canary flags in the text report on stdin,
# each counted once: every run of a label it finds beyond the noise (runs
# RUNS per label), and the runs its run lines name (a run off its label's
# median and drifted is one run; "and N more" adds N)
flagged() {
	awk -v runs="$1" '
	/^machine speed / { t = $0
		while (match(t, /[^ ,]+ [0-9.]+ \([^)]*beyond the noise\)/)) {
			split(substr(t, RSTART, RLENGTH), w, " "); beyond[w[1]] = 1; t = substr(t, RSTART + RLENGTH) } }
	/^  runs whose canary / { t = substr($0, index($0, "): ") + 3)
		while (match(t, /[^ ,]+ [^ ,]+ run [0-9]+ /)) {
			split(substr(t, RSTART, RLENGTH), w, " "); named[w[1] " " w[2] " " w[4]] = w[1]
			t = substr(t, RSTART + RLENGTH) }
		if (match(t, /and [0-9]+ more/)) more += substr(t, RSTART + 4) + 0 }
	END { n = more + 0; for (l in beyond) n += runs; for (k in named) if (!(named[k] in beyond)) n++; print n }'
}

welch=0 mw=0 mw_n=0 busy=0 flags=0 lpairs=0
i=1
while [ "$i" -le "$pairs" ]; do
	r=1
	while [ "$r" -le "$runs" ]; do
		for side in a b; do
			in_group "$side" "$CONTEST" -q -k "aa$i-$side" --scale "$scale" -d "$dir/testbed" -R "$dir/results" no_load \
				>/dev/null 2>>"$dir/err" || { echo "bench-aa: a run failed:" >&2; tail -n 3 "$dir/err" >&2; exit 1; }
		done
		r=$((r + 1))
	done
	"$CONTEST" report -R "$dir/results" --stats --keep-busy --baseline "aa$i-a" --format csv \
		"aa$i-a" "aa$i-b" >"$dir/cmp.csv" || exit 1
	p=$(col time_p) q=$(col time_mw_p)
	case $p in ''|na|-) ;; *) awk -v p="$p" 'BEGIN {exit !(p < 0.05)}' && welch=$((welch + 1)) ;; esac
	case $q in ''|na|-) ;; *) mw_n=$((mw_n + 1)); awk -v p="$q" 'BEGIN {exit !(p < 0.05)}' && mw=$((mw + 1)) ;; esac
	b=$(awk -F '\t' 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		NR > 2 && $c["foreign_pct"] + 0 > 5 { n++ } END { print n + 0 }' "$dir/results/aa$i-a.loads" "$dir/results/aa$i-b.loads")
	busy=$((busy + b))
	"$CONTEST" report -R "$dir/results" "aa$i-a" "aa$i-b" >"$dir/rep.txt" || exit 1
	f=$(flagged "$runs" <"$dir/rep.txt")
	flags=$((flags + f))
	l=$(grep -c '^machine speed .*beyond the noise)' "$dir/rep.txt")
	lpairs=$((lpairs + l))
	printf 'pair %d: Welch p = %s, Mann-Whitney p = %s, canary flags %d run(s)%s\n' "$i" "${p:-na}" \
		"${q:-na}" "$f" "$([ "$l" -gt 0 ] && echo ', a label beyond the noise')"
	i=$((i + 1))
done
printf 'A/A %s no_load, %d pairs of %d runs each: Welch false alarms %d of %d (%d%%)' \
	"$scale" "$pairs" "$runs" "$welch" "$pairs" $((100 * welch / pairs))
if [ "$mw_n" -gt 0 ]; then
	printf ', Mann-Whitney %d of %d (%d%%)' "$mw" "$mw_n" $((100 * mw / mw_n))
fi
printf '; %d busy run(s) kept (foreign CPU over 5%%)\n' "$busy"
total=$((2 * pairs * runs))
printf 'canary: %d of %d runs flagged (%d%%); a label beyond the noise in %d of %d pairs%s\n' "$flags" \
	"$total" $((100 * flags / total)) "$lpairs" "$pairs" "${slow:+ (b under a cfs quota of $slow CPU)}"
