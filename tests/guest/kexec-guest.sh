#!/bin/sh
# kexec-guest.sh: kexec.sh's script inside the guest: record this boot on the journal disk, then kexec into kernel b, back into a, and stop.
#
# The journal disk (/journal) holds a/vmlinuz, a/initrd, b/vmlinuz, b/initrd
# (kexec.sh put them there) and boots, a line "RELEASE BOOT_ID" per boot this
# script saw. The same kernel command line is handed on at each kexec, so the
# guest's init runs this script again after it. Boot 1 kexecs into b, boot 2
# into a, boot 3 exits 0 (the guest powers off).
set -u
J=${CONTEST_JOURNAL:-/journal}
[ -d "$J/a" ] || { echo "kexec-guest: no $J/a: not the journal disk kexec.sh made"; exit 2; }
echo "$(uname -r) $(cat /proc/sys/kernel/random/boot_id)" >>"$J/boots" || exit 2
sync
n=$(wc -l <"$J/boots")
echo "kexec-guest: boot $n: $(uname -r), up $(cut -d' ' -f1 /proc/uptime) s"
case $n in
1) to=b ;;
2) to=a ;;
*) exit 0 ;;
esac
kexec -l "$J/$to/vmlinuz" --initrd="$J/$to/initrd" --append="$(cat /proc/cmdline)" ||
	{ echo "kexec-guest: kexec -l $to failed"; exit 1; }
sync
kexec -e
echo "kexec-guest: kexec -e returned $?"
exit 1
