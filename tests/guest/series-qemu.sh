#!/bin/sh
# series-qemu.sh: contest series --boot qemu --pin on this machine: two Debian kernels, two rounds, each run in a fresh QEMU guest (TCG where there is no KVM) with its vCPUs pinned, and a kernel whose image is no kernel, whose guest never comes up.
#
# usage: series-qemu.sh   (as root; about 4 minutes under TCG on 2 cores)
# Uses kernels.sh for the kernels and the contest of this checkout
# ($CONTEST, default build/contest, with contest-init beside it), copied
# with contest-init into a folder outside /tmp (the guest's /tmp is its own,
# and a rebuild must not change what a running guest reads). Prints
# "ok N - ..." a check, timings as "# ..." lines (never asserted), "N passed,
# N failed"; skips with one line when not root or when the kernels or QEMU
# cannot be had.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
CONTEST=${CONTEST:-$HERE/../../build/contest}
NAME=series-qemu.sh
. "$HERE/lib.sh"
guest_need_root
[ -x "$CONTEST" ] && [ -f "$(dirname "$CONTEST")/contest-init" ] || guest_skip "no $CONTEST with contest-init beside it (make)"
guest_kernels
guest_scratch /var/tmp/contest-series-qemu

# the bad kernel: an image that is no kernel, with kernel a's module tree
# (IMAGE,modules=DIR: a module folder that is a link out of its kernel
# folder is refused, so the modules are named where they lie)
mkdir -p "$T/bin" "$T/bad" &&
	cp "$CONTEST" "$T/bin/contest" && cp "$(dirname "$CONTEST")/contest-init" "$T/bin/contest-init" &&
	echo "this is no kernel" >"$T/bad/vmlinuz-9.9.9-bad"
result $? "contest and contest-init copied outside /tmp; an image that is no kernel"

# watch: while the series runs, each vCPU thread of its guests ("CPU n/TCG" or
# "CPU n/KVM") and the CPUs it may run on, a line "NAME CPUS" each time seen
watch_pins() {
	while :; do
		for p in $(pgrep -f "qemu-system-x86_64.*$T/journal"); do
			for t in /proc/$p/task/*; do
				c=$(cat "$t/comm" 2>/dev/null) || continue
				case $c in "CPU "*) echo "$c $(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "$t/status" 2>/dev/null)" ;; esac
			done
		done
		sleep 2
	done
}

NCPU=$(getconf _NPROCESSORS_ONLN)
VCPUS=$((NCPU < 2 ? NCPU : 2))
cd "$T" || exit 1
watch_pins >"$T/pins" &
WATCH=$!
start=$(date +%s)
BAD="$T/bad/vmlinuz-9.9.9-bad,modules=$A/lib/modules/$RA,release=9.9.9-bad"
"$T/bin/contest" series start --boot qemu -k a="$A" -k b="$B" -k bad="$BAD" -n 2 --countdown 0 \
	--vcpus "$VCPUS" --pin --scale mini --no-canary --lead 0 --settle 0 --journal "$T/journal" \
	-R "$T/results" no_load >"$T/out" 2>&1
rc=$?
end=$(date +%s)
kill "$WATCH" 2>/dev/null
wait "$WATCH" 2>/dev/null
echo "# the series took $((end - start)) s"
result $rc "contest series start --boot qemu ran to its end (exit $rc)"
[ $rc -eq 0 ] || tail -n 20 "$T/out"

"$T/bin/contest" series status --journal "$T/journal" >"$T/status" 2>&1
grep -q '^state: done' "$T/status"
result $? "the journal says done"

# field FILE COLUMN: that column of each record of FILE, one a line
field() {
	awk -F'\t' -v c="$2" 'NR == 2 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
		NR > 2 && k { print $k }' "$1"
}
for l in a b; do
	f=$T/results/$l.loads
	[ "$l" = a ] && want=$RA || want=$RB
	[ "$(field "$f" status 2>/dev/null | grep -c '^ok$')" -eq 2 ] && [ "$(field "$f" status | wc -l)" -eq 2 ]
	result $? "$l: two records, both ok"
	[ "$(field "$f" boot | sort -u)" = qemu ] && [ "$(field "$f" round | sort -u | tr '\n' ' ')" = "1 2 " ]
	result $? "$l: boot qemu, rounds 1 and 2"
	[ "$(field "$f" kernel | sort -u)" = "$want" ]
	result $? "$l: kernel is its guest's uname -r ($want)"
	[ "$(field "$f" host | sort -u)" = "$(uname -n)" ]
	result $? "$l: host is this machine's name, not the guest's ($(field "$f" host | sort -u | tr '\n' ' '))"
	field "$f" guest | grep -q '^tcg \|^kvm '
	result $? "$l: the record says its guest ($(field "$f" guest | sort -u))"
	[ "$(field "$f" guest | sort -u)" = "$(field "$f" guest | sort -u | grep " $VCPUS vcpus .* pinned\$")" ]
	result $? "$l: the record says $VCPUS vcpus, pinned"
	[ "$(field "$f" foreign_pct | awk '$1 == "na" || $1 + 0 < 0' | wc -l)" -eq 0 ]
	result $? "$l: foreign_pct measured and never below 0 ($(field "$f" foreign_pct | tr '\n' ' '))"
	[ "$(grep -c '^@ ' "$T/results/$l.env" 2>/dev/null)" -eq 2 ] && grep -q "^uname=.*$want" "$T/results/$l.env"
	result $? "$l: the environment of each of its guests' runs recorded (its $l.env, taken from the guest)"
done
# each vCPU n seen pinned to the n-th CPU of contest's (here: all online, from
# 0); a sighting in the moment before contest pinned it shows every CPU
sort -u "$T/pins" | sed 's/^/# seen: /'
awk -v all="0-$((NCPU - 1))" '{ split($2, a, "/"); n = a[1]
		if ($3 == n) pinned[n] = 1; else if ($3 != all) bad = 1; seen[n] = 1 }
	END { for (n in seen) if (!pinned[n]) bad = 1; exit bad || length(seen) == 0 }' FS='[ ]' "$T/pins"
result $? "each vCPU thread seen was pinned to its own CPU ($(sort -u "$T/pins" | tr '\n' ';'))"
if [ ! -e /dev/kvm ]; then
	[ "$(field "$T/results/a.loads" guest | sort -u | cut -d' ' -f1)" = tcg ] &&
		grep -q "^emulated (TCG): timings are the emulator's, not the kernel's" "$T/out"
	result $? "no /dev/kvm: the records say tcg, and the closing report says the timings are emulated"
fi

grep -q 'bad did not come up in its guest (try 3 of 3)' "$T/status" &&
	grep -q 'bad dropped after 3 tries' "$T/status" && [ ! -s "$T/results/bad.loads" ]
result $? "the kernel that is no kernel: a failed boot counted 3 times, dropped, no record"
grep 'bad did not come up' "$T/status" | head -n 1 | sed 's/^ */# /'

pgrep -f "$T/bin/contest" >/dev/null
result $((1 - $?)) "no contest of the series left running"
pgrep -f "qemu-system-x86_64.*$T/journal" >/dev/null
result $((1 - $?)) "no QEMU left running"
[ "$(ls -A "$T/results" | grep -v "^\.contest\.lock$" | grep -v '^series-.*\.story$' | tr '\n' ' ')" = "a.env a.loads b.env b.loads " ] &&
	[ "$(ls "$T/results" | grep -c '^series-.*\.story$')" -eq 1 ] && [ ! -e "$T/journal/guest/stage" ]
result $? "the results hold the records, environments and the series' story alone, the guests' staging folder is gone ($(ls -A "$T/results" | tr '\n' ' '))"
for l in a b; do
	sed -n 's/^contest-guest: [0-9a-f]* *command at \(.*\) ms.*/# '"$l"': the guest reached its command \1 ms after its kernel started/p' \
		"$T/journal/guest/$l.console" | tr -d '\r'
	printf '# %s: Time %s s\n' "$l" "$(field "$T/results/$l.loads" time | tr '\n' ' ')"
done

guest_done
