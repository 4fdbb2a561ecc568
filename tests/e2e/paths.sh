# paths.sh: links and files planted in a shared testbed or results directory never make contest write, truncate or delete outside it, nor delete what is not its own.
. tests/e2e/lib.sh
# $T is the testbed, made sticky and writable by anybody like /tmp
O=$SCRATCH/outside   # what the planted links point at
mkdir -p "$T" "$R" "$O/dir" "$O/dir2" "$O/tree/kernel"
chmod 1777 "$T"
for v in victim victim2 victim3 victim4 victim5 victim6 victim7; do echo "precious $v" >"$O/$v"; done
echo keep >"$O/dir/keep"
echo keep2 >"$O/dir2/keep2"
# a tree with a valid-looking marker whose Makefile would leave a trace if contest ran it
printf 'builtin-1:mini\n' >"$O/tree/.contest-builtin"
printf 'all clean:\n\ttouch %s/pwned\n' "$O" >"$O/tree/Makefile"

# snap DIR: every entry's name, type, mode, size and inode, and every file's checksum
snap() { (cd "$1" && find . -printf '%p %y %m %s %i\n' | LC_ALL=C sort && find . -type f -exec cksum {} + | LC_ALL=C sort); }
before=$(snap "$O")

ln -s "$O/victim" "$T/io_load.dat"
ln -s "$O/victim2" "$T/mem_load.map"
ln -s "$O/dir" "$T/xtar_load.d"
ln -s "$O/dir2" "$T/dbench_load.d"
ln "$O/victim3" "$T/compile.log"          # a hard link: truncating it would truncate victim3
ln -s "$O/victim5" "$T/read_load.dat"
ln -s "$O/victim6" "$T/ctar_load.tar"
ln -s "$O/tree" "$T/builtin-1-mini"

"$CONTEST" -k p --scale mini --mem 16M --lead 0 --no-canary -n 1 -q -d "$T" -R "$R" \
	io_load mem_load xtar_load dbench_load read_load ctar_load no_load >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
check "run with planted links exits 0 ($rc)" test "$rc" -eq 0
[ "$rc" -eq 0 ] || tail -n 20 "$SCRATCH/err" >&2
for l in io_load mem_load xtar_load dbench_load read_load ctar_load no_load; do
	check "$l run recorded ok" test -n "$(col "$R/p.loads" run load="$l" status=ok)"
done
check "nothing outside changed" test "$before" = "$(snap "$O")"
check "contest never ran make in the planted tree" test ! -e "$O/pwned"
check "the builtin tree is a real directory now" sh -c "test -d '$T/builtin-1-mini' && test ! -L '$T/builtin-1-mini'"
check "compile.log is contest's own file now" sh -c "test -f '$T/compile.log' && test ! -L '$T/compile.log' && test \$(stat -c %h '$T/compile.log') -eq 1"
check "no link left in the testbed" test -z "$(find "$T" -maxdepth 1 -type l)"
check "the loads' files are gone" sh -c "cd '$T' && test ! -e io_load.dat && test ! -e mem_load.map && test ! -e xtar_load.d && test ! -e xtar_load.tar && test ! -e dbench_load.d && test ! -e ctar_load.tar"
check "no stray processes" no_strays "$T"

# another user's file in the way: the run fails naming it, the file is left as it was
echo "not contest's" >"$T/io_load.dat"
chown 65534 "$T/io_load.dat"
"$CONTEST" -k q --scale mini --mem 16M --lead 0 --no-canary -n 1 -q -d "$T" -R "$R" io_load no_load >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
check "another user's file: exit 1 ($rc)" test "$rc" -eq 1
col "$R/q.loads" reason load=io_load status=failed >"$SCRATCH/reason"
check "another user's file: the reason names its owner" grep -q 'io_load.dat is in the way and belongs to uid 65534' "$SCRATCH/reason"
check "another user's file: no_load still ran" test -n "$(col "$R/q.loads" run load=no_load status=ok)"
check "another user's file is left as it was" sh -c "test \"\$(cat '$T/io_load.dat')\" = \"not contest's\" && test \$(stat -c %u '$T/io_load.dat') -eq 65534"
rm -f "$T/io_load.dat"

# a testbed anybody may write without the sticky bit is refused
W=$SCRATCH/open
mkdir -m 0777 "$W"
chmod 0777 "$W"
"$CONTEST" -k w --scale mini -n 1 -q -d "$W" -R "$R" no_load >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
check "open testbed refused: exit 2 ($rc)" test "$rc" -eq 2
check "open testbed refused: says why" grep -q "writable by anybody and not sticky" "$SCRATCH/err"
check "open testbed refused: nothing made in it, not even a lock file" test -z "$(ls -A "$W")"

# a testbed of another user (who could change the generated Makefiles) is refused
if need_root "to make a testbed of another user"; then
	U=$SCRATCH/users
	mkdir -m 0755 "$U"
	chown 65534 "$U"
	"$CONTEST" -k u --scale mini -n 1 -q -d "$U" -R "$R" no_load >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	check "another user's testbed refused: exit 2 ($rc)" test "$rc" -eq 2
	check "another user's testbed refused: one line naming it and the owner" test \
		"$(cat "$SCRATCH/err")" = "contest: testbed '$U' belongs to user 65534, who could change what contest builds and runs there; use a directory of your own"
	check "another user's testbed refused: nothing made in it" test -z "$(ls -A "$U")"
	expect_fail "another user's testbed refused by micro" 2 "belongs to user 65534" \
		"$CONTEST" micro --quick -k u -d "$U" -R "$R"
	# given as another user's link (planted in a shared directory)
	mkdir "$SCRATCH/mine"
	ln -s "$SCRATCH/mine" "$SCRATCH/planted"
	chown -h 65534 "$SCRATCH/planted"
	expect_fail "testbed given as another user's link refused" 2 \
		"testbed '$SCRATCH/planted' is a symbolic link of user 65534, who could point it elsewhere" \
		"$CONTEST" -k u --scale mini -n 1 -q -d "$SCRATCH/planted" -R "$R" no_load
	check "the link's target is untouched" test -z "$(ls -A "$SCRATCH/mine")"
	# writable by a group, not sticky: its members could change the Makefiles
	G=$SCRATCH/grouped
	mkdir -m 0775 "$G"
	chgrp 65534 "$G"
	chmod 0775 "$G"
	expect_fail "group-writable testbed refused as root" 2 "testbed '$G' is writable by group 65534 and not sticky" \
		"$CONTEST" loads --rate --seconds 1 -d "$G" process_load
	check "group-writable testbed: nothing made in it" test -z "$(ls -A "$G")"
fi

# a directory that is not contest's (like /etc: files of others, no lock
# file) is refused as testbed or results, given or through a link, in one
# line before anything is made
F=$SCRATCH/foreign
mkdir "$F"
echo "root:x:0:0" >"$F/passwd"
echo "nameserver 1" >"$F/resolv.conf"
ln -s "$F" "$SCRATCH/to-foreign"
fsnap=$(snap "$F")
expect_fail "-d of a foreign directory refused" 2 \
	"testbed '$F' is not contest's: it holds 2 entries and no .contest.lock; give a new or empty -d, or one contest has used" \
	"$CONTEST" -k f --scale mini -n 1 -q -d "$F" -R "$SCRATCH/fres" no_load
check "-d foreign: no results directory made" test ! -e "$SCRATCH/fres"
expect_fail "-d of a link to a foreign directory refused" 2 \
	"testbed '$SCRATCH/to-foreign' ($F) is not contest's" \
	"$CONTEST" -k f --scale mini -n 1 -q -d "$SCRATCH/to-foreign" -R "$SCRATCH/fres" no_load
expect_fail "-R of a foreign directory refused" 2 \
	"results directory '$F' is not contest's: it holds 2 entries and no .contest.lock nor result file of contest's; give a new or empty -R" \
	"$CONTEST" -k f --scale mini -n 1 -q -d "$SCRATCH/ftb" -R "$F" no_load
check "-R foreign: no testbed made" test ! -e "$SCRATCH/ftb"
expect_fail "-R of a link to a foreign directory refused" 2 "results directory '$SCRATCH/to-foreign' ($F) is not contest's" \
	"$CONTEST" -k f --scale mini -n 1 -q -d "$SCRATCH/ftb" -R "$SCRATCH/to-foreign" no_load
expect_fail "micro -R foreign refused" 2 "results directory '$F' is not contest's" \
	"$CONTEST" micro --quick -k f -d "$SCRATCH/ftb" -R "$F"
expect_fail "micro -d foreign refused" 2 "testbed '$F' is not contest's" \
	"$CONTEST" micro --quick -k f -d "$F" -R "$SCRATCH/fres"
expect_fail "loads --rate -d foreign refused" 2 "testbed '$F' is not contest's" \
	"$CONTEST" loads --rate --seconds 1 -d "$F" process_load
check "the foreign directory is untouched" test "$fsnap" = "$(snap "$F")"
check "no testbed or results made meanwhile" test ! -e "$SCRATCH/ftb" -a ! -e "$SCRATCH/fres"
# results of contest's without a lock file (copied from elsewhere) are contest's
mkdir "$SCRATCH/copied" "$SCRATCH/empty"
sed -n 1,2p "$R/p.loads" >"$SCRATCH/copied/old.loads"
echo notes >"$SCRATCH/copied/README"
check "-R with a contest results file and an empty -d accepted" \
	"$CONTEST" -k c --scale mini --mem 16M --lead 0 --no-canary -n 1 -q -d "$SCRATCH/empty" -R "$SCRATCH/copied" no_load
rm -rf "$SCRATCH/copied" "$SCRATCH/empty"

# results: a hard link planted as LABEL.loads is neither read nor appended to
ln "$O/victim6" "$R/h.loads"
expect_fail "results hard link refused" 2 "h.loads is a hard link to a file elsewhere, not a results file" \
	"$CONTEST" -k h --scale mini -n 1 -q -d "$T" -R "$R" no_load
rm -f "$R/h.loads"

# results: a link planted as LABEL.loads is neither read through nor appended to
ln -s "$O/victim4" "$R/a.loads"
"$CONTEST" -k a --scale mini -n 1 -q -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
check "results link refused: exit 2 ($rc)" test "$rc" -eq 2
check "results link refused: says it is a link" grep -q "a.loads is a symbolic link" "$SCRATCH/err"
check "results link left as it was" test -L "$R/a.loads"

ln -s "$O/victim5" "$R/m.micro"
expect_fail "micro results link refused" 2 "m.micro is a symbolic link" "$CONTEST" micro --quick -k m -d "$T" -R "$R"
check "micro results link left as it was" test -L "$R/m.micro"

# report --output over a link replaces the link, never writes through it
ln -s "$O/victim7" "$SCRATCH/report.txt"
"$CONTEST" report -R "$R" p --output "$SCRATCH/report.txt" >/dev/null 2>&1
check "report --output over a link: a regular file now" sh -c "test -f '$SCRATCH/report.txt' && test ! -L '$SCRATCH/report.txt'"
check "report --output over a link: holds the report" grep -q '^no_load:$' "$SCRATCH/report.txt"
check "nothing outside changed at the end" test "$before" = "$(snap "$O")"
done_tests
