# fulldisk.sh: a plan too large for the testbed is refused up front; a full file system (a small tmpfs as testbed or -o) fails that run with a reason naming the space problem, removes its files, and the next load runs.
. tests/e2e/lib.sh
M=$SCRATCH/bed     # the testbed: a 40 MiB tmpfs
M2=$SCRATCH/other  # -o for io_other: a tmpfs with no inode left
R=$SCRATCH/res
mkdir -p "$M" "$M2"
need_root "to mount a tmpfs" || skip_rest
if ! mount -t tmpfs -o size=40M tmpfs "$M" 2>"$SCRATCH/mount.err"; then
	skip "cannot mount a tmpfs: $(cat "$SCRATCH/mount.err")" || skip_rest
fi
trap 'umount "$M" 2>/dev/null; umount "$M2" 2>/dev/null; rm -rf "$SCRATCH"' EXIT
trap 'exit 130' HUP INT TERM

# rec LABEL LOAD: "STATUS<tab>REASON" of LOAD's last record of LABEL
rec() { col "$R/$1.loads" status,reason load="$2" | tail -n 1; }
# failed_with LABEL LOAD TEXT: LOAD's record of LABEL failed, its reason containing TEXT
failed_with() { rec "$1" "$2" | grep -q "^failed	.*$3"; }
# ran_ok LABEL LOAD: LOAD's record of LABEL is ok
ran_ok() { rec "$1" "$2" | grep -q "^ok	"; }
# used_inodes DIR: the inodes in use on DIR's file system
used_inodes() { stat -f -c '%c %d' "$1" | awk '{print $1 - $2}'; }
run() { "$CONTEST" --scale tiny -n 1 --lead 0 -q -d "$M" -R "$R" "$@" >"$SCRATCH/out" 2>"$SCRATCH/err"; }

# 1. MEM cannot fit: the plan's peak is refused up front, naming the load,
# before anything is made (a load's prepare checks its own space again
# before it writes, for the space others take meanwhile)
run -k a --mem 64M io_load read_load no_load
rc=$?
check "space refused up front: exit 2 ($rc)" test "$rc" -eq 2
check "space refused: one line naming the testbed and the load" sh -c "test \$(wc -l <'$SCRATCH/err') -eq 1 && grep -q 'the testbed $M has .* free, the plan needs .* at its peak (io_load.s 64M' '$SCRATCH/err'"
check "space refused: nothing made" sh -c "cd '$M' && test ! -e builtin-1-tiny && test ! -e io_load.dat && test ! -e read_load.dat"
run -k a --mem 16M no_load
check "a plan that fits runs (and makes the tree)" test $? -eq 0 -a -d "$M/builtin-1-tiny"

# 2. the workload runs out of space: the compile's reason says so
P=$(used_inodes "$M")                   # with the objects of a whole compile
make -s -C "$M/builtin-1-tiny" clean
check "inode limit below a compile's needs" mount -o remount,nr_inodes=$((P - 5)) "$M"
run -k d --mem 16M no_load
rc=$?
check "workload out of space: exit 1 ($rc)" test "$rc" -eq 1
check "compile failed: no space ($(rec d no_load))" failed_with d no_load "compile failed: make .*: No space left on device (log: $M/compile.log.d-no_load-1.failed)"

# 3. space runs out during a run: xtar_load's extraction and the compile
# share the few inodes left; whichever fails, the run fails saying why,
# xtar_load's files go, and no_load (which fits) runs ok after it
check "inode limit: a compile fits, an extraction does not" mount -o remount,nr_inodes=$((P + 2)) "$M"
run -k c --mem 16M xtar_load no_load
rc=$?
check "out of space during the run: exit 1 ($rc)" test "$rc" -eq 1
check "xtar_load failed: no space ($(rec c xtar_load))" failed_with c xtar_load "No space left on device"
check "no_load after it ran ok ($(rec c no_load))" ran_ok c no_load
check "xtar_load's files removed" sh -c "cd '$M' && test ! -e xtar_load.tar && test ! -e xtar_load.d"

# 4. io_other's file system (-o) is full when it writes: its run fails with
# the error, the next load runs, -o holds only what was there
mount -o remount,nr_inodes=1000000 "$M"
if mount -t tmpfs -o size=40M,nr_inodes=16 tmpfs "$M2" 2>"$SCRATCH/mount.err"; then
	i=0
	while [ $i -lt 100 ] && touch "$M2/fill$i" 2>/dev/null; do i=$((i + 1)); done
	before=$(ls -A "$M2" | tr '\n' ' ')
	run -k b --mem 16M -o "$M2" io_other no_load
	rc=$?
	check "-o full: exit 1 ($rc)" test "$rc" -eq 1
	check "io_other failed: no space ($(rec b io_other))" \
		failed_with b io_other "io_other failed: cannot create $M2/io_other.dat: No space left on device"
	check "no_load after it ran ok" ran_ok b no_load
	check "-o holds only what it held" test "$(ls -A "$M2" | tr '\n' ' ')" = "$before"
else
	skip "cannot mount a second tmpfs: $(cat "$SCRATCH/mount.err")"
fi
check "no stray processes" no_strays "$M"
done_tests
