/* test_render_data.c: unit tests of the data and Markdown reports: every run of every load in JSON, valid UTF-8, CSV's workload and jobs, Markdown's lines and notes, the forms of report --micro. */
#include "lib/text.h"
#include "results/record/record.h"
#include "results/render/render.h"
#include "results/model/summary.h"
#include "tests/unit/t.h"
#include "tests/unit/tjson.h"
#include "tests/unit/trec.h"
#include "tests/unit/trender.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WL "builtin-1:tiny"

static const char *const order[] = { "no_load", "process_load", "io_load", "mem_load", NULL };

static char *buf;   /* the last render */

/* add: append one run of label and load to set (failed: no figures). */
static void add(struct rec_set *set, const char *label, const char *load, double time,
                const char *detail, int failed)
{
	struct rec r;

	trec_init(&r, label, load, WL, (int)set->n + 1);
	snprintf(r.timestamp, sizeof r.timestamp, "2026-02-01T00:%02d:00Z", (int)(set->n % 60));
	text_copy(r.detail, detail, sizeof r.detail);
	text_copy(r.host, "box", sizeof r.host);
	r.jobs = 8;
	r.failed = failed;
	if (!failed) {
		r.time = time;
		r.cpu_pct = 180;
		r.loads = 2;
		r.lcpu_pct = 10;
	}
	T_CHECK(rec_set_add(set, &r) == 0);
}

/* fixture: labels a (2 rounds) and b (3 rounds) over four loads, round by
 * round as a run makes them; b's mem_load has a note and a failed run. */
static void fixture(struct rec_set *set)
{
	for (int round = 0; round < 3; round++)
		for (int k = 0; k < 2; k++) {
			const char *label = k ? "b" : "a";
			if (k == 0 && round == 2)
				continue;
			add(set, label, "no_load", 60 + round, "", 0);
			add(set, label, "process_load", 70 + round, "", 0);
			add(set, label, "io_load", 80 + round, "", 0);
			add(set, label, "mem_load", 90 + round, k ? "swap 0, reclaim by file mapping" : "", 0);
		}
	add(set, "b", "mem_load", 0, "", 1);
}

/* runs_of: how many of the JSON document's runs are of load. */
static int runs_of(const char *json, const char *load)
{
	char key[96];

	snprintf(key, sizeof key, "\"load\": \"%s\", \"timestamp\"", load);
	return tr_count(json, key);
}

static void test_json_runs(void)
{
	static const char *const only[] = { "io_load", "mem_load" };
	const struct rep_show show = { .baseline = -1 };
	struct rec_set set = { 0 };
	struct summary s;
	const char *j;

	fixture(&set);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	j = tr_render(&buf, &s, &set, "json", &show, NULL, NULL, 0);
	T_CHECK(tjson_check(j, strlen(j), NULL, 0) == 0);
	T_CHECK(tr_count(j, "{\"run\": ") == 21);   /* every run of every load */
	T_CHECK(runs_of(j, "no_load") == 5 && runs_of(j, "process_load") == 5);
	T_CHECK(runs_of(j, "io_load") == 5 && runs_of(j, "mem_load") == 6);
	T_CHECK(tr_count(j, "\"label\": \"a\", \"load\"") == 8);
	T_CHECK(tr_count(j, "\"label\": \"b\", \"load\"") == 13);
	T_CHECK(strstr(j, "\"workload\": \"" WL " -j8\", \"identity\": \"" WL "\", \"jobs\": 8") != NULL);
	summary_free(&s);

	/* --loads io_load,mem_load: their runs, all of them; a label picked: its runs only */
	T_CHECK(summary_build(&s, &set, NULL, 0, only, 2, order) == 0);
	j = tr_render(&buf, &s, &set, "json", &show, NULL, NULL, 0);
	T_CHECK(tr_count(j, "{\"run\": ") == 11);
	T_CHECK(runs_of(j, "io_load") == 5 && runs_of(j, "mem_load") == 6 && runs_of(j, "no_load") == 0);
	summary_free(&s);
	const char *const lb[] = { "b" };
	T_CHECK(summary_build(&s, &set, lb, 1, only + 1, 1, order) == 0);
	j = tr_render(&buf, &s, &set, "json", &show, NULL, NULL, 0);
	T_CHECK(tr_count(j, "{\"run\": ") == 4 && runs_of(j, "mem_load") == 4);
	summary_free(&s);
	rec_set_free(&set);
}

static void test_json_utf8(void)
{
	const struct rep_show show = { .baseline = -1 };
	struct rec_set set = { 0 };
	struct summary s;

	/* é and € pass; a lone continuation byte, a cut sequence, an overlong
	 * '/', a surrogate and a byte above F4 become U+FFFD each */
	add(&set, "a", "no_load", 60, "caf\xc3\xa9 \xe2\x82\xac \x80 \xe2\x82 \xc0\xaf \xed\xa0\x80 \xf8!", 0);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	const char *j = tr_render(&buf, &s, &set, "json", &show, NULL, NULL, 0);
	T_CHECK(tjson_check(j, strlen(j), NULL, 0) == 0);   /* valid JSON, valid UTF-8 */
	T_CHECK(strstr(j, "\"detail\": \"caf\xc3\xa9 \xe2\x82\xac \\ufffd \\ufffd\\ufffd "
	                  "\\ufffd\\ufffd \\ufffd\\ufffd\\ufffd \\ufffd!\"") != NULL);
	summary_free(&s);
	rec_set_free(&set);
}

static void test_csv_columns(void)
{
	const struct rep_show show = { .baseline = -1 };
	struct rec_set set = { 0 };
	struct summary s;

	fixture(&set);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	const char *c = tr_render(&buf, &s, &set, "csv", &show, NULL, NULL, 0);
	T_CHECK(strncmp(c, "workload,jobs,machine,load,label,runs,failed,time,", 50) == 0);
	T_CHECK(strstr(c, "\n" WL ",8,,no_load,a,2,0,60.5,") != NULL);
	T_CHECK(strstr(c, "\n" WL ",8,,mem_load,b,3,1,91,") != NULL);
	T_CHECK(strstr(c, "-j8") == NULL);
	summary_free(&s);
	rec_set_free(&set);
}

/* no_trailing_space: 1 when no line of s ends in a space or a tab. */
static int no_trailing_space(const char *s)
{
	for (const char *p = s; *p; p++)
		if ((*p == ' ' || *p == '\t') && (p[1] == '\n' || p[1] == '\0'))
			return 0;
	return 1;
}

static void test_markdown(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	const char *md;

	fixture(&set);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	md = tr_render(&buf, &s, &set, "markdown", &(struct rep_show){ .baseline = -1 }, NULL, NULL, 0);
	T_CHECK(no_trailing_space(md));
	T_CHECK(strstr(md, "| b | 3 | 91.0 | 180 | 2 | 10 | 1.49 |\n\n"
	                   "- b: swap 0, reclaim by file mapping\n"
	                   "- b: 1 failed run(s) not averaged\n\n") != NULL);
	T_CHECK(strstr(md, "| b: ") == NULL);   /* no one-cell rows inside a table */
	md = tr_render(&buf, &s, &set, "markdown", &(struct rep_show){ .baseline = 0 }, NULL, NULL, 0);
	T_CHECK(no_trailing_space(md));
	T_CHECK(strstr(md, "| b | 3 | 91.00 |") != NULL);   /* Time as in text --stats */
	T_CHECK(strstr(md, "- b: swap 0, reclaim by file mapping\n") != NULL);
	summary_free(&s);
	rec_set_free(&set);
}

/* micro_in: format fmt's form of report --micro of summary into buf. */
static const char *micro_in(const char *fmt, const char *summary)
{
	const struct render_format *f = render_format_find(fmt);
	size_t len;
	FILE *out;
	struct micro_record_set none = { 0 };
	struct micro_doc doc = { .summary = summary, .set = &none };

	free(buf);
	buf = NULL;
	T_CHECK((out = open_memstream(&buf, &len)) != NULL);
	f->micro(out, &doc);
	T_CHECK(fclose(out) == 0);
	return buf;
}

/* test_formats: the format table (text first, the default), lookup by
 * every name, and the list of names as the command line says it. */
static void test_formats(void)
{
	char b[256], want[256] = "text";
	size_t n = 1;

	T_CHECK(render_format_find("text") == render_formats && render_format_find("xml") == NULL);
	for (; render_formats[n].name != NULL; n++) {
		T_CHECK(render_format_find(render_formats[n].name) == &render_formats[n] && render_formats[n].render);
		text_fmt(want + strlen(want), sizeof want - strlen(want), "%s%s",
		         render_formats[n + 1].name ? ", " : " or ", render_formats[n].name);
	}
	T_CHECK(render_format_list(b, sizeof b, ", ", " or ") == strlen(want));
	T_STREQ(b, want);
	T_CHECK(strncmp(want, "text, csv, json, markdown", 25) == 0);   /* the classic ones, in order */
	T_CHECK(render_format_list(b, 7, ", ", " or ") == strlen(want));
	T_STREQ(b, "text, ");
}

static void test_micro_forms(void)
{
	static const char sum[] = "Processor, Processes - times in microseconds\nHost <a&b>\n";

	T_CHECK(render_format_find("csv")->micro != NULL && render_format_find("json")->micro != NULL);
	T_STREQ(micro_in("csv", sum), "label,run,source,host,kernel,placement,metric,unit,value,reason\n");
	T_CHECK(strstr(micro_in("json", sum), "\"kind\": \"micro\",\n \"runs\": []}") != NULL);
	T_STREQ(micro_in("text", sum), sum);
	T_STREQ(micro_in("markdown", sum), "## Microbenchmarks\n\n```\n" "Processor, Processes - times "
	        "in microseconds\nHost <a&b>\n```\n");
	T_CHECK(no_trailing_space(buf));
	const char *h = micro_in("html", sum);
	T_CHECK(strncmp(h, "<!DOCTYPE html>", 15) == 0 && strstr(h, "</html>\n") != NULL);
	T_CHECK(strstr(h, "<title>contest: microbenchmarks</title>") != NULL);
	T_CHECK(strstr(h, "<pre class=\"micro\">Processor, Processes - times in microseconds\n"
	                  "Host &lt;a&amp;b&gt;\n</pre>") != NULL);
}

int main(void)
{
	test_json_runs();
	test_json_utf8();
	test_csv_columns();
	test_markdown();
	test_micro_forms();
	test_formats();
	free(buf);
	return t_done();
}
