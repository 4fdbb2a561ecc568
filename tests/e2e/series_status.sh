#!/bin/sh
# series_status.sh: contest series status as a person watching a sim series reads it: the step at work named with its kernel, its round and what it does; the steps done, to go and skipped (a dropped kernel's); the time left once two runs are on record, with what it rests on; the events so far; a stopped series; a run cut with no contest at it, and one under way while a contest holds the lock; and the end.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/sim.lib"

# step: the machine boots and the unit resumes once
step() { boot; resume; }

# st: contest series status into $M/st
st() { "$CONTEST" series status --journal "$J" >"$M/st" 2>&1; }

# has LINE: $M/st holds that whole line; like: a line matching the ERE
has() { grep -qxF -- "$1" "$M/st"; }
like() { grep -qE -- "$1" "$M/st"; }

# estimate_adds_up N: "about X: N runs to go at Y each": X is N times Y, to
# their rounding (units s and min)
estimate_adds_up() {
	sed -n 's/^time left: about \([0-9.]*\) \([a-z]*\): \([0-9]*\) runs to go at \([0-9.]*\) \([a-z]*\) each .*/\1 \2 \3 \4 \5/p' "$M/st" |
		awk -v n="$1" 'function sec(v, u) { return u == "min" ? v * 60 : v }
			function unit(v, u) { return u == "min" ? 60 : (v ~ /\./ ? 0.1 : 1) }
			{ x = sec($1, $2); y = sec($4, $5); d = x - n * y; if (d < 0) d = -d
			  ok = $3 == n && d <= unit($1, $2) / 2 + n * unit($4, $5) / 2 + 0.001 }
			END { exit !ok }'
}

# --- three kernels, two rounds, two loads; c never comes up. Seed 5's order:
# round 1 b a c, round 2 a c b
new_machine w 6.1.0-a 6.1.0-a 6.1.0-b 6.1.0-c
: >"$S/faults/fail-6.1.0-c"
"$CONTEST" series start --boot sim --sim "$S" --journal "$J" --countdown 0 -R "$RES" -d "$TB" $RUNOPTS \
	-k a=6.1.0-a -k b=6.1.0-b -k c=6.1.0-c -n 2 --seed 5 no_load process_load >>"$M/console" 2>&1
st
check "the fixture: seed 5's order" sh -c "grep -qx '  round 1   \[b\] a c' '$M/st' && grep -qx '  round 2   a c b' '$M/st'"
check "start: the state line as before" has "state: rebooting, step 1 of 6 (round 1), load 1 of 2"
check "start: now: step 1, b in round 1, rebooting into it, since when" \
	like '^now: step 1 of 6, b in round 1: rebooting into it, asked [0-9.]+ s ago$'
check "start: progress: none done, step 1 under way, 5 more" has "progress: 0 of 6 steps done; step 1 under way, 5 more to go"
check "start: no estimate yet" has "time left: no estimate yet: it needs two runs on record (0 so far)"
check "start: boot unit installed, events none" sh -c "grep -qx 'boot unit: installed' '$M/st' && grep -qx 'events: none' '$M/st'"

step   # b's step
st
check "after a step: now: step 2, a in round 1" like '^now: step 2 of 6, a in round 1: rebooting into it, asked [0-9.]+ s ago$'
check "after a step: 1 done, 4 more" has "progress: 1 of 6 steps done; step 2 under way, 4 more to go"
check "after a step: an estimate with a number, on what it rests" like \
	"^time left: about [0-9.]+ (s|min|h [0-9]+ min): 10 runs to go at [0-9.]+ (s|min) each \(the average from the series' first run to its last: 2 runs on record, the reboots between them included\)$"
check "after a step: the estimate is the runs to go times the average" estimate_adds_up 10

step   # a's step
"$CONTEST" series stop --journal "$J" >>"$M/console" 2>&1
st
check "stopped: state as before" grep -q '^state: stopped' "$M/st"
check "stopped: now says since when, and where it goes on" \
	like '^now: stopped for [0-9.]+ s, at step 3 of 6 \(c in round 1\): contest series resume goes on$'
check "stopped: step 3 next" has "progress: 2 of 6 steps done; step 3 next, 3 more to go"
check "stopped: the estimate of what is left" like '^time left: about [0-9.]+ [a-z]+.*: 8 runs to go at .*: 4 runs on record'
resume   # goes on: c armed, the reboot asked

step   # c does not come up: try 1 of 3
st
check "a failed boot: still step 3, c" like '^now: step 3 of 6, c in round 1: rebooting into it'
check "a failed boot: the event so far" grep -qx '  round 1: c did not come up (try 1 of 3): 6.1.0-a came up instead' "$M/st"
step
step   # try 3: c dropped, on to step 4 (a)
st
check "c dropped: now step 4, a in round 2" like '^now: step 4 of 6, a in round 2: rebooting into it'
check "c dropped: its two steps skipped, the dropped named" \
	has "progress: 2 of 6 steps done; step 4 under way, 1 more to go; 2 skipped (dropped: c)"
check "c dropped: the events" grep -qx '  round 1: c dropped after 3 tries: it never came up; the series goes on without it' "$M/st"
check "c dropped: runs to go without c's" like ': 4 runs to go at '

# a's no_load run cut (the machine down the moment its record is written):
# the journal says a run, but no contest holds the series
boot
CONTEST_FAILPOINT=record-write "$CONTEST" series resume --journal "$J" >>"$M/console" 2>&1
st
check "a cut run: state as before" has "state: running, step 4 of 6 (round 2), load 1 of 2"
check "a cut run: no contest at it, said" \
	like "^now: step 4 of 6, a in round 2: its no_load run \(load 1 of 2\) began [0-9.]+ s ago, and no contest is at it now \(cut by a crash or power loss\?\): the next resume makes it again$"
# a contest holding the lock (this shell, as a resume would): the run under way
exec 9<"$J/lock"
if flock -n 9; then
	st
	check "a run under way: running, its load, for how long" \
		like '^now: step 4 of 6, a in round 2: running no_load \(load 1 of 2\) for [0-9.]+ s$'
	flock -u 9
else
	bad "this shell cannot hold $J/lock"
fi
exec 9<&-

n=0
while [ "$n" -lt 10 ] && ! grep -q '^phase	done' "$J/journal"; do step; n=$((n + 1)); done
st
check "the end: done, as before" grep -q '^state: done$' "$M/st"
check "the end: no now line, no time left" sh -c "! grep -qE '^(now|time left):' '$M/st'"
check "the end: every step done or skipped" has "progress: 4 of 6 steps done; 2 skipped (dropped: c)"
check "the end: its time, first run to last" like '^time: [0-9.]+ (s|min|h [0-9]+ min) from the first run.s start to the last.s \([0-9]+ runs on record\)$'
check "the end: the events kept" grep -q '^  round 1: c dropped after 3 tries' "$M/st"
check "nothing left running" no_strays "$M"

done_tests
