#!/bin/sh
# run.sh: run each libFuzzer target given for SECONDS from its seed corpus; print its final stats, fail on a finding.
# usage: run.sh OUTDIR SECONDS TARGET...  (stderr of the target is closed; its log is OUTDIR/TARGET.log)
out=$1
secs=$2
shift 2
status=0
for bin in "$@"; do
	t=$(basename "$bin")
	dict=
	[ -f "tests/fuzz/$t.dict" ] && dict=-dict=tests/fuzz/$t.dict
	mkdir -p "$out/corpus/$t" "$out/crash"
	echo "fuzz: $t for ${secs}s (log $out/$t.log)"
	if "$bin" -max_total_time="$secs" -print_final_stats=1 -close_fd_mask=2 \
		-artifact_prefix="$out/crash/$t-" $dict "$out/corpus/$t" "tests/fuzz/corpus/$t" \
		>"$out/$t.log" 2>&1; then
		grep -E '^#[0-9]+[[:space:]]+DONE|^Done [0-9]+ runs' "$out/$t.log"
	else
		status=1
		tail -n 40 "$out/$t.log"
		echo "fuzz: $t FAILED; reproduce with: $bin $(ls -t "$out/crash/$t-"* 2>/dev/null | head -n 1)"
	fi
done
[ "$status" -eq 0 ] && echo "fuzz: all targets ran clean"
exit "$status"
