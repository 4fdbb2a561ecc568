# sidebyside.sh: scripts/side-by-side.sh's parsers on saved outputs (lmbench 3's programs, contest micro's CSV, interbench 0.31, contest interact) and its refusals; needs neither lmbench nor interbench.
. tests/e2e/lib.sh
S=scripts/side-by-side.sh
mkdir -p "$SCRATCH/tmp"
TMPDIR=$SCRATCH/tmp
export TMPDIR
# the saved outputs laid out as a --from folder: lmbench's program outputs under lmbench/
D=$SCRATCH/from
mkdir -p "$D"
cp -R tests/data/side-by-side/lm-out "$D/lmbench"
cp tests/data/side-by-side/contest-micro.csv tests/data/side-by-side/interbench.out \
	tests/data/side-by-side/interact.txt "$D/"
sh "$S" --from "$D" >"$SCRATCH/t" 2>"$ERR"
check "--from: exit 0, nothing on stderr" test $? -eq 0 -a ! -s "$ERR"
# lmbench's figures as scripts/getsummary takes them from each program's output
lm() { awk -v k="$1" '$1 == k { print $2; exit }' "$SCRATCH/t"; }
ct() { awk -v k="$1" '$1 == k { print $3; exit }' "$SCRATCH/t"; }
check "lmbench mhz: the first field of mhz's line" test "$(lm mhz)" = 3661
check "null call: Simple syscall" test "$(lm null_call)" = 0.1691
check "null I/O: the mean of read and write, as getsummary" test "$(lm null_io)" = 0.2174
check "select: the 100 tcp fd line" test "$(lm select_tcp)" = 4.878
check "sig hndl: Signal handler overhead" test "$(lm sig_hndl)" = 2.403
check "sh proc: fork+/bin/sh" test "$(lm sh_proc)" = 2485
# each saved output that is there gives its figure (FILE:FIGURE)
for p in lat_ctx_0:ctx_2p_0k lat_ctx_64:ctx_16p_64k lat_pipe:lat_pipe lat_connect:lat_tcp_conn \
	bw_tcp:bw_tcp lat_fs:fs_create_10k lat_mmap:mmap_lat bw_mem_frd:bw_mem_frd \
	lat_proc_exec:exec_proc lat_sig_prot:prot_fault; do
	[ -f "$D/lmbench/${p%%:*}.txt" ] || continue
	check "lmbench ${p#*:} from ${p%%:*}" sh -c "test '$(lm ${p#*:})' != - && test -n '$(lm ${p#*:})'"
done
check "lmbench: a contest figure, its ratio and its band per row" sh -c "awk '\$1 == \"null_call\" && \$3 + 0 > 0 && \$4 + 0 > 0 && (\$5 == \"in\" || \$5 == \"out\")' '$SCRATCH/t' | grep -q ."
check "lmbench: the count in band" grep -qE '^[0-9]+ of [0-9]+ figures in band$' "$SCRATCH/t"
# lat_mem_rd's stride-128 block: the saved walk was cut short at 0.05469 MB, so it gives L1 $ but no
# Main mem (its last line is not the largest size's); the same block run out to --mb gives both
check "lat_mem_rd: L1 \$ from the 1 KB line" test "$(lm lat_1k)" = 1.304
check "lat_mem_rd cut short: no Main mem figure" test "$(lm lat_largest)" = -
mkdir -p "$SCRATCH/full/lmbench"
cp "$D/contest-micro.csv" "$SCRATCH/full/"
{ cat "$D/lmbench/lat_mem_rd.txt"; echo "0.12500 3.080"; echo "128.00000 12.360"; } >"$SCRATCH/full/lmbench/lat_mem_rd.txt"
sh "$S" --from "$SCRATCH/full" >"$SCRATCH/tf" 2>"$ERR"
check "lat_mem_rd to 128 MB: L2 \$ and Main mem taken" sh -c "grep -q '^lat_128k  *3.08 ' '$SCRATCH/tf' && grep -q '^lat_largest  *12.36 ' '$SCRATCH/tf'"
# a program stopped mid-line (lat_fs at --limit here) leaves no last newline: the next file's
# figures are still read (lat_mem_rd's came after a cut lat_fs and were lost)
mkdir -p "$SCRATCH/cut/lmbench"
cp "$D/contest-micro.csv" "$SCRATCH/cut/"
cp "$D/lmbench/lat_mem_rd.txt" "$SCRATCH/cut/lmbench/"
printf '0k\t30020\t24439\t125110\n4k\t63680\t11022' >"$SCRATCH/cut/lmbench/lat_fs.txt"
sh "$S" --from "$SCRATCH/cut" >"$SCRATCH/tc" 2>"$ERR"
check "a cut lat_fs: its 0k line taken" grep -q '^fs_create_0k  *40.92 ' "$SCRATCH/tc"
check "a cut lat_fs: lat_mem_rd after it still read" grep -q '^lat_1k  *1.304 ' "$SCRATCH/tc"
# contest's files were on ext4 without a journal (its fs_nojournal 1): a note under the table
# says lmbench's File Create moves there; none in the table above (no such line in its CSV)
mkdir -p "$SCRATCH/nojournal"
cp -R "$SCRATCH/full/lmbench" "$SCRATCH/nojournal/"
awk -F, -v OFS=, '{ print } NR == 2 { $7 = "fs_nojournal"; $8 = "bool"; $9 = 1; print }' \
	"$D/contest-micro.csv" >"$SCRATCH/nojournal/contest-micro.csv"
sh "$S" --from "$SCRATCH/nojournal" >"$SCRATCH/tn" 2>"$ERR"
check "ext4 without a journal: the note under the table" grep -q '^File Create: --dir is ext4 without a journal' "$SCRATCH/tn"
check "a journal (no fs_nojournal): no note" sh -c "! grep -q '^File Create:' '$SCRATCH/tf'"
check "the note only with the fs group" sh -c "! sh '$S' --from '$SCRATCH/nojournal' --only proc | grep -q '^File Create:'"
# interbench's tables beside contest interact's (ms, its names)
ib() { awk -v k="$1 $2" '$1 " " $2 == k { print $3, $4, $5, $6; exit }' "$SCRATCH/t"; }
check "interbench Audio/None latency 0.1 beside contest's 0.1458 ms" test "$(ib Audio/None latency)" = "0.1 0.1458 1.458 out"
check "interbench Video/Compile met 78.7 beside contest's 1.0" test "$(ib Video/Compile met)" = "78.7 1 0.013 out"
check "Burn is burn_load when contest has it" test "$(ib X/Burn met)" = "52.6 32.2 0.612 out"
check "X is contest's desktop" test "$(ib X/None cpu)" = "98.1 100 1.019 in"
check "Gaming has no deadlines" sh -c "! grep -q '^Gaming/None met' '$SCRATCH/t' && grep -q '^Gaming/Compile cpu ' '$SCRATCH/t'"
# only lmbench's outputs, or only interbench's: one table
mkdir -p "$SCRATCH/lmonly" "$SCRATCH/ibonly"
cp -R "$D/lmbench" "$D/contest-micro.csv" "$SCRATCH/lmonly/"
cp "$D/interbench.out" "$D/interact.txt" "$SCRATCH/ibonly/"
check "lmbench alone: one table" test "$(sh "$S" --from "$SCRATCH/lmonly" | grep -c '^figure ')" = 1
check "interbench alone: one table" test "$(sh "$S" --from "$SCRATCH/ibonly" | grep -c '^figure  *interbench ')" = 1
# refusals: one line, exit 2, nothing run or left
mkdir -p "$SCRATCH/notlm"
expect_fail "not an lmbench build" 2 "--lmbench '$SCRATCH/notlm' is not an lmbench build" sh "$S" --lmbench "$SCRATCH/notlm"
expect_fail "nothing to run" 2 "give --lmbench DIR, --interbench PROGRAM or both" sh "$S"
expect_fail "an unknown group" 2 "--only: 'net' is not proc, ctx, ipc, fs, bw or mem" sh "$S" --only net --from "$D"
expect_fail "interbench not a program" 2 "--interbench '$SCRATCH/none' is not a program" sh "$S" --interbench "$SCRATCH/none"
expect_fail "--mb below 8" 2 "--mb '4' is not a number of MiB from 8" sh "$S" --mb 4 --from "$D"
expect_fail "--limit not a number" 2 "--limit 'x' is not a number of seconds" sh "$S" --limit x --from "$D"
# a program that does not return is stopped after --limit seconds, with its processes, and the
# script goes on (a stand-in lmbench build whose programs wait for 127 s: no lmbench needed)
mkdir -p "$SCRATCH/hang"
for p in lat_syscall lat_ctx lat_pipe bw_mem mhz; do printf '#!/bin/sh\nexit 0\n' >"$SCRATCH/hang/$p"; done
printf '#!/bin/sh\necho "\\"stride=128"\nsleep 127\n' >"$SCRATCH/hang/lat_mem_rd"
chmod +x "$SCRATCH/hang"/*
TMPDIR=$SCRATCH/tmp sh "$S" --lmbench "$SCRATCH/hang" --only mem --theirs-only --limit 1 --keep "$SCRATCH/hangout" \
	>"$SCRATCH/th" 2>"$ERR"
check "a hung program: exit 1" test $? = 1
check "a hung program: said, with the limit" grep -q 'lat_mem_rd -P 1 128 128 stopped after 1 s' "$ERR"
check "a hung program: what it printed kept" grep -q 'stride=128' "$SCRATCH/hangout/lmbench.1/lat_mem_rd.txt"
check "a hung program: no process left" sh -c "! pgrep -f 'slee[p] 127' >/dev/null"
check "a hung program: the table still printed" grep -qE '^[0-9]+ of [0-9]+ figures in band$' "$SCRATCH/th"
check "no temporary folder left" sh -c "test -z \"\$(ls -A '$SCRATCH/tmp')\""

# --pair: contest micro --only (the group that measures a program's figures) just before and just after
# each of lmbench's programs; each figure from the runs beside its program; a pair whose two contest
# runs differ by more than x1.15 runs again. A stand-in contest whose every figure reads 10 x the
# number in $SPEED, and a stand-in lmbench (ctx, mem) whose lat_ctx -s 16 raises that number the first
# time it runs (the machine moved during its pair); both write their turns to $ORDER.
ORDER=$SCRATCH/order SPEED=$SCRATCH/speed
export ORDER SPEED
echo 1 >"$SPEED"
mkdir -p "$SCRATCH/lm2" "$SCRATCH/tmp2"
for p in lat_syscall lat_pipe bw_mem mhz; do printf '#!/bin/sh\nexit 0\n' >"$SCRATCH/lm2/$p"; done
cat >"$SCRATCH/lm2/lat_ctx" <<'LMCTX'
#!/bin/sh
echo "lat_ctx$4" >>"$ORDER"
if [ "$4" = 16 ] && [ ! -e "$SPEED.moved" ]; then echo 2 >"$SPEED"; : >"$SPEED.moved"; fi
echo '"size=0k ovr=1.00'; echo "2 20"; echo "8 40"; echo "16 50"
LMCTX
printf '#!/bin/sh\necho lat_mem_rd >>"$ORDER"\necho "\\"stride=128"\necho "0.00098 20"\necho "0.12500 30"\necho "ENOUGH=$ENOUGH TIMING_O=$TIMING_O"\n' \
	>"$SCRATCH/lm2/lat_mem_rd"
printf '#!/bin/sh\necho 5000\n' >"$SCRATCH/lm2/enough"
printf '#!/bin/sh\necho "${ENOUGH:-unset}0"\n' >"$SCRATCH/lm2/timing_o"
cat >"$SCRATCH/fake-contest" <<'FAKE'
#!/bin/sh
cmd=$1 lab= res= only=
shift
while [ $# -gt 0 ]; do
	case $1 in -k) lab=$2; shift ;; -R) res=$2; shift ;; --only) only=$2; shift ;; -*) ;;
	*) [ "$cmd" = report ] && lab=$1 ;; esac
	shift
done
mkdir -p "$res"
if [ "$cmd" = micro ]; then
	n=$(($(cat "$res/n" 2>/dev/null || echo 0) + 1))
	echo "$n" >"$res/n"
	echo "$lab $n $(cat "$SPEED" 2>/dev/null || echo "$n")" >>"$res/runs"
	echo "contest${only:+:$only}" >>"${ORDER:-/dev/null}"
else
	echo "label,run,source,host,kernel,placement,metric,unit,value,reason"
	awk -v l="$lab" '$1 == l { split("ctx_2p_0k ctx_2p_16k lat_1k", m); for (i = 1; i <= 3; i++)
		printf "%s,%d,contest,vm,k,cpu1,%s,us,%d,\n", l, $2, m[i], $3 * 10 }' "$res/runs"
fi
FAKE
chmod +x "$SCRATCH/lm2"/* "$SCRATCH/fake-contest"
TMPDIR=$SCRATCH/tmp2 sh "$S" --lmbench "$SCRATCH/lm2" --contest "$SCRATCH/fake-contest" --only ctx,mem --pair \
	--rounds 2 --keep "$SCRATCH/pairout" >"$SCRATCH/tp" 2>"$ERR"
check "--pair: exit 0" test $? = 0
check "--pair: contest just before and just after each program, its pair again when they differed" \
	test "$(tr '\n' ' ' <"$ORDER")" = "contest:ctx lat_ctx0 contest:ctx contest:ctx lat_ctx16 contest:ctx contest:ctx lat_ctx16 contest:ctx contest:ctx lat_ctx64 contest:ctx contest:mem lat_mem_rd contest:mem contest:ctx lat_ctx0 contest:ctx contest:ctx lat_ctx16 contest:ctx contest:ctx lat_ctx64 contest:ctx contest:mem lat_mem_rd contest:mem "
check "--pair: the pair again said, with how far contest's runs moved" \
	grep -qx "side-by-side.sh: round 1/2: lat_ctx_16: contest's runs before and after it differ by x2.000: the machine's speed moved; again (2/3)" "$ERR"
check "--pair: the tries kept beside lmbench's output" test "$(cat "$SCRATCH/pairout/lmbench.1/lat_ctx_16.pair")" = "2 1.000"
# ctx_2p_0k: the runs beside lat_ctx -s 0, 10 in round 1 and 20 in round 2 (after the move)
check "--pair: ctx_2p_0k from the runs beside lat_ctx -s 0" grep -qE '^ctx_2p_0k +20 +15 +0.750 +out ' "$SCRATCH/tp"
check "--pair: lat_1k from the runs beside lat_mem_rd" grep -qE '^lat_1k +20 +20 +1.000 +in ' "$SCRATCH/tp"
check "--pair: how far contest's own runs moved, after the band" \
	grep -qE "^ctx_2p_0k .* out  \(contest's 16 runs of it: 10-20, x2.00\)$" "$SCRATCH/tp"
check "--pair: the pairs run again counted under the table" \
	grep -qx "1 of the 8 pairs run again: contest's runs just before and after lmbench's program differed by more than x1.15 (the machine's speed moved)" "$SCRATCH/tp"
check "--pair: each program's CSV kept, with the runs of the try kept only" \
	test "$(grep -c '^side-by-side-lat_ctx_16-1-1-' "$SCRATCH/pairout/contest-micro.lat_ctx_16.csv") $(grep -c '^side-by-side-lat_ctx_16-1-2-' "$SCRATCH/pairout/contest-micro.lat_ctx_16.csv")" = "0 6"
check "--pair: --from reads them alike" sh -c "sh '$S' --from '$SCRATCH/pairout' | cmp -s - '$SCRATCH/tp'"
: >"$ORDER"
TMPDIR=$SCRATCH/tmp2 sh "$S" --lmbench "$SCRATCH/lm2" --contest "$SCRATCH/fake-contest" --only ctx,mem --pair \
	--rounds 2 --saved "$SCRATCH/pairout" >"$SCRATCH/tps" 2>"$SCRATCH/tps.err"
check "--pair --saved: the saved runs taken, nothing run" sh -c "cmp -s '$SCRATCH/tp' '$SCRATCH/tps' && test ! -s '$ORDER'"
# a pair whose contest runs never agreed in 3 tries: its round of its figures left out on both sides,
# and said; a figure with no round left is not comparable, counted apart
mkdir -p "$SCRATCH/unsettled"
cp -R "$SCRATCH/pairout/." "$SCRATCH/unsettled/"
echo "3 1.400" >"$SCRATCH/unsettled/lmbench.2/lat_ctx_0.pair"
sh "$S" --from "$SCRATCH/unsettled" >"$SCRATCH/tun"
check "--pair: a pair that never settled named under the table" \
	grep -qx '1 still differed after 3 tries, their rounds left out of their figures on both sides: lat_ctx_0 (round 2, x1.400)' "$SCRATCH/tun"
check "--pair: its figure from the other round alone, on both sides" grep -qE '^ctx_2p_0k +20 +10 +0.500 +out ' "$SCRATCH/tun"
echo "3 1.500" >"$SCRATCH/unsettled/lmbench.1/lat_ctx_0.pair"
sh "$S" --from "$SCRATCH/unsettled" >"$SCRATCH/tun2"
check "--pair: no round left: not comparable, with how far contest's runs moved" \
	grep -qE "^ctx_2p_0k +20 +- +- +not comparable: the machine's speed moved during each of its pairs \(contest's runs on either side differed by up to x1.500\)$" "$SCRATCH/tun2"
check "--pair: counted apart from the figures in band" sh -c "grep -qx '1 of 1 figures in band' '$SCRATCH/tun2' && grep -qx '1 figure not comparable (said in its row)' '$SCRATCH/tun2'"
# the older layout of --pair's outputs, one contest run a group (contest-micro.GROUP.csv), still read
mkdir -p "$SCRATCH/oldpair"
cp -R "$SCRATCH/pairout/lmbench.1" "$SCRATCH/oldpair/"
rm -f "$SCRATCH/oldpair/lmbench.1"/*.pair
cp "$SCRATCH/pairout/contest-micro.lat_ctx_0.csv" "$SCRATCH/oldpair/contest-micro.ctx.csv"
cp "$SCRATCH/pairout/contest-micro.lat_mem_rd.csv" "$SCRATCH/oldpair/contest-micro.mem.csv"
check "--pair's older layout: each group's figures from its group's runs" \
	sh -c "sh '$S' --from '$SCRATCH/oldpair' | grep -qE '^lat_1k +20 +20 +1.000 +in '"
# lmbench's timing interval: its enough program's, then timing_o measured with it, as config-run does
check "ENOUGH from the build's enough, said" grep -qF "lmbench's timing interval (ENOUGH): 5000 us (its own enough program)" "$ERR"
check "ENOUGH and TIMING_O given to lmbench's programs" grep -qx "ENOUGH=5000 TIMING_O=50000" "$SCRATCH/pairout/lmbench.1/lat_mem_rd.txt"
check "ENOUGH under the table" grep -qx "lmbench timing interval (ENOUGH): 5000 us (its own enough program)" "$SCRATCH/tp"
TMPDIR=$SCRATCH/tmp2 sh "$S" --lmbench "$SCRATCH/lm2" --theirs-only --only mem --enough 777 --keep "$SCRATCH/e777" \
	>/dev/null 2>"$ERR"
check "--enough: given to lmbench's programs" grep -qx "ENOUGH=777 TIMING_O=7770" "$SCRATCH/e777/lmbench.1/lat_mem_rd.txt"
check "without an enough program: said" grep -q "no enough program in the build" "$SCRATCH/hangout/lmbench.1/timing"
expect_fail "--enough not a number" 2 "--enough '1s' is not a number of microseconds" sh "$S" --enough 1s --from "$D"
echo 1 >"$SPEED"
TMPDIR=$SCRATCH/tmp2 sh "$S" --lmbench "$SCRATCH/lm2" --contest "$SCRATCH/fake-contest" --only ctx,mem \
	>"$SCRATCH/tu" 2>"$ERR"
check "without --pair: one contest run for both groups" grep -qE '^lat_1k +20 +10 +0.500 +out$' "$SCRATCH/tu"
check "--pair: no temporary folder left" sh -c "test -z \"\$(ls -A '$SCRATCH/tmp2')\""
# rounds: the median of each side's by default; --best the least time and the most MB/s of each side's
RD=$SCRATCH/rounds
for r in 1:14:3000 2:12:4000 3:16:3500; do
	n=${r%%:*} v=${r#*:}
	mkdir -p "$RD/lmbench.$n"
	echo "Pipe latency: ${v%%:*} microseconds" >"$RD/lmbench.$n/lat_pipe.txt"
	echo "Pipe bandwidth: ${v#*:} MB/sec" >"$RD/lmbench.$n/bw_pipe.txt"
done
{ echo "label,run,source,host,kernel,placement,metric,unit,value,reason"
  for r in 1:13:3800 2:15:3600 3:11:3700; do
	n=${r%%:*} v=${r#*:}
	echo "s,$n,contest,vm,k,cpu1,lat_pipe,us,${v%%:*},"
	echo "s,$n,contest,vm,k,cpu1,bw_pipe,MB/s,${v#*:},"
  done; } >"$RD/contest-micro.csv"
sh "$S" --from "$RD" --only ipc >"$SCRATCH/tm" 2>"$ERR"
check "rounds: the median of each side's" sh -c "grep -qE '^lat_pipe +14 +13 +0.929 +in ' '$SCRATCH/tm' && grep -qE '^bw_pipe +3500 +3700 +1.057 +in$' '$SCRATCH/tm'"
check "rounds: contest's 11-15 moved more than the band (x1.36): said" \
	grep -qE "^lat_pipe .* in  \(contest's 3 runs of it: 11-15, x1.36\)$" "$SCRATCH/tm"
check "rounds: contest's 3600-3800 within the band's width: nothing said" grep -qE '^bw_pipe .* in$' "$SCRATCH/tm"
check "rounds: one figure of two moved, in band" \
	grep -q "^1 of the 2 moved more than the band (x1.29) between contest's own runs, 0 of them out of band" "$SCRATCH/tm"
sh "$S" --from "$RD" --only ipc --best >"$SCRATCH/tb" 2>"$ERR"
check "--best: the least time of each side's rounds" grep -qE '^lat_pipe +12 +11 +0.917 +in ' "$SCRATCH/tb"
check "--best: the most MB/s of each side's rounds" grep -qE '^bw_pipe +4000 +3800 +0.950 +in$' "$SCRATCH/tb"
check "--best: said under the table" grep -qx "a figure is the best of its rounds on each side (--best)" "$SCRATCH/tb"
check "without --best: nothing said of it" sh -c "! grep -q 'best of its rounds' '$SCRATCH/tm'"
# TCP conn: lmbench's lat_connect beside the TcpExt counters read around it (a saved /proc/net/netstat
# before and after). ListenOverflows or TCPSynRetrans moved: its figure is its SYN retransmits, said in
# its row in place of a ratio and counted apart; both still: a ratio as any figure's.
NS=tests/data/side-by-side/netstat
# bump FILE NAME BY [NAME BY]: the snapshot NS with its TcpExt counters NAME raised by BY, into FILE
bump() {
	f=$1; shift
	awk -v by="$*" 'BEGIN { n = split(by, a, " "); for (i = 1; i < n; i += 2) up[a[i]] = a[i + 1] }
		$1 == "TcpExt:" && !h { for (i = 2; i <= NF; i++) if ($i in up) c[i] = up[$i]; h = 1; print; next }
		$1 == "TcpExt:" && !done { for (i in c) $i += c[i]; done = 1 } { print }' "$NS" >"$f"
}
conn_round() {   # conn_round DIR US: lmbench's lat_connect output of US microseconds, the snapshot before it
	mkdir -p "$1"
	echo "TCP/IP connection cost to localhost: $2 microseconds" >"$1/lat_connect.txt"
	cp "$NS" "$1/lat_connect.netstat0"
}
CN=$SCRATCH/conn
conn_round "$CN/moved/lmbench.1" 5669.0836
bump "$CN/moved/lmbench.1/lat_connect.netstat1" ListenOverflows 76 TCPSynRetrans 75
bump "$SCRATCH/o1" ListenOverflows 3
cp "$D/contest-micro.csv" "$CN/moved/"
sh "$S" --from "$CN/moved" --only ipc >"$SCRATCH/tcm" 2>"$ERR"
check "counters moved: exit 0" test $? -eq 0 -a ! -s "$ERR"
check "counters moved: TCP conn not comparable, with the SYNs retransmitted" \
	grep -qE "^lat_tcp_conn +5669 +44.09 +- +not comparable: lmbench's listen queue overflowed \(75 SYNs retransmitted\)$" "$SCRATCH/tcm"
check "counters moved: counted apart from the tally" sh -c "grep -qx '1 figure not comparable (said in its row)' '$SCRATCH/tcm' && grep -qE '^[0-9]+ of [0-9]+ figures in band$' '$SCRATCH/tcm'"
check "counters moved: not in the in-band tally" grep -qx "0 of 0 figures in band" "$SCRATCH/tcm"
# ListenOverflows alone moved: not comparable too
conn_round "$CN/ovf/lmbench.1" 4185
cp "$SCRATCH/o1" "$CN/ovf/lmbench.1/lat_connect.netstat1"
cp "$D/contest-micro.csv" "$CN/ovf/"
check "ListenOverflows alone moved: not comparable" sh -c "sh '$S' --from '$CN/ovf' --only ipc | grep -q '^lat_tcp_conn .*not comparable: .*(0 SYNs retransmitted)$'"
# still counters: a ratio, in the tally, nothing said
conn_round "$CN/still/lmbench.1" 40.5
cp "$NS" "$CN/still/lmbench.1/lat_connect.netstat1"
cp "$D/contest-micro.csv" "$CN/still/"
sh "$S" --from "$CN/still" --only ipc >"$SCRATCH/tcs" 2>"$ERR"
check "counters still: TCP conn a ratio" grep -qE '^lat_tcp_conn +40.5 +44.09 +1.089 +in$' "$SCRATCH/tcs"
check "counters still: in the tally, nothing not comparable" sh -c "grep -qx '1 of 1 figures in band' '$SCRATCH/tcs' && ! grep -q 'not comparable' '$SCRATCH/tcs'"
# saved outputs without the snapshots (before they were taken): a ratio as before
mkdir -p "$CN/none/lmbench.1"
cp "$CN/still/lmbench.1/lat_connect.txt" "$CN/none/lmbench.1/"
cp "$D/contest-micro.csv" "$CN/none/"
check "no snapshots: a ratio" sh -c "sh '$S' --from '$CN/none' --only ipc | grep -qE '^lat_tcp_conn +40.5 +44.09 +1.089 +in$'"
# two rounds, one overflowed: that round left out, the other's figure compared, a line says so
mkdir -p "$CN/mixed"
cp -R "$CN/moved/lmbench.1" "$CN/mixed/lmbench.1"
cp -R "$CN/still/lmbench.1" "$CN/mixed/lmbench.2"
cp "$D/contest-micro.csv" "$CN/mixed/"
sh "$S" --from "$CN/mixed" --only ipc >"$SCRATCH/tcx" 2>"$ERR"
check "one round of two overflowed: the other's figure" grep -qE '^lat_tcp_conn +40.5 +44.09 +1.089 +in$' "$SCRATCH/tcx"
check "one round of two overflowed: said under the table" \
	grep -qx "TCP conn: lmbench's listen queue overflowed in 1 of its rounds (75 SYNs retransmitted): those rounds are left out" "$SCRATCH/tcx"
# a run takes the snapshots around lat_connect and keeps them with its outputs (a stand-in ipc group)
mkdir -p "$SCRATCH/lm3" "$SCRATCH/tmp3"
for p in lat_syscall lat_ctx lat_pipe bw_mem lat_mem_rd mhz lat_unix lat_udp lat_tcp lat_rpc bw_tcp bw_unix bw_pipe; do
	printf '#!/bin/sh\nexit 0\n' >"$SCRATCH/lm3/$p"
done
printf '#!/bin/sh\n[ "$1" = localhost ] && echo "TCP/IP connection cost to localhost: 50.5 microseconds"\nexit 0\n' >"$SCRATCH/lm3/lat_connect"
chmod +x "$SCRATCH/lm3"/*
if [ -r /proc/net/netstat ]; then
	TMPDIR=$SCRATCH/tmp3 sh "$S" --lmbench "$SCRATCH/lm3" --only ipc --theirs-only --enough 1000 --keep "$SCRATCH/k3" \
		>"$SCRATCH/t3" 2>"$ERR"
	check "a run: the snapshots kept beside lat_connect's output" \
		test -s "$SCRATCH/k3/lmbench.1/lat_connect.netstat0" -a -s "$SCRATCH/k3/lmbench.1/lat_connect.netstat1"
	check "a run: the snapshots are the kernel's TcpExt lines" grep -q '^TcpExt: .*ListenOverflows' "$SCRATCH/k3/lmbench.1/lat_connect.netstat0"
else
	skip "a run's netstat snapshots: no /proc/net/netstat here"
fi
done_tests
