# flushintr.sh: an interrupt while caches are flushed (a sync that takes its time) ends contest at once, saying the sync goes on in the background; nothing is recorded or left behind once it ends; an unhurried flush is recorded as flushed.
. tests/e2e/lib.sh
fake_tree "$K"

need_root "(caches are flushed only as root)" || skip_rest

# flusher PID: the pid of contest PID's flush child (named contest-flush)
flusher() { procs | awk -v p="$1" '$2 == p && $4 == "contest-flush" {print $1; f = 1} END {exit !f}'; }

# no_flusher: no process named contest-flush runs a command of this test
no_flusher() {
	for p in $(procs | awk '$4 == "contest-flush" {print $1}'); do
		grep -qsF -- "$SCRATCH" "/proc/$p/cmdline" && return 1
	done
	return 0
}

# gone PID: process PID has exited (a zombie counts as gone)
gone() { ! kill -0 "$1" 2>/dev/null || grep -qs '^[0-9]* (.*) Z' "/proc/$1/stat"; }

# 1. A flush that is not held: the run is recorded as flushed.
check "a flushed run" quiet env CONTEST_SELFTEST_FLUSH=0.1 "$CONTEST" -k a -t "$K" --lead 0 --no-canary -q \
	-d "$T" -R "$R" no_load >/dev/null
check "it is recorded as flushed" test "$(col "$R/a.loads" flushed)" = yes

# 2. SIGINT while the flush child sleeps before its sync (300 s): contest
# does not wait for it.
CONTEST_SELFTEST_FLUSH=300 "$CONTEST" -k i -t "$K" --lead 0 --no-canary --progress always \
	-d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR" &
pid=$!
if wait_until 120 flusher "$pid" >/dev/null; then
	kill -INT "$pid"
	check "SIGINT: contest ends without waiting for the flush" wait_until 60 gone "$pid"
	wait "$pid"
	rc=$?
	check "SIGINT: exit status 130 ($rc)" test "$rc" -eq 130
	check "SIGINT: one line says what was interrupted" test "$(grep -c 'interrupted by' "$ERR")" -eq 1
	check "SIGINT: it says the sync goes on" grep -qF \
		"during no_load run 1/1 (flushing caches; the sync goes on in the background); it is not recorded" "$ERR"
	check "SIGINT: the flush child ends with contest" wait_until 60 no_flusher
	check "SIGINT: no stray processes" wait_until 60 quiet no_strays "$SCRATCH"
	check "SIGINT: nothing recorded" test ! -e "$R/i.loads"
	check "SIGINT: the testbed holds only reusable files" only_reusable "$T"
else
	bad "SIGINT: the flush child never came"
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	tr '\r' '\n' <"$ERR" | tail -n 5 >&2
fi

# 3. kill -9 of contest during the held flush: the watcher ends the child.
CONTEST_SELFTEST_FLUSH=300 "$CONTEST" -k k -t "$K" --lead 0 --no-canary -q -d "$T" -R "$R" no_load \
	>/dev/null 2>"$ERR" &
pid=$!
if wait_until 120 flusher "$pid" >/dev/null; then
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	check "kill -9: the flush child ends too" wait_until 60 no_flusher
	check "kill -9: no stray processes" wait_until 60 quiet no_strays "$SCRATCH"
else
	bad "kill -9: the flush child never came"
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
fi

done_tests
