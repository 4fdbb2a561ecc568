#!/bin/sh
# series.sh: contest series with the real kexec driver inside a QEMU guest: the guest boots kernel a, the series kexecs into each kernel of two rounds, its journal on the guest's disk survives every kexec, and both labels' records are there at the end.
#
# usage: series.sh   (as root; a few minutes under TCG on 2 cores)
# Uses kernels.sh, mkinitrd.sh and run.sh as kexec.sh does, and the contest
# of this checkout ($CONTEST, default build/contest). Prints "ok N - ..." a
# check, timings as "# ..." lines (never asserted), "N passed, N failed";
# skips with one line when not root or when the kernels or QEMU cannot be had.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
CONTEST=${CONTEST:-$HERE/../../build/contest}
CONTEST=$(cd "$(dirname "$CONTEST")" && pwd)/$(basename "$CONTEST")
NAME=series.sh
. "$HERE/lib.sh"
guest_need_root
case $CONTEST in
/tmp/*) guest_skip "contest under /tmp is not visible in the guest ($CONTEST)" ;;
esac
guest_kernels
guest_scratch /tmp/contest-gseries

for k in "$A" "$B"; do
	sh "$HERE/mkinitrd.sh" "$k" >/dev/null 2>"$T/err" || { cat "$T/err"; result 1 "mkinitrd.sh $k"; }
done
mkdir -p "$T/disk/a" "$T/disk/b"
cp "$A/boot/vmlinuz-$RA" "$T/disk/a/vmlinuz" && cp "$A/contest-initrd.gz" "$T/disk/a/initrd" &&
	cp "$B/boot/vmlinuz-$RB" "$T/disk/b/vmlinuz" && cp "$B/contest-initrd.gz" "$T/disk/b/initrd" &&
	truncate -s 160M "$T/journal.img" && mkfs.ext4 -q -F -d "$T/disk" "$T/journal.img"
result $? "the guest's disk holds both kernels and their initramfs"

# The guest's script, run by its init at every boot (kexec hands on the same
# command line): start the series at the first, go on with it at the others.
# The guest's /etc is the host's, read-only: the boot unit (an init script:
# no systemd in the guest) goes on a tmpfs over /etc/init.d and rc2.d-rc5.d.
cat >"$T/guest.sh" <<EOF
set -u
for d in /etc/init.d /etc/rc2.d /etc/rc3.d /etc/rc4.d /etc/rc5.d; do
	[ -d \$d ] && mount -t tmpfs tmpfs \$d
done
J=/journal/series
echo "series-guest: boot of \$(uname -r), up \$(cut -d' ' -f1 /proc/uptime) s"
if [ -e \$J/journal ]; then
	"$CONTEST" series resume --journal \$J
else
	"$CONTEST" series start --boot kexec --journal \$J -n 2 --seed 2 --countdown 0 \\
		-k a=/journal/a/vmlinuz,initrd=/journal/a/initrd -k b=/journal/b/vmlinuz,initrd=/journal/b/initrd \\
		-R /journal/res -d /tmp/tb --whole-machine --scale mini --no-canary --lead 0 --settle 0 no_load
fi
rc=\$?
echo "series-guest: contest exited \$rc"
"$CONTEST" series status --journal \$J
exit \$rc
EOF
t0=$(date +%s)
sh "$HERE/run.sh" "$A" "$T/guest.sh" --disk "$T/journal.img" --mem 1536 --timeout 1500 --quiet --log "$T/log" 2>"$T/err"
rc=$?
echo "# the series in the guest, 2 kernels x 2 rounds x no_load: $(($(date +%s) - t0)) s"
tr -d '\r' <"$T/log" | grep -v '^\[' >"$T/console"
grep '^series-guest: ' "$T/console" | sed 's/^/# /'
result "$rc" "the series ran to its end in the guest and it powered off (exit $rc)"
[ "$rc" -eq 0 ] || tail -n 40 "$T/console"
boots=$(grep -c '^series-guest: boot of ' "$T/console")
[ "$boots" -eq 5 ]
result $? "one boot, then a kexec into each of the 4 steps ($boots boots)"
seq=$(sed -n 's/^series-guest: boot of //p' "$T/console" | cut -d, -f1 | tr '\n' ' ')
echo "# boots: $seq"
case $seq in *"$RA"*"$RB"*"$RA"*|*"$RB"*"$RA"*"$RB"*) r=0 ;; *) r=1 ;; esac
result $r "the series kexecs from one kernel into the other and back ($seq)"
debugfs -R 'cat /series/journal' "$T/journal.img" 2>/dev/null >"$T/journal"
grep -q '^phase	done' "$T/journal"
result $? "the journal on the guest's disk survived every kexec and says done"
for l in a b; do
	debugfs -R "cat /res/$l.loads" "$T/journal.img" 2>/dev/null >"$T/$l.loads"
	n=$(awk -F'\t' 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		NR > 2 && $c["status"] == "ok" && $c["boot"] == "kexec" { n++ } END { print n + 0 }' "$T/$l.loads")
	[ "$n" -eq 2 ]
	result $? "$l's 2 runs are on the disk, ok, booted by kexec ($n)"
done
rel_a=$(awk -F'\t' 'NR == 2 { for (i = 1; i <= NF; i++) c[$i] = i; next } NR > 2 { print $c["kernel"] }' "$T/a.loads" | sort -u)
[ "$rel_a" = "$RA" ]
result $? "a's runs ran on $RA ($rel_a)"
grep -q 'events: none' "$T/console"
result $? "the closing report: no failed boot, no cut run"
left=
for f in /proc/[0-9]*/cmdline; do
	{ tr '\0' ' ' <"$f"; } 2>/dev/null | grep -qF -- "$T" && left="$left ${f%/cmdline}"
done
[ -z "$left" ]
result $? "nothing left behind (processes: '$left')"
guest_done
