#!/bin/sh
# series_crash.sh: contest series killed at each of its crash points in turn (lib/failpoint.h: a record written, synced; a file replaced whole: its new text beside the old, renamed; journal.old linked; a kernel armed; a reboot asked), at its 1st, 2nd, 3rd pass in turn, as a power cut would (everything of the machine killed, then a boot), the journal left whole after some kills and torn after others: each series finishes with exactly one ok record per kernel, round and load, each incomplete record followed by its run made again, nothing left running, nothing armed, its boot unit removed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/sim.lib"
POINTS="record-write record-fsync replace-tmp replace-rename journal-old arm reboot"
LOADS="no_load process_load"
ROUNDS=2

# tear: the journal's last bytes lost (a new file: journal.old, which may
# be the same file until the new journal is renamed in, stays whole)
tear() {
	head -c -25 "$J/journal" >"$J/journal.torn" && mv "$J/journal.torn" "$J/journal"
}

# done_phase: the journal says the series is done
done_phase() { grep -q '^phase	done' "$J/journal" 2>/dev/null; }

# one_ok_each: every kernel, round and load recorded ok exactly once, and
# nothing else ok
one_ok_each() {
	for k in a b; do
		[ -f "$RES/$k.loads" ] || { echo "no records of $k" >&2; return 1; }
		col "$RES/$k.loads" round,load status=ok | awk -F'\t' -v rounds=$ROUNDS -v loads="$LOADS" -v k=$k '
			{ n[$1 " " $2]++; all++ }
			END { nl = split(loads, l, " ")
				for (r = 1; r <= rounds; r++) for (i = 1; i <= nl; i++)
					if (n[r " " l[i]] != 1) { print k ": round " r " " l[i] ": " n[r " " l[i]] + 0 " ok records" >"/dev/stderr"; bad = 1 }
				if (all != rounds * nl) bad = 1
				exit bad }' || return 1
	done
}

# cut_then_ok: every incomplete record is followed by an ok record of its
# kernel, round and load
cut_then_ok() {
	for k in a b; do
		col "$RES/$k.loads" round,load,status,reason | awk -F'\t' '{ key = $1 " " $2 }
			$3 == "failed" && $4 ~ /^incomplete:/ { cut[key] = NR }
			$3 == "ok" && (key in cut) { delete cut[key] }
			END { for (key in cut) { print "cut, not made again: " key >"/dev/stderr"; bad = 1 } exit bad }' || return 1
	done
}

# all_in_blocks: the series' report puts every run, incomplete ones too,
# in its kernel's and load's block: none in a "(not recorded)" one
all_in_blocks() { ! "$CONTEST" report -R "$RES" 2>&1 | grep -q 'not recorded'; }

# disarmed: nothing armed, the boot unit removed
disarmed() { test ! -e "$S/armed" -a ! -e "$S/etc/systemd/system/contest-series.service" -a ! -e "$S/etc/init.d/contest-series"; }

# passes POINT: the passes of POINT tried in turn, one a resume: a point
# passed once a process (an arm, a reboot) at its 1st; a run passes the
# record's points at its environment's record (1st), then its own (2nd),
# a resume at the incomplete record it keeps of a cut run (1st): twice
# each, so that a run is cut, then the resume that keeps it as incomplete
# dies, then a run dies just after its record; a resume writes its journal
# and the sim's files several times
passes() {
	case $1 in
	arm|reboot) echo 1 ;;
	record-*) echo 1 1 2 2 ;;
	*) echo 1 2 3 ;;
	esac
}

# torn_after POINT: the kills after which the journal is torn (the others
# leave it whole): the record's points' 3rd and 4th (a journal behind a
# run recorded, then behind a run cut), the others' 2nd and 4th
torn_after() {
	case $1 in
	record-*) echo 3 4 ;;
	*) echo 2 4 ;;
	esac
}

# series POINT: a series whose first 8 resumes are killed at POINT, at
# each of its passes in turn, until four kills; after each kill the machine
# is cut (crash, then boot), and after some (torn_after) the journal torn;
# then boots and resumes until it is done. WHOLE, TORN: the kills made,
# left whole and torn.
series() {
	new_machine "$1" 6.1.0-a 6.1.0-a 6.1.0-b
	"$CONTEST" series start --boot sim --sim "$S" --journal "$J" --countdown 0 --tries 20 -R "$RES" -d "$TB" \
		$RUNOPTS -k a=6.1.0-a -k b=6.1.0-b -n $ROUNDS --seed 7 $LOADS >>"$M/console" 2>&1
	set -- "$1" $(passes "$1")
	p=$1
	shift
	WHOLE=0 TORN=0 s_i=0
	while [ $s_i -lt 40 ] && ! done_phase; do
		boot
		n=$(eval echo "\${$((s_i % $# + 1))}")
		if [ $s_i -lt 8 ] && [ $((WHOLE + TORN)) -lt 4 ]; then
			CONTEST_FAILPOINT="$p:$n" "$CONTEST" series resume --journal "$J" >>"$M/console" 2>&1
		else
			"$CONTEST" series resume --journal "$J" >>"$M/console" 2>&1
		fi
		if [ $? = 137 ]; then
			crash
			if echo " $(torn_after "$p") " | grep -q " $((WHOLE + TORN + 1)) "; then
				tear
				TORN=$((TORN + 1))
			else
				WHOLE=$((WHOLE + 1))
			fi
			echo "-- killed at $p:$n ($WHOLE left whole, $TORN torn)" >>"$M/console"
		fi
		s_i=$((s_i + 1))
	done
	check "$p: the point hit: killed there $((WHOLE + TORN)) times, the journal torn after $TORN of them" \
		test "$WHOLE" -ge 1 -a "$TORN" -ge 1
	check "$p: the series done" done_phase
	check "$p: one ok record per kernel, round and load" one_ok_each
	check "$p: each incomplete record followed by its run made again" cut_then_ok
	check "$p: nothing left running" no_strays "$M"
	check "$p: nothing armed, the boot unit removed" disarmed
	check "$p: its report has no '(not recorded)' block" all_in_blocks
}

for p in $POINTS; do
	series "$p"
done

check "nothing left running at all" no_strays "$SCRATCH"
done_tests
