#!/bin/sh
# series_trust.sh: a series trusts only what root alone can change (issue 52, findings 1, 2 and 4): a journal folder of another user's, one open to all or under one, refused at start; a series planted by a local user (nobody) in its own folder, resumed by root, runs nothing of theirs and is taken down; a series whose journal is gone is stopped, or resumed, through its boot unit alone; labels the results store refuses are refused before anything is made; the init script's log is opened by contest, never through a link.
. "$(dirname "$0")/lib.sh"

RUNOPTS="--scale mini --no-canary --lead 0 --settle 0 --no-probe --no-flush --whole-machine"

# machine NAME: a simulated firmware booting 6.1.0-a (knowing a and b): S, J, RES
machine() {
	M=$SCRATCH/$1 S=$SCRATCH/$1/sim J=$SCRATCH/$1/journal RES=$SCRATCH/$1/res
	mkdir -p "$S/kernels" && : >"$S/kernels/6.1.0-a" && : >"$S/kernels/6.1.0-b"
	echo 6.1.0-a >"$S/default" && echo 6.1.0-a >"$S/running" && new_boot
}
# new_boot: the firmware boots what is armed, else the default
new_boot() {
	cat "$S/armed" 2>/dev/null >"$S/running" || cat "$S/default" >"$S/running"
	rm -f "$S/armed" "$S/reboot"
	cat /proc/sys/kernel/random/uuid >"$S/boot_id"
}
# start ARGS: a series of a and b, one round, on the machine
start() {
	"$CONTEST" series start --boot sim --sim "$S" --countdown 0 -R "$RES" -d "$M/tb" $RUNOPTS \
		-k a=6.1.0-a -k b=6.1.0-b -n 2 --seed 3 "$@" no_load
}
# unit_gone: no boot unit in the sim's folder
unit_gone() { test ! -e "$S/etc/systemd/system/contest-series.service" -a ! -e "$S/etc/init.d/contest-series"; }
unit_there() { ! unit_gone; }

# --- refused at start: folders only root can change, labels the store takes ---
machine refuse
mkdir -m 0777 "$M/open"
expect_fail "a journal folder open to all: refused, owner and mode named" 2 "open can be written by others (owner root (uid 0), mode 0777)" \
	start --journal "$M/open/j"
if need_root "to make folders of another user's (nobody)"; then
	mkdir "$M/theirs" && chown nobody "$M/theirs"
	expect_fail "a journal folder of another user's: refused" 2 "theirs is owned by someone else (owner nobody" \
		start --journal "$M/theirs"
	expect_fail "a journal folder under another user's: refused" 2 "theirs is owned by someone else" \
		start --journal "$M/theirs/deeper/j"
	check "refused: no folder made under it" test ! -e "$M/theirs/deeper"
fi
ln -s "$M" "$M/link"
expect_fail "a journal folder through a symbolic link: refused" 2 "link is a symbolic link" start --journal "$M/link/j"
expect_fail "a label the results store refuses: refused at start" 2 "label '../../x'" \
	"$CONTEST" series start --boot sim --sim "$S" --journal "$M/j" -R "$RES" -k ../../x=6.1.0-a -k b=6.1.0-b no_load
check "refused: nothing armed, no unit, no journal" sh -c "test ! -e '$S/armed' -a ! -e '$M/j/journal' -a ! -e '$M/open/j'" 
check "refused: no unit" unit_gone
start --journal "$M/ok" >"$M/out" 2>&1
check "a folder of root's, 0755, under root's folders: taken" test -e "$M/ok/journal" -a -e "$S/armed"
check "its unit names the journal folder and the driver" grep -q "^# contest-series-journal: $M/ok\$" \
	"$S/etc/systemd/system/contest-series.service" "$S/etc/init.d/contest-series" 2>/dev/null

# --- the journal gone: stop and resume take the series down through its unit ---
machine gone
start --journal "$J" >"$M/out" 2>&1
new_boot
"$CONTEST" series resume --journal "$J" >>"$M/out" 2>&1
check "gone: a step made, the next armed" test -e "$S/armed"
check "gone: the unit installed" unit_there
rm -rf "$J"
"$CONTEST" series stop --journal "$J" --sim "$S" >"$M/stop" 2>&1
rc=$?
check "stop without a journal: exit 0" test "$rc" = 0
check "stop without a journal: says it removed the unit and disarmed ($(cat "$M/stop"))" \
	grep -q "removed its boot unit .* and disarmed its next boot through sim" "$M/stop"
check "stop without a journal: nothing armed" test ! -e "$S/armed"
check "stop without a journal: the unit removed" unit_gone
expect_fail "stop again: no series, no unit of it" 2 "no boot unit of a series is installed" \
	"$CONTEST" series stop --journal "$J" --sim "$S"
machine gone2
start --journal "$J" >"$M/out" 2>&1
new_boot
printf 'not a journal\n' >"$J/journal" && cp "$J/journal" "$J/journal.old"
"$CONTEST" series resume --journal "$J" --sim "$S" >"$M/resume" 2>&1
rc=$?
check "resume with no readable journal: exit 1, one line" test "$rc" = 1 -a "$(wc -l <"$M/resume")" = 1
check "resume with no readable journal: its unit removed, said" grep -q "cannot go on: .*torn or altered.*removed its boot unit" "$M/resume"
check "resume with no readable journal: unit gone" unit_gone

# --- a series planted by a local user, resumed by root ---
if need_root "to act as another user (nobody)" && need_cmd setpriv "to run as nobody"; then
	chmod 0755 "$SCRATCH"
	mkdir -m 1777 "$SCRATCH/pub"   # a /tmp of this test's
	P=$SCRATCH/pub/nob
	as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
	as_nobody mkdir -p "$P/sim/kernels" "$P/bin"
	as_nobody cp "$CONTEST" "$P/bin/contest"
	for r in 6.1.0-a 6.1.0-b; do as_nobody touch "$P/sim/kernels/$r"; done
	as_nobody sh -c "echo 6.1.0-a >'$P/sim/default'; echo 6.1.0-a >'$P/sim/running'; echo b1 >'$P/sim/boot_id'"
	as_nobody "$P/bin/contest" series start --boot sim --sim "$P/sim" --countdown 0 -R "$P/res" -d "$P/tb" $RUNOPTS \
		-k a=6.1.0-a -k b=6.1.0-b -n 2 --journal "$P/j" no_load >"$SCRATCH/nob.out" 2>&1
	check "nobody: a series of its own in its own folder starts (for nobody, nobody's files are trusted)" test -e "$P/j/journal"
	# nobody's program now does what nobody likes, as whoever runs it
	as_nobody sh -c "printf '#!/bin/sh\nid -u >\"%s/pwned\"\nexit 0\n' '$P' >'$P/bin/contest.new' && chmod 755 '$P/bin/contest.new' && mv '$P/bin/contest.new' '$P/bin/contest'"
	as_nobody ln -s /etc/passwd "$P/j/series-resume.log" 2>/dev/null || true
	as_nobody sh -c "cat '$P/sim/armed' >'$P/sim/running'; echo b2 >'$P/sim/boot_id'; rm -f '$P/sim/armed'"
	cp /etc/passwd "$SCRATCH/passwd.before"
	"$CONTEST" series resume --journal "$P/j" --sim "$P/sim" >"$SCRATCH/nob.resume" 2>&1
	rc=$?
	check "root's resume of nobody's series: nobody's program not run (pwned by uid $(cat "$P/pwned" 2>/dev/null))" test ! -e "$P/pwned"
	check "root's resume of nobody's series: refused, exit 1, owner named" sh -c \
		"test $rc = 1 && grep -q 'is another user.s, in a folder open to all (owner nobody' '$SCRATCH/nob.resume'"
	"$CONTEST" series resume --journal "$P/j" --sim "$P/sim" --log >/dev/null 2>&1
	check "root's resume --log: nothing written through the planted log link" cmp -s /etc/passwd "$SCRATCH/passwd.before"
	check "root's resume: nobody's series' unit taken down" test ! -e "$P/sim/etc/systemd/system/contest-series.service" \
		-a ! -e "$P/sim/etc/init.d/contest-series"
	check "root's resume: no run made as root" test ! -e "$P/res/a.loads" -a ! -e "$P/res/b.loads"
fi

check "nothing left running" no_strays "$SCRATCH"
done_tests
