# scripts.sh: every scripts/*.sh can be run as a command; get-kernel-tree.sh says what apt will install or upgrade before it does, and makes a 64-bit configuration on x86_64 (apt and the source package stubbed).
. tests/e2e/lib.sh

# the run bit: on disk and in git's index (what a fresh clone gets)
for f in scripts/*.sh; do
	check "$f is executable" test -x "$f"
	if git ls-files --error-unmatch "$f" >/dev/null 2>&1; then
		check "$f is 100755 in git" test "$(git ls-files -s "$f" | cut -c 1-6)" = 100755
	fi
done

# apt stubbed: it logs its calls; a simulated install (-s) needs one new
# package and an upgrade of an installed one, as Debian's linux-source can
B=$SCRATCH/bin
mkdir -p "$B" "$SCRATCH/nosrc"
cat >"$B/apt-get" <<'SH'
#!/bin/sh
echo "apt-get $*" >>"$APT_LOG"
case " $* " in *" -s "*)
	echo 'NOTE: This is only a simulation!'
	echo 'Inst flex (2.6.4-8.2 Debian:12/stable [amd64])'
	echo 'Inst linux-perf [6.1.187-1] (6.1.192-3 Debian-Security:12/stable-security [amd64])'
	echo 'Inst linux-source (6.1.192-3 Debian-Security:12/stable-security [all])'
	echo 'Conf flex (2.6.4-8.2 Debian:12/stable [amd64])' ;;
esac
SH
printf '#!/bin/sh\nexec "$@"\n' >"$B/sudo"
chmod +x "$B/apt-get" "$B/sudo"
APT_LOG=$SCRATCH/apt.log
export APT_LOG
GKT=$(pwd)/scripts/get-kernel-tree.sh
gkt() { env PATH="$B:$PATH" "$@" </dev/null >"$SCRATCH/out" 2>"$ERR"; }

gkt KERNEL_SOURCE_DIR="$SCRATCH/nosrc" sh "$GKT" "$SCRATCH/t1"
check "upgrades not agreed to: exit 1" test $? -eq 1
check "the new packages are said" grep -qF 'apt will install: flex linux-source' "$ERR"
check "the upgrade is said" grep -qF 'apt will also UPGRADE installed packages: linux-perf 6.1.187-1->6.1.192-3' "$ERR"
check "nothing installed without a yes" sh -c "grep -qF 'nothing installed: say yes to the upgrades with ALLOW_UPGRADE=1' '$ERR' && ! grep -q ' -y ' '$APT_LOG'"
check "the simulation does not upgrade what it names" grep -q 'install -s --no-upgrade --no-install-recommends .*linux-source' "$APT_LOG"
check "no tree made" test ! -e "$SCRATCH/t1"

# a stand-in source package: its config targets write a 64-bit .config only with ARCH=x86_64
S=$SCRATCH/src
mkdir -p "$S/linux-source-6.1"
# (syncconfig, with the default ARCH, keeps .config's answer, as the kernel's does)
printf '%s\n' '%config:' "	@echo CONFIG_\$(if \$(filter x86_64,\$(ARCH)),64BIT=y,X86_32=y) >.config" \
	'syncconfig:' '	@touch .synced' 'kernelversion:' '	@echo 6.1.0-fake' >"$S/linux-source-6.1/Makefile"
: >"$S/linux-source-6.1/Kconfig"
tar -cJf "$S/linux-source-6.1.tar.xz" -C "$S" linux-source-6.1
rm -rf "$S/linux-source-6.1"

: >"$APT_LOG"
gkt ALLOW_UPGRADE=1 KERNEL_SOURCE_DIR="$S" sh "$GKT" "$SCRATCH/t2"
check "with ALLOW_UPGRADE=1 the tree is made" test $? -eq 0 -a -f "$SCRATCH/t2/.config"
if grep -q ' -s ' "$APT_LOG"; then
	check "install: the packages named are not upgraded" grep -q 'install -y -q --no-upgrade --no-install-recommends' "$APT_LOG"
fi
if [ "$(uname -m)" = x86_64 ]; then
	check "x86_64: configured with ARCH=x86_64" grep -qF 'make ARCH=x86_64 tinyconfig' "$ERR"
	check "x86_64: a 64-bit .config" grep -qx 'CONFIG_64BIT=y' "$SCRATCH/t2/.config"
	check "x86_64: synced with the default ARCH" test -e "$SCRATCH/t2/.synced"
	check "x86_64: ready says 64-bit" grep -qF "ready: $SCRATCH/t2 (Linux 6.1.0-fake, tinyconfig, 64-bit)" "$ERR"
	gkt ALLOW_UPGRADE=1 ARCH=i386 KERNEL_SOURCE_DIR="$S" sh "$GKT" "$SCRATCH/t3"
	check "an ARCH given is used" grep -qF 'make ARCH=i386 tinyconfig' "$ERR"
	check "a 32-bit .config is said" grep -qF "t3/.config is 32-bit (no CONFIG_64BIT=y): its compile uses -m32" "$ERR"
fi
done_tests
