#!/bin/sh
# lava-cases.sh: turn `contest report --format csv` into LAVA test cases: each load's Time (s) and Ratio as measurements, and its runs (fail when some failed).
#
# usage: lava-cases.sh [--dry-run] [CSV]      (CSV: a file, default stdin)
#
# For every row of the first workload: LOAD-time (--measurement TIME
# --units s), LOAD-ratio (--measurement RATIO; skip without a no_load) and
# LOAD-runs (--measurement RUNS; fail when a run failed, or none is ok).
# The lava-test-case it calls is $LAVA_TEST_CASE (default lava-test-case);
# --dry-run, or LAVA_TEST_CASE=echo, prints the calls instead, so it works
# where LAVA is not installed. Exit 0, or 2 on bad input (said on one line).
set -u
dry=0
if [ "${1:-}" = --dry-run ]; then
	dry=1
	shift
fi
[ $# -le 1 ] || { echo "lava-cases.sh: usage: lava-cases.sh [--dry-run] [CSV]" >&2; exit 2; }
csv=${1:--}
[ "$csv" = - ] || [ -r "$csv" ] || { echo "lava-cases.sh: cannot read '$csv'" >&2; exit 2; }
cmd=${LAVA_TEST_CASE:-lava-test-case}
if [ "$dry" -eq 0 ] && [ "$cmd" != echo ] && ! command -v "$cmd" >/dev/null 2>&1; then
	echo "lava-cases.sh: $cmd not found: run inside a LAVA test shell, or give --dry-run" >&2
	exit 2
fi

# the cases, one per line: NAME RESULT [MEASUREMENT [UNITS]]; the CSV's
# fields by the header's names (quoted fields with commas or "" read whole);
# the table ends at its first empty line (the environment table follows)
cases=$(awk '
	function split_csv(line, f,   n, i, c, q, cur) {
		n = 0; cur = ""; q = 0
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (q && c == "\"" && substr(line, i + 1, 1) == "\"") { cur = cur c; i++ }
			else if (c == "\"") q = !q
			else if (c == "," && !q) { f[++n] = cur; cur = "" }
			else cur = cur c
		}
		f[++n] = cur
		return n
	}
	function name(s) { gsub(/[^A-Za-z0-9._-]/, "_", s); return s }
	function num(s) { return s ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ }
	{ sub(/\r$/, "") }
	NR == 1 {
		n = split_csv($0, h)
		for (i = 1; i <= n; i++) col[h[i]] = i
		if (!("load" in col) || !("time" in col) || !("ratio" in col) || !("runs" in col) ||
		    !("failed" in col) || !("workload" in col)) { bad = "no load, time, ratio, runs, failed and workload columns"; exit 2 }
		next
	}
	$0 == "" { exit }
	{
		split_csv($0, f)
		w = f[col["workload"]] " " f[col["jobs"]] " " f[col["machine"]]
		if (first == "") first = w
		if (w != first) { other++; next }
		l = name(f[col["load"]])
		if (l in seen) next
		seen[l] = 1
		runs = f[col["runs"]] + 0; failed = f[col["failed"]] + 0
		print l "-runs " (failed == 0 && runs > 0 ? "pass" : "fail") " " runs
		if (runs > 0 && num(f[col["time"]])) print l "-time pass " f[col["time"]] " s"
		else print l "-time fail"
		if (runs > 0 && num(f[col["ratio"]])) print l "-ratio pass " f[col["ratio"]]
		else print l "-ratio skip"
	}
	END {
		if (bad != "") { print "lava-cases.sh: " bad > "/dev/stderr"; exit 2 }
		if (NR < 2) { print "lava-cases.sh: no rows: no runs of the label?" > "/dev/stderr"; exit 2 }
		if (other) print "lava-cases.sh: " other " row(s) of another workload than " first " left out" > "/dev/stderr"
	}' "$csv") || exit 2

printf '%s\n' "$cases" | while read -r n result m units; do
	set -- "$n" --result "$result"
	[ -n "${m:-}" ] && set -- "$@" --measurement "$m"
	[ -n "${units:-}" ] && set -- "$@" --units "$units"
	if [ "$dry" -eq 1 ] || [ "$cmd" = echo ]; then
		echo "lava-test-case $*"
	else
		"$cmd" "$@"
	fi
done
