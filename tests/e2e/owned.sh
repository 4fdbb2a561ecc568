# owned.sh: another user's entry at one of contest's names in a shared testbed (a symbolic link, a FIFO, a regular file; at a load's file or at .contest.lock) is never deleted: the run fails saying what was found and whose.
. tests/e2e/lib.sh
need_root "to make entries of another user (uid 65534)" || skip_rest
fake_tree "$K"
mkdir -p "$T" "$SCRATCH/target"
chmod 1777 "$T"                  # shared and sticky, like /tmp
echo precious >"$SCRATCH/target/f"
run() { "$CONTEST" -t "$K" --lead 0 --no-flush -q --mem 16M -n 1 -d "$T" -R "$R" "$@"; }
# reason LABEL LOAD: the reason of LOAD's failed record of LABEL
reason() { col "$R/$1.loads" reason load="$2" status=failed; }

# plant KIND NAME: an entry of uid 65534 at TESTBED/NAME
plant() {
	case $1 in
	link) ln -s "$SCRATCH/target/f" "$T/$2" ;;
	fifo) mkfifo "$T/$2" ;;
	file) echo "not contest's" >"$T/$2" ;;
	esac
	chown -h 65534 "$T/$2"
}

i=0
for kind in link fifo file; do
	i=$((i + 1))
	case $kind in link) what="a symbolic link" ;; fifo) what="a FIFO" ;; file) what="a regular file" ;; esac
	plant "$kind" io_load.dat
	run -k "k$i" io_load no_load >"$SCRATCH/out" 2>"$ERR"
	rc=$?
	check "another user's $kind at io_load.dat: exit 1 ($rc)" test "$rc" -eq 1
	r=$(reason "k$i" io_load)
	check "another user's $kind: the reason says what and whose ($r)" sh -c 'case $1 in *"$2"*) exit 0 ;; esac; exit 1' \
		_ "$r" "io_load.dat is in the way and belongs to uid 65534 ($what), not to contest"
	check "another user's $kind: left where it was" sh -c "test -L '$T/io_load.dat' -o -e '$T/io_load.dat' && test \$(stat -c %u '$T/io_load.dat') -eq 65534"
	check "another user's $kind: no_load still ran" test -n "$(col "$R/k$i.loads" run load=no_load status=ok)"
	rm -f "$T/io_load.dat"
done
check "the link's target untouched" test "$(cat "$SCRATCH/target/f")" = precious

# at .contest.lock: refused in one line saying what was found, left as it was
for kind in link fifo file; do
	case $kind in link) what="a symbolic link" ;; fifo) what="a FIFO" ;; file) what="a regular file" ;; esac
	rm -f "$T/.contest.lock"
	plant "$kind" .contest.lock
	expect_fail "another user's $kind at .contest.lock refused" 2 \
		"testbed '$T': its lock file $T/.contest.lock ($what of uid 65534) is not contest's own regular file; remove it or use another -d" \
		run -k l no_load
	check "another user's $kind at .contest.lock: left as it was" sh -c "test \$(stat -c %u '$T/.contest.lock') -eq 65534"
done
rm -f "$T/.contest.lock"
check "the link's target still untouched" test "$(cat "$SCRATCH/target/f")" = precious
check "no stray processes" no_strays "$T"
done_tests
