#!/bin/sh
# bench.sh: Time of repeated no_load runs of the built-in workload: mean, standard deviation, spread.
# Usage: sh scripts/bench.sh [SCALE [RUNS]]   (make bench runs: tiny 5, then default 5)
# Environment: CONTEST (binary, default build/contest), BENCH_DIR (default a temp dir, removed after).
set -u
CONTEST=${CONTEST:-build/contest}
dir=${BENCH_DIR:-$(mktemp -d /tmp/contest-bench.XXXXXX)}
[ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$dir"' EXIT

bench() {
	scale=$1 runs=$2
	label=bench-$scale
	"$CONTEST" -q -k "$label" --scale "$scale" -n "$runs" -d "$dir/testbed" -R "$dir/results" no_load >/dev/null || return 1
	awk -F'\t' -v scale="$scale" '
		NR == 2 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		NR > 2 && $col["status"] == "ok" && $col["load"] == "no_load" {
			t = $col["time"]; n++; s += t; ss += t * t
			if (n == 1 || t < min) min = t
			if (n == 1 || t > max) max = t
			list = list sprintf(" %.2f", t)
		}
		END {
			m = s / n; sd = n > 1 ? sqrt((ss - n * m * m) / (n - 1)) : 0
			printf "%-8s no_load x%d: mean %.2f s, sd %.2f s (%.1f%%), min %.2f, max %.2f; runs:%s\n",
			       scale, n, m, sd, 100 * sd / m, min, max, list
		}' "$dir/results/$label.loads"
}

if [ $# -gt 0 ]; then
	bench "$1" "${2:-5}"
else
	bench tiny 5 && bench default 5
fi
