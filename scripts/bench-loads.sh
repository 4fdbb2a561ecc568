#!/bin/sh
# bench-loads.sh: how intense each load is on this machine, next to the plain tool doing the same work.
#
# usage: scripts/bench-loads.sh [MEM [SECONDS]]   (default 1G and 10)
# Runs `contest loads --rate` (each load alone, no compile) and compares:
#   io_load      with dd if=/dev/zero bs=1M count=MEM conv=notrunc,fdatasync
#                rewriting an existing MEM file, as io_load does each pass,
#                pass after pass for SECONDS as io_load is measured
#   read_load    with dd of=/dev/null bs=1M of a MEM file, cold cache (root: drop_caches
#                before each pass, not timed), passes for SECONDS
#   list_load    with ls -lRa over the same directories (lines per second)
# and prints process_load's hop rate and mem_load's pages/s and major faults
# (mem_load at MemTotal unless MEMLOAD_MEM is set; it needs 110% of it on disk).
# Files go to a scratch testbed under ${TMPDIR:-/tmp}, removed at the end.
set -u
MEM=${1:-1G}
SECS=${2:-10}
CONTEST=${CONTEST:-build/contest}
[ -x "$CONTEST" ] || { echo "bench-loads.sh: build contest first (make)" >&2; exit 2; }
TB=$(mktemp -d "${TMPDIR:-/tmp}/contest-bench-loads.XXXXXX") || exit 2
trap 'rm -rf "$TB"' EXIT INT TERM

mb=$(echo "$MEM" | awk '/[Gg]$/{print int($0)*1024; next} /[Mm]$/{print int($0); next} {print int($0/1048576)}')
now() { date +%s.%N; }
rate() { awk -v a="$1" -v b="$2" -v n="$3" 'BEGIN{printf "%.0f", n / (b - a)}'; }
drop() { sync; [ "$(id -u)" -eq 0 ] && echo 3 >/proc/sys/vm/drop_caches; }

echo "== contest loads --rate --mem $MEM --seconds $SECS"
"$CONTEST" loads --rate --mem "$MEM" --seconds "$SECS" -d "$TB/t" \
	io_load read_load process_load list_load dbench_load ctar_load xtar_load | tee "$TB/rate"
echo "== contest loads --rate --seconds $SECS mem_load (MEM ${MEMLOAD_MEM:-MemTotal})"
"$CONTEST" loads --rate ${MEMLOAD_MEM:+--mem "$MEMLOAD_MEM"} --seconds "$SECS" -d "$TB/t" mem_load | tee -a "$TB/rate"
rm -rf "$TB/t"

work() { awk -v l="$1" '$1 == l {print $4}' "$TB/rate"; }

echo "== plain tools"
dd if=/dev/zero of="$TB/dd.dat" bs=1M count="$mb" conv=fdatasync 2>/dev/null
passes=0
t0=$(now)
while awk -v a="$t0" -v b="$(now)" -v s="$SECS" 'BEGIN{exit !(b - a < s)}'; do
	dd if=/dev/zero of="$TB/dd.dat" bs=1M count="$mb" conv=notrunc,fdatasync 2>/dev/null
	passes=$((passes + 1))
done
t1=$(now)
ddw=$(rate "$t0" "$t1" $((passes * mb * 1048576)))
passes=0 spent=0
while awk -v s="$spent" -v l="$SECS" 'BEGIN{exit !(s < l)}'; do
	drop
	t0=$(now)
	dd if="$TB/dd.dat" of=/dev/null bs=1M 2>/dev/null
	t1=$(now)
	spent=$(awk -v s="$spent" -v a="$t0" -v b="$t1" 'BEGIN{print s + b - a}')
	passes=$((passes + 1))
done
ddr=$(rate 0 "$spent" $((passes * mb * 1048576)))
rm -f "$TB/dd.dat"
dirs=$(ls -d /bin /boot /etc /home /lib /opt /root /sbin /srv /usr /var 2>/dev/null)
drop
t0=$(now)
n=$(ls -lRa $dirs 2>/dev/null | wc -l)
t1=$(now)
lsr=$(rate "$t0" "$t1" "$n")
[ "$(id -u)" -eq 0 ] || echo "(not root: read figures are from a warm cache)"

cmp() { awk -v w="$2" -v t="$3" -v name="$1" -v unit="$4" 'BEGIN{
	if (w == "" || t == 0) { printf "%-12s contest: n/a\n", name; exit }
	printf "%-12s contest %12.0f %s/s   plain tool %12.0f %s/s   contest/tool %5.1f%%\n", name, w, unit, t, unit, 100 * w / t }'; }
echo "== intensity, contest vs plain tool"
cmp io_load "$(work io_load)" "$ddw" bytes
cmp read_load "$(work read_load)" "$ddr" bytes
cmp list_load "$(work list_load)" "$lsr" entries
echo "process_load $(work process_load) ring hops/s"
awk '$1 == "mem_load" {printf "mem_load     %s pages/s, %s major faults/s (%s)\n", $4, $6, substr($0, index($0, ";") + 2)}' "$TB/rate"
