#!/bin/sh
# get-kernel-tree.sh: fetch a configured Linux source tree for `contest -t DIR` on Debian.
#
# usage: scripts/get-kernel-tree.sh DIR [CONFIG]
#   DIR     where to unpack the tree (created; must not exist or be empty)
#   CONFIG  a make configuration target: tinyconfig (default, minutes on
#           2 cores), defconfig (the classic full weight), allnoconfig, ...
# Installs Debian's linux-source package and the kernel build tools when
# missing (as root, or through sudo), unpacks the newest source tarball
# from /usr/src into DIR and runs `make CONFIG` there.
set -eu

die() { echo "get-kernel-tree.sh: $*" >&2; exit 1; }

[ $# -ge 1 ] && [ $# -le 2 ] || die "usage: get-kernel-tree.sh DIR [CONFIG]"
dir=$1
config=${2:-tinyconfig}
case $config in
*config) ;;
*) die "$config: not a make configuration target (tinyconfig, defconfig, ...)" ;;
esac
if [ -e "$dir" ] && [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
	die "$dir: exists and is not empty"
fi

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# The build tools a kernel needs, by the command that proves each is present.
need=
command -v make >/dev/null 2>&1 || need="$need make"
command -v gcc >/dev/null 2>&1 || need="$need gcc libc6-dev"
command -v bc >/dev/null 2>&1 || need="$need bc"
command -v bison >/dev/null 2>&1 || need="$need bison"
command -v flex >/dev/null 2>&1 || need="$need flex"
command -v xz >/dev/null 2>&1 || need="$need xz-utils"
command -v perl >/dev/null 2>&1 || need="$need perl"
[ -e /usr/include/libelf.h ] || need="$need libelf-dev"
[ -e /usr/include/openssl/ssl.h ] || need="$need libssl-dev"
ls /usr/src/linux-source-*.tar.* >/dev/null 2>&1 || need="$need linux-source"
if [ -n "$need" ]; then
	echo "get-kernel-tree.sh: installing$need" >&2
	as_root apt-get update -q
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $need
fi

tarball=$(ls /usr/src/linux-source-*.tar.* 2>/dev/null | sort -V | tail -n 1)
[ -n "$tarball" ] || die "no /usr/src/linux-source-*.tar.* after installing linux-source"

mkdir -p "$dir"
echo "get-kernel-tree.sh: unpacking $tarball into $dir" >&2
tar -xf "$tarball" -C "$dir" --strip-components=1 || die "$tarball: unpacking failed"
[ -f "$dir/Makefile" ] && [ -f "$dir/Kconfig" ] || die "$tarball: did not unpack to a kernel tree"

echo "get-kernel-tree.sh: make $config" >&2
make -C "$dir" -s "$config" || die "$dir: make $config failed"
echo "get-kernel-tree.sh: ready: $dir (Linux $(make -C "$dir" -s kernelversion), $config)" >&2
