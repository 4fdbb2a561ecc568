#!/bin/sh
# check-size.sh: the size rules of the house over the C sources under ROOT (default: this checkout): no file over 600 lines, no function over 80.
# A function is counted from the line that opens its definition at the left
# margin to its closing brace at the left margin. One line per offence on
# stdout; exit 1 when there is any.
root=${1:-$(dirname "$0")/..}
cd "$root" || exit 2
out=$(find . -path ./build -prune -o \( -name '*.c' -o -name '*.h' \) -print | sed 's|^\./||' | sort |
while IFS= read -r f; do
	awk -v f="$f" '
	# a definition: a line at the margin ending in ")" followed by "{" alone, or ending in ") {"
	function opens(l, next_l) {
		if (l !~ /^[A-Za-z_]/ || l ~ /^(typedef|struct [A-Za-z_0-9]+ *\{|enum|union)/ || l ~ /;[ \t]*$/) return 0
		return (l ~ /\)[ \t]*$/ && next_l ~ /^\{/) || l ~ /\)[ \t]*\{[ \t]*$/
	}
	{ line[NR] = $0 }
	END {
		if (NR > 600) { print f ": " NR " lines (at most 600)"; bad = 1 }
		for (i = 1; i <= NR; i++) {
			if (!opens(line[i], line[i + 1])) continue
			for (j = i + 1; j <= NR && line[j] !~ /^\}/; j++) ;
			n = j - i + 1
			name = line[i]; sub(/\(.*/, "", name); sub(/.*[ *]/, "", name)
			if (n > 80) { print f ":" i ": " name "() is " n " lines (at most 80)"; bad = 1 }
			i = j
		}
		exit bad
	}' "$f" || echo "@bad"
done | grep -v '^@bad$')
[ -z "$out" ] && exit 0
printf '%s\n' "$out"
exit 1
