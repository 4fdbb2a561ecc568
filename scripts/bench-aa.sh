#!/bin/sh
# bench-aa.sh: contest's own false-alarm rate: pairs of identical labels, their runs interleaved, and how often report --stats calls them different.
# Usage: sh scripts/bench-aa.sh [PAIRS [RUNS [SCALE]]]   (default 10 pairs of 4 no_load runs each, tiny)
# Environment: CONTEST (binary, default build/contest), BENCH_DIR (default a temp dir, removed after).
# Every pair is the same machine, workload and kernel under two labels, a
# and b, run a b a b ...: any "significant" difference is a false alarm. An
# honest test at p < 0.05 raises one in about 5% of pairs; the count from
# a few pairs is itself rough (10 pairs: 0-2 alarms is 95% likely at 5%).
set -u
CONTEST=${CONTEST:-build/contest}
pairs=${1:-10} runs=${2:-4} scale=${3:-tiny}
dir=${BENCH_DIR:-$(mktemp -d /tmp/contest-aa.XXXXXX)}
[ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir" || exit 1

# the csv column named $1 of the comparison row of label b (empty: none)
col() {
	awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$3 ~ /-b$/ && (name in c) { print $c[name] }' "$dir/cmp.csv"
}

welch=0 mw=0 mw_n=0 busy=0
i=1
while [ "$i" -le "$pairs" ]; do
	r=1
	while [ "$r" -le "$runs" ]; do
		for side in a b; do
			"$CONTEST" -q -k "aa$i-$side" --scale "$scale" -d "$dir/testbed" -R "$dir/results" no_load \
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
	printf 'pair %d: Welch p = %s, Mann-Whitney p = %s\n' "$i" "${p:-na}" "${q:-na}"
	i=$((i + 1))
done
printf 'A/A %s no_load, %d pairs of %d runs each: Welch false alarms %d of %d (%d%%)' \
	"$scale" "$pairs" "$runs" "$welch" "$pairs" $((100 * welch / pairs))
if [ "$mw_n" -gt 0 ]; then
	printf ', Mann-Whitney %d of %d (%d%%)' "$mw" "$mw_n" $((100 * mw / mw_n))
fi
printf '; %d busy run(s) kept (foreign CPU over 5%%)\n' "$busy"
