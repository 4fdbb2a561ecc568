# lava.sh: scripts/lava/contest.yaml is YAML of the subset it uses and a LAVA test definition (metadata, params, install and run steps), every command it runs is the project's (its steps run here, lava-test-case stubbed), and scripts/lava/lava-cases.sh turns a fixed CSV into the lava-test-case calls.
. tests/e2e/lib.sh

Y=scripts/lava/contest.yaml
H=scripts/lava/lava-cases.sh

# yaml_flat FILE: the subset of YAML the file uses, flattened to lines
# "PATH<TAB>VALUE" (PATH: keys joined by ".", a list item's "[]"), or exit 1
# naming the line that leaves it: block mappings and sequences of scalars,
# two-space indents, plain scalars that cannot read as anything else, and
# double-quoted ones; comments and blank lines
yaml_flat() {
	awk '
		function fail(why) { printf "%s:%d: %s\n", FILENAME, NR, why > "/dev/stderr"; bad = 1; exit 1 }
		function scalar(v) {
			if (v ~ /^"/) {
				if (v !~ /^"([^"\\]|\\.)*"$/) fail("a double-quoted scalar that does not end where the line does")
				v = substr(v, 2, length(v) - 2); gsub(/\\"/, "\"", v); gsub(/\\\\/, "\\", v); return v
			}
			if (v ~ /^[-?:,\[\]{}#&*!|>\047%@`]/) fail("a plain scalar starting with an indicator: " v)
			if (v ~ /: / || v ~ / #/ || v ~ /:$/) fail("a plain scalar holding \": \" or \" #\": " v)
			return v
		}
		/\t/ { fail("a tab") }
		/^[ ]*(#.*)?$/ { next }
		{
			match($0, /^ */); ind = RLENGTH; s = substr($0, ind + 1)
			if (ind % 2) fail("an indent that is not a multiple of 2")
			sub(/[ ]+$/, "", s)
			if (s ~ /^- /) {
				if (open == "" || ind < oind) fail("a list item outside a key with no value")
				print open ".[]\t" scalar(substr(s, 3)); next
			}
			if (s !~ /^[A-Za-z_][A-Za-z0-9_-]*:( |$)/) fail("not KEY:, KEY: VALUE or - VALUE")
			k = s; sub(/:.*/, "", k); v = s; sub(/^[^:]*:[ ]*/, "", v)
			d = ind / 2
			if (d > depth + 1) fail("an indent deeper than one level below its key")
			path[d] = k; depth = d
			p = path[0]; for (i = 1; i <= d; i++) p = p "." path[i]
			if (v == "") { open = p; oind = ind; depth = d; next }
			open = ""; print p "\t" scalar(v)
			depth = d - 1
		}' "$1"
}

yaml_flat "$Y" >"$SCRATCH/flat" 2>"$ERR"
check "the YAML is of the subset (flattened)" test $? -eq 0 -a -s "$SCRATCH/flat"
cat "$ERR" >&2
# key PATH: its value(s)
key() { awk -F '\t' -v p="$1" '$1 == p { print $2 }' "$SCRATCH/flat"; }
check "top-level keys: metadata, params, install, run" \
	test "$(cut -f1 "$SCRATCH/flat" | cut -d. -f1 | sort -u | tr '\n' ' ')" = "install metadata params run "
check "metadata.format" test "$(key metadata.format)" = "Lava-Test Test Definition 1.0"
check "metadata.name has no space or special character" sh -c 'echo "$1" | grep -qE "^[A-Za-z0-9_.-]+$"' sh "$(key metadata.name)"
check "metadata.description" test -n "$(key metadata.description)"
check "install steps" test "$(key install.steps.[] | wc -l)" -ge 1
check "run steps" test "$(key run.steps.[] | wc -l)" -ge 3
check "params are scalars" test -z "$(awk -F '\t' '$1 ~ /^params\./ && $1 ~ /\[\]/' "$SCRATCH/flat")"

# the parser refuses what it does not know, rather than misread it
refuses() { ! yaml_flat "$1" >/dev/null 2>&1; }
for b in 'run:\n  steps:\n    - echo a: b' 'run:\n\tsteps: x' 'a:\n - x' 'a: [x, y]' 'a: "x" y'; do
	printf "$b\n" >"$SCRATCH/bad.yaml"
	check "the parser refuses '$b'" refuses "$SCRATCH/bad.yaml"
done
printf 'a:\n  b: "x: y"\n  c:\n    - d ${E:-f} || g\n' >"$SCRATCH/good.yaml"
yaml_flat "$SCRATCH/good.yaml" >"$SCRATCH/good.out" 2>&1
printf 'a.b\tx: y\na.c.[]\td ${E:-f} || g\n' >"$SCRATCH/good.want"
check "the parser reads what it knows" cmp -s "$SCRATCH/good.want" "$SCRATCH/good.out"

# where a YAML library is at hand, it reads the same steps
if command -v python3 >/dev/null 2>&1 && python3 -c 'import yaml' 2>/dev/null; then
	python3 -c 'import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
for s in ("install", "run"):
	for v in d[s]["steps"]: print(s + ".steps.[]\t" + v)' "$Y" >"$SCRATCH/py"
	check "PyYAML reads the same steps" sh -c "grep -E '^(install|run)\.steps' '$SCRATCH/flat' | cmp -s - '$SCRATCH/py'"
else
	skip "no python3 with yaml: the steps are checked by the subset parser only"
fi

# every command a step runs: the project's (build/contest's subcommands and
# options in its --help, scripts/ files), or a POSIX tool, or lava-test-case;
# every $PARAM a step reads is a param or set by an earlier step
"$CONTEST" --help >"$SCRATCH/help"
{ key install.steps.[]; key run.steps.[]; } >"$SCRATCH/steps"
awk -v help="$SCRATCH/help" '
	BEGIN { while ((getline l < help) > 0) h = h " " l; ok["sh"]; ok["make"]; ok["tar"]; ok["test"]; ok["uname"]
		ok["hostname"]; ok["lava-test-case"] }
	{
		line = $0; gsub(/\$\([^)]*\)/, "", line); gsub(/\|\||&&|;/, "\n", line)
		n = split(line, part, "\n")
		for (i = 1; i <= n; i++) {
			w = split(part[i], a, " "); j = 1
			while (j <= w && a[j] ~ /^[A-Za-z_][A-Za-z0-9_]*=/) j++
			if (j > w) continue
			c = a[j]
			if (c == "sh" && a[j + 1] ~ /^scripts\//) c = a[j + 1]
			if (c ~ /^scripts\//) { if (system("test -f " c) != 0) print "no such file: " c; continue }
			if (c == "build/contest") {
				if (a[j + 1] !~ /^-/ && a[j + 1] !~ /^(report|loads|micro|sweep|clean|bisect)$/) print "no contest command " a[j + 1]
				for (k = j + 1; k <= w; k++) if (a[k] ~ /^-/ && index(h, " " a[k] " ") == 0 && index(h, " " a[k] ",") == 0) print "contest has no option " a[k]
				continue
			}
			if (!(c in ok)) print "not a command of the project or a POSIX tool: " c
		}
	}' "$SCRATCH/steps" >"$SCRATCH/cmds"
check "every command is the project's or a POSIX tool ($(head -3 "$SCRATCH/cmds" | tr '\n' ';'))" test ! -s "$SCRATCH/cmds"
for p in $(grep -o '\$[A-Za-z_][A-Za-z0-9_]*\|\${[A-Za-z_][A-Za-z0-9_]*' "$SCRATCH/steps" | tr -d '${' | sort -u); do
	check "\$$p is a param or set by a step" sh -c "awk -F '\t' '\$1 == \"params.$p\"' '$SCRATCH/flat' | grep -q . || grep -q '^$p=' '$SCRATCH/steps' || grep -q '|| $p=' '$SCRATCH/steps'"
done

# the steps run as LAVA runs them (set -e, the params exported first), in a
# scratch checkout, lava-test-case a stub that logs its calls
W=$SCRATCH/work
mkdir -p "$W/build" "$SCRATCH/bin"
ln -s "$CONTEST" "$W/build/contest"
ln -s "$(pwd)/scripts" "$W/scripts"
printf '#!/bin/sh\necho "lava-test-case $*" >>"%s"\n' "$SCRATCH/cases" >"$SCRATCH/bin/lava-test-case"
chmod +x "$SCRATCH/bin/lava-test-case"
{
	echo "LABEL='lava-e2e' LOADS='no_load' RUNS='1' OPTIONS='--scale tiny --mem 256M' RESULTS='res' TESTBED='tb'"
	echo "set -e"
	key run.steps.[]
} >"$W/run.sh"
(cd "$W" && PATH="$SCRATCH/bin:$PATH" sh "$W/run.sh") >"$SCRATCH/out" 2>"$ERR"
check "the run steps succeed" test $? -eq 0
check "no_load-runs" grep -qx "lava-test-case no_load-runs --result pass --measurement 1" "$SCRATCH/cases"
check "no_load-time in seconds" grep -qE "^lava-test-case no_load-time --result pass --measurement [0-9.]+ --units s$" "$SCRATCH/cases"
check "no_load-ratio" grep -qx "lava-test-case no_load-ratio --result pass --measurement 1" "$SCRATCH/cases"
check "contest-exit" grep -qx "lava-test-case contest-exit --result pass --measurement 0" "$SCRATCH/cases"
check "the results directory is archived" sh -c 'tar -tzf "$1" res/lava-e2e.loads >/dev/null' sh "$W/contest-results-$(hostname).tar.gz"
check "the tables are in the log" grep -q '^no_load:$' "$SCRATCH/out"

# the helper on a fixed CSV: a failed run, no no_load (no Ratio), a quoted
# field with a comma, a second workload, the environment table after it
cat >"$SCRATCH/fixed.csv" <<'CSV'
workload,jobs,machine,load,label,runs,failed,time,time_sd,ratio,detail
builtin-1:tiny,8,MEM 256M,io_load,k,3,1,12.5,0.3,,"built-in, emulated"
builtin-1:tiny,8,MEM 256M,mem_load,k,0,2,,,,
builtin-1:tiny,8,MEM 256M,dbench_load,k,2,0,4.25e+01,1,2.5,"say ""x"""
builtin-1:small,8,MEM 256M,io_load,k,3,0,40,1,,

label,differs_from,key,from,to
k,a,vm.swappiness,60,10
CSV
cat >"$SCRATCH/want" <<'OUT'
lava-test-case io_load-runs --result fail --measurement 3
lava-test-case io_load-time --result pass --measurement 12.5 --units s
lava-test-case io_load-ratio --result skip
lava-test-case mem_load-runs --result fail --measurement 0
lava-test-case mem_load-time --result fail
lava-test-case mem_load-ratio --result skip
lava-test-case dbench_load-runs --result pass --measurement 2
lava-test-case dbench_load-time --result pass --measurement 4.25e+01 --units s
lava-test-case dbench_load-ratio --result pass --measurement 2.5
OUT
sh "$H" --dry-run "$SCRATCH/fixed.csv" >"$SCRATCH/got" 2>"$ERR"
check "helper --dry-run: exit 0" test $? -eq 0
check "helper --dry-run: the calls" cmp -s "$SCRATCH/want" "$SCRATCH/got"
diff "$SCRATCH/want" "$SCRATCH/got" >&2
check "helper: the other workload's row is said" grep -qx "lava-cases.sh: 1 row(s) of another workload than builtin-1:tiny 8 MEM 256M left out" "$ERR"
LAVA_TEST_CASE=echo sh "$H" <"$SCRATCH/fixed.csv" >"$SCRATCH/got" 2>/dev/null
check "helper LAVA_TEST_CASE=echo, from stdin: the same" cmp -s "$SCRATCH/want" "$SCRATCH/got"
: >"$SCRATCH/cases"
PATH="$SCRATCH/bin:$PATH" sh "$H" "$SCRATCH/fixed.csv" 2>/dev/null
check "helper: lava-test-case called with the arguments" cmp -s "$SCRATCH/want" "$SCRATCH/cases"
expect_fail "helper without lava-test-case" 2 "lava-test-case not found: run inside a LAVA test shell, or give --dry-run" \
	env PATH=/usr/bin:/bin sh "$H" "$SCRATCH/fixed.csv"
printf 'a,b\n1,2\n' >"$SCRATCH/bad.csv"
expect_fail "helper on a CSV without the columns" 2 "no load, time, ratio, runs, failed and workload columns" \
	sh "$H" --dry-run "$SCRATCH/bad.csv"
expect_fail "helper on a missing file" 2 "cannot read" sh "$H" --dry-run "$SCRATCH/none.csv"
done_tests
