#!/bin/sh
# side-by-side.sh: your own lmbench build and/or interbench run beside contest on this machine, interleaved; one table: figure, theirs, contest's, ratio, in band (0.85-1.10) or not.
#
# usage: scripts/side-by-side.sh [--lmbench DIR] [--interbench PROGRAM] [options]
#   --lmbench DIR        the bin/ folder of your lmbench 3 build (bin/ARCH-OS, where lat_syscall,
#                        bw_mem, lat_mem_rd are): its programs are run as lmbench's summary takes
#                        them (scripts/lmbench with SYNC_MAX=1: the same arguments and sizes),
#                        pinned with taskset to the CPU contest micro pins to, beside contest micro
#   --interbench PROG    your interbench binary: interbench -t 10 with Audio, Video, X and Gaming
#                        against None, Burn, Write and Read, Compile, beside contest interact's
#                        nearest conditions: no_load, burn_load (else process_load), io_load,
#                        read_load, compile (10 s windows, as -t 10). Root; about 4 minutes each
#   --only GROUPS        lmbench's groups to compare, comma-separated: proc,ctx,ipc,fs,bw,mem
#                        (default: all); contest micro runs whole each time (--pair: its groups
#                        beside each program)
#   --mb N               the largest size in MiB (default 128): lmbench's MB, and contest micro's
#                        --mb, so that both walk, copy and map the same sizes
#   --enough US          lmbench's timing interval in microseconds (its ENOUGH: each sample lasts
#                        at least that long). Default: what lmbench's own enough program prints
#                        here, as lmbench's config-run takes it (with timing_o and loop_o); on a
#                        machine whose timer is not steady enough for its shortest intervals it
#                        prints 1000000, and lat_mem_rd and lat_fs then take an hour or more
#   --limit S            stop one lmbench program after S seconds (default 900), keep what it
#                        printed and go on (lat_connect can hang in a machine short of ports)
#   --rounds N           contest then lmbench (--pair: each program between contest's runs), N times;
#                        a figure is the median of its rounds (default 1)
#   --best               an lmbench figure is the best of its rounds on each side instead (least time,
#                        most MB/s and MHz): the least disturbed window of a machine whose speed moves
#                        between minutes (a VM), as lmbench's lat_mem_rd keeps the least of its runs
#   --pair               contest micro just before and just after each of lmbench's programs, only
#                        contest's group that measures its figures (contest micro --only), and each
#                        figure compared with the contest runs beside its program (a machine whose
#                        speed moves within a minute: a VM). When those two runs of one of its figures
#                        differ by more than x1.15 the machine moved during the pair, and the three run
#                        again, at most 3 tries; a pair that never settled leaves its round of its
#                        figures out on both sides (none left: "not comparable"); lines under the
#                        table count and name them
#   --dir DIR            where the temporary folder goes (default ${TMPDIR:-/var/tmp}): lmbench's
#                        files and contest's testbed and results are made in it, removed after.
#                        For File Create/Delete a journaled file system: on ext4 without one, lmbench's
#                        lat_fs (deleting before its next sample creates) moves severalfold between runs
#   --contest PATH       the contest to run (default: contest in PATH, else build/contest here)
#   --saved DIR          take the outputs DIR holds (as --keep saved them: lmbench.N/,
#                        contest-micro.csv or with --pair contest-micro.PROGRAM.csv,
#                        interbench.out, interact.txt) instead of running
#                        those programs again:
#                        a comparison split into windows (a busy or shared machine)
#   --theirs-only        run lmbench or interbench alone, not contest (with --keep, for --saved)
#   --keep DIR           also copy the raw outputs into DIR (as --from reads them)
#   --from DIR           run nothing: the table from outputs saved in DIR (lmbench/NAME.txt,
#                        contest-micro.csv or contest-micro.PROGRAM.csv, interbench.out,
#                        interact.txt)
# TCP conn: the kernel's TcpExt counters (/proc/net/netstat) are saved before and after lmbench's
# lat_connect (lmbench.N/lat_connect.netstat0 and .netstat1). When ListenOverflows or TCPSynRetrans
# moved, that round's lat_connect figure is its one-second SYN retransmits: the round is left out of
# TCP conn (a line under the table says so), and when no round is left the row says "not comparable:
# lmbench's listen queue overflowed (N SYNs retransmitted)" in place of a ratio and is counted apart
# from the figures in band. The counters are the whole machine's.
# Spread: every contest micro run measures every figure of its groups; a row whose contest runs (two
# or more, as with --pair or --rounds) spread wider than the band itself (largest / least above 1.10 /
# 0.85) says how far after its band, and a line under the tally counts those rows: there the machine's
# speed moved more than a ratio may, and the ratio measures that too.
# Give --lmbench, --interbench or both (or --from). It never fetches or builds anything and
# needs only sh, awk and coreutils (and taskset for the pinning). lmbench's servers are stopped
# with their -S form and the temporary folder is removed, also when interrupted.
# Exit: 0 the table printed; 1 a program failed (said); 2 usage, or DIR is not an lmbench build.

me=side-by-side.sh
LM= IB= ENOUGH_ARG= ONLY=proc,ctx,ipc,fs,bw,mem MB=128 LIMIT=900 ROUNDS=1 BASE=${TMPDIR:-/var/tmp} CONTEST= KEEP= FROM= SAVED= THEIRS= PAIR= BEST=
die() { echo "$me: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case $1 in
	--lmbench) LM=${2:?}; shift ;;
	--interbench) IB=${2:?}; shift ;;
	--only) ONLY=${2:?}; shift ;;
	--mb) MB=${2:?}; shift ;;
	--rounds) ROUNDS=${2:?}; shift ;;
	--limit) LIMIT=${2:?}; shift ;;
	--enough) ENOUGH_ARG=${2:?}; shift ;;
	--dir) BASE=${2:?}; shift ;;
	--contest) CONTEST=${2:?}; shift ;;
	--saved) SAVED=${2:?}; shift ;;
	--theirs-only) THEIRS=1 ;;
	--pair) PAIR=1 ;;
	--best) BEST=1 ;;
	--keep) KEEP=${2:?}; shift ;;
	--from) FROM=${2:?}; shift ;;
	-h|--help) sed -n '2,/^# Exit/s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown argument '$1' (see --help)" ;;
	esac
	shift
done
case $MB in ''|*[!0-9]*|[0-7]) die "--mb '$MB' is not a number of MiB from 8" ;; esac
case $LIMIT in ''|*[!0-9]*|0) die "--limit '$LIMIT' is not a number of seconds" ;; esac
case $ROUNDS in ''|*[!0-9]*|0) die "--rounds '$ROUNDS' is not a number of rounds" ;; esac
case $ENOUGH_ARG in *[!0-9]*|0) die "--enough '$ENOUGH_ARG' is not a number of microseconds" ;; esac
for g in $(echo "$ONLY" | tr , ' '); do
	case $g in proc|ctx|ipc|fs|bw|mem) ;; *) die "--only: '$g' is not proc, ctx, ipc, fs, bw or mem" ;; esac
done
[ -n "$LM$IB$FROM" ] || die "give --lmbench DIR, --interbench PROGRAM or both (see --help)"
[ -z "$SAVED" ] || [ -d "$SAVED" ] || die "--saved '$SAVED' is not a folder"

# --- parsers: each prints "figure value" lines ---------------------------------------------

# netstat_get FILE NAME: the TcpExt counter NAME of a /proc/net/netstat snapshot (its TcpExt header
# line, then its value line); nothing when FILE or NAME is not there
netstat_get() {
	[ -f "$1" ] && awk -v k="$2" '$1 == "TcpExt:" { if (!h) { for (i = 2; i <= NF; i++) if ($i == k) c = i; h = 1 }
		else { if (c) print $c; exit } }' "$1"
}

# conn_retrans DIR: when TcpExtListenOverflows or TcpExtTCPSynRetrans moved between the snapshots
# taken around lat_connect (DIR/lat_connect.netstat0 and .netstat1), the SYNs retransmitted meanwhile:
# lat_connect's figure is then its one-second SYN retransmits, not a connection's cost. Nothing when
# they stood still or a snapshot is missing. The counters are the machine's: other programs'
# connections move them too, and the figure is then left out all the same.
conn_retrans() {
	o0=$(netstat_get "$1/lat_connect.netstat0" ListenOverflows) o1=$(netstat_get "$1/lat_connect.netstat1" ListenOverflows)
	r0=$(netstat_get "$1/lat_connect.netstat0" TCPSynRetrans) r1=$(netstat_get "$1/lat_connect.netstat1" TCPSynRetrans)
	[ -n "$o0" ] && [ -n "$o1" ] && [ -n "$r0" ] && [ -n "$r1" ] || return 0
	[ "$o1" != "$o0" ] || [ "$r1" != "$r0" ] || return 0
	echo $((r1 - r0))
}

# lm_figures DIR: the summary figures of lmbench's outputs in DIR, as scripts/getsummary takes them;
# Main mem (lat_largest) only from a stride block that reached at least half of --mb MB (a walk cut
# short ends at a small size, whose line is not the largest size's figure)
lm_figures() {
	# (each header on a line of its own: a program stopped mid-line leaves no last newline)
	for f in "$1"/*.txt; do [ -f "$f" ] && printf '\n== %s\n' "$(basename "$f" .txt)" && cat "$f"; done |
	awk -v mb="$MB" -v retrans="$(conn_retrans "$1")" '
	/^== / { file = $2; blk = ""; next }
	function put(k, v) { if (v != "" && v + 0 > 0) print k, v }
	/MHz/ && file == "mhz" && !mhz { put("mhz", $1); mhz = 1 }
	/^Simple syscall:/ { put("null_call", $3) }
	/^Simple read:/ { rd = $3 } /^Simple write:/ { wr = $3 }
	/^Simple stat:/ { put("stat", $3) } /^Simple open\/close:/ { put("open_close", $3) }
	/^Select on 100 tcp fd/ { put("select_tcp", $6) }
	/^Signal handler installation:/ { put("sig_inst", $4) }
	/^Signal handler overhead:/ { put("sig_hndl", $4) }
	/^Protection fault:/ { put("prot_fault", $3) }
	/Process fork\+exit:/ { put("fork_proc", $(NF - 1)) }
	/Process fork\+execve:/ { put("exec_proc", $(NF - 1)) }
	/Process fork\+\/bin\/sh/ { put("sh_proc", $(NF - 1)) }
	/^"size=/ { blk = $1; sub(/^"size=/, "", blk); sub(/k$/, "", blk) }
	file ~ /^lat_ctx/ && blk != "" && ($1 == 2 || $1 == 8 || $1 == 16) && NF == 2 {
		if (blk == 0 && $1 == 2 || blk == 16 || blk == 64) put("ctx_" $1 "p_" blk "k", $2) }
	/^Pipe latency:/ { put("lat_pipe", $3) }
	/AF_UNIX sock stream latency:/ { put("lat_unix", $5) }
	/^UDP latency using localhost:/ { put("lat_udp", $5) }
	/^TCP latency using localhost:/ { put("lat_tcp", $5) }
	/RPC.udp latency using localhost:/ { put("lat_rpc_udp", $5) }
	/RPC.tcp latency using localhost:/ { put("lat_rpc_tcp", $5) }
	/TCP.IP connection cost to localhost:/ {   # its retransmits, when the listen queue overflowed
		if (retrans == "") put("lat_tcp_conn", $6); else if ($6 + 0 > 0) print "conn_overflow", retrans, $6 }
	/^AF_UNIX sock stream bandwidth:/ { put("bw_unix", $5) }
	/^Pipe bandwidth:/ { put("bw_pipe", $3) }
	/^Pagefaults on/ { put("page_fault", $4) }
	file == "lat_fs" && /^0k/ { put("fs_create_0k", 1e6 / $3); put("fs_delete_0k", 1e6 / $4) }
	file == "lat_fs" && /^10k/ { put("fs_create_10k", 1e6 / $3); put("fs_delete_10k", 1e6 / $4) }
	/^[0-9.]+ [0-9.]+/ {   # "size value" lines: the largest size (the last) is the figure
		k = file == "bw_tcp" ? "bw_tcp" : file == "lat_mmap" ? "mmap_lat" : \
		    file == "bw_file_rd" ? "bw_file_reread" : file == "bw_mmap_rd" ? "bw_mmap_reread" : \
		    file == "bw_mem_bcopy" ? "bw_bcopy_libc" : file == "bw_mem_fcp" ? "bw_bcopy_hand" : \
		    file == "bw_mem_frd" ? "bw_mem_frd" : file == "bw_mem_fwr" ? "bw_mem_fwr" : ""
		if (k != "") last[k] = $2
	}
	/^"stride=/ { stride = $1 == "\"stride=128" }
	file == "lat_mem_rd" && stride && /^[0-9.]+ [0-9.]+$/ {
		if ($1 + 0 == 0.00098) put("lat_1k", $2)
		if ($1 + 0 == 0.125) put("lat_128k", $2)
		main = $2; mainsz = $1 }
	END {
		if (rd != "" && wr != "") put("null_io", (rd + wr) / 2); else put("null_io", wr)
		for (k in last) put(k, last[k])
		if (mainsz + 0 >= mb / 2) put("lat_largest", main) }'
}

# contest_figures CSV: contest report --micro --format csv: "metric value" per run
contest_figures() {
	awk -F, 'NR > 1 && $9 != "" { print $7, $9 }' "$1"
}

# contest_kept CSV: contest_figures but the runs of a pair that never settled (their label
# side-by-side-PROGRAM-ROUND-TRY-a|b, their round and figure in $T/skip)
contest_kept() {
	awk -F, 'FILENAME == ARGV[1] { s[$1 " " $2] = 1; next }
	FNR > 1 && $9 != "" { n = split($1, a, "-"); if (n >= 7 && ((a[n - 2] " " $7) in s)) next; print $7, $9 }' \
		"$T/skip" "$1"
}

# ib_figures FILE: interbench's tables: "Task/Load latency|max|cpu|met value"
ib_figures() {
	awk '/^--- Benchmarking simulated cpu of/ { task = $6; next }
	task != "" && NF >= 6 && $3 == "+/-" {
		print task "/" $1 " latency", $2; print task "/" $1 " max", $5; print task "/" $1 " cpu", $6
		if (NF >= 7) print task "/" $1 " met", $7 }' "$1"
}

# ci_figures FILE: contest interact's tables, in interbench's names and units (ms)
ci_figures() {
	awk 'BEGIN { t["audio"] = "Audio"; t["video"] = "Video"; t["desktop"] = "X"; t["game"] = "Gaming"
		l["no_load"] = "None"; l["burn_load"] = "Burn"; l["process_load"] = "Burn"; l["io_load"] = "Write"
		l["read_load"] = "Read"; l["compile"] = "Compile" }
	/^[a-z]+:$/ { task = t[substr($1, 1, length($1) - 1)]; game = 0; next }
	/^Load +Kernel/ { game = $0 ~ /Frames/; next }
	task != "" && ($1 in l) && NF >= 9 {   # Burn: burn_load when there is one, else process_load
		k = task "/" l[$1]
		if ($1 == "process_load" && (k in burn)) next
		if ($1 == "burn_load") burn[k] = 1
		v[k " latency"] = $4 / 1000; v[k " max"] = $7 / 1000; v[k " cpu"] = $9
		if (!game) v[k " met"] = $8 }
	END { for (k in v) print k, v[k] }' "$1"
}

# median: "key value" lines in, the median value of each key out
median() {
	sort -k1,1 -k2,2g | awk '
	function out() { if (n) print key, (n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2) }
	$1 != key { out(); key = $1; n = 0 } { v[++n] = $2 } END { out() }'
}

# best: "key value" lines in, each key's best value out: the most for MHz and MB/s (mhz, bw_*),
# else the least
best() {
	awk '{ hi = $1 == "mhz" || $1 ~ /^bw_/
		if (!($1 in v) || (hi ? $2 + 0 > v[$1] : $2 + 0 < v[$1])) v[$1] = $2 + 0 }
	END { for (k in v) print k, v[k] }'
}

# rounds: the lmbench figures' aggregate of their rounds, as --best asks
rounds() { if [ -n "$BEST" ]; then best; else median; fi; }

# spread: "key value" lines in (every run of contest's), "key min max runs" out for each key of two
# runs or more whose largest is more than MOVED times its least: the band's own width (1.10 / 0.85),
# so that within contest's own runs the machine's speed moved more than a ratio may
MOVED=1.294
# --pair: contest's runs on either side of one of lmbench's programs settled when their figures agree
# within SETTLED (else the machine's speed moved during the pair: all three again, TRIES in all)
SETTLED=1.15 TRIES=3
spread() {
	awk -v w="$MOVED" '{ v = $2 + 0; if (!($1 in lo) || v < lo[$1]) lo[$1] = v; if (!($1 in hi) || v > hi[$1]) hi[$1] = v; n[$1]++ }
	END { for (k in lo) if (n[k] > 1 && lo[k] > 0 && hi[k] > w * lo[k]) print k, lo[k], hi[k], n[k] }'
}

# table KIND THEIRS OURS [NC [MOVED]]: one row per figure of the list (lmbench's or interbench's
# order); NC, a file of "figure value why" lines: figures whose value is not comparable, said with why
# in place of a ratio and counted apart from the in-band tally; MOVED, spread's lines: those rows say
# how far contest's own runs of the figure moved, after their band, and a line under the tally counts them
table() {
	awk -v kind="$1" -v w="$MOVED" '
	FILENAME == ARGV[1] { a[$1 (NF > 2 ? " " $2 : "")] = $NF; next }
	FILENAME == ARGV[2] { b[$1 (NF > 2 ? " " $2 : "")] = $NF; next }
	FILENAME == ARGV[3] { k = $1; nv[k] = $2; sub(/^[^ ]+ [^ ]+ /, ""); ncw[k] = $0; next }
	FILENAME == ARGV[4] { mv[$1] = sprintf("  (contest'"'"'s %d runs of it: %s-%s, x%.2f)", $4, num($2), num($3), $3 / $2); next }
	{ order[++n] = $0 }
	function num(v) { return v == "" ? "-" : v + 0 >= 1000 ? sprintf("%.0f", v) : sprintf("%.4g", v) }
	END {
		who = kind == "lmbench" ? "lmbench" : "interbench"
		printf "%-28s %12s %12s %7s  %s\n", "figure", who, "contest", "ratio", "0.85-1.10"
		for (i = 1; i <= n; i++) {
			k = order[i]
			if (k in ncw) {
				printf "%-28s %12s %12s %7s  %s\n", k, num(nv[k]), num(k in b ? b[k] : ""), "-", ncw[k]
				nc++; continue
			}
			if (!(k in a) && !(k in b)) continue
			x = k in a ? a[k] : ""; y = k in b ? b[k] : ""
			r = x + 0 > 0 && y != "" ? y / x : ""
			band = r == "" ? "-" : (r >= 0.85 && r <= 1.10 ? "in" : "out")
			if (band == "in") in_n++; if (r != "") both++
			if (r != "" && (k in mv)) { band = band mv[k]; moved++; if (band ~ /^out/) mout++ }
			printf "%-28s %12s %12s %7s  %s\n", k, num(x), num(y), r == "" ? "-" : sprintf("%.3f", r), band
		}
		printf "%d of %d figures in band\n", in_n, both
		if (moved) printf "%d of the %d moved more than the band (x%.2f) between contest'"'"'s own runs, %d of them " \
			"out of band: the machine'"'"'s speed changed, and those ratios measure that change too\n", moved, both, w, mout
		if (nc) printf "%d %s not comparable (said in its row)\n", nc, nc == 1 ? "figure" : "figures" }' \
		"$2" "$3" "${4:-/dev/null}" "${5:-/dev/null}" -
}

LM_ORDER="mhz null_call null_io stat open_close select_tcp sig_inst sig_hndl fork_proc exec_proc sh_proc
ctx_2p_0k ctx_2p_16k ctx_2p_64k ctx_8p_16k ctx_8p_64k ctx_16p_16k ctx_16p_64k
lat_pipe lat_unix lat_udp lat_rpc_udp lat_tcp lat_rpc_tcp lat_tcp_conn
fs_create_0k fs_delete_0k fs_create_10k fs_delete_10k mmap_lat prot_fault page_fault
bw_pipe bw_unix bw_tcp bw_file_reread bw_mmap_reread bw_bcopy_libc bw_bcopy_hand bw_mem_frd bw_mem_fwr
lat_1k lat_128k lat_largest"

# group_of FIGURE: the lmbench group that measures it
group_of() {
	case $1 in
	mhz|null_*|stat|open_close|select_tcp|sig_*|*_proc|prot_fault) echo proc ;;
	ctx_*) echo ctx ;;
	lat_1k|lat_128k|lat_largest) echo mem ;;
	lat_*|bw_pipe|bw_unix|bw_tcp) echo ipc ;;
	fs_*|mmap_lat|page_fault|bw_file_reread|bw_mmap_reread) echo fs ;;
	bw_*) echo bw ;;
	esac
}

# prog_of FIGURE: the lmbench programs (their output names, as lm_round runs them) whose output gives
# FIGURE; with --pair the contest runs beside them give contest's figure
prog_of() {
	case $1 in
	mhz) echo mhz ;;
	null_call) echo lat_syscall_null ;;
	null_io) echo lat_syscall_read lat_syscall_write ;;
	stat) echo lat_syscall_stat ;;
	open_close) echo lat_syscall_open ;;
	select_tcp) echo lat_select_tcp ;;
	sig_inst) echo lat_sig_install ;;
	sig_hndl) echo lat_sig_catch ;;
	prot_fault) echo lat_sig_prot ;;
	fork_proc) echo lat_proc_fork ;;
	exec_proc) echo lat_proc_exec ;;
	sh_proc) echo lat_proc_shell ;;
	ctx_*) sz=${1##*_} && echo "lat_ctx_${sz%k}" ;;
	lat_tcp_conn) echo lat_connect ;;
	fs_*) echo lat_fs ;;
	mmap_lat) echo lat_mmap ;;
	page_fault) echo lat_pagefault ;;
	bw_file_reread) echo bw_file_rd ;;
	bw_mmap_reread) echo bw_mmap_rd ;;
	bw_bcopy_libc) echo bw_mem_bcopy ;;
	bw_bcopy_hand) echo bw_mem_fcp ;;
	lat_1k|lat_128k|lat_largest) echo lat_mem_rd ;;
	*) echo "$1" ;;   # lat_pipe, lat_unix, lat_udp, lat_tcp, lat_rpc_*, bw_tcp, bw_unix, bw_pipe, bw_mem_*
	esac
}

# figs_of PROGRAM: the figures lmbench's PROGRAM gives (prog_of's inverse)
figs_of() {
	for k in $LM_ORDER; do
		case " $(prog_of "$k") " in *" $1 "*) echo "$k" ;; esac
	done
}

# cgroup_of PROGRAM: contest micro's group (--only) that measures the figures of lmbench's PROGRAM
cgroup_of() {
	case $1 in
	mhz|lat_mem_rd) echo mem ;;
	lat_sig_prot|lat_pagefault|lat_mmap|lat_fs) echo fs ;;
	lat_syscall_*|lat_select_*|lat_sig_*|lat_proc_*) echo proc ;;
	lat_ctx_*) echo ctx ;;
	bw_file_rd|bw_mmap_rd|bw_mem_*) echo bw ;;
	*) echo ipc ;;
	esac
}

# lm_table THEIRS OURS [NC [MOVED]]: the lmbench table of the groups of --only (NC, MOVED: as table's)
lm_table() {
	for k in $LM_ORDER; do
		case ",$ONLY," in *",$(group_of "$k"),"*) echo "$k" ;; esac
	done | table lmbench "$1" "$2" "$3" "$4"
}

IB_ORDER() {
	for t in Audio Video X Gaming; do for l in None Burn Write Read Compile; do
		for f in latency max cpu met; do
			[ "$t" = Gaming ] && [ "$f" = met ] && continue
			echo "$t/$l $f"
		done
	done; done
}

# --- --from: the table of saved outputs ---------------------------------------------------
if [ -n "$FROM" ]; then
	[ -d "$FROM" ] || die "--from '$FROM' is not a folder"
	T=$(mktemp -d) || exit 1
	trap 'rm -rf "$T"' EXIT
	status=0
	haslm=$(for d in "$FROM"/lmbench "$FROM"/lmbench.*; do [ -d "$d" ] && echo y; done)
	paired=$(for f in "$FROM"/contest-micro.*.csv; do [ -f "$f" ] && echo y; done)
	if [ -n "$haslm" ] || [ -f "$FROM/contest-micro.csv" ] || [ -n "$paired" ]; then
		# --pair: each pair's tries and its contest runs' ratio ("ROUND PROGRAM TRIES RATIO"); a pair
		# that never settled leaves its round of its figures out on both sides ("ROUND,FIGURE,RATIO")
		for f in "$FROM"/lmbench.*/*.pair; do
			[ -f "$f" ] && r=${f%/*} && echo "${r##*/lmbench.} $(basename "$f" .pair) $(cat "$f")"
		done >"$T/pairs"
		awk -v w="$SETTLED" '$4 > w' "$T/pairs" | while read -r rd p t m; do
			for k in $(figs_of "$p"); do echo "$rd,$k,$m"; done
		done >"$T/skip"
		for d in "$FROM"/lmbench "$FROM"/lmbench.*; do
			[ -d "$d" ] && lm_figures "$d" | awk -v r="${d##*/lmbench.}" 'FILENAME == ARGV[1] {
				split($0, x, ","); if (x[1] == r) s[x[2]] = 1; next } !($1 in s)' "$T/skip" -
		done >"$T/lmall"
		grep -v '^conn_overflow ' "$T/lmall" | rounds >"$T/lm"
		# TCP conn: the rounds whose lat_connect overflowed its listen queue are left out; when
		# none is left, the figure is not comparable (its value: those rounds' median)
		awk '$1 == "conn_overflow" { n++; r += $2; print "lat_tcp_conn", $3 >"/dev/stderr" }
			END { if (n) print n, r }' "$T/lmall" 2>"$T/connv" >"$T/conn"
		: >"$T/nc"
		if [ -s "$T/conn" ] && ! grep -q '^lat_tcp_conn ' "$T/lm"; then
			read -r cn cr <"$T/conn"
			echo "lat_tcp_conn $(rounds <"$T/connv" | awk '{ print $2 }')" \
				"not comparable: lmbench's listen queue overflowed ($cr SYNs retransmitted)" >"$T/nc"
		fi
		# a figure whose every pair never settled is not comparable (its value: lmbench's median)
		nr=$(for d in "$FROM"/lmbench.*; do [ -d "$d" ] && echo; done | wc -l)
		awk -F, -v R="$nr" '{ n[$2]++; if ($3 + 0 > m[$2]) m[$2] = $3 } END { for (k in n) if (n[k] >= R) print k, m[k] }' \
			"$T/skip" | while read -r k m; do
			v=$(for d in "$FROM"/lmbench.*; do lm_figures "$d"; done | awk -v k="$k" '$1 == k' | rounds)
			echo "$k ${v#* } not comparable: the machine's speed moved during each of its pairs (contest's" \
				"runs on either side differed by up to x$m)"
		done >>"$T/nc"
		if [ -n "$paired" ]; then   # --pair: each figure from the contest runs next to its program
			for k in $LM_ORDER fs_nojournal; do
				fs=
				for p in $(prog_of "$k"); do
					[ -f "$FROM/contest-micro.$p.csv" ] && fs="$fs $FROM/contest-micro.$p.csv"
				done
				g=$FROM/contest-micro.$(group_of "$k").csv   # --pair's older layout: one run a group
				[ -z "$fs" ] && [ -f "$g" ] && fs=$g
				for f in $fs; do contest_kept "$f"; done | awk -v k="$k" '$1 == k'
			done | rounds >"$T/c"
		elif [ -f "$FROM/contest-micro.csv" ]; then
			contest_figures "$FROM/contest-micro.csv" | rounds >"$T/c"
		fi
		# how far each figure moved between contest's own runs: every run measures its groups' figures
		for f in "$FROM"/contest-micro.csv "$FROM"/contest-micro.*.csv; do
			[ -f "$f" ] && contest_figures "$f"
		done | spread >"$T/moved"
		: >>"$T/c"
		lm_table "$T/lm" "$T/c" "$T/nc" "$T/moved"
		if [ -s "$T/conn" ] && ! grep -q '^lat_tcp_conn ' "$T/nc" && case ",$ONLY," in *,ipc,*) true ;; *) false ;; esac; then
			read -r cn cr <"$T/conn"
			echo "TCP conn: lmbench's listen queue overflowed in $cn of its rounds ($cr SYNs retransmitted):" \
				"those rounds are left out"
		fi
		case ",$ONLY," in *,fs,*)   # contest's fs_nojournal: its files were on ext4 without a journal
			grep -q '^fs_nojournal 1$' "$T/c" && printf '%s\n%s\n' \
				"File Create: --dir is ext4 without a journal; a create there scans past every inode freed in" \
				"the last minutes, so lmbench's lat_fs moves severalfold between runs: give a journaled --dir" ;;
		esac
		# --pair: the pairs run again because contest's runs on either side of lmbench's program differed
		awk -v w="$SETTLED" -v n="$TRIES" '{ p++ } $3 > 1 { again++ } $4 > w { left = left sep $2 " (round " $1 ", x" $4 ")"; sep = ", "; k++ }
			END { if (again) printf "%d of the %d pairs run again: contest'"'"'s runs just before and after lmbench'"'"'s " \
				"program differed by more than x%s (the machine'"'"'s speed moved)\n", again, p, w
			if (k) printf "%d still differed after %d tries, their rounds left out of their figures on both sides: %s\n", \
				k, n, left }' "$T/pairs"
		[ -n "$BEST" ] && echo "a figure is the best of its rounds on each side (--best)"
		for f in "$FROM"/lmbench/timing "$FROM"/lmbench.*/timing; do
			[ -f "$f" ] && sed -n '1s/^/lmbench /p' "$f" && break
		done
	fi
	if [ -f "$FROM/interbench.out" ] || [ -f "$FROM/interact.txt" ]; then
		[ -f "$FROM/interbench.out" ] && ib_figures "$FROM/interbench.out" >"$T/ib"
		[ -f "$FROM/interact.txt" ] && ci_figures "$FROM/interact.txt" >"$T/ci"
		: >>"$T/ib"; : >>"$T/ci"
		[ -n "$haslm" ] && echo
		IB_ORDER | table interbench "$T/ib" "$T/ci"
	fi
	exit $status
fi

# --- running them ---------------------------------------------------------------------------
LMREQ="lat_syscall lat_ctx lat_pipe bw_mem lat_mem_rd mhz"
if [ -n "$LM" ]; then
	[ -d "$LM" ] || die "--lmbench '$LM' is not a folder"
	ok=1
	for p in $LMREQ; do [ -x "$LM/$p" ] || ok=0; done
	if [ $ok = 0 ]; then   # the build's bin/ holds one ARCH-OS folder: take it
		set -- "$LM"/*/lat_syscall
		[ $# -eq 1 ] && [ -x "$1" ] && LM=${1%/lat_syscall} && ok=1
		for p in $LMREQ; do [ -x "$LM/$p" ] || ok=0; done
	fi
	[ $ok = 1 ] || die "--lmbench '$LM' is not an lmbench build (no $(echo "$LMREQ" | tr ' ' ,) in it: give its bin/ARCH-OS folder)"
	LM=$(cd "$LM" && pwd)
	command -v taskset >/dev/null 2>&1 || die "taskset is not installed (util-linux): lmbench's programs cannot be pinned as contest pins"
fi
if [ -n "$IB" ]; then
	[ -x "$IB" ] && [ -f "$IB" ] || die "--interbench '$IB' is not a program"
	[ "$(id -u)" = 0 ] || die "--interbench needs root (its timing threads are real-time)"
	IB=$(cd "$(dirname "$IB")" && pwd)/$(basename "$IB")
fi
if [ -z "$CONTEST" ]; then
	CONTEST=$(command -v contest 2>/dev/null || echo "$(cd "$(dirname "$0")/.." && pwd)/build/contest")
fi
[ -n "$THEIRS" ] || [ -x "$CONTEST" ] || die "no contest to run at '$CONTEST' (give --contest PATH)"
[ -d "$BASE" ] || die "--dir '$BASE' is not a folder"
W=$(mktemp -d "$BASE/side-by-side.XXXXXX") || exit 1
SERVERS= HELLO=
cleanup() {
	for s in $SERVERS; do (cd "$LM" && "./$s" -S localhost) >/dev/null 2>&1; done
	[ -n "$HELLO" ] && rm -f /tmp/hello
	[ -n "$KEEP" ] && [ -d "$W/out" ] && mkdir -p "$KEEP" && cp -R "$W/out/." "$KEEP/"
	rm -rf "$W"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
status=0
say() { echo "$me: $*" >&2; }

# lm_once RUN NAME CMD...: one lmbench program, pinned, its stdout and stderr into RUN/NAME.txt;
# stopped after --limit seconds (what it printed is kept). lat_connect's TCP counters are read just
# around it, so that no other program's connections are counted in them.
lm_once() {
	r=$1 n=$2; shift 2
	[ "$n" = lat_connect ] && lm_netstat "$r/lat_connect.netstat0"
	(cd "$LM" && timeout -k 10 "$LIMIT" taskset -c "$CPU" "$@") >"$r/$n.txt" 2>&1
	case $? in
	0) ;;
	124|137) say "lmbench: $* stopped after $LIMIT s (what it printed is used)"; status=1 ;;
	*) say "lmbench: $* failed (in $r/$n.txt)"; status=1 ;;
	esac
	[ "$n" = lat_connect ] && lm_netstat "$r/lat_connect.netstat1"
	return 0
}

# lm RUN NAME CMD...: lmbench's NAME (lm_once); with --pair between two runs of contest micro --only
# (the group that measures NAME's figures). When those two runs of one of NAME's figures differ by more
# than SETTLED the three run again, at most TRIES times in all. The last try's two contest runs go to
# out/contest-micro.NAME.csv, its tries and the runs' largest ratio to RUN/NAME.pair (the table leaves
# a pair that never settled out of its round).
lm() {
	if [ -z "$PAIR" ] || [ -n "$THEIRS" ]; then lm_once "$@"; return 0; fi
	r=$1 n=$2 g=$(cgroup_of "$2") t=1
	while :; do
		say "round $round/$ROUNDS: contest micro --only $g, lmbench's $n, contest micro --only $g"
		contest_micro "side-by-side-$n-$round-$t-a" "$g" "$W/pair.a"
		lm_once "$@"
		contest_micro "side-by-side-$n-$round-$t-b" "$g" "$W/pair.b"
		m=$(settled "$W/pair.a" "$W/pair.b" "$n")
		awk -v m="$m" -v w="$SETTLED" 'BEGIN { exit !(m <= w) }' && break
		[ "$t" -ge "$TRIES" ] && break
		t=$((t + 1))
		say "round $round/$ROUNDS: $n: contest's runs before and after it differ by x$m: the machine's speed" \
			"moved; again ($t/$TRIES)"
	done
	echo "$t $m" >"$r/$n.pair"
	f=$W/out/contest-micro.$n.csv
	{ [ -s "$f" ] || head -n 1 "$W/pair.a"; tail -n +2 "$W/pair.a"; tail -n +2 "$W/pair.b"; } >>"$f"
}

# settled A B NAME: the largest ratio (at least 1) between contest runs A and B (CSV) of the figures of
# lmbench's NAME
settled() {
	awk -F, -v figs=" $(figs_of "$3" | tr '\n' ' ') " 'FNR > 1 && index(figs, " " $7 " ") && $9 + 0 > 0 {
		if (FILENAME == ARGV[1]) a[$7] = $9; else b[$7] = $9 }
	END { m = 1; for (k in a) if (k in b) { r = a[k] > b[k] ? a[k] / b[k] : b[k] / a[k]; if (r > m) m = r }
		printf "%.3f\n", m }' "$1" "$2"
}

# lm_netstat FILE: a snapshot of the kernel's TCP counters (/proc/net/netstat), for conn_retrans
lm_netstat() { cat /proc/net/netstat >"$1" 2>/dev/null || rm -f "$1"; }

# lm_timing: lmbench's ENOUGH, TIMING_O and LOOP_O, as its config-run sets them (enough, timing_o and
# loop_o of the build), or ENOUGH from --enough; exported for every program; said once
LMTIMING=
lm_timing() {
	[ -n "$LMTIMING" ] && return
	if [ -n "$ENOUGH_ARG" ]; then ENOUGH=$ENOUGH_ARG how="--enough"
	elif [ -x "$LM/enough" ]; then ENOUGH=$(cd "$LM" && ./enough) how="its own enough program"
	else ENOUGH= how="no enough program in the build: each program chose its own"; fi
	[ -n "$ENOUGH" ] && export ENOUGH
	for v in timing_o loop_o; do   # as config-run: measured with ENOUGH set
		x=$([ -n "$ENOUGH" ] && [ -x "$LM/$v" ] && cd "$LM" && "./$v")
		[ -n "$x" ] && export "$(echo "$v" | tr a-z A-Z)=$x"
	done
	LMTIMING="timing interval (ENOUGH): ${ENOUGH:-?} us ($how)"
	say "lmbench's $LMTIMING"
	[ "${ENOUGH:-0}" -ge 1000000 ] && say "with samples of 1 s or more lat_mem_rd and lat_fs take an hour or" \
		"more (--limit stops them; --enough sets a shorter interval)"
}

# lm_round DIR GROUPS: lmbench's programs of GROUPS (comma-separated), as scripts/lmbench runs
# them (SYNC_MAX=1); stat and open/close on a file as deep as contest micro's own (W/tb/micro.X/
# file: each path component is one more lookup; lmbench's stat read 1.40-1.53 us at four, 1.54-1.64 at six)
lm_round() {
	d=$1 F=$W/lmfile FS=$W/lmfs P=-P ST=$W/lm/micro.lmbench/lmstat
	mkdir -p "$d" "$FS" "${ST%/*}"
	: >"$ST"
	lm_timing
	echo "$LMTIMING" >"$d/timing"
	for g in $(echo "$2" | tr , ' '); do case $g in
	proc)
		lm "$d" mhz ./mhz
		lm "$d" lat_syscall_null ./lat_syscall $P 1 null
		lm "$d" lat_syscall_read ./lat_syscall $P 1 read
		lm "$d" lat_syscall_write ./lat_syscall $P 1 write
		lm "$d" lat_syscall_stat ./lat_syscall $P 1 stat "$ST"
		lm "$d" lat_syscall_open ./lat_syscall $P 1 open "$ST"
		lm "$d" lat_select_tcp ./lat_select -n 100 $P 1 tcp
		lm "$d" lat_sig_install ./lat_sig $P 1 install
		lm "$d" lat_sig_catch ./lat_sig $P 1 catch
		lm "$d" lat_sig_prot ./lat_sig $P 1 prot "$LM/lat_sig"
		if [ ! -e /tmp/hello ]; then cp "$LM/hello" /tmp/hello && HELLO=1; fi
		for k in fork exec shell; do lm "$d" "lat_proc_$k" ./lat_proc $P 1 $k; done
		[ -n "$HELLO" ] && rm -f /tmp/hello && HELLO= ;;
	ctx)
		for s in 0 16 64; do lm "$d" "lat_ctx_$s" ./lat_ctx $P 1 -s $s 2 8 16; done ;;
	ipc)
		lm "$d" lat_pipe ./lat_pipe $P 1
		lm "$d" lat_unix ./lat_unix $P 1
		for s in lat_udp lat_tcp lat_rpc lat_connect bw_tcp; do
			(cd "$LM" && taskset -c "$CPU" "./$s" -s) >/dev/null 2>&1 && SERVERS="$SERVERS $s"
		done
		sleep 1
		lm "$d" lat_udp ./lat_udp $P 1 localhost
		lm "$d" lat_tcp ./lat_tcp $P 1 localhost
		lm "$d" lat_rpc_udp ./lat_rpc $P 1 -p udp localhost
		lm "$d" lat_rpc_tcp ./lat_rpc $P 1 -p tcp localhost
		lm "$d" lat_connect ./lat_connect localhost
		lm "$d" bw_tcp ./bw_tcp $P 1 -m 10M localhost
		for s in $SERVERS; do (cd "$LM" && "./$s" -S localhost) >/dev/null 2>&1; done
		SERVERS=
		lm "$d" bw_unix ./bw_unix $P 1
		lm "$d" bw_pipe ./bw_pipe $P 1 ;;
	fs)
		(cd "$LM" && ./lmdd label="File $F write bandwidth: " of="$F" move="${MB}m" fsync=1 print=3) \
			>"$d/lmdd.log" 2>&1
		lm "$d" lat_pagefault ./lat_pagefault $P 1 "$F"
		lm "$d" lat_mmap ./lat_mmap $P 1 "${MB}m" "$F"
		lm "$d" bw_file_rd ./bw_file_rd $P 1 "${MB}m" io_only "$F"
		lm "$d" bw_mmap_rd ./bw_mmap_rd $P 1 "${MB}m" mmap_only "$F"
		rm -f "$F"
		lm "$d" lat_fs ./lat_fs "$FS" ;;
	bw)
		lm "$d" bw_mem_bcopy ./bw_mem $P 1 "$((MB / 2))m" bcopy
		lm "$d" bw_mem_fcp ./bw_mem $P 1 "$((MB / 2))m" fcp
		lm "$d" bw_mem_frd ./bw_mem $P 1 "${MB}m" frd
		lm "$d" bw_mem_fwr ./bw_mem $P 1 "${MB}m" fwr ;;
	mem)
		lm "$d" lat_mem_rd ./lat_mem_rd $P 1 "$MB" 128 ;;
	esac; done
	rm -rf "$FS" "$W/lm"
}

# contest_micro LABEL GROUP OUT: contest micro (--only GROUP when given) under LABEL, its runs as a
# CSV into OUT; CPU set to where it pinned
contest_micro() {
	"$CONTEST" micro -q --mb "$MB" ${2:+--only "$2"} -k "$1" -R "$W/res" -d "$W/tb" >"$W/micro.log" 2>&1 ||
		{ say "contest micro failed:"; tail -n 5 "$W/micro.log" >&2; status=1; }
	"$CONTEST" report --micro --format csv -R "$W/res" "$1" >"$3" 2>/dev/null
	contest_cpu "$3"
}

# contest_run NAME: contest micro once more, its runs so far (label side-by-side) as a CSV into out/NAME
# (--saved: that file)
contest_run() {
	if [ -n "$SAVED" ] && [ -f "$SAVED/$1" ]; then
		cp "$SAVED/$1" "$W/out/$1"
	elif [ -z "$THEIRS" ]; then
		say "round $round/$ROUNDS: contest micro"
		contest_micro side-by-side "" "$W/out/$1"
	fi
	contest_cpu "$W/out/$1"
}

# contest_cpu CSV: CPU, where contest micro pinned (its placement, "cpuN"), else the highest CPU allowed
contest_cpu() {
	CPU=
	[ -f "$1" ] && CPU=$(awk -F, 'NR == 2 { sub(/^cpu/, "", $6); print $6 }' "$1")
	case $CPU in ''|*[!0-9]*) CPU=$(last_cpu) ;; esac
}

# last_cpu: the highest CPU this script may use, where contest micro pins its suite
last_cpu() {
	awk '/^Cpus_allowed_list:/ { n = split($2, c, /[-,]/); print c[n] }' /proc/self/status
}

# lm_run GROUPS: lmbench's GROUPS into out/lmbench.ROUND (--saved: that round's folder, once)
lm_run() {
	if [ -n "$SAVED" ] && [ -d "$SAVED/lmbench.$round" ]; then
		[ -d "$W/out/lmbench.$round" ] || cp -R "$SAVED/lmbench.$round" "$W/out/"
		if [ -n "$PAIR" ]; then   # contest's runs beside them, as saved with them
			for f in "$SAVED"/contest-micro.*.csv; do [ -f "$f" ] && cp "$f" "$W/out/"; done
		fi
	else
		say "round $round/$ROUNDS: lmbench ($1), pinned to CPU $CPU"
		lm_round "$W/out/lmbench.$round" "$1"
	fi
}

if [ -n "$LM" ]; then
	mkdir -p "$W/out"
	round=1
	while [ $round -le "$ROUNDS" ]; do
		[ -n "$PAIR" ] || contest_run contest-micro.csv   # --pair: lm runs contest beside each program
		[ -n "$CPU" ] || CPU=$(last_cpu)   # where contest micro pins; each of its runs says
		lm_run "$ONLY"
		round=$((round + 1))
	done
fi
if [ -n "$IB" ]; then
	burn=process_load
	"$CONTEST" loads 2>/dev/null | grep -q '^burn_load' && burn=burn_load
	mkdir -p "$W/out" "$W/ib"
	if [ -n "$SAVED" ] && [ -f "$SAVED/interbench.out" ]; then
		cp "$SAVED/interbench.out" "$W/out/"
	else
		say "interbench -t 10 (about 4 minutes)"
		(cd "$W/ib" && "$IB" -t 10 -W Audio -W Video -W X -W Gaming -w None -w Burn -w Write -w Read \
			-w Compile) >"$W/out/interbench.out" 2>"$W/ib.log" ||
			{ say "interbench failed:"; tail -n 5 "$W/ib.log" >&2; status=1; }
	fi
	rm -rf "$W/ib"
	if [ -n "$SAVED" ] && [ -f "$SAVED/interact.txt" ]; then
		cp "$SAVED/interact.txt" "$W/out/"
	elif [ -z "$THEIRS" ]; then
		say "contest interact --seconds 10 no_load $burn io_load read_load compile"
		"$CONTEST" interact -k side-by-side -R "$W/ires" -d "$W/itb" --seconds 10 no_load $burn io_load \
			read_load compile >"$W/out/interact.txt" 2>"$W/interact.log" ||
			{ say "contest interact failed:"; tail -n 5 "$W/interact.log" >&2; status=1; }
	fi
fi
sh "$0" --from "$W/out" --only "$ONLY" --mb "$MB" ${BEST:+--best} || status=1
exit $status
