# confine.sh: --confine runs the compile and the loads in a memory cgroup limited to --mem, --swap adds a swap file for the invocation; both are undone after a normal end, an interrupt and a kill -9, and refused clearly where they cannot work.
. tests/e2e/lib.sh

expect_fail "--confine without --mem" 2 "--confine needs --mem SIZE" "$CONTEST" --confine -d "$T" -R "$R" no_load
expect_fail "--swap too small" 2 "--swap: '1k' is not a size of at least 1M" "$CONTEST" --swap 1k -d "$T" -R "$R" no_load
check "refusals made no directory" test ! -e "$T" -a ! -e "$R"
if ! is_root; then
	expect_fail "--confine as a user" 2 "--confine needs root" "$CONTEST" --confine --mem 64M -d "$T" -R "$R" no_load
fi
need_root "for memory cgroups and swap files" || skip_rest

# groups: the contest-* groups left under this shell's memory cgroup (v1 or v2)
groups() {
	for d in /sys/fs/cgroup/memory$(awk -F: '$2 ~ /(^|,)memory(,|$)/ {print $3}' /proc/self/cgroup) \
		/sys/fs/cgroup$(awk -F: '$1 == 0 {print $3}' /proc/self/cgroup) \
		/sys/fs/cgroup/unified$(awk -F: '$1 == 0 {print $3}' /proc/self/cgroup); do
		ls -d "$d"/contest-* 2>/dev/null
	done
}
swaps() { grep -c "$SCRATCH" /proc/swaps; }

"$CONTEST" -k c --scale mini --mem 128M --lead 0.5 --no-canary --confine -q -d "$T" -R "$R" mem_load >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
if [ "$rc" -eq 2 ] && grep -q "needs the memory cgroup controller" "$SCRATCH/err"; then
	skip "no memory cgroup controller here: $(cat "$SCRATCH/err")"
else
	check "confined run exits 0 ($rc)" test "$rc" -eq 0
	check "the record says confined" sh -c "tail -n 1 '$R/c.loads' | grep -q 'cgroup v[12] memory[._a-z]*=134217728'"
	sw=$(cat /proc/sys/vm/swappiness)
	[ "$sw" -eq 0 ] && sw=1
	check "a v1 group follows vm.swappiness" sh -c "tail -n 1 '$R/c.loads' | grep -qE 'cgroup v2 memory.max=134217728|memory.swappiness=$sw	'"
	# "contest: memory group: limit L bytes, peak usage P bytes, limit reached H times, ..."
	check "the limit was in force (peak within it, reached)" awk '/memory group: limit 134217728 bytes, peak usage/ {
		p = $9; h = $13; ok = p > 0 && p <= 134217728 + 65536 && h > 0 } END {exit !ok}' "$SCRATCH/err"
	check "the group is gone" test -z "$(groups)"
	check "the environment says confined" grep -q '^confine=cgroup v' "$R/c.env"
fi

"$CONTEST" -k s --scale mini --mem 64M --lead 0.5 --no-canary --swap 128M -q -d "$T" -R "$R" mem_load >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
if [ "$rc" -eq 2 ] && grep -q "cannot hold swap" "$SCRATCH/err"; then
	skip "the scratch file system cannot hold swap: $(cat "$SCRATCH/err")"
else
	check "run with swap exits 0 ($rc)" test "$rc" -eq 0
	check "the record says how much swap" sh -c "tail -n 1 '$R/s.loads' | grep -q '134217728 bytes in $T/contest.swap'"
	check "mem_load used anonymous memory" grep -q 'anonymous memory (swap active)' "$SCRATCH/out"
	check "the environment lists the swap file" grep -q "^swap=$T/contest.swap:" "$R/s.env"
	check "the swap file is off and gone" test "$(swaps)" -eq 0 -a ! -e "$T/contest.swap"

	# interrupted and killed outright: swap file and group undone all the same
	for how in INT KILL; do
		rm -f "$SCRATCH/err"  # else the last round's lines may be read before the shell truncates it
		"$CONTEST" -k i --scale mini --mem 64M --lead 30 --swap 64M --confine --progress always \
			-d "$T" -R "$R" selftest_load >/dev/null 2>"$SCRATCH/err" &
		pid=$!
		wait_until 120 grep -qF "load lead" "$SCRATCH/err" || bad "$how: the run never came"
		check "$how: the swap file is on meanwhile" test "$(swaps)" -eq 1
		kill -"$how" "$pid"
		wait "$pid" 2>/dev/null
		wait_until 20 sh -c "test \$(grep -c '$SCRATCH' /proc/swaps) -eq 0 -a ! -e '$T/contest.swap'"
		check "$how: swap file off and gone" test "$(swaps)" -eq 0 -a ! -e "$T/contest.swap"
		wait_until 20 sh -c "test -z \"\$(ls -d /sys/fs/cgroup/memory/*/*/contest-$pid-* /sys/fs/cgroup/memory/contest-$pid-* /sys/fs/cgroup/contest-$pid-* 2>/dev/null)\""
		check "$how: the group is gone" test -z "$(groups)"
	done
fi

# a file system that cannot hold swap is named
M=$SCRATCH/tmpfs
mkdir -p "$M"
if mount -t tmpfs -o size=64M tmpfs "$M" 2>/dev/null; then
	expect_fail "swap on tmpfs refused" 2 "--swap: the testbed's file system (tmpfs) cannot hold swap" \
		"$CONTEST" -k t --scale mini --mem 32M --swap 16M -d "$M/tb" -R "$SCRATCH/r2" no_load
	check "refused swap: nothing left" test ! -e "$M/tb" -a ! -e "$SCRATCH/r2"
	umount "$M"
else
	skip "cannot mount a tmpfs to check the refusal"
fi
check "no stray processes" no_strays "$SCRATCH"
done_tests
