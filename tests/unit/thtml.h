/* thtml.h: a well-formedness check of the HTML contest writes: every element closed in order (void ones and "/>" excepted), attributes quoted, no stray "<" or "&". */
#ifndef CONTEST_THTML_H
#define CONTEST_THTML_H

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define THTML_DEPTH 64

/* thtml_void: 1 when the n characters at name are a void element of HTML. */
static inline int thtml_void(const char *name, size_t n)
{
	static const char *const v[] = { "meta", "br", "hr", "img", "input", "link", "wbr", NULL };

	for (int i = 0; v[i]; i++)
		if (strlen(v[i]) == n && strncmp(v[i], name, n) == 0)
			return 1;
	return 0;
}

/* thtml_entity: 1 when p starts a character reference ("&amp;", "&#39;"). */
static inline int thtml_entity(const char *p)
{
	const char *q = p + 1;

	if (*q == '#')
		q++;
	while (isalnum((unsigned char)*q))
		q++;
	return q > p + 1 && *q == ';';
}

/* thtml_check: 0 when doc is well formed as above; else -1 and why says
 * where. <!DOCTYPE ...> is taken as it is; text inside <style> is not
 * parsed. */
static inline int thtml_check(const char *doc, char *why, size_t wlen)
{
	char stack[THTML_DEPTH][16];
	int depth = 0;

	for (const char *p = doc; *p; p++) {
		if (*p == '&' && !thtml_entity(p)) {
			snprintf(why, wlen, "at byte %td: a bare &", p - doc);
			return -1;
		}
		if (*p == '>') {
			snprintf(why, wlen, "at byte %td: a bare >", p - doc);
			return -1;
		}
		if (*p != '<')
			continue;
		if (strncmp(p, "<!DOCTYPE", 9) == 0) {
			p = strchr(p, '>');
			if (!p)
				break;
			continue;
		}
		int close = p[1] == '/';
		const char *name = p + 1 + close, *q = name;
		while (isalnum((unsigned char)*q))
			q++;
		size_t n = (size_t)(q - name);
		if (n == 0 || n >= sizeof stack[0]) {
			snprintf(why, wlen, "at byte %td: a bare < or a bad name", p - doc);
			return -1;
		}
		while (*q && *q != '>') {   /* attributes: name="value" */
			if (*q == '"') {
				q = strchr(q + 1, '"');
				if (!q)
					break;
			} else if (*q == '<' || *q == '\'') {
				snprintf(why, wlen, "at byte %td: %c inside a tag", q - doc, *q);
				return -1;
			}
			q++;
		}
		if (!q || !*q) {
			snprintf(why, wlen, "at byte %td: a tag not ended", p - doc);
			return -1;
		}
		int selfclose = q[-1] == '/';
		if (close) {
			if (depth == 0 || strlen(stack[depth - 1]) != n || strncmp(stack[depth - 1], name, n)) {
				snprintf(why, wlen, "at byte %td: </%.*s> closes <%s>", p - doc, (int)n, name,
				         depth ? stack[depth - 1] : "(nothing)");
				return -1;
			}
			depth--;
		} else if (!selfclose && !thtml_void(name, n)) {
			if (depth == THTML_DEPTH) {
				snprintf(why, wlen, "at byte %td: nested too deep", p - doc);
				return -1;
			}
			memcpy(stack[depth], name, n);
			stack[depth++][n] = '\0';
			if (n == 5 && strncmp(name, "style", 5) == 0) {   /* CSS is not markup */
				const char *e = strstr(q, "</style>");
				if (!e)
					break;
				q = e - 1;
			}
		}
		p = q;
	}
	if (depth) {
		snprintf(why, wlen, "<%s> never closed", stack[depth - 1]);
		return -1;
	}
	return 0;
}

#endif
