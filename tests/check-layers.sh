#!/bin/sh
# check-layers.sh: the include rules of the house, checked over the C sources under ROOT (default: this checkout).
# Every quoted include names its folder from the top ("lib/fs.h") and exists;
# a folder includes only folders at or below its place in the order of the
# rooms (ROOMS, top first; folders on one line are side by side and may not
# include each other, except the pairs of ALSO); no folder includes another
# that includes it back, however long the way round; and no module includes
# its way back to itself (module A depends on B when A.c or A.h includes
# B.h). A renderer only prints the model: a file of PRINTERS includes no
# header of the rooms of APART and calls no function declared in a header
# of COMPUTERS but the model's readers (READERS). One line per offence on
# stdout; exit 1 when there is any.
root=${1:-$(dirname "$0")/..}
cd "$root" || exit 2

# The rooms, top first. contest/ itself holds main.c and what belongs to no room.
# micro/ stands above results/: it measures and makes micro records (their
# schema is results/record/micro_metric.h), as the run engine makes a run's;
# results/ reads records and never includes micro/.
# contest/kbuild (kernels built from git revisions) stands beside the engine:
# the series above may use it; it uses lib/ alone.
ROOMS='contest
contest/cmd
contest/interact
contest/series
contest/engine contest/kbuild
contest/report
contest/cli
contest/sys contest/sense
micro
results/render
results/model
results/stats results/lmbench
results/record loads workload
lib'
# side by side, yet allowed: pairs A>B (none now)
ALSO=''
# below, yet not to be included: pairs A>B (the renderers use no statistics
# and no lmbench reader: the model holds what they print)
APART='results/render>results/stats results/render>results/lmbench'
# The renderers call no function of the rooms that compute (the model's
# own, statistics, lmbench's readers) but READERS, which only read the model.
PRINTERS='results/render'
COMPUTERS='results/model results/stats results/lmbench'
READERS='rep_model_join interact_model_score'
status=0

find . -path ./build -prune -o \( -name '*.c' -o -name '*.h' \) -print | sed 's|^\./||' | sort |
while IFS= read -r f; do
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
	while IFS= read -r inc; do printf '%s %s\n' "$f" "$inc"; done
done | awk -v rooms="$ROOMS" -v also="$ALSO" -v apart="$APART" '
function folder(p) { sub(/\/[^\/]*$/, "", p); return p }
function module(p) { sub(/\.[ch]$/, "", p); return p }
BEGIN {
	n = split(rooms, line, "\n")
	for (i = 1; i <= n; i++) { m = split(line[i], w, " "); for (j = 1; j <= m; j++) rank[w[j]] = i }
	m = split(also, w, " ")
	for (j = 1; j <= m; j++) { split(w[j], p, ">"); allowed[p[1], p[2]] = 1 }
	m = split(apart, w, " ")
	for (j = 1; j <= m; j++) { split(w[j], p, ">"); barred[p[1], p[2]] = 1 }
}
{
	file = $1; inc = $2
	if (inc !~ /\//) { print file ": include \"" inc "\" does not name its folder"; bad = 1; next }
	if (system("test -f \"" inc "\"") != 0) { print file ": include \"" inc "\" is no file of the tree"; bad = 1; next }
	a = folder(file); b = folder(inc)
	if (a ~ /^lib(\/|$)/ && b !~ /^lib(\/|$)/) { print file ": lib/ includes \"" inc "\", above it"; bad = 1 }
	if (a != b && (a in rank) && (b in rank) && rank[b] <= rank[a] && !((a, b) in allowed)) {
		print file ": " a "/ includes \"" inc "\", " (rank[b] < rank[a] ? "a room above it" : "a room beside it")
		bad = 1
	}
	if ((a, b) in barred) { print file ": " a "/ includes \"" inc "\", a room it may not use (a renderer only prints the model)"; bad = 1 }
	if (a != b && !((a, b) in edge)) { edge[a, b] = file " includes " inc; from[a] = from[a] " " b }
	ma = module(file); mb = module(inc)
	if (ma != mb && !((ma, mb) in medge)) { medge[ma, mb] = file " includes " inc; mfrom[ma] = mfrom[ma] " " mb }
}
# reach(x, y, kind): y is reachable from x along the edges of kind (folders 0, modules 1)
function reach(x, y, kind,    n, i, list, seen2, stack, top, cur) {
	delete seen2; top = 0; stack[++top] = x
	while (top > 0) {
		cur = stack[top--]
		if (cur == y) return 1
		if (cur in seen2) continue
		seen2[cur] = 1
		n = split(kind ? mfrom[cur] : from[cur], list, " ")
		for (i = 1; i <= n; i++) stack[++top] = list[i]
	}
	return 0
}
END {
	for (k in edge) {
		split(k, ab, SUBSEP)
		if (reach(ab[2], ab[1], 0))
			{ print ab[1] " -> " ab[2] " (" edge[k] ") and " ab[2] " leads back to " ab[1]; bad = 1 }
	}
	for (k in medge) {
		split(k, ab, SUBSEP)
		if (reach(ab[2], ab[1], 1))
			{ print "module " ab[1] " -> " ab[2] " (" medge[k] ") and " ab[2] " leads back to " ab[1]; bad = 1 }
	}
	exit bad
}'
[ $? -eq 0 ] || status=1

# calls: each function declared in a header of COMPUTERS (its name at the
# start of a line's declaration) called in a file of PRINTERS, outside
# comments and strings, and not as a member (x.f(), x->f())
for d in $COMPUTERS; do [ -d "$d" ] && find "$d" -name '*.h'; done | sort |
while IFS= read -r h; do
	sed -n 's/^[A-Za-z_][A-Za-z0-9_ *]*[ *]\([a-z_][a-z0-9_]*\)(.*/\1 '"$(printf '%s' "$h" | sed 's/[\/&]/\\&/g')"'/p' "$h"
done >"${TMPDIR:-/tmp}/check-layers.$$"
for d in $PRINTERS; do [ -d "$d" ] && find "$d" \( -name '*.c' -o -name '*.h' \); done | sort |
xargs -r awk -v readers="$READERS" -v decls="${TMPDIR:-/tmp}/check-layers.$$" '
BEGIN {
	while ((getline l < decls) > 0) { split(l, w, " "); decl[w[1]] = w[2] }
	n = split(readers, w, " ")
	for (i = 1; i <= n; i++) reads[w[i]] = 1
}
FNR == 1 { incom = 0 }
{
	line = $0; code = ""
	while (line != "") {
		if (incom) {
			i = index(line, "*/")
			if (i == 0) break
			line = substr(line, i + 2); incom = 0; continue
		}
		i = index(line, "/*")
		if (i == 0) { code = code line; break }
		code = code substr(line, 1, i - 1); line = substr(line, i + 2); incom = 1
	}
	sub(/\/\/.*/, "", code)
	gsub(/"([^"\\]|\\.)*"/, "\"\"", code)
	gsub(/\047([^\047\\]|\\.)*\047/, "0", code)
	while (match(code, /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/)) {
		name = substr(code, RSTART, RLENGTH); sub(/[ \t]*\($/, "", name)
		before = RSTART > 1 ? substr(code, RSTART - 1, 1) : ""
		code = substr(code, RSTART + RLENGTH)
		if (before == "." || before == ">" || !(name in decl) || (name in reads)) continue
		print FILENAME ":" FNR ": calls " name "() of " decl[name] " (a renderer only prints the model)"
		bad = 1
	}
}
END { exit bad }' || status=1
rm -f "${TMPDIR:-/tmp}/check-layers.$$"
exit $status
