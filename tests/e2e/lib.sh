# lib.sh: shared helpers of the end-to-end tests: assertions, a scratch directory, the closing line.
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

ok() { PASS=$((PASS + 1)); }
bad() { FAIL=$((FAIL + 1)); echo "FAIL: $*" >&2; }

# check DESC CMD...: the command succeeds
check() { d=$1; shift; if "$@"; then ok; else bad "$d"; fi; }

# expect_fail DESC STATUS PATTERN CMD...: CMD exits with STATUS and prints
# exactly one line on stderr, which contains PATTERN (fixed string).
expect_fail() {
	d=$1 want=$2 pat=$3
	shift 3
	"$@" >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	n=$(wc -l <"$SCRATCH/err")
	if [ "$rc" -ne "$want" ]; then bad "$d: exit $rc, want $want"; cat "$SCRATCH/err" >&2; return; fi
	if [ "$n" -ne 1 ]; then bad "$d: $n lines on stderr, want 1"; cat "$SCRATCH/err" >&2; return; fi
	if ! grep -qF -- "$pat" "$SCRATCH/err"; then bad "$d: stderr lacks '$pat'"; cat "$SCRATCH/err" >&2; return; fi
	ok
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
