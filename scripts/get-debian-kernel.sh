#!/bin/sh
# get-debian-kernel.sh: one Debian kernel package fetched with apt-get download and unpacked with dpkg-deb -x into a folder, never installed: a KDIR for contest series --boot qemu.
#
# usage: get-debian-kernel.sh PACKAGE [DIR]
# PACKAGE: a kernel image package, such as linux-image-6.1.0-26-amd64
# (apt-cache search --names-only '^linux-image-[0-9].*-amd64$' lists them).
# DIR (default /var/cache/contest-kernels) gets RELEASE/, holding
# boot/vmlinuz-RELEASE and lib/modules/RELEASE. Says what it downloads and
# how large before it does; prints the folder. A folder already there is
# printed again without a download.
set -u
say() { echo "get-debian-kernel.sh: $*" >&2; }
die() { say "$*"; exit 1; }

[ $# -ge 1 ] && [ $# -le 2 ] || die "usage: get-debian-kernel.sh PACKAGE [DIR]"
PKG=$1 DIR=${2:-/var/cache/contest-kernels}
case $PKG in linux-image-*) ;; *) die "'$PKG' is not a linux-image-* package" ;; esac
command -v apt-get >/dev/null 2>&1 && command -v dpkg-deb >/dev/null 2>&1 || die "needs apt-get and dpkg-deb (Debian, Ubuntu)"
REL=${PKG#linux-image-}
case $REL in *-unsigned) REL=${REL%-unsigned} ;; esac
if [ -f "$DIR/$REL/boot/vmlinuz-$REL" ] && [ -d "$DIR/$REL/lib/modules/$REL" ]; then
	echo "$DIR/$REL"
	exit 0
fi
size=$(apt-cache show "$PKG" 2>/dev/null | sed -n 's/^Size: //p' | head -n 1)
[ -n "$size" ] || die "apt knows no package $PKG (apt-get update? apt-cache search linux-image)"
say "downloading $PKG ($((size / 1048576)) MiB) with apt-get download; unpacking it (about 6 times that) into $DIR/$REL; nothing is installed"
mkdir -p "$DIR" || die "cannot make $DIR"
T=$(mktemp -d "$DIR/.get.XXXXXX") || die "mktemp in $DIR failed"
# apt fetches as its _apt user where it can: let it write here (else it warns and fetches as root)
id _apt >/dev/null 2>&1 && chown _apt "$T" 2>/dev/null
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP
(cd "$T" && apt-get download "$PKG" >/dev/null) || die "apt-get download $PKG failed"
dpkg-deb -x "$T"/*.deb "$T/x" || die "dpkg-deb -x failed"
[ -f "$T/x/boot/vmlinuz-$REL" ] || die "$PKG holds no boot/vmlinuz-$REL"
# usrmerge packages put the modules under usr/lib
[ -d "$T/x/lib/modules/$REL" ] || { mkdir -p "$T/x/lib/modules" && ln -s "../../usr/lib/modules/$REL" "$T/x/lib/modules/$REL"; }
rm -rf "${DIR:?}/$REL" && mv "$T/x" "$DIR/$REL" || die "cannot move it to $DIR/$REL"
echo "$DIR/$REL"
