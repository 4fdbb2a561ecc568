# lib.sh: shared helpers of the end-to-end tests: checks said as "ok N - what" or "not ok N - what", skips said as "skip: SCRIPT: why", a scratch directory, the closing line.
CONTEST=${CONTEST:-$(pwd)/build/contest}
# no quiet start: a machine that stays a little busy must not make every run
# of the suite wait, nor add its line to the stderr the tests read (run_busy.sh
# tests --settle itself)
CONTEST_SETTLE=${CONTEST_SETTLE:-0}
export CONTEST_SETTLE
PASS=0
FAIL=0
SCRATCH=$(mktemp -d /tmp/contest-e2e.XXXXXX)
trap 'rm -rf "$SCRATCH"' EXIT
# where a test puts its testbed, results, fake kernel tree and contest's stderr
T=$SCRATCH/tb
R=$SCRATCH/res
K=$SCRATCH/linux
ERR=$SCRATCH/err

# the script's name, for its skip lines; N: the checks so far; fd 3: the
# script's stdout, where the checks are said even when a check's own output
# is redirected (check "..." CMD >/dev/null)
SCRIPT=$(basename "$0")
N=0
exec 3>&1

# ok DESC: a check passed: "ok N - DESC" on the script's stdout
ok() { N=$((N + 1)); PASS=$((PASS + 1)); echo "ok $N - $*" >&3; }
# bad DESC: a check failed: "not ok N - DESC" on the script's stdout
# (tests/run.sh shows a failing script's lines but its ok ones)
bad() { N=$((N + 1)); FAIL=$((FAIL + 1)); echo "not ok $N - $*" >&3; }

# check DESC CMD...: CMD succeeds. Its output goes where it would have gone;
# when it fails, its "not ok" line is followed by what it ran, its status and
# its output (said)
check() {
	ran "$@"
	if [ "$?" -eq 0 ]; then ok "$1"; else bad "$1"; said "$@"; fi
	rm -f "$K_OUT" "$K_ERR"
	K_DEPTH=$((K_DEPTH - 1))
}

# expect_eq DESC GOT WANT: GOT is WANT, else the "not ok" line is followed by
# both, "# got:" and "# want:"
expect_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; return; fi
	bad "$1"
	printf '%s\n' "$2" | diag "got:"
	printf '%s\n' "$3" | diag "want:"
}

# The output of the command a check runs is kept in $K_OUT and $K_ERR, its
# stdout and stderr (K_ONE=1: both in K_OUT, as they were one file, as under
# tests/run.sh), one pair per depth: a check in a check's command has its own.
K_DEPTH=0

# ran DESC CMD...: CMD's status, in K_RC too; its output kept in the files of
# a new depth (K_DEPTH one more), then given on, as it was written, where it
# would have gone (on a failure, all but what would reach the script's
# stdout, fd 3, where said shows it)
ran() {
	K_DEPTH=$((K_DEPTH + 1))
	shift
	if [ /dev/stdout -ef /dev/stderr ]; then
		"$@" >"$SCRATCH/.check.$K_DEPTH.out" 2>&1
	else
		"$@" >"$SCRATCH/.check.$K_DEPTH.out" 2>"$SCRATCH/.check.$K_DEPTH.err"
	fi
	K_RC=$?
	K_OUT=$SCRATCH/.check.$K_DEPTH.out K_ERR=$SCRATCH/.check.$K_DEPTH.err K_ONE=
	[ /dev/stdout -ef /dev/stderr ] && K_ONE=1 && : >"$K_ERR"
	if [ -s "$K_OUT" ] && { [ "$K_RC" -eq 0 ] || ! [ /dev/stdout -ef /proc/self/fd/3 ]; }; then cat "$K_OUT"; fi
	if [ -s "$K_ERR" ] && { [ "$K_RC" -eq 0 ] || ! [ /dev/stderr -ef /proc/self/fd/3 ]; }; then cat "$K_ERR" >&2; fi
	return "$K_RC"
}

# said DESC CMD...: after a failed check, what it ran, its status and its
# output (K_RC, K_OUT, K_ERR, K_ONE: the first 20 lines of each stream), as
# "# " lines on fd 3
said() {
	shift
	argv "$@" | diag "command:"
	echo "#   $(status_of "$K_RC")" >&3
	if [ -n "$K_ONE" ]; then
		diag "output:" <"$K_OUT"
	else
		diag "stdout:" <"$K_OUT"
		diag "stderr:" <"$K_ERR"
	fi
}

# diag TITLE: stdin as TAP diagnostics on fd 3: "#   TITLE" (with "(nothing)"
# when it is empty, how many lines it has when over 20), then its first 20
# lines, each as "#     LINE"
diag() {
	awk -v t="$1" 'NR <= 20 { b = b "#     " $0 "\n" }
		END {
			if (NR == 0) t = t " (nothing)"
			else if (NR > 20) t = t " (the first 20 of " NR " lines)"
			printf "#   %s\n%s", t, b
		}' >&3
}

# argv ARG...: the arguments as sh would read them, on a line: each that is
# not plain in single quotes (a ' as '\'')
argv() {
	a_l=
	for a_a; do
		case $a_a in
		'' | *[!A-Za-z0-9_./:=+,@%-]*)
			a_a="'$(printf '%s' "$a_a" | sed "s/'/'\\\\''/g")'" ;;
		esac
		a_l="$a_l${a_l:+ }$a_a"
	done
	printf '%s\n' "$a_l"
}

# skip WHY: "skip: SCRIPT: WHY", one line on stdout: what follows is not
# checked here. Status 1, so that a need_* below reads as a condition:
#   need_root "to mount a tmpfs" || skip_rest      (the rest of the script)
#   if need_cmd python3 "json not decoded"; then ...; fi      (a block)
skip() { echo "skip: $SCRIPT: $*" >&3; return 1; }
# skip_rest: end the script here with its closing line (and its status)
skip_rest() { done_tests; exit; }
# is_root: the tests run as root (no line: for checks that differ by user)
is_root() { [ "$(id -u)" -eq 0 ]; }
# need_root WHY: root, else skip "needs root WHY"
need_root() { is_root || skip "needs root $*"; }
# need_cmd CMD WHY: CMD is installed, else skip "CMD not installed: WHY"
need_cmd() { n_c=$1; shift; command -v "$n_c" >/dev/null 2>&1 || skip "$n_c not installed: $*"; }
# need_cpus N WHY: at least N CPUs online, else skip "fewer than N CPUs: WHY"
need_cpus() { n_n=$1; shift; [ "$(getconf _NPROCESSORS_ONLN)" -ge "$n_n" ] || skip "fewer than $n_n CPUs: $*"; }
# need_cgroup_v1 CONTROLLER FILE WHY: a cgroup v1 hierarchy of CONTROLLER at
# /sys/fs/cgroup/CONTROLLER with FILE in it, else skip "no cgroup v1 CONTROLLER
# hierarchy here: WHY"
need_cgroup_v1() {
	n_d=/sys/fs/cgroup/$1 n_f=$2
	shift 2
	[ -e "$n_d/$n_f" ] || skip "no cgroup v1 ${n_d##*/} hierarchy here: $*"
}

# expect_fail DESC STATUS PATTERN CMD...: CMD exits with STATUS and prints
# exactly one line on stderr, which contains PATTERN (fixed string); its
# stdout and stderr are left in $SCRATCH/out and $SCRATCH/err. When not,
# the "not ok" line says why and is followed by what it ran, its status and
# its output (said).
expect_fail() {
	d=$1 want=$2 pat=$3
	shift 3
	"$@" >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	n=$(wc -l <"$SCRATCH/err")
	if [ "$rc" -ne "$want" ]; then bad "$d: exit $rc, want $want"
	elif [ "$n" -ne 1 ]; then bad "$d: $n lines on stderr, want 1"
	elif ! grep -qF -- "$pat" "$SCRATCH/err"; then bad "$d: stderr lacks '$pat'"
	else ok "$d"; return; fi
	K_RC=$rc K_OUT=$SCRATCH/out K_ERR=$SCRATCH/err K_ONE=
	said "$d" "$@"
}

# no_strays DIR: no live process runs in DIR or has DIR in its command line
# (two commands in all, not two per process: it is polled)
no_strays() {
	n_s=$( { find /proc -mindepth 2 -maxdepth 2 -name cwd -lname "$1*"
		grep -lsF -- "$1" /proc/[0-9]*/cmdline; } 2>/dev/null | tr '\n' ' ')
	[ -z "$n_s" ] && return 0
	echo "stray: $n_s" >&2
	return 1
}

done_tests() { echo "$PASS passed, $FAIL failed"; [ "$FAIL" -eq 0 ]; }

# quiet CMD...: CMD with its stderr dropped (for polling with wait_until)
quiet() { "$@" 2>/dev/null; }

# wait_until SECONDS CMD...: run CMD every 0.05 s until it succeeds; 1 when
# it never did within SECONDS (a generous bound, never a measured time)
wait_until() {
	w_n=$(($1 * 20))
	shift
	while [ "$w_n" -gt 0 ]; do
		"$@" && return 0
		sleep 0.05
		w_n=$((w_n - 1))
	done
	return 1
}

# exists PATTERN: a name matching the glob PATTERN (quoted: expanded here,
# at every call) exists
exists() {
	for f in $1; do [ -e "$f" ] && return 0; done
	return 1
}

# procs: a line "PID PPID PGID COMM" per live process
procs() {
	for pd in /proc/[0-9]*; do
		{ read -r line <"$pd/stat"; } 2>/dev/null || continue
		comm=${line#*(}
		comm=${comm%)*}
		set -- ${line##*) }
		echo "${pd#/proc/} $2 $3 $comm"
	done
}

# proc_in COMM DIR: the pid of a process named COMM working in DIR
proc_in() {
	for p in $(procs | awk -v c="$1" '$4 == c {print $1}'); do
		[ "$(readlink "/proc/$p/cwd" 2>/dev/null)" = "$2" ] && { echo "$p"; return 0; }
	done
	return 1
}

# contents DIR: the names in DIR, hidden ones too, in C order, on one line
contents() { LC_ALL=C ls -A "$1" | tr '\n' ' '; }

# only_reusable DIR: DIR holds nothing but what contest keeps there between
# runs: the built-in tree, compile.log, failed runs' logs, read_load.dat and the lock file
only_reusable() {
	for f in $(contents "$1"); do
		case $f in builtin-1-*|compile.log|compile.log.*.failed|read_load.dat|.contest.lock) ;;
		*) echo "left in $1: $f" >&2; return 1 ;;
		esac
	done
}

# col FILE NAME[,NAME...] [COLUMN=VALUE...]: the column NAME of each record
# of FILE, a records file (LABEL.loads, LABEL.micro: line 1 its format, line
# 2 the column names, a tab between them, then a record a line), one a line
# in the file's order; several names: their values on a line, a tab between;
# with COLUMN=VALUE, only the records whose COLUMN is VALUE. A name FILE does
# not have: a line on stderr, status 1.
col() {
	c_f=$1 c_n=$2
	shift 2
	c_w=
	for c_a; do c_w="$c_w$c_a
"; done
	COL_WHERE=$c_w awk -F '\t' -v names="$c_n" '
		NR == 2 {
			for (i = 1; i <= NF; i++) at[$i] = i
			nn = split(names, name, ",")
			for (k = 1; k <= nn; k++) if (!(name[k] in at)) { miss = name[k]; exit 1 }
			nw = split(ENVIRON["COL_WHERE"], w, "\n") - 1
			for (k = 1; k <= nw; k++) {
				e = index(w[k], "=")
				key[k] = substr(w[k], 1, e - 1)
				val[k] = substr(w[k], e + 1)
				if (!(key[k] in at)) { miss = key[k]; exit 1 }
			}
			next
		}
		NR > 2 {
			for (k = 1; k <= nw; k++) if ($at[key[k]] != val[k]) next
			s = $at[name[1]]
			for (k = 2; k <= nn; k++) s = s "\t" $at[name[k]]
			print s
		}
		END { if (miss != "") print "col: " FILENAME " has no column " miss | "cat 1>&2" }' "$c_f"
}

# prints PATTERN CMD...: CMD exits 0 and, for each line of PATTERN (a grep
# expression), a line of its stdout matches it. Silent but on a failure: then
# CMD's stdout, and why on stderr (a check's "not ok" shows both)
prints() {
	p_p=$1
	shift
	exits_0 "$@" || return 1
	p_miss=$(printf '%s\n' "$p_p" | while IFS= read -r p_l; do
		grep -q -- "$p_l" "$SCRATCH/.stdout" || echo "$1: no line of its stdout matches '$p_l'"
	done)
	[ -z "$p_miss" ] && return 0
	cat "$SCRATCH/.stdout"
	printf '%s\n' "$p_miss" >&2
	return 1
}

# prints_no PATTERN CMD...: CMD exits 0 and no line of its stdout matches
# PATTERN (a grep expression); silent but on a failure, as prints
prints_no() {
	p_p=$1
	shift
	exits_0 "$@" || return 1
	grep -q -- "$p_p" "$SCRATCH/.stdout" || return 0
	cat "$SCRATCH/.stdout"
	echo "$1: a line of its stdout matches '$p_p'" >&2
	return 1
}

# exits_0 CMD...: CMD exits 0, its stdout kept in $SCRATCH/.stdout; when not,
# that stdout is given on and how CMD ended said on stderr (a signal named)
exits_0() {
	"$@" >"$SCRATCH/.stdout"
	e_rc=$?
	[ "$e_rc" -eq 0 ] && return 0
	cat "$SCRATCH/.stdout"
	echo "$1: $(status_of "$e_rc")" >&2
	return 1
}

# status_of STATUS: how a command of that status ended, as a few words:
# "exit status N", or "exit status N: killed by SIGNAME" above 128
status_of() {
	if [ "$1" -gt 128 ] && s_n=$(kill -l "$1" 2>/dev/null); then
		echo "exit status $1: killed by SIG$s_n"
	else
		echo "exit status $1"
	fi
}

# whole_lines DIR: every LABEL.loads and LABEL.micro file in DIR ends with a
# newline, and every record has as many columns as the header
whole_lines() {
	for f in "$1"/*.loads "$1"/*.micro; do
		[ -e "$f" ] || continue
		[ -z "$(tail -c 1 "$f")" ] || { echo "partial last line in $f" >&2; return 1; }
		awk -F '\t' 'NR == 2 {n = NF} NR > 2 && NF != n {bad = 1} END {exit bad}' "$f" ||
			{ echo "a record of $f lacks columns" >&2; return 1; }
	done
}

# fake_top DIR: what marks the top of a kernel tree, in DIR (Kconfig,
# MAINTAINERS, Kbuild, scripts/, arch/), and an arch/x86 beneath it that has
# a Makefile, Kconfig and Kbuild of its own, like the real one
fake_top() {
	mkdir -p "$1/scripts" "$1/arch/x86"
	: >"$1/Kconfig"
	: >"$1/MAINTAINERS"
	: >"$1/Kbuild"
	printf 'all:\n\t@echo arch-makefile\n' >"$1/arch/x86/Makefile"
	: >"$1/arch/x86/Kconfig"
	: >"$1/arch/x86/Kbuild"
}

# fake_tree DIR: a stand-in for a configured kernel tree (fake_top, a
# Makefile, .config) whose clean and final link touch .cleaning and .linked in it and
# then sleep $CLEAN_SLEEP and $LINK_SLEEP seconds (from the environment);
# with $LINK_FAIL set, the link then fails
fake_tree() {
	mkdir -p "$1"
	cat >"$1/Makefile" <<'MK'
# A stand-in for a kernel Makefile, with steps a test can hold open.
vmlinux: a.o
	$(CC) -o vmlinux a.o
	@touch .linked
	@sleep $${LINK_SLEEP:-0}
	@test -z "$${LINK_FAIL}"
a.o: a.c
	$(CC) -c a.c
kernelversion:
	@echo 6.1.0-fake
clean:
	@touch .cleaning
	@sleep $${CLEAN_SLEEP:-0}
	rm -f a.o vmlinux .cleaning .linked
MK
	printf 'int main(void) { return 0; }\n' >"$1/a.c"
	fake_top "$1"
	echo 'CONFIG_FAKE=y' >"$1/.config"
}
