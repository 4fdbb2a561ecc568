#!/bin/sh
# mkinitrd.sh: build a guest initramfs (cpio newc, gzip) for one unpacked kernel: the static init of guest/init.c (contest-init) and that kernel's modules for a 9p root and an ext4 journal disk.
#
# usage: mkinitrd.sh KERNEL_DIR [OUT]
# KERNEL_DIR is a folder kernels.sh unpacked (boot/vmlinuz-R, lib/modules/R);
# OUT defaults to KERNEL_DIR/contest-initrd.gz. The modules are the ones below
# and what their depends= say, in dependency order (the packages ship no
# modules.dep); one that is built in (modules.builtin) is left out. The init
# loads them in the order of the file /modules. Prints OUT.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
# the 9p root over virtio PCI, the journal disk (virtio_blk, ext4 and the
# crc32c its checksums ask the crypto API for)
WANT="virtio_pci 9pnet_virtio 9p virtio_blk crc32c_generic ext4"

say() { echo "mkinitrd.sh: $*" >&2; }
die() { say "$*"; exit 1; }

[ $# -ge 1 ] && [ $# -le 2 ] || die "usage: mkinitrd.sh KERNEL_DIR [OUT]"
KDIR=$1
OUT=${2:-$KDIR/contest-initrd.gz}
set -- "$KDIR"/boot/vmlinuz-*
[ -f "$1" ] || die "$KDIR: no boot/vmlinuz-* (a folder kernels.sh made)"
REL=${1##*/vmlinuz-}
MOD=$KDIR/lib/modules/$REL
[ -f "$MOD/modules.order" ] || die "$MOD: no modules.order"
if ! command -v cpio >/dev/null 2>&1; then
	[ "$(id -u)" -eq 0 ] || die "no cpio and not root to install it"
	say "installing cpio (test-only)"
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends cpio >&2 || die "apt-get install cpio failed"
fi

STAGE=$(mktemp -d /tmp/contest-initrd.XXXXXX) || die "mktemp failed"
trap 'rm -rf "$STAGE"' EXIT
trap 'exit 1' INT TERM HUP
mkdir -p "$STAGE/lib/modules" "$STAGE/dev" "$STAGE/proc" "$STAGE/sys" ||
	die "cannot fill $STAGE"

# index FILE: "NAME PATH" a line for each module FILE lists (NAME with - as _,
# as the kernel names it)
index() {
	awk '{ f = $0; sub(/.*\//, "", f); sub(/\.ko(\.(xz|zst|gz))?$/, "", f); gsub(/-/, "_", f); print f, $0 }' "$1"
}
# modcat FILE: the module, decompressed (6.12's are .ko.xz; the init loads
# plain .ko files)
modcat() {
	case $1 in
	*.xz) xz -dc "$1" ;;
	*.zst) zstd -qdc "$1" ;;
	*.gz) gzip -dc "$1" ;;
	*) cat "$1" ;;
	esac
}
# deps FILE: the names the module's depends= field gives, one a line
deps() {
	modcat "$1" | tr '\0' '\n' | sed -n 's/^depends=//p' | head -n 1 | tr ',' '\n' | grep .
}
# add NAME: NAME's dependencies, then NAME, onto the list (once each); a
# subshell, so that its variables are its own through the recursion
add() (
	n=$(echo "$1" | tr - _)
	grep -qx "$n" "$STAGE/done" && return 0
	echo "$n" >>"$STAGE/done"
	grep -q "^$n " "$STAGE/builtin" && return 0
	p=$(awk -v n="$n" '$1 == n { print $2; exit }' "$STAGE/order")
	[ -n "$p" ] || die "$REL: no module $n"
	# modules.order names NAME.ko; the file may be NAME.ko.xz
	for f in "$p" "$p.xz" "$p.zst" "$p.gz"; do
		[ -f "$MOD/$f" ] && break
	done
	p=$f
	for d in $(deps "$MOD/$p"); do
		add "$d" || return 1
	done
	modcat "$MOD/$p" >"$STAGE/lib/modules/$n.ko" || die "cannot copy $p"
	echo "/lib/modules/$n.ko" >>"$STAGE/modules"
)

index "$MOD/modules.order" >"$STAGE/order"
if [ -f "$MOD/modules.builtin" ]; then index "$MOD/modules.builtin"; fi >"$STAGE/builtin"
: >"$STAGE/done"
: >"$STAGE/modules"
for w in $WANT; do
	add "$w" || exit 1
done

cc -static -O2 -std=c11 -Wall -Wextra -Werror -o "$STAGE/init" "$HERE/../../guest/init.c" ||
	die "cc -static guest/init.c failed (libc6-dev has the static libc)"
rm -f "$STAGE/order" "$STAGE/builtin" "$STAGE/done"
(cd "$STAGE" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) |
	gzip -1 >"$OUT.tmp.$$" && mv "$OUT.tmp.$$" "$OUT" || { rm -f "$OUT.tmp.$$"; die "cannot write $OUT"; }
say "$REL: $(tr '\n' ' ' <"$STAGE/modules" | sed 's|/lib/modules/||g; s|\.ko||g')"
echo "$OUT"
