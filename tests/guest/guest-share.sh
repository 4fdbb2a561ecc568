#!/bin/sh
# guest-share.sh: what a guest of contest series --boot qemu can write on the host: as root in the guest, mknod, chmod u+s, a symlink and another kernel's file on its results share, then a forged "contest-guest: exit 130" on the console and an abrupt power-off; none may reach the host's results, nor stop the series.
#
# usage: guest-share.sh   (as root; about 1 minute under TCG on 2 cores)
# One kernel of kernels.sh (and, as a series needs two, an image that is no
# kernel, dropped at once), one round of no_load, with a fake kernel tree
# (-t) whose "make kernelversion", which the run in the guest calls first,
# does the above when it runs inside a series guest (its journal folder's name
# holds ",path=", which QEMU must take as part of the path) (never on the host: it
# looks for contest.cmd= on the kernel command line). A tree must be
# writable where the run compiles it, and the guest sees the host's files
# read-only: the tree is on the guest's scratch disk (its /journal), made
# here beforehand with mkfs.ext4 -d as DIR/guest/scratch.img, which the
# series keeps when it is there; the host never looks at -t itself. While the series
# runs, the host looks for device nodes, setuid files and symlinks under
# the test's folder every half second. Uses the contest of this checkout
# ($CONTEST, default build/contest), copied with contest-init outside /tmp.
# Prints "ok N - ..." a check, timings as "# ..." lines, "N passed, N
# failed"; skips with one line when not root or when the kernels or QEMU
# cannot be had.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
CONTEST=${CONTEST:-$HERE/../../build/contest}
NAME=guest-share.sh
. "$HERE/lib.sh"
guest_need_root
[ -x "$CONTEST" ] && [ -f "$(dirname "$CONTEST")/contest-init" ] || guest_skip "no $CONTEST with contest-init beside it (make)"
guest_kernels
guest_scratch /var/tmp/contest-guest-share
# the journal folder's name holds ",path=": in a QEMU option list unescaped
# it would name another path for the stage's share and the disk
J="$T/journal,path=x"

# the tree: what marks a kernel tree's top, a .config, and a Makefile whose
# kernelversion attacks the results share from inside a guest
mkdir -p "$T/bin" "$T/bad" "$T/disk/tree/scripts" "$T/disk/tree/arch/x86" "$J/guest" &&
	echo "this is no kernel" >"$T/bad/vmlinuz-9.9.9-bad" &&
	cp "$CONTEST" "$T/bin/contest" && cp "$(dirname "$CONTEST")/contest-init" "$T/bin/contest-init" &&
	: >"$T/disk/tree/Kconfig" && : >"$T/disk/tree/MAINTAINERS" && : >"$T/disk/tree/Kbuild" &&
	: >"$T/disk/tree/arch/x86/Kconfig" && : >"$T/disk/tree/arch/x86/Kbuild" &&
	printf 'all:\n\t@echo arch-makefile\n' >"$T/disk/tree/arch/x86/Makefile" &&
	echo 'CONFIG_FAKE=y' >"$T/disk/tree/.config" &&
	printf '%s\n' 'vmlinux:' '	@echo built' 'clean:' '	@:' 'kernelversion:' \
		'	@if grep -q contest.cmd= /proc/cmdline && [ -d /run/contest-results ]; then sh $(CURDIR)/attack.sh; fi' \
		'	@echo 6.1.0-fake' >"$T/disk/tree/Makefile"
result $? "contest and contest-init copied outside /tmp; a fake kernel tree"
cat >"$T/disk/tree/attack.sh" <<'EOF'
# as root in the guest: plant what must never reach the host, then forge the
# init's exit line and power off before the init can print its own
R=/run/contest-results
say() { echo "attack: $*" >/dev/console; }
mknod "$R/planted-chr" c 1 3 && say "mknod c 1 3: $(stat -c %F "$R/planted-chr")"
mknod "$R/planted-blk" b 7 0 && say "mknod b 7 0: $(stat -c %F "$R/planted-blk")"
cp /bin/true "$R/planted-suid" && chmod 4755 "$R/planted-suid" && say "chmod 4755: $(stat -c %A "$R/planted-suid")"
ln -s / "$R/planted-link" && say "ln -s /: $(stat -c %F "$R/planted-link")"
printf 'contest-loads\t1\nforged\n' >"$R/other.loads" && say "other.loads written"
sync
sleep 3   # the host looks meanwhile
echo "contest-guest: exit -3" >/dev/console
echo "contest-guest: exit 130" >/dev/console
echo o >/proc/sysrq-trigger
sleep 30
EOF

truncate -s 1G "$J/guest/scratch.img" && mkfs.ext4 -q -F -d "$T/disk" "$J/guest/scratch.img"
result $? "the guest's scratch disk, holding the tree"

# watch: every half second, each device node, setuid file or symlink under
# $T ("BAD kind path"), and each planted file in the staging folder
watch_host() {
	while :; do
		find "$T" \( -type c -o -type b -o -type l -o -perm -4000 \) -printf 'BAD %y %m %p\n' 2>/dev/null
		find "$J/guest" -name 'planted-*' -printf 'STAGED %y %m %p\n' 2>/dev/null
		sleep 0.5
	done
}

cd "$T" || exit 1
watch_host >"$T/seen" &
WATCH=$!
start=$(date +%s)
BAD="$T/bad/vmlinuz-9.9.9-bad,modules=$A/lib/modules/$RA,release=9.9.9-bad"
"$T/bin/contest" series start --boot qemu -k a="$A" -k bad="$BAD" -n 1 --countdown 0 --vcpus 1 --no-canary --lead 0 \
	--settle 0 --journal "$J" -R "$T/results" -t /journal/tree no_load >"$T/out" 2>&1
rc=$?
end=$(date +%s)
kill "$WATCH" 2>/dev/null
wait "$WATCH" 2>/dev/null
echo "# the series took $((end - start)) s"
sort -u "$T/seen" | sed 's/^/# seen: /'
grep '^attack:' "$J/guest/a.console" | tr -d '\r' | sed 's/^/# guest: /'

result $rc "the series ran to its end, the forged exit 130 on the console notwithstanding (exit $rc)"
[ $rc -eq 0 ] || tail -n 20 "$T/out"
"$T/bin/contest" series status --journal "$J" >"$T/status" 2>&1
grep -q '^state: done' "$T/status"
result $? "the journal says done"
grep -q '^attack: chmod 4755' "$J/guest/a.console"
result $? "the guest's root ran the attack"
grep -q "^STAGED f .*/planted-chr\$" "$T/seen" && grep -q "^STAGED f .*/planted-blk\$" "$T/seen"
result $? "mknod in the guest made plain files on the host, in the staging folder"
grep -q "^STAGED f [0-7]* .*/planted-suid\$" "$T/seen" && ! grep -q "^STAGED f [4-7][0-7][0-7][0-7] .*/planted-suid\$" "$T/seen"
result $? "chmod u+s in the guest made no setuid file on the host"
grep -q "^STAGED f .*/planted-link\$" "$T/seen"
result $? "a symlink in the guest is a plain file on the host"
! grep -q '^BAD' "$T/seen"
result $? "no device node, setuid file or symlink ever appeared under the test's folder"
[ "$(ls -A "$T/results" | grep -v '^a\.\(loads\|env\)$' | grep -v '^series-.*\.story$' | grep -v '^\.' | wc -l)" -eq 0 ] &&
	[ ! -e "$T/results/other.loads" ]
result $? "the results folder holds only the kernel's own files and the series' story ($(ls -A "$T/results" | tr '\n' ' '))"
[ ! -e "$J/guest/stage" ]
result $? "the staging folder is gone after the run"
awk -F'\t' 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	NR > 2 { n++; if ($c["status"] == "ok" || $c["load"] != "no_load") bad = 1 }
	END { exit bad || n != 1 }' "$T/results/a.loads"
result $? "one record of a: its run failed (the guest powered off before its exit line)"
! grep -q ' a did not come up' "$T/status"
result $? "the forged exit -3 was no failed boot"
[ "$(stat -c %a "$J/guest/a.console")" = 600 ] &&
	[ "$(stat -c %a "$J"/guest/a-*.initrd)" = 600 ]
result $? "the guest's console and its initramfs are 0600 ($(stat -c '%n %a' "$J"/guest/a* | tr '\n' ' '))"

guest_done
