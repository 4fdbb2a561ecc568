#!/bin/sh
# run.sh: boot an unpacked Debian kernel in a QEMU guest (TCG) with the host's root read-only, run a script inside, and exit with the script's status.
#
# usage: run.sh KERNEL_DIR SCRIPT [--disk IMG] [--cgroup 1|2] [--timeout S]
#               [--mem MIB] [--log FILE] [--append ARGS] [--bzimage] [--quiet]
# KERNEL_DIR: a folder kernels.sh printed; its initramfs (contest-initrd.gz)
# is built by mkinitrd.sh when missing or older than guest/init.c or mkinitrd.sh.
# SCRIPT runs as "/bin/sh /run/contest/cmd" in the guest: a copy of it is
# shared read-only as /run/contest, beside the host's whole root (read-only,
# the guest's own /tmp, /run, /proc, /sys and /dev). --disk IMG attaches IMG
# (raw; made as a 64 MiB ext4 when missing, and then left for the caller) as
# the guest's /dev/vda, mounted read-write at /journal. --cgroup 2 mounts
# cgroup2 at /sys/fs/cgroup, --cgroup 1 the v1 cpuset, cpu,cpuacct and memory
# controllers. --timeout S (default 600) kills QEMU after S seconds. The
# guest's console is copied to stdout as it comes (not with --quiet) and to
# --log FILE when given. Exit status: the script's; 124 on timeout; 125 when
# the guest or QEMU failed before the script's status was printed.
# One guest: -accel tcg (KVM guests hang here), -smp 2, -m 1024 by default.
# QEMU boots KERNEL_DIR/contest-vmlinux (kernels.sh unpacks it from the
# bzImage) through its PVH entry when it is there, 6 s faster than the
# bzImage under TCG; --bzimage boots boot/vmlinuz-* as a boot loader would.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)

say() { echo "run.sh: $*" >&2; }
die() { say "$*"; exit 125; }

[ $# -ge 2 ] || die "usage: run.sh KERNEL_DIR SCRIPT [--disk IMG] [--cgroup 1|2] [--timeout S] [--mem MIB] [--log FILE] [--append ARGS] [--bzimage] [--quiet]"
KDIR=$1 SCRIPT=$2
shift 2
DISK='' CGROUP='' TMO=600 MEM=1024 LOG='' APPEND='' QUIET='' BZ=''
while [ $# -gt 0 ]; do
	case $1 in --quiet|--bzimage) ;; *) [ $# -ge 2 ] || die "$1: wants a value" ;; esac
	case $1 in
	--disk) DISK=$2 ;;
	--cgroup) CGROUP=$2 ;;
	--timeout) TMO=$2 ;;
	--mem) MEM=$2 ;;
	--log) LOG=$2 ;;
	--append) APPEND=$2 ;;
	--quiet) QUIET=1; shift; continue ;;
	--bzimage) BZ=1; shift; continue ;;
	*) die "unknown option $1" ;;
	esac
	shift 2
done
case $CGROUP in ""|1|2) ;; *) die "--cgroup $CGROUP: 1 or 2" ;; esac
case $TMO in ""|*[!0-9]*) die "--timeout $TMO: whole seconds" ;; esac
case $MEM in ""|*[!0-9]*) die "--mem $MEM: MiB" ;; esac
[ -f "$SCRIPT" ] || die "$SCRIPT: no such file"
command -v qemu-system-x86_64 >/dev/null 2>&1 || die "no qemu-system-x86_64 (kernels.sh installs it)"
set -- "$KDIR"/boot/vmlinuz-*
[ -f "$1" ] || die "$KDIR: no boot/vmlinuz-* (a folder kernels.sh printed)"
VMLINUZ=$1
[ -z "$BZ" ] && [ -s "$KDIR/contest-vmlinux" ] && VMLINUZ=$KDIR/contest-vmlinux
INITRD=$KDIR/contest-initrd.gz
if [ ! -f "$INITRD" ] || [ "$HERE/../../guest/init.c" -nt "$INITRD" ] || [ "$HERE/mkinitrd.sh" -nt "$INITRD" ]; then
	sh "$HERE/mkinitrd.sh" "$KDIR" >/dev/null || die "mkinitrd.sh $KDIR failed"
fi

T=$(mktemp -d /tmp/contest-guest.XXXXXX) || die "mktemp failed"
QPID='' TPID=''
cleanup() {
	[ -n "$QPID" ] && kill "$QPID" 2>/dev/null && wait "$QPID" 2>/dev/null
	[ -n "$TPID" ] && kill "$TPID" 2>/dev/null && wait "$TPID" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP
mkdir "$T/share" && cp "$SCRIPT" "$T/share/cmd" || die "cannot copy $SCRIPT"
: >"$T/console"
if [ -n "$DISK" ] && [ ! -e "$DISK" ]; then
	command -v mkfs.ext4 >/dev/null 2>&1 || die "no mkfs.ext4 for $DISK (e2fsprogs)"
	truncate -s 64M "$DISK" && mkfs.ext4 -q -F "$DISK" || die "cannot make $DISK"
fi

ARGS="console=ttyS0 quiet panic=-1 contest.cmd=/run/contest/cmd"
[ -n "$CGROUP" ] && ARGS="$ARGS contest.cgroup=$CGROUP"
[ -n "$APPEND" ] && ARGS="$ARGS $APPEND"
set -- -accel tcg -smp 2 -m "$MEM" -nodefaults -display none -no-reboot -monitor none \
	-kernel "$VMLINUZ" -initrd "$INITRD" -append "$ARGS" \
	-serial "file:$T/console" \
	-virtfs local,path=/,mount_tag=root,security_model=none,readonly=on,multidevs=remap \
	-virtfs "local,path=$T/share,mount_tag=contest,security_model=none,readonly=on"
[ -n "$DISK" ] && set -- "$@" -drive "file=$DISK,if=virtio,format=raw"

start=$(date +%s.%N)
timeout -k 5 "$TMO" qemu-system-x86_64 "$@" </dev/null >"$T/qemu.out" 2>&1 &
QPID=$!
if [ -z "$QUIET" ]; then
	tail -n +1 -f --pid="$QPID" "$T/console" &
	TPID=$!
fi
wait "$QPID"
rc=$?
QPID=
if [ -n "$TPID" ]; then wait "$TPID"; TPID=; fi
end=$(date +%s.%N)
[ -n "$LOG" ] && cp "$T/console" "$LOG"
secs=$(echo "$start $end" | awk '{ printf "%.1f", $2 - $1 }')
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	say "timeout: the guest ran past $TMO s; QEMU killed"
	exit 124
fi
status=$(tr -d '\r' <"$T/console" | sed -n 's/^contest-guest: exit \([0-9][0-9]*\)$/\1/p' | tail -n 1)
if [ -z "$status" ]; then
	[ "$rc" -ne 0 ] && say "QEMU exited $rc: $(tail -n 3 "$T/qemu.out" | tr '\n' ' ')"
	say "no exit status from the guest after $secs s (console: $(tail -n 2 "$T/console" | tr -d '\r' | tr '\n' ' '))"
	exit 125
fi
say "guest done in $secs s: exit $status"
exit "$status"
