/* render_story.c: a series' story in the HTML report: its plan (kernels, loads, each round's order) and its events, before the paired block and the usual tables. */
#include "results/render/render_story.h"
#include "results/render/render.h"
#include "results/render/render_util.h"

#include <string.h>

/* cell: "<td>s</td>", s escaped; class cls when not NULL. */
static void cell(FILE *out, const char *s, const char *cls)
{
	if (cls != NULL)
		fprintf(out, "<td class=\"%s\">", cls);
	else
		fputs("<td>", out);
	render_html_esc(out, s);
	fputs("</td>", out);
}

/* kernels: the plan's kernels as a table: label, release, how booted, state. */
static void kernels(FILE *out, const struct series_story *s)
{
	fputs("<table class=\"plan\">\n<caption>Kernels</caption>\n<thead><tr><th>Kernel</th><th>release</th>"
	      "<th>booted as</th><th>state</th></tr></thead>\n<tbody>\n", out);
	for (size_t k = 0; k < s->nk; k++) {
		const struct story_kernel *sk = &s->kern[k];
		fputs(sk->dropped ? "<tr class=\"dropped\">" : "<tr>", out);
		cell(out, sk->label, NULL);
		cell(out, sk->release, NULL);
		cell(out, sk->spec, NULL);
		cell(out, sk->dropped ? "dropped" : "kept", sk->dropped ? "bad" : NULL);
		fputs("</tr>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
}

/* order: each round's order as a table, a dropped kernel's cells marked. */
static void order(FILE *out, const struct series_story *s)
{
	fputs("<table class=\"order\">\n<caption>Order of each round</caption>\n<thead><tr><th>round</th>", out);
	for (size_t p = 0; p < s->nk; p++)
		fprintf(out, "<th>%zu%s</th>", p + 1, p == 0 ? "st" : p == 1 ? "nd" : p == 2 ? "rd" : "th");
	fputs("</tr></thead>\n<tbody>\n", out);
	for (long r = 0; r < s->rounds; r++) {
		fprintf(out, "<tr><td class=\"num\">%ld</td>", r + 1);
		for (size_t p = 0; p < s->nk; p++) {
			const struct story_kernel *sk = &s->kern[s->order[(size_t)r * s->nk + p] % STORY_MAX_KERNELS];
			cell(out, sk->label, sk->dropped ? "dropped" : NULL);
		}
		fputs("</tr>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
}

/* events: the story's events as a list, each led by its kind. */
static void events(FILE *out, const struct series_story *s)
{
	fputs("<h3>Events</h3>\n", out);
	if (s->nev == 0) {
		fputs("<p class=\"events\">None: every kernel came up and every run had its outcome.</p>\n", out);
		return;
	}
	fputs("<ul class=\"events\">\n", out);
	for (size_t i = 0; i < s->nev; i++) {
		int kind = s->ev[i].kind;
		fprintf(out, "<li class=\"ev-%s\"><b>%s</b>: ", story_kind_word(kind), story_kind_what(kind));
		render_html_esc(out, s->ev[i].text);
		fputs("</li>\n", out);
	}
	fputs("</ul>\n", out);
}

/* story: one series' story as its section. */
static void story(FILE *out, const struct series_story *s)
{
	fputs("<section class=\"story\">\n<h2>Series ", out);
	render_html_esc(out, s->id);
	fprintf(out, ": its plan and what happened</h2>\n<p class=\"meta\">%zu kernel%s &#215; %ld round%s &#215; "
	        "%zu load%s, booted by ", s->nk, s->nk == 1 ? "" : "s", s->rounds, s->rounds == 1 ? "" : "s",
	        s->nloads, s->nloads == 1 ? "" : "s");
	render_html_esc(out, s->driver);
	fprintf(out, "; seed %llu", s->seed);
	if (s->guest[0]) {
		fputs(" &#183; guests: ", out);
		render_html_esc(out, s->guest);
	}
	fputs(" &#183; loads: ", out);
	for (size_t l = 0; l < s->nloads; l++) {
		fputs(l ? ", " : "", out);
		render_html_esc(out, s->loads[l]);
	}
	fputs("</p>\n", out);
	kernels(out, s);
	order(out, s);
	events(out, s);
	fputs("</section>\n", out);
}

void render_story_html(FILE *out, const struct rep_model *m)
{
	for (size_t i = 0; i < m->nstories; i++) {
		if (m->stories[i].s != NULL) {
			story(out, m->stories[i].s);
			continue;
		}
		fputs("<p class=\"story-note\">The series' story is not shown: ", out);
		render_html_esc(out, m->stories[i].note ? m->stories[i].note : "");
		fputs(".</p>\n", out);
	}
}
