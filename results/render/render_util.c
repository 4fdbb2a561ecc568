/* render_util.c: the pieces several renderers share: figures as text, CSV and JSON strings, HTML escapes and a page's start, the charts' colours and axis steps. */
#include "results/render/render_util.h"

#include <math.h>
#include <string.h>

/* render_fig: see render_util.h. */
const char *render_fig(double v, int prec, char *buf, size_t len)
{
	if (!isfinite(v))
		return "-";
	if (fabs(v) < 0.5 * pow(10, -prec))
		v = 0;
	snprintf(buf, len, "%.*f", prec, v);
	return buf;
}

/* render_pct: see render_util.h. */
const char *render_pct(double v, char *buf, size_t len)
{
	if (!isfinite(v))
		return "-";
	if (fabs(v) < 0.05)
		v = 0;
	snprintf(buf, len, "%+.1f%%", v);
	return buf;
}

/* render_num: see render_util.h. */
void render_num(FILE *out, double v, const char *na)
{
	if (isfinite(v))
		fprintf(out, "%.6g", v);
	else
		fputs(na, out);
}

/* render_csv_str: see render_util.h. */
void render_csv_str(FILE *out, const char *s)
{
	if (strpbrk(s, ",\"\n\r") == NULL) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

/* utf8_len: the length of the well-formed UTF-8 sequence of two to four
 * bytes at s (no overlong form, surrogate or code point above U+10FFFF),
 * or 0 when s does not start one. */
static int utf8_len(const unsigned char *s)
{
	int n = s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3 :
	        s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
	/* the second byte's range: narrower after E0 (overlong), ED (surrogates),
	 * F0 (overlong) and F4 (above U+10FFFF) */
	unsigned char lo = s[0] == 0xe0 ? 0xa0 : s[0] == 0xf0 ? 0x90 : 0x80;
	unsigned char hi = s[0] == 0xed ? 0x9f : s[0] == 0xf4 ? 0x8f : 0xbf;

	if (n == 0 || s[1] < lo || s[1] > hi)
		return 0;
	for (int i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

/* render_json_str: see render_util.h. A byte that is not part of well-formed
 * UTF-8 becomes \\ufffd, so the document is always valid UTF-8. */
void render_json_str(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', out);
	while (*p) {
		int n = *p >= 0x80 ? utf8_len(p) : 1;
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(out, "\\u%04x", *p);
		else if (n == 0)
			fputs("\\ufffd", out);
		else
			fwrite(p, 1, (size_t)n, out);
		p += n ? n : 1;
	}
	fputc('"', out);
}

/* render_html_esc: see render_util.h. */
void render_html_esc(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default: fputc(*s, out);
		}
	}
}

/* style: the stylesheet of the pages render_html_start begins. */
static const char style[] =
	"body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;background:#fff}\n"
	"h1{font-size:1.4em}h2{font-size:1.2em;margin-top:1.6em}h3{font-size:1.05em}\n"
	"table{border-collapse:collapse;margin:.8em 0 .3em;font-variant-numeric:tabular-nums}\n"
	"caption{text-align:left;font-weight:bold;padding:.2em 0}\n"
	"th,td{border:1px solid #ccc;padding:.2em .6em;white-space:nowrap}th{background:#f3f3f3}\n"
	"td.num{text-align:right}td.vs{white-space:normal}td.sig{font-weight:bold}\n"
	"ul.notes{margin:.2em 0 1em;font-size:.9em;color:#444}\n"
	"svg.chart{width:100%;height:auto;display:block}\n"
	"p.meta{color:#444;margin:.2em 0 1em}p.legend{font-size:.9em;color:#444;margin:.3em 0 1em}\n"
	"svg text{font-family:system-ui,sans-serif;font-size:12px;fill:#222}\n"
	"svg .grid{stroke:#e4e4e4}svg .axis{stroke:#444}\n"
	"svg .ref{stroke:#c00;stroke-dasharray:5 3}svg .err{stroke:#111;fill:none}svg .clip{fill:#111}\n"
	"svg .brk{fill:#fff;stroke:#888;stroke-dasharray:3 3}\n"
	"svg .band{fill-opacity:.18;stroke:none}svg .line{fill:none;stroke-width:2}\n"
	"svg .step{stroke:#c00;stroke-width:4;fill:none}svg .mark{fill:#c00}svg text.sig{fill:#c00;font-weight:bold}\n"
	"figure{margin:0}figcaption{font-weight:bold;margin:.4em 0}\n"
	"pre{background:#f7f7f7;padding:.8em;overflow-x:auto}\n"
	"td.bad,ul.events li:not(.ev-note) b{color:#c00}td.dropped{color:#888;text-decoration:line-through}\n";

/* names: the n names of v, comma-separated and escaped. */
static void names(FILE *out, char *const *v, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		if (k)
			fputs(", ", out);
		render_html_esc(out, v[k]);
	}
}

/* render_html_start: see render_util.h. */
void render_html_start(FILE *out, char *const *v, size_t n)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>contest: ", out);
	names(out, v, n);
	fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>contest: ", style);
	names(out, v, n);
	fputs("</h1>\n", out);
}

/* palette: render_chart_colour's first colours, in order. */
static const char *const palette[] = {
	"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
	"#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
};
#define NPALETTE (sizeof palette / sizeof palette[0])

/* render_chart_colour: see render_util.h. */
void render_chart_colour(size_t k, char *buf, size_t len)
{
	if (k < NPALETTE)
		snprintf(buf, len, "%s", palette[k]);
	else
		snprintf(buf, len, "hsl(%d,55%%,45%%)", (int)(fmod((double)k * 137.508, 360.0)));
}

/* render_nice_step: see render_util.h. */
double render_nice_step(double span)
{
	double raw = span / 5, mag = pow(10, floor(log10(raw))), f = raw / mag;

	return mag * (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10);
}
