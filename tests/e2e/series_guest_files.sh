#!/bin/sh
# series_guest_files.sh: what a --boot qemu series hands to QEMU, with a stand-in qemu-system-x86_64 that logs its arguments and fails (issue 52, findings 5, 6 and 8): a module that is a link to a root-only file is never copied into an initramfs; a comma in the journal folder's path reaches QEMU doubled, never as an option of its own; a series that reuses a label with other modules boots an initramfs of the new ones, never the old one; a kernel's files, or a contest-init, that another user can change are refused at start.
. "$(dirname "$0")/lib.sh"

need_cmd mkfs.ext4 "the guests' scratch disk" || skip_rest
[ -f "$(dirname "$CONTEST")/contest-init" ] || { skip "no contest-init beside $CONTEST (make)"; skip_rest; }
RUNOPTS="--scale mini --no-canary --lead 0 --settle 0 --no-probe --no-flush --whole-machine"

# the stand-in QEMU: its arguments, one a line, then a refusal (the guest never boots)
mkdir -p "$SCRATCH/bin"
cat >"$SCRATCH/bin/qemu-system-x86_64" <<EOS
#!/bin/sh
for a in "\$@"; do printf '%s\n' "\$a"; done >>"$SCRATCH/qemu.args"
echo "stand-in qemu: no guest" >&2
exit 1
EOS
chmod 755 "$SCRATCH/bin/qemu-system-x86_64"
PATH=$SCRATCH/bin:$PATH
export PATH

# kernel DIR REL: a kernel folder as Debian's package unpacks, the modules a
# guest needs built in but virtio_pci, a module file of its own (MOD: its text)
kernel() {
	mkdir -p "$1/boot" "$1/lib/modules/$2/kernel"
	echo "not a bzImage" >"$1/boot/vmlinuz-$2"
	printf '%s\n' kernel/net/9p/9pnet_virtio.ko kernel/fs/9p/9p.ko kernel/drivers/block/virtio_blk.ko \
		kernel/fs/ext4/ext4.ko >"$1/lib/modules/$2/modules.builtin"
	echo "kernel/virtio_pci.ko:" >"$1/lib/modules/$2/modules.dep"
}
# start J K...: start (contest, or $PROG) a qemu series of kernels K (LABEL=DIR) in journal folder J, one round
start() {
	j=$1
	shift
	"${PROG:-$CONTEST}" series start --boot qemu --accel tcg --vcpus 1 --countdown 0 --journal "$j" -R "$SCRATCH/res" \
		-d "$SCRATCH/tb" -n 1 --tries 1 $RUNOPTS "$@" no_load
}
# series J K...: start, its output in $SCRATCH/out
series() { start "$@" >"$SCRATCH/out" 2>&1; }

# --- 5: a module that is a link to a file only root may read ---
printf 'SECRET-%s\n' "$$" >"$SCRATCH/secret" && chmod 600 "$SCRATCH/secret"
kernel "$SCRATCH/k1" 6.1.0-a
ln -s "$SCRATCH/secret" "$SCRATCH/k1/lib/modules/6.1.0-a/kernel/virtio_pci.ko"
kernel "$SCRATCH/k2" 6.1.0-b
echo MOD-B >"$SCRATCH/k2/lib/modules/6.1.0-b/kernel/virtio_pci.ko"
series "$SCRATCH/j1" -k a="$SCRATCH/k1" -k b="$SCRATCH/k2"
check "the series ran to its end (both kernels dropped: the stand-in boots nothing)" \
	sh -c "'$CONTEST' series status --journal '$SCRATCH/j1' | grep -q '^state: done'"
check "a module linked to a root-only file: in no initramfs ($(ls "$SCRATCH/j1/guest" | tr '\n' ' '))" \
	sh -c "! grep -rqs 'SECRET-$$' '$SCRATCH/j1/guest'"
check "a module linked to a root-only file: a's boot refused, said" \
	sh -c "'$CONTEST' series status --journal '$SCRATCH/j1' | grep -q 'a did not come up in its guest.*virtio_pci'"
check "every initramfs written 0600 ($(stat -c '%n %a' "$SCRATCH"/j1/guest/*initrd* 2>/dev/null | tr '\n' ' '))" \
	sh -c "test -n \"\$(ls '$SCRATCH'/j1/guest/*initrd* 2>/dev/null)\" && test -z \"\$(find '$SCRATCH/j1/guest' -name '*initrd*' ! -perm 600)\""

# --- 6: a comma in the journal folder's path ---
: >"$SCRATCH/qemu.args"
J="$SCRATCH/j,path=x"
series "$J" -k b="$SCRATCH/k2" -k c="$SCRATCH/k2"
check "QEMU was started" test -s "$SCRATCH/qemu.args"
check "a comma in a path reaches QEMU doubled ($(grep -m1 'stage' "$SCRATCH/qemu.args"))" \
	sh -c "grep -q 'path=$SCRATCH/j,,path=x/guest/' '$SCRATCH/qemu.args' && ! grep -q 'path=$SCRATCH/j,path=x' '$SCRATCH/qemu.args'"

# --- 8: the same label, other modules: a fresh initramfs ---
series "$SCRATCH/j3" -k b="$SCRATCH/k2" -k c="$SCRATCH/k2"
echo MOD-B2 >"$SCRATCH/k2/lib/modules/6.1.0-b/kernel/virtio_pci.ko"
series "$SCRATCH/j3" -k b="$SCRATCH/k2" -k c="$SCRATCH/k2"
check "the same label again with another module: its initramfs holds the new one" \
	sh -c "grep -lqs MOD-B2 '$SCRATCH'/j3/guest/b*initrd*"
check "the same label again with another module: no initramfs of the old one left" \
	sh -c "! grep -lqs 'MOD-B\$' '$SCRATCH'/j3/guest/b*initrd*"

# --- the kernel's files: only root (or the user running contest) may change them ---
: >"$SCRATCH/qemu.args"
kernel "$SCRATCH/k4" 6.1.0-d
chmod 0777 "$SCRATCH/k4/lib/modules"
expect_fail "a module folder anyone can write: start refused in one line naming it" 2 \
	"qemu's module folder: $SCRATCH/k4/lib/modules can be written by others" start "$SCRATCH/j4" -k d="$SCRATCH/k4" -k e="$SCRATCH/k2"
check "... before any journal or guest" sh -c "test ! -e '$SCRATCH/j4/journal' && test ! -s '$SCRATCH/qemu.args'"
chmod 0755 "$SCRATCH/k4/lib/modules"
if [ "$(id -u)" -eq 0 ]; then
	chown 65534 "$SCRATCH/k4/boot/vmlinuz-6.1.0-d"
	expect_fail "a kernel image another user owns: start refused, saying whose" 2 \
		"qemu's kernel image: $SCRATCH/k4/boot/vmlinuz-6.1.0-d is owned by" start "$SCRATCH/j4" -k d="$SCRATCH/k4" -k e="$SCRATCH/k2"
	chown 0 "$SCRATCH/k4/boot/vmlinuz-6.1.0-d"
else
	skip "not root: a file of another owner cannot be made"
fi

# --- the guests' contest-init (their /init, run as root) beside contest: root's alone ---
mkdir -p "$SCRATCH/prog" && cp "$CONTEST" "$(dirname "$CONTEST")/contest-init" "$SCRATCH/prog/" &&
	chmod 0777 "$SCRATCH/prog/contest-init"
PROG=$SCRATCH/prog/contest
expect_fail "a contest-init anyone can write: start refused, naming it" 2 \
	"the guests' contest-init: $SCRATCH/prog/contest-init can be written by others" \
	start "$SCRATCH/j5" -k d="$SCRATCH/k4" -k e="$SCRATCH/k2"
PROG=

check "nothing left running" no_strays "$SCRATCH"
done_tests
