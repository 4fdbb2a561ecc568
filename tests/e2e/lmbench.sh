# lmbench.sh: report --micro --lmbench: lmbench's summaries (the four lmbench seeds beside the repository, when there) and a results file beside a contest label in every format; bad input refused in one line.
. tests/e2e/lib.sh
DATA=$(pwd)/tests/data/lmresults
SEEDS=
for d in ../shared/seeds ../../shared/seeds; do
	[ -d "$d" ] && SEEDS=$(cd "$d" && pwd) && break
done
# a contest label, written as contest micro writes it (a few figures)
mkdir -p "$R"
{
	printf 'contest-micro\t1\n'
	printf 'label\trun\ttimestamp\thost\tkernel\tversion\tmode\tplacement\tmetric\tvalue\tspread\treason\n'
	for m in mhz:2992 null_call:0.08 fork_proc:110 sh_proc:1300 ctx_2p_0k:1.4 lat_pipe:4.9 \
		fs_create_0k:11 bw_pipe:2900 lat_l1:1.2 lat_main:12.1; do
		printf 'mine\t1\t2026-12-01T20:00:00Z\tvm\t6.1.0\t0.1.0\tfull\tcpu1\t%s\t%s\t0.01\t-\n' \
			"${m%%:*}" "${m#*:}"
	done
} >"$R/mine.micro"
"$CONTEST" report --micro -R "$R" --lmbench "$DATA/vm.0=lm3" >"$SCRATCH/r3" 2>"$ERR"
check "a results file: exit 0, nothing on stderr" test $? -eq 0 -a ! -s "$ERR"
check "its source is said" grep -q "^From lmbench's own results: lm3: vm Linux 6.1.0-13-amd64, 1 run" "$SCRATCH/r3"
check "mine and lmbench's rows in Processor" sh -c "grep -q '^vm  *mine  *2992 ' '$SCRATCH/r3' && grep -q '^vm  *Linux 6.1.0-1 2992 0.091 ' '$SCRATCH/r3'"
check "lmbench's Mem read is frd's largest size" grep -qE '^vm +Linux 6.1.0-1 .* 6587 +6100$' "$SCRATCH/r3"
check "lmbench's blank figure named" grep -q "^  lm3 run 1: sig_hndl not available: not in this lmbench results file" "$SCRATCH/r3"
check "the label defaults to the file's name" sh -c "'$CONTEST' report --micro -R '$R' --lmbench '$DATA/vm.0' | grep -q 'From lmbench.s own results: vm.0: '"
if [ -n "$SEEDS" ]; then
	set -- "$SEEDS"/000_*.txt "$SEEDS"/002_*.txt "$SEEDS"/003_*.txt "$SEEDS"/004_*.txt
	"$CONTEST" report --micro -R "$R" mine --lmbench "$1=s0" --lmbench "$2=s2" --lmbench "$3=s3" \
		--lmbench "$4=s4" >"$SCRATCH/txt" 2>"$ERR"
	check "the four seeds: exit 0, nothing on stderr" test $? -eq 0 -a ! -s "$ERR"
	check "text: mine first, then the seeds' rows" sh -c "sed -n 10p '$SCRATCH/txt' | grep -qE '^vm +mine +2992 ' && grep -qE '^2\*HT\*P4 +with anobjrma 1800 +0.73 1.22' '$SCRATCH/txt' && grep -qE '^benchtest s2.1 +790 +0.46 0.83 27.0 29.0 +1.29' '$SCRATCH/txt' && grep -qE '^i686-linu Linux 2.5.62 +2380 +0.20 0.60' '$SCRATCH/txt' && grep -qE '^armv4l-li Linux 2.3.19a +233 +0.60 1.30 10.0 12.0 +4.70 4.00 2900 11000 49000' '$SCRATCH/txt'"
	check "text: every seed's label named" sh -c "for l in s0.1 s0.4 s2.1 s2.2 s3.1 s3.4 s4.1 s4.3; do grep -q \"[:;] \$l: \" '$SCRATCH/txt' || exit 1; done"
	check "text: a blank column says why" grep -q "s4.1 runs 1-2: select_tcp not available: this older lmbench's selct column is not select on TCP sockets" "$SCRATCH/txt"
	check "text: a blank cell found by its other rows" grep -q "s2.1 run 1: select_tcp not available: blank in this lmbench summary (its spacing was lost: placed by its other rows)" "$SCRATCH/txt"
	check "text: a section a seed lacks" grep -q "not in lmbench's results of s0.1, s0.2, s0.3, s0.4, s3.1" "$SCRATCH/txt"
	"$CONTEST" report --micro -R "$R" --format markdown --lmbench "$2=s2" >"$SCRATCH/md"
	check "markdown: the seed beside mine" sh -c "head -n 1 '$SCRATCH/md' | grep -qx '## Microbenchmarks' && grep -q '^vm  *mine ' '$SCRATCH/md' && grep -q '^benchtest s2.2 ' '$SCRATCH/md'"
	"$CONTEST" report --micro -R "$R" --format html --lmbench "$4=s4" --output "$SCRATCH/h.html"
	check "html: the seed beside mine" sh -c "grep -q '^<!DOCTYPE html>' '$SCRATCH/h.html' && grep -q 'vm  *mine ' '$SCRATCH/h.html' && grep -q 'armv4l-li Linux 2.3.19a' '$SCRATCH/h.html'"
	"$CONTEST" report --micro -R "$R" --format csv --lmbench "$4=s4" >"$SCRATCH/c.csv"
	check "csv: the seed's figures" sh -c "grep -q '^s4.1,1,lmbench,armv4l-li,Linux 2.3.19a,as lmbench ran,sh_proc,us,49000,\$' '$SCRATCH/c.csv' && grep -q '^mine,1,contest,vm,6.1.0,cpu1,null_call,us,0.08,\$' '$SCRATCH/c.csv'"
	"$CONTEST" report --micro -R "$R" --format json --lmbench "$1=s0" >"$SCRATCH/j.json"
	check "json: the seed's runs" sh -c "grep -q '\"label\": \"s0.4\", \"source\": \"lmbench\", \"host\": \"2\\*PIII\", \"kernel\": \"w/o anobjrmap\"' '$SCRATCH/j.json'"
else
	skip "no ../shared/seeds beside the repository: the seeds not read"
fi
printf 'hello\nworld\n' >"$SCRATCH/not-lm.txt"
expect_fail "not lmbench's: one line naming it" 2 "--lmbench '$SCRATCH/not-lm.txt': not an lmbench summary or results file" "$CONTEST" report --micro -R "$R" --lmbench "$SCRATCH/not-lm.txt"
expect_fail "unreadable" 2 "--lmbench '$SCRATCH/none': No such file or directory" "$CONTEST" report --micro -R "$R" --lmbench "$SCRATCH/none"
expect_fail "a contest label taken" 2 "label 'mine' is one of contest's" "$CONTEST" report --micro -R "$R" --lmbench "$DATA/vm.0=mine"
expect_fail "a bad label" 2 "label 'a/b'" "$CONTEST" report --micro -R "$R" --lmbench "$DATA/vm.0=a/b"
expect_fail "--lmbench needs --micro" 2 "--lmbench '$DATA/vm.0' needs --micro" "$CONTEST" report -R "$R" --lmbench "$DATA/vm.0"
"$CONTEST" report --micro -R "$SCRATCH/nowhere" --lmbench "$DATA/vm.0=lm3" >"$SCRATCH/alone" 2>"$ERR"
check "lmbench's file alone, no results directory" sh -c "test \$? -eq 0 && grep -q '^vm  *Linux 6.1.0-1 ' '$SCRATCH/alone' && test ! -e '$SCRATCH/nowhere'"
done_tests
