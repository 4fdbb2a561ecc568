#!/bin/sh
# check-layers.sh: the include rules of the house, checked over the C sources under ROOT (default: this checkout).
# Every quoted include names its folder from the top ("lib/fs.h") and exists;
# lib/ includes nothing but lib/ and system headers; no folder includes
# another that includes it back, however long the way round. One line per
# offence on stdout; exit 1 when there is any.
root=${1:-$(dirname "$0")/..}
cd "$root" || exit 2
find . -path ./build -prune -o \( -name '*.c' -o -name '*.h' \) -print | sed 's|^\./||' | sort |
while IFS= read -r f; do
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
	while IFS= read -r inc; do printf '%s %s\n' "$f" "$inc"; done
done | awk -v root="$root" '
function folder(p) { sub(/\/[^\/]*$/, "", p); return p }
{
	file = $1; inc = $2
	if (inc !~ /\//) { print file ": include \"" inc "\" does not name its folder"; bad = 1; next }
	if (system("test -f \"" inc "\"") != 0) { print file ": include \"" inc "\" is no file of the tree"; bad = 1; next }
	a = folder(file); b = folder(inc)
	if (a ~ /^lib(\/|$)/ && b !~ /^lib(\/|$)/) { print file ": lib/ includes \"" inc "\", above it"; bad = 1 }
	if (a != b && !((a, b) in edge)) { edge[a, b] = file " includes " inc; from[a] = from[a] " " b }
}
# reach(x, y): y is reachable from x along the folder edges
function reach(x, y,    n, i, list, seen2, stack, top, cur) {
	delete seen2; top = 0; stack[++top] = x
	while (top > 0) {
		cur = stack[top--]
		if (cur == y) return 1
		if (cur in seen2) continue
		seen2[cur] = 1
		n = split(from[cur], list, " ")
		for (i = 1; i <= n; i++) stack[++top] = list[i]
	}
	return 0
}
END {
	for (k in edge) {
		split(k, ab, SUBSEP)
		if (reach(ab[2], ab[1]))
			{ print ab[1] " -> " ab[2] " (" edge[k] ") and " ab[2] " leads back to " ab[1]; bad = 1 }
	}
	exit bad
}'
