# lib.sh: shared helpers of the end-to-end tests: assertions, a scratch directory, the closing line.
CONTEST=${CONTEST:-$(pwd)/build/contest}
PASS=0
FAIL=0
SCRATCH=$(mktemp -d /tmp/contest-e2e.XXXXXX)
trap 'rm -rf "$SCRATCH"' EXIT

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
no_strays() {
	for p in /proc/[0-9]*; do
		case "$(readlink "$p/cwd" 2>/dev/null)" in "$1"*) echo "stray: $p" >&2; return 1 ;; esac
		{ tr '\0' ' ' <"$p/cmdline"; } 2>/dev/null | grep -qF -- "$1" && { echo "stray: $p" >&2; return 1; }
	done
	return 0
}

done_tests() { echo "$PASS passed, $FAIL failed"; [ "$FAIL" -eq 0 ]; }
