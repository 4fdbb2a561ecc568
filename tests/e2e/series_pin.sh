# series_pin.sh: contest series start --boot qemu --pin, planned only (--dry-run, no guest booted): the plan says the guests are pinned; more vCPUs than this machine's CPUs refused in one line; --pin without --boot qemu refused in one line.
. tests/e2e/lib.sh

need_cmd qemu-system-x86_64 "the qemu driver checks it is there" || skip_rest
# two kernel folders as Debian's packages unpack (empty images: nothing boots)
for k in a b; do
	mkdir -p "$SCRATCH/k$k/boot" "$SCRATCH/k$k/lib/modules/9.9.1-$k" && : >"$SCRATCH/k$k/boot/vmlinuz-9.9.1-$k"
done
NCPU=$(getconf _NPROCESSORS_ONLN)
S="series start --boot qemu -k a=$SCRATCH/ka -k b=$SCRATCH/kb --journal $SCRATCH/j -R $SCRATCH/r -n 2 --dry-run"

"$CONTEST" $S --pin --vcpus 1 no_load >"$SCRATCH/plan" 2>"$SCRATCH/plan.err"
check "--pin --vcpus 1: planned (exit 0)" test $? -eq 0
check "the plan says the guests are pinned" grep -q '^guests: 1 vcpus 2G pinned' "$SCRATCH/plan"
check "a dry run leaves no journal" test ! -e "$SCRATCH/j"
expect_fail "--pin with more vCPUs than CPUs: refused" 2 \
	"--pin: $((NCPU + 1)) vCPUs but contest may run on $NCPU CPUs of this machine" \
	"$CONTEST" $S --pin --vcpus $((NCPU + 1)) no_load
expect_fail "--pin without --boot qemu: refused" 2 "--pin go with --boot qemu, and only with it" \
	"$CONTEST" series start --boot sim --sim "$SCRATCH/sim" --pin -k a=x -k b=y --dry-run no_load
done_tests
