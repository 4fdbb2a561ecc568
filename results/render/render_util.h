/* render_util.h: the pieces several renderers share: figures as text, CSV and JSON strings, HTML escapes and a page's start, the charts' colours and axis steps (render_util.c), so that no renderer takes them from a peer. */
#ifndef CONTEST_RENDER_UTIL_H
#define CONTEST_RENDER_UTIL_H

#include <stddef.h>
#include <stdio.h>

/* render_fig: v with prec decimals into buf (returned), or "-" when not
 * available; a rounded zero never shows a minus sign. The reports' figures. */
const char *render_fig(double v, int prec, char *buf, size_t len);

/* render_pct: a signed percentage, "+3.1%", or "-" when not available. */
const char *render_pct(double v, char *buf, size_t len);

/* render_num: v as "%.6g" into out, or na when not finite (the data
 * formats: "" in CSV, "null" in JSON). */
void render_num(FILE *out, double v, const char *na);

/* render_csv_str: s as a CSV field: quoted, its quotes doubled, when it
 * holds a comma, a quote or a line break. */
void render_csv_str(FILE *out, const char *s);

/* render_json_str: s as a JSON string, always valid UTF-8 (a byte that is
 * not part of well-formed UTF-8 becomes \ufffd). */
void render_json_str(FILE *out, const char *s);

/* render_html_esc: s into out with &, <, >, " and ' as character references. */
void render_html_esc(FILE *out, const char *s);

/* render_html_start: an HTML page up to its heading "contest: NAMES" (the n
 * names of v, also its title) and the opened body, with the report's
 * stylesheet. */
void render_html_start(FILE *out, char *const *v, size_t n);

/* render_chart_colour: the colour of series or label k in the charts,
 * distinct for every k, into buf. */
void render_chart_colour(size_t k, char *buf, size_t len);

/* render_nice_step: an axis step of 1, 2, 2.5 or 5 times a power of ten
 * near span / 5. */
double render_nice_step(double span);

#endif
