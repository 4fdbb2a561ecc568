/* formats.c: the one table of report formats (name, renderer, what it takes) and lookup by name. */
#include "results/render/render.h"

#include <string.h>

const struct render_format render_formats[] = {
	{ "text", render_text, RF_STATS | RF_WHY | RF_PRECISE, render_text_micro, render_trend_text },
	{ "csv", render_csv, RF_DATA, render_csv_micro, render_trend_csv },
	{ "json", render_json, RF_DATA, render_json_micro, render_trend_json },
	{ "markdown", render_markdown, RF_STATS | RF_WHY | RF_PRECISE, render_markdown_micro,
	  render_trend_markdown },
	{ "html", render_html, RF_STATS | RF_WHY | RF_PRECISE | RF_MICRO, render_html_micro,
	  render_trend_html },
	{ NULL, NULL, 0, NULL, NULL },
};

const struct render_format *render_format_find(const char *name)
{
	for (const struct render_format *f = render_formats; f->name != NULL; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

size_t render_format_list(char *buf, size_t len, const char *sep, const char *last)
{
	size_t n = 0;

	if (len > 0)
		buf[0] = '\0';
	for (const struct render_format *f = render_formats; f->name != NULL; f++) {
		const char *join = f == render_formats ? "" : f[1].name == NULL ? last : sep;
		int k = snprintf(n < len ? buf + n : NULL, n < len ? len - n : 0, "%s%s", join, f->name);
		if (k > 0)
			n += (size_t)k;
	}
	return n;
}
