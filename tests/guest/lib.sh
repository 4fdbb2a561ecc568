# lib.sh: what the guest tests share: their skip line, the root and kernel checks, a scratch folder, the ok/not ok lines and the closing line.
# A test sets NAME (its name in skip lines) and HERE (this folder) before it sources this file.
PASS=0 FAIL=0 N=0

# guest_skip WHY: the test cannot run here: one line, a closing line, exit 0
guest_skip() {
	echo "skip: $NAME: $*"
	echo "0 passed, 0 failed"
	exit 0
}

# guest_need_root: skip unless root (apt-get, the kernel cache, QEMU's 9p share of /)
guest_need_root() {
	[ "$(id -u)" -eq 0 ] || guest_skip "needs root (apt-get, the kernel cache, QEMU's 9p share of /)"
}

# guest_kernels: the two cached kernels (kernels.sh fetches them and installs
# QEMU): A and B their folders, RA and RB their releases; skip when they or
# QEMU cannot be had
guest_kernels() {
	g_err=$(mktemp /var/tmp/contest-guest-err.XXXXXX) || exit 1
	if ! KERNELS=$(sh "$HERE/kernels.sh" 2>"$g_err") || ! command -v qemu-system-x86_64 >/dev/null; then
		g_msg=$(tail -n 1 "$g_err")
		rm -f "$g_err"
		guest_skip "kernels.sh could not fetch the kernels or install QEMU: $g_msg"
	fi
	rm -f "$g_err"
	A=$(echo "$KERNELS" | sed -n 1p)
	B=$(echo "$KERNELS" | sed -n 2p)
	RA=${A##*/} RB=${B##*/}
}

# guest_scratch PREFIX: T, a new folder PREFIX.XXXXXX removed at exit
guest_scratch() {
	T=$(mktemp -d "$1.XXXXXX") || exit 1
	trap 'rm -rf "$T"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM HUP
}

# result STATUS DESC: one check's line, "ok N - DESC" when STATUS is 0, else "not ok N - DESC"
result() {
	N=$((N + 1))
	if [ "$1" -eq 0 ]; then PASS=$((PASS + 1)); echo "ok $N - $2"
	else FAIL=$((FAIL + 1)); echo "not ok $N - $2"; fi
}

# guest_done: the closing line; the exit status says whether a check failed
guest_done() {
	echo "$PASS passed, $FAIL failed"
	[ "$FAIL" -eq 0 ]
}
