#!/bin/sh
# kexec.sh: the proof that a guest kexecs: kernel a boots, kexecs into b and back into a, and the journal disk that survives each kexec holds a, b, a with three boot ids.
#
# usage: kexec.sh   (as root; about a minute and a half under TCG on 2 cores)
# Uses kernels.sh (which fetches the two kernels and installs QEMU, kexec-tools
# and cpio when missing) and run.sh, one guest at a time. Prints "ok N - ..."
# or "not ok N - ..." a check, timings as "# ..." lines (never asserted), and
# "N passed, N failed". Skips with one line when not root, or when the kernels
# or QEMU cannot be had.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
NAME=kexec.sh
. "$HERE/lib.sh"
guest_need_root
guest_kernels
guest_scratch /tmp/contest-kexec
# now: seconds since the epoch, with a fraction
now() { date +%s.%N; }
# since T0: the seconds from T0 to now, to a tenth
since() { echo "$1 $(now)" | awk '{ printf "%.1f", $2 - $1 }'; }

# 1: both initramfs build
ok=0
for k in "$A" "$B"; do
	sh "$HERE/mkinitrd.sh" "$k" >/dev/null 2>"$T/err" || { ok=1; cat "$T/err"; }
done
result $ok "mkinitrd.sh builds the initramfs of $RA and $RB"

# 2: a plain boot of a: the script's status comes back, on cgroup2
cat >"$T/plain.sh" <<'EOF'
echo "release $(uname -r) cgroup $(stat -fc %T /sys/fs/cgroup)"
exit 7
EOF
t0=$(now)
sh "$HERE/run.sh" "$A" "$T/plain.sh" --cgroup 2 --timeout 300 --quiet --log "$T/plain.log" 2>"$T/err"
rc=$?
echo "# one boot of $RA to its command and power-off: $(since "$t0") s (the guest's init ran the command at $(tr -d '\r' <"$T/plain.log" | sed -n 's/^contest-guest: command at \([0-9]*\) ms$/\1/p') ms of uptime)"
out=$(tr -d '\r' <"$T/plain.log" | grep '^release ')
[ "$rc" -eq 7 ] && [ "$out" = "release $RA cgroup cgroup2fs" ]
result $? "a guest on $RA runs the script on cgroup2 and exits with its status (exit $rc, '$out')"
[ "$rc" -eq 7 ] || { cat "$T/err"; tail -n 20 "$T/plain.log"; }

# 3-6: the kexec round a -> b -> a, journal on the disk
mkdir -p "$T/disk/a" "$T/disk/b"
cp "$A/boot/vmlinuz-$RA" "$T/disk/a/vmlinuz" && cp "$A/contest-initrd.gz" "$T/disk/a/initrd" &&
	cp "$B/boot/vmlinuz-$RB" "$T/disk/b/vmlinuz" && cp "$B/contest-initrd.gz" "$T/disk/b/initrd" &&
	truncate -s 96M "$T/journal.img" && mkfs.ext4 -q -F -d "$T/disk" "$T/journal.img"
result $? "the journal disk holds both kernels and their initramfs"
t0=$(now)
sh "$HERE/run.sh" "$A" "$HERE/kexec-guest.sh" --disk "$T/journal.img" --mem 1024 --timeout 600 --quiet --log "$T/kexec.log" 2>"$T/err"
rc=$?
echo "# the kexec round $RA -> $RB -> $RA, three boots and a power-off: $(since "$t0") s"
tr -d '\r' <"$T/kexec.log" | sed -n 's/^kexec-guest: /# /p'
result "$rc" "the guest kexecs $RA -> $RB -> $RA and exits 0 (exit $rc)"
[ "$rc" -eq 0 ] || { cat "$T/err"; tr -d '\r' <"$T/kexec.log" | grep -v '^\[' | tail -n 20; }
debugfs -R 'cat /boots' "$T/journal.img" 2>/dev/null >"$T/boots"
rels=$(cut -d' ' -f1 "$T/boots" | tr '\n' ' ')
[ "$rels" = "$RA $RB $RA " ]
result $? "the journal says $RA, $RB, $RA (it says: $rels)"
ids=$(cut -d' ' -f2 "$T/boots" | grep -c .)
uniq=$(cut -d' ' -f2 "$T/boots" | sort -u | grep -c .)
[ "$ids" -eq 3 ] && [ "$uniq" -eq 3 ]
result $? "three boots with three different boot ids ($uniq different of $ids)"

# 7: nothing left: no QEMU of ours, no run.sh folder
# (the glob is expanded here, before any grep runs, so no grep finds itself)
left=
for f in /proc/[0-9]*/cmdline; do
	{ tr '\0' ' ' <"$f"; } 2>/dev/null | grep -qF -- "$T" && left="$left ${f%/cmdline}"
done
[ -z "$left" ] && ! ls -d /tmp/contest-guest.* >/dev/null 2>&1
result $? "nothing left behind (processes: '$left')"

guest_done
