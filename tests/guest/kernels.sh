#!/bin/sh
# kernels.sh: fetch and unpack two Debian kernels for the guest tests into a cache (never installed), installing the test-only tools the guests need; prints each kernel's folder.
#
# usage: kernels.sh            (as root; idempotent: a kernel already unpacked is kept)
# The cache is $CONTEST_GUEST_CACHE, else /var/cache/contest-guest; each kernel
# is unpacked there with dpkg-deb -x as RELEASE/ (RELEASE/boot/vmlinuz-RELEASE,
# RELEASE/lib/modules/RELEASE/, and RELEASE/contest-vmlinux: the ELF kernel
# inside the bzImage, which QEMU boots faster). The kernels are the packages named in
# $CONTEST_GUEST_KERNELS (two linux-image-* names), else the two newest
# linux-image-6.1.0-N-amd64 that apt-cache offers. One folder a line on
# stdout, the older first; what it does goes to stderr.
#
# The test-only packages (apt-get, when missing): qemu-system-x86 (the guests,
# under TCG), kexec-tools (the guest runs the host's /sbin/kexec; installed
# with its "load a kexec kernel at reboot" answered no, so the host's own
# reboots are not changed), cpio (mkinitrd.sh), e2fsprogs (the journal disk).
set -u
CACHE=${CONTEST_GUEST_CACHE:-/var/cache/contest-guest}

say() { echo "kernels.sh: $*" >&2; }
die() { say "$*"; exit 1; }

# need_tools: install the test-only packages whose command is missing
need_tools() {
	pkgs=
	command -v qemu-system-x86_64 >/dev/null 2>&1 || pkgs="$pkgs qemu-system-x86"
	[ -x /sbin/kexec ] || pkgs="$pkgs kexec-tools"
	command -v cpio >/dev/null 2>&1 || pkgs="$pkgs cpio"
	command -v mkfs.ext4 >/dev/null 2>&1 && command -v debugfs >/dev/null 2>&1 || pkgs="$pkgs e2fsprogs"
	[ -z "$pkgs" ] && return 0
	[ "$(id -u)" -eq 0 ] || die "not root: cannot install the test-only packages:$pkgs"
	say "installing the test-only packages:$pkgs"
	echo 'kexec-tools kexec-tools/load_kexec boolean false' | debconf-set-selections 2>/dev/null
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs >&2 ||
		{ apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs >&2; } ||
		die "apt-get install$pkgs failed"
	# the host's reboots stay its own, whatever the package's answer was
	[ -f /etc/default/kexec ] && sed -i 's/^LOAD_KEXEC=.*/LOAD_KEXEC=false/' /etc/default/kexec
	return 0
}

# pick: the two kernel packages, one a line
pick() {
	if [ -n "${CONTEST_GUEST_KERNELS:-}" ]; then
		printf '%s\n' $CONTEST_GUEST_KERNELS
		return
	fi
	l=$(apt-cache search --names-only '^linux-image-6\.1\.0-[0-9]+-amd64$' 2>/dev/null | cut -d' ' -f1 | sort -V | tail -n 2)
	if [ "$(printf '%s\n' "$l" | grep -c .)" -lt 2 ]; then
		apt-get update >&2 || true
		l=$(apt-cache search --names-only '^linux-image-6\.1\.0-[0-9]+-amd64$' | cut -d' ' -f1 | sort -V | tail -n 2)
	fi
	printf '%s\n' "$l"
}

# unpack PKG: RELEASE/ in the cache from the package, unless it is there
unpack() {
	rel=${1#linux-image-}
	dir=$CACHE/$rel
	if [ -f "$dir/boot/vmlinuz-$rel" ] && [ -d "$dir/lib/modules/$rel" ]; then
		echo "$dir"
		return 0
	fi
	[ "$(id -u)" -eq 0 ] || die "not root: cannot fetch $1 into $CACHE"
	tmp=$CACHE/.fetch.$$
	rm -rf "$tmp" && mkdir -p "$tmp/x" || die "cannot make $tmp"
	say "fetching $1"
	(cd "$tmp" && apt-get download "$1" >&2 2>"$tmp/err") ||
		{ cat "$tmp/err" >&2; rm -rf "$tmp"; die "apt-get download $1 failed"; }
	dpkg-deb -x "$tmp"/*.deb "$tmp/x" || { rm -rf "$tmp"; die "dpkg-deb -x $1 failed"; }
	[ -f "$tmp/x/boot/vmlinuz-$rel" ] || { rm -rf "$tmp"; die "$1 holds no boot/vmlinuz-$rel"; }
	rm -rf "$dir" && mv "$tmp/x" "$dir" && rm -rf "$tmp" || die "cannot move $rel into $CACHE"
	echo "$dir"
}

# vmlinux DIR: DIR/contest-vmlinux, the ELF kernel unpacked from the
# bzImage, unless it is there. QEMU boots it through its PVH entry, with no
# decompression: under TCG that is 6 s a boot less (run.sh uses it; the
# guests kexec the bzImage itself).
vmlinux() {
	[ -s "$1/contest-vmlinux" ] && return 0
	set -- "$1" "$1"/boot/vmlinuz-*
	# 6.1's bzImage holds an xz stream, 6.12's a zstd frame
	off=$(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$2" | head -n 1 | cut -d: -f1) un="xz -dc"
	if [ -z "$off" ]; then
		off=$(LC_ALL=C grep -obUaP '\x28\xb5\x2f\xfd' "$2" | head -n 1 | cut -d: -f1) un="zstd -qdc"
	fi
	[ -n "$off" ] || { say "$2: no xz or zstd stream: run.sh boots the bzImage"; return 0; }
	tail -c +$((off + 1)) "$2" | $un >"$1/contest-vmlinux.tmp.$$" 2>/dev/null
	if [ "$(head -c 4 "$1/contest-vmlinux.tmp.$$" | od -An -c | tr -d ' ')" = 177ELF ]; then
		mv "$1/contest-vmlinux.tmp.$$" "$1/contest-vmlinux"
	else
		rm -f "$1/contest-vmlinux.tmp.$$"
		say "$2: its compressed kernel is no ELF file: run.sh boots the bzImage"
	fi
}

need_tools
mkdir -p "$CACHE" || die "cannot make $CACHE"
pkgs=$(pick)
[ "$(printf '%s\n' "$pkgs" | grep -c .)" -eq 2 ] ||
	die "want two kernel packages, have: $(printf '%s ' $pkgs)(set CONTEST_GUEST_KERNELS)"
for p in $pkgs; do
	d=$(unpack "$p") || exit 1
	vmlinux "$d"
	echo "$d"
done
