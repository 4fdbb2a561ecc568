#!/bin/sh
# run.sh: run every unit test binary given and every end-to-end script; sum their closing lines
# and say how long each took (CI has 15 minutes on 2 cores for all of them).
passed=0
failed=0
for t in "$@" tests/e2e/*.sh; do
	[ -e "$t" ] || continue
	[ "$t" = tests/e2e/lib.sh ] && continue
	case "$t" in
	*.sh) cmd="sh $t" ;;
	*) cmd="$t" ;;
	esac
	t0=$(date +%s)
	out=$($cmd 2>&1)
	rc=$?
	secs=$(($(date +%s) - t0))
	last=$(printf '%s\n' "$out" | tail -n 1)
	p=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1/p')
	f=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\2/p')
	if [ -z "$p" ]; then
		p=0
		f=1
		printf '%s\n' "$out" | tail -n 20
		echo "$t: no closing line (exit status $rc)"
	elif [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
		printf '%s\n' "$out" | grep -v '^ok ' | tail -n 40
		[ "$f" -eq 0 ] && f=1
	fi
	printf '%s\n' "$out" | grep '^skip: '   # "skip: SCRIPT: why"
	printf '%-32s %-24s %4ss\n' "$t" "$last" "$secs"
	passed=$((passed + p))
	failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
