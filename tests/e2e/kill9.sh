# kill9.sh: contest killed outright leaves nothing running and its next run removes the leftovers; a compile or a load worker killed by a signal fails that run, naming the signal, and the report shows it.
. tests/e2e/lib.sh
fake_tree "$K"

# killed PID WHAT: kill -9 contest; within 20 s no process of it is left
killed() {
	kill -9 "$1"
	wait "$1" 2>/dev/null
	wait_until 20 quiet no_strays "$SCRATCH"
	check "$2: no process left within 20 s of kill -9" no_strays "$SCRATCH"
}

# load_worker PID: a worker of contest PID's load, a child of the load's
# leader (a child of contest leading its own group: the watcher, also one,
# has no children); nothing when there is none
load_worker() {
	procs >"$SCRATCH/procs"
	for l in $(awk -v p="$1" '$2 == p && $1 == $3 && $4 == "contest" {print $1}' "$SCRATCH/procs"); do
		awk -v p="$l" '$2 == p {print $1; exit}' "$SCRATCH/procs" | grep . && return 0
	done
	return 1
}

# contains STRING PART: PART is in STRING
contains() { case $1 in *"$2"*) return 0 ;; esac; return 1; }

# 1. Killed in io_load's lead, after a no_load run was recorded: io_load.dat stays.
"$CONTEST" -k k --scale tiny --mem 32M --lead 60 -d "$T" -R "$R" -q no_load io_load >/dev/null 2>"$ERR" &
pid=$!
wait_until 600 test -e "$T/io_load.dat" || bad "io_load never started"
check "the lock file names the running contest" grep -q "^$pid " "$T/.contest.lock"
killed "$pid" "io_load's lead"
check "io_load.dat is left behind" test -e "$T/io_load.dat"

# 2. Killed while make runs a long command of its own: the guard ends it
# (the parent-death signal reaches make, not make's children). The next
# run removed the leftover above and said so.
mkdir "$T/micro.before"
touch -d 2020-01-01 "$T/micro.before"  # older than the killed contest: not its own
rm -f "$K/.linked"
export LINK_SLEEP=60
"$CONTEST" -k f -t "$K" --lead 0 --no-flush -d "$T" -R "$R" -q no_load >/dev/null 2>"$ERR" &
pid=$!
unset LINK_SLEEP
wait_until 60 test -e "$K/.linked" || bad "the fake compile never linked"
# one line names what was removed; other notes may stand beside it (a run's
# closing notes, such as a foreign CPU share that read below 0 over a
# compile this short); the whole stderr is in the check's name
check "leftover removal said in one line (stderr: $(tr '\n' '|' <"$ERR"))" \
	test "$(grep 'leftovers' "$ERR")" = "contest: removed leftovers of an interrupted run in $T: io_load.dat"
check "io_load.dat is gone" test ! -e "$T/io_load.dat"
check "a leftover's name older than the killed contest is kept" test -d "$T/micro.before"
rmdir "$T/micro.before"
killed "$pid" "make's own children"

# 2b. contest's whole process group killed (kill -9 -PGID, as timeout -s KILL
# or the end of a CI job does): the watcher, in a session of its own, lives
# on and ends make's children.
rm -f "$K/.linked"
export LINK_SLEEP=60
setsid "$CONTEST" -k f -t "$K" --lead 0 --no-flush -d "$T" -R "$R" -q no_load >/dev/null 2>"$ERR" &
pid=$!
unset LINK_SLEEP
wait_until 60 test -e "$K/.linked" || bad "the fake compile never linked"
check "contest leads its own process group" test "$(ps -o pgid= -p "$pid" | tr -d ' ')" = "$pid"
env kill -s KILL -- "-$pid"
wait "$pid" 2>/dev/null
wait_until 20 quiet no_strays "$SCRATCH"
check "group killed: no process left within 20 s" no_strays "$SCRATCH"

# 3. Killed during a compile under dbench_load: dbench_load.d stays.
rm -f "$K/.linked"
export LINK_SLEEP=60
"$CONTEST" -k k -t "$K" --mem 32M --lead 0.5 -d "$T" -R "$R" -q dbench_load >/dev/null 2>"$ERR" &
pid=$!
unset LINK_SLEEP
wait_until 60 test -e "$K/.linked" || bad "dbench_load's compile never came"
check "dbench_load.d is there" test -e "$T/dbench_load.d"
killed "$pid" "dbench_load's compile"
check "dbench_load.d is left behind" test -e "$T/dbench_load.d"

# 4. The next run removes it, says so, and the earlier records are whole.
"$CONTEST" -k k -t "$K" --lead 0 --no-flush -d "$T" -R "$R" -q no_load >/dev/null 2>"$ERR"
check "next run exits 0" test $? -eq 0
check "leftover removal said in one line (stderr: $(tr '\n' '|' <"$ERR"))" \
	test "$(grep 'leftovers' "$ERR")" = "contest: removed leftovers of an interrupted run in $T: dbench_load.d"
check "testbed holds only reusable files" only_reusable "$T"
check "the two no_load runs are recorded" test "$(tail -n +3 "$R/k.loads" | wc -l)" -eq 2
check "records read back" quiet "$CONTEST" -r -R "$R" >/dev/null
check "no partial line" whole_lines "$R"

# 4b. Killed in io_other's lead: io_other.dat stays in -o, whose next user
# removes it and says so.
O=$SCRATCH/other
mkdir "$O"
"$CONTEST" -k k -t "$K" --mem 32M --lead 60 -o "$O" -d "$T" -R "$R" -q io_other >/dev/null 2>"$ERR" &
pid=$!
wait_until 60 test -e "$O/io_other.dat" || bad "io_other never started"
check "the -o lock file names the running contest" grep -q "^$pid " "$O/.contest.lock"
killed "$pid" "io_other's lead"
check "io_other.dat is left behind" test -e "$O/io_other.dat"
"$CONTEST" -k k -t "$K" --lead 0 --no-flush -o "$O" -d "$T" -R "$R" -q no_load >/dev/null 2>"$ERR"
check "io_other's leftover removal said in one line (stderr: $(tr '\n' '|' <"$ERR"))" \
	test "$(grep 'leftovers' "$ERR")" = "contest: removed leftovers of an interrupted run in $O: io_other.dat"
check "-o holds only its lock file" test "$(ls -A "$O")" = .contest.lock

# 5. The compile's make killed with SIGKILL: run 1 fails naming the signal,
# run 2 goes on; the report counts the failed run apart.
"$CONTEST" -k c --scale tiny --lead 0 -n 2 --progress always -d "$T" -R "$R" no_load >/dev/null 2>"$ERR" &
pid=$!
wait_until 300 grep -qF "no_load run 1/2: compiling" "$ERR" || bad "the compile never came"
wait_until 60 quiet proc_in make "$T/builtin-1-tiny" >/dev/null || bad "no make found"
make_pid=$(proc_in make "$T/builtin-1-tiny")
if [ -n "$make_pid" ]; then kill -9 "$make_pid"; else bad "no make found"; fi
wait "$pid"
rc=$?
check "killed make: exit 1 ($rc)" test "$rc" -eq 1
check "killed make: run 1 failed" test "$(col "$R/c.loads" status load=no_load run=1)" = failed
reason=$(col "$R/c.loads" reason load=no_load run=1)
check "killed make: the reason names the signal ($reason)" contains "$reason" "compile failed: make killed by signal 9 (Killed)"
check "killed make: run 2 ok" test "$(col "$R/c.loads" status load=no_load run=2)" = ok
"$CONTEST" -r -R "$R" c >"$SCRATCH/rep" 2>&1
check "killed make: the report shows the failed run" grep -qx '  c: 1 failed run(s) not averaged' "$SCRATCH/rep"
check "killed make: the report averages the other" grep -qE '^c +\[1\]   ' "$SCRATCH/rep"

# 6. A worker of the load killed with SIGKILL mid-compile: the run fails,
# naming the worker and the signal.
"$CONTEST" -k w --scale tiny --lead 0.5 -n 2 --progress always -d "$T" -R "$R" selftest_load >/dev/null 2>"$ERR" &
pid=$!
wait_until 300 grep -qF "selftest_load run 1/2: compiling" "$ERR" || bad "the compile never came"
worker=$(load_worker "$pid")
if [ -n "$worker" ]; then kill -9 "$worker"; else bad "no worker of the load found"; fi
wait "$pid"
rc=$?
check "killed worker: exit 1 ($rc)" test "$rc" -eq 1
check "killed worker: run 1 failed" test "$(col "$R/w.loads" status load=selftest_load run=1)" = failed
check "killed worker: the reason names it and the signal ($(col "$R/w.loads" reason load=selftest_load run=1))" \
	test "$(col "$R/w.loads" reason load=selftest_load run=1)" = \
	"selftest_load failed: a worker of the load (pid $worker) killed by signal 9 (Killed)"
"$CONTEST" -r -R "$R" w >"$SCRATCH/rep" 2>&1
check "killed worker: the report shows the failed run" grep -qx '  w: 1 failed run(s) not averaged' "$SCRATCH/rep"
check "killed worker: the report averages the other" grep -qE '^w +\[1\]   ' "$SCRATCH/rep"

# 7. A load worker killed while the compile fails as well: the reason names
# the load's failure first (often the cause, such as a disk it filled).
rm -f "$K/.linked"
export LINK_SLEEP=5 LINK_FAIL=1
"$CONTEST" -k w2 -t "$K" --lead 0.5 -d "$T" -R "$R" selftest_load >/dev/null 2>"$ERR" &
pid=$!
unset LINK_SLEEP LINK_FAIL
wait_until 60 test -e "$K/.linked" || bad "the fake compile never linked"
worker=$(load_worker "$pid")
if [ -n "$worker" ]; then kill -9 "$worker"; else bad "no worker of the load found"; fi
wait "$pid"
rc=$?
reason=$(col "$R/w2.loads" reason load=selftest_load run=1)
check "both failed: exit 1 ($rc)" test "$rc" -eq 1
check "both failed: the load's reason, then the compile's ($reason)" contains "$reason" \
	"selftest_load failed: a worker of the load (pid $worker) killed by signal 9 (Killed); compile failed: make"
check "no stray processes" no_strays "$SCRATCH"
check "testbed holds only reusable files at the end" only_reusable "$T"
done_tests
