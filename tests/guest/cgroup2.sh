#!/bin/sh
# cgroup2.sh: contest on cgroup v2 inside a QEMU guest: the memory group (the default and --confine), a run under a cpu.max of 1.5 CPUs, mem_load confined on a disk, and mem_load's tmpfs testbed refused.
#
# usage: cgroup2.sh   (as root; about 4 minutes under TCG on 2 cores)
# Boots the older kernel kernels.sh prints with --cgroup 2, 4.5G of memory
# (so that contest's default emulated 4G machine makes its group) and a 1G
# scratch disk at /journal, and runs a copy of this checkout's contest
# ($CONTEST, default build/contest) inside. The guest's init stays in the
# root group and runs the script in the child group "run", as contest series
# --boot qemu does; every record's foreign_pct must be measured and never
# below 0. Prints "ok N - ..."
# a check, timings as "# ..." lines (never asserted), "N passed, N failed";
# skips with one line when not root or when the kernels or QEMU cannot be had.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
CONTEST=${CONTEST:-$HERE/../../build/contest}
NAME=cgroup2.sh
. "$HERE/lib.sh"
guest_need_root
[ -x "$CONTEST" ] || guest_skip "no contest at $CONTEST (make first)"
guest_kernels
K=$A

# not under /tmp, which the guest does not see: a copy, so a rebuild cannot
# change the binary under the running guest; the disk beside it
guest_scratch "${CONTEST_GUEST_WORK:-/var/tmp}/contest-cg2"
cp "$CONTEST" "$T/contest" || exit 1
truncate -s 1G "$T/disk.img" && mkfs.ext4 -q -F "$T/disk.img" || exit 1

# The guest's script: each check prints "cg2: 0|1 - what"; the figures "cg2# ...".
cat >"$T/guest.sh" <<EOF
set -u
C=$T/contest
A="--scale mini --no-canary --lead 0 --settle 0 --no-flush -n 1"
check() { echo "cg2: \$1 - \$2"; }
# col FILE LOAD NAME: the column NAME of LOAD's record in FILE
col() { awk -F'\t' -v l="\$2" -v n="\$3" 'NR == 2 { for (i = 1; i <= NF; i++) c[\$i] = i; next }
	NR > 2 && \$c["load"] == l { print \$c[n] }' "\$1"; }
secs() { cut -d' ' -f1 /proc/uptime; }
echo "cg2# root group: \$(wc -l </sys/fs/cgroup/cgroup.procs) processes, init among them: \$(grep -cx 1 /sys/fs/cgroup/cgroup.procs); the script in \$(grep '^0::' /proc/self/cgroup)"

# (d) mem_load on a tmpfs testbed in the memory group: refused before anything
t0=\$(secs)
\$C -R /journal/rd -d /tmp/tbd --confine --mem 512M \$A mem_load >/tmp/d.out 2>&1
rc=\$?
line=\$(grep -c . /tmp/d.out)
grep -q '^contest: mem_load: the testbed /tmp/tbd is on tmpfs' /tmp/d.out && [ \$rc -eq 2 ] && [ "\$line" -eq 1 ] &&
	[ ! -e /journal/rd ] && [ ! -e /tmp/tbd ]
check \$? "mem_load on a tmpfs testbed under --confine: refused in one line before anything (exit \$rc, \$line line(s): \$(head -c 120 /tmp/d.out))"

# (b) from a shell moved into a group of cpu.max 150000 100000; init stays in the root
echo +cpu >/sys/fs/cgroup/cgroup.subtree_control && mkdir /sys/fs/cgroup/lim &&
	echo "150000 100000" >/sys/fs/cgroup/lim/cpu.max
check \$? "a group with cpu.max 150000 100000 (cpu enabled in the root's subtree_control)"
t0=\$(secs)
# the subshell moves itself (0: the writer), and contest starts from it
(echo 0 >/sys/fs/cgroup/lim/cgroup.procs && grep '^0::' /proc/self/cgroup >/tmp/b.cg &&
	\$C -R /journal/rb -d /journal/tbb --whole-machine \$A no_load >/tmp/b.out 2>&1)
rc=\$?
echo "cg2# (b) no_load under cpu.max: \$(echo "\$(secs) \$t0" | awk '{ printf "%.0f", \$1 - \$2 }') s"
f=/journal/rb/*.loads
lim=\$(col \$f no_load cpu_limit) thr=\$(col \$f no_load throttled_pct) fo=\$(col \$f no_load foreign_pct)
echo "cg2# (b) \$(cat /tmp/b.cg): cpu_limit \$lim throttled_pct \$thr foreign_pct \$fo time \$(col \$f no_load time)"
[ \$rc -eq 0 ] && grep -qx '0::/lim' /tmp/b.cg && [ "\$(col \$f no_load status)" = ok ]
check \$? "the run in the cpu.max group: ok (exit \$rc, \$(cat /tmp/b.cg))"
awk -v v="\$lim" 'BEGIN { exit !(v == 1.5) }'
check \$? "cpu_limit 1.5 (\$lim)"
awk -v v="\$thr" 'BEGIN { exit !(v + 0 > 0) }'
check \$? "throttled_pct > 0 (\$thr)"
awk -v v="\$fo" 'BEGIN { exit !(v != "na" && v + 0 >= 0 && v + 0 <= 5) }'
check \$? "foreign_pct from 0 to 5 (\$fo)"
! grep -Eq 'busy machine: run| busy\$' /tmp/b.out
check \$? "the run is not marked busy"

# (a) the default emulated 4G machine: a memory group of 4G on v2
t0=\$(secs)
\$C -R /journal/ra -d /journal/tba \$A no_load >/tmp/a.out 2>&1
rc=\$?
echo "cg2# (a) no_load in the default group: \$(echo "\$(secs) \$t0" | awk '{ printf "%.0f", \$1 - \$2 }') s"
cf=\$(col /journal/ra/*.loads no_load confine)
[ \$rc -eq 0 ] && [ "\$cf" = "cgroup v2 memory.max=4294967296" ]
check \$? "the default memory group is cgroup v2's memory.max of 4G (exit \$rc, confine '\$cf')"

# (a) and (c): --confine --mem 512M, mem_load with its file on /journal
t0=\$(secs)
\$C -R /journal/rc -d /journal/tbc --confine --mem 512M \$A mem_load >/tmp/c.out 2>&1
rc=\$?
echo "cg2# (c) mem_load under --confine --mem 512M: \$(echo "\$(secs) \$t0" | awk '{ printf "%.0f", \$1 - \$2 }') s"
grep '^contest: memory group' /tmp/c.out | sed 's/^/cg2# /'
f=/journal/rc/*.loads
st=\$(col \$f mem_load status) cf=\$(col \$f mem_load confine)
[ \$rc -eq 0 ] && [ "\$cf" = "cgroup v2 memory.max=536870912" ]
check \$? "--confine --mem 512M: the record names cgroup v2's memory.max of 512M (exit \$rc, '\$cf')"
[ "\$st" = ok ]
check \$? "mem_load confined to 512M with its file on ext4 ends ok (\$st\$(col \$f mem_load reason))"
[ -z "\$(ls /sys/fs/cgroup | grep '^contest-')" ]
check \$? "contest's memory groups are gone"
[ \$rc -eq 0 ] || tail -n 20 /tmp/c.out

# every record's foreign_pct: a share, never below 0, and measured (contest
# runs outside the root group, where the scheduler's own figures count)
fos=\$(for f in /journal/ra/*.loads /journal/rb/*.loads /journal/rc/*.loads; do
	awk -F'\t' 'NR == 2 { for (i = 1; i <= NF; i++) c[\$i] = i; next } NR > 2 { print \$c["foreign_pct"] }' "\$f"
done | tr '\n' ' ')
echo "cg2# foreign_pct of every record: \$fos"
[ -n "\$fos" ] && echo "\$fos" | awk '{ for (i = 1; i <= NF; i++) if (\$i == "na" || \$i + 0 < 0) exit 1 }'
check \$? "every record's foreign_pct is measured and never below 0 (\$fos)"
exit 0
EOF

t0=$(date +%s)
sh "$HERE/run.sh" "$K" "$T/guest.sh" --cgroup 2 --disk "$T/disk.img" --mem 4608 --timeout 600 --quiet \
	--log "$T/log" 2>"$T/err"
rc=$?
echo "# the guest ($(basename "$K"), cgroup v2): $(($(date +%s) - t0)) s"
tr -d '\r' <"$T/log" | grep -v '^\[' >"$T/console"
result "$rc" "the guest ran the checks and powered off (exit $rc)"
[ "$rc" -eq 0 ] || { tail -n 30 "$T/console"; cat "$T/err"; }
sed -n 's/^cg2# /# /p' "$T/console"
n=0
while IFS= read -r line; do
	n=$((n + 1))
	result "${line%% *}" "${line#* - }"
done <<EOF2
$(sed -n 's/^cg2: //p' "$T/console")
EOF2
[ "$n" -eq 12 ]
result $? "the guest made every check (12: $n)"
guest_done
