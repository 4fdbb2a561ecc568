# machine.sh: without --mem a run emulates a 4G machine (MEM 4G, a 4G memory group as root where a controller exists, said on one line), --whole-machine is the classic MemTotal run, --mem keeps its meaning; the records carry MEM and the group.
. tests/e2e/lib.sh

total=$(awk '$1 == "MemTotal:" {printf "%.0f", $2 * 1024}' /proc/meminfo)
four=4294967296

expect_fail "--whole-machine with --mem" 2 "--whole-machine scales the loads to MemTotal: not with --mem" \
	"$CONTEST" --whole-machine --mem 1G -d "$T" -R "$R" no_load
check "refused: nothing made" test ! -e "$T" -a ! -e "$R"

"$CONTEST" -k w --whole-machine --scale mini --no-canary -q -d "$T" -R "$R" no_load >/dev/null 2>&1
check "--whole-machine: MEM is MemTotal" test "$(col "$R/w.loads" mem | tail -n 1)" = "$total"
check "--whole-machine: no memory group" test -z "$(col "$R/w.loads" confine | tail -n 1)"
"$CONTEST" -k m --mem 512M --scale mini --no-canary -q -d "$T" -R "$R" no_load >/dev/null 2>&1
check "--mem: as given" test "$(col "$R/m.loads" mem | tail -n 1)" = 536870912
check "--mem: no memory group" test -z "$(col "$R/m.loads" confine | tail -n 1)"

if [ "$total" -le "$four" ]; then
	skip "MemTotal is not above 4G here: the emulated machine is the whole machine" || skip_rest
fi
"$CONTEST" -k e --scale mini --dry-run -d "$T" -R "$R" no_load >"$SCRATCH/plan" 2>&1
"$CONTEST" -k e --scale mini -d "$T" -R "$R" no_load >"$SCRATCH/out" 2>"$ERR"
check "default: exit 0" test $? -eq 0
check "default: MEM 4G" test "$(col "$R/e.loads" mem | tail -n 1)" = "$four"
if grep -q '^machine: emulating a 4.0G machine' "$SCRATCH/plan"; then
	check "default: said once" test "$(grep -c 'emulating a 4.0G machine: the compile and the loads run in a memory group of 4.0G' "$ERR")" -eq 1
	col "$R/e.loads" confine >"$SCRATCH/confine"
	check "default: the record names the 4G group" grep -qE "^cgroup v[12] memory\.(limit_in_bytes|max)=$four" "$SCRATCH/confine"
	check "default: no group left" sh -c "! ls -d /sys/fs/cgroup/memory/contest-* /sys/fs/cgroup/memory/*/contest-* /sys/fs/cgroup/contest-* 2>/dev/null | grep -q ."
	"$CONTEST" -r -R "$R" e w >"$SCRATCH/rep"
	check "report: the emulated machine's runs apart from the whole machine's" \
		grep -qE '^Workload: builtin-1:mini -j[0-9]+, MEM 4.0G in a memory group$' "$SCRATCH/rep"
	check "report: the whole machine's under its MEM" grep -qE '^Workload: builtin-1:mini -j[0-9]+, MEM [0-9.]+G$' "$SCRATCH/rep"
	"$CONTEST" -r -R "$R" e --format csv >"$SCRATCH/csv"
	check "csv: the machine in its own field" grep -qE '^builtin-1:mini,[0-9]+,MEM 4.0G in a memory group,no_load,e,1,' "$SCRATCH/csv"
	"$CONTEST" -k q --scale mini --no-canary -q -d "$T" -R "$R" no_load >/dev/null 2>"$ERR"
	check "default with -q: nothing said" test ! -s "$ERR"
else
	check "no group possible: said why, once" test "$(grep -c 'loads scaled to 4.0G but not confined to it' "$ERR")" -eq 1
	check "no group possible: none recorded" test -z "$(col "$R/e.loads" confine | tail -n 1)"
	skip "no memory group here ($(grep '^machine:' "$SCRATCH/plan")): the emulated group is not checked"
fi
check "no stray processes" no_strays "$SCRATCH"
done_tests
