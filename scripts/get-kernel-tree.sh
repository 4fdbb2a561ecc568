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
#
# apt: before installing, the simulated install (apt-get -s) is printed:
# the packages new to the machine, and the installed ones it would upgrade
# (a package's dependencies can need a newer version of an installed one;
# the packages named are never upgraded: --no-upgrade). Upgrades wait for a
# yes on a terminal; elsewhere they are refused unless ALLOW_UPGRADE=1.
#
# 64-bit: on x86_64 the configuration is made with ARCH=x86_64. The kernel's
# default ARCH there is x86, where "64-bit kernel" is a question, which
# tinyconfig and allnoconfig answer no: a 32-bit (-m32) kernel. With
# ARCH=x86_64 the question is not asked and CONFIG_64BIT=y; the later plain
# `make` (ARCH=x86) keeps the answer from .config, which a `make syncconfig`
# with the default ARCH then checks. An ARCH in the environment is used as
# it is.
#
# KERNEL_SOURCE_DIR (default /usr/src) is where linux-source-*.tar.* is looked for.
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

src=${KERNEL_SOURCE_DIR:-/usr/src}

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
ls "$src"/linux-source-*.tar.* >/dev/null 2>&1 || need="$need linux-source"
apt_opts="--no-upgrade --no-install-recommends"
if [ -n "$need" ]; then
	echo "get-kernel-tree.sh: missing:$need; asking apt what installing them takes" >&2
	as_root apt-get update -q >&2 || die "apt-get update failed"
	# shellcheck disable=SC2086
	sim=$(LC_ALL=C apt-get install -s $apt_opts $need) || die "apt-get install -s$need failed"
	# "Inst NAME (NEW ...)" is new to the machine, "Inst NAME [OLD] (NEW ...)" an upgrade
	new=$(printf '%s\n' "$sim" | awk '$1 == "Inst" && $3 !~ /^\[/ {printf " %s", $2}')
	upg=$(printf '%s\n' "$sim" | awk '$1 == "Inst" && $3 ~ /^\[/ {
		printf " %s %s->%s", $2, substr($3, 2, length($3) - 2), substr($4, 2)}')
	echo "get-kernel-tree.sh: apt will install:${new:- nothing new}" >&2
	if [ -n "$upg" ]; then
		echo "get-kernel-tree.sh: apt will also UPGRADE installed packages:$upg" >&2
		if [ "${ALLOW_UPGRADE:-}" = 1 ]; then
			:
		elif [ -t 0 ]; then
			printf 'get-kernel-tree.sh: upgrade them? [y/N] ' >&2
			read -r answer || answer=
			case $answer in [yY]*) ;; *) die "nothing installed (the upgrades were declined)" ;; esac
		else
			die "nothing installed: say yes to the upgrades with ALLOW_UPGRADE=1, or install$need yourself"
		fi
	fi
	# shellcheck disable=SC2086
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $apt_opts $need ||
		die "apt-get install$need failed"
fi

tarball=$(ls "$src"/linux-source-*.tar.* 2>/dev/null | sort -V | tail -n 1)
[ -n "$tarball" ] || die "no $src/linux-source-*.tar.* after installing linux-source"

mkdir -p "$dir"
echo "get-kernel-tree.sh: unpacking $tarball into $dir" >&2
tar -xf "$tarball" -C "$dir" --strip-components=1 || die "$tarball: unpacking failed"
[ -f "$dir/Makefile" ] && [ -f "$dir/Kconfig" ] || die "$tarball: did not unpack to a kernel tree"

# 64-bit on x86_64 (see the top); elsewhere the kernel's own default
arch=${ARCH:-}
[ -n "$arch" ] || [ "$(uname -m)" != x86_64 ] || arch=x86_64
echo "get-kernel-tree.sh: make ${arch:+ARCH=$arch }$config" >&2
make -C "$dir" -s ${arch:+ARCH=$arch} "$config" || die "$dir: make ${arch:+ARCH=$arch }$config failed"
# what contest's plain `make` will see: the configuration as synced with
# the default ARCH (the kernel keeps CONFIG_64BIT from .config there)
if [ -n "$arch" ] && [ -z "${ARCH:-}" ]; then
	make -C "$dir" -s syncconfig ||
		echo "get-kernel-tree.sh: note: make syncconfig failed; the first compile syncs the configuration" >&2
fi
if grep -q '^CONFIG_64BIT=y' "$dir/.config"; then
	bits=64-bit
else
	bits=32-bit
	[ "$(uname -m)" != x86_64 ] ||
		echo "get-kernel-tree.sh: note: $dir/.config is 32-bit (no CONFIG_64BIT=y): its compile uses -m32" >&2
fi
echo "get-kernel-tree.sh: ready: $dir (Linux $(make -C "$dir" -s kernelversion), $config, $bits)" >&2
