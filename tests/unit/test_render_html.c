/* test_render_html.c: unit tests of the HTML report: structure, escaping, chart elements and self-containment. */
#include "lib/text.h"
#include "results/record/micro_record.h"
#include "results/record/record.h"
#include "results/render/render.h"
#include "results/render/render_paired.h"
#include "results/model/summary.h"
#include "tests/unit/t.h"
#include "tests/unit/trec.h"
#include "tests/unit/trender.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define WL "builtin-1:default"
#define HOSTILE "<script>alert('x')</script> & \"q\""
#define HOSTILE_ESC "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"

static const char *const order[] = { "no_load", "io_load", NULL };

/* add: append one ok run to set. */
static void add(struct rec_set *set, const char *label, const char *load, const char *workload,
                double time, double loads, const char *detail)
{
	struct rec r;

	trec_init(&r, label, load, workload, (int)set->n + 1);
	snprintf(r.timestamp, sizeof r.timestamp, "2026-01-01T00:00:%02dZ", (int)(set->n % 60));
	text_copy(r.detail, detail, sizeof r.detail);
	r.jobs = 4;
	r.time = time;
	r.cpu_pct = 90 + time / 100;
	r.loads = loads;
	r.lcpu_pct = isnan(loads) ? NAN : 20;
	T_CHECK(rec_set_add(set, &r) == 0);
}

/* add_failed: append one failed run to set. */
static void add_failed(struct rec_set *set, const char *label, const char *load, const char *workload)
{
	struct rec r;

	trec_init(&r, label, load, workload, (int)set->n + 1);
	text_copy(r.timestamp, "2026-01-02T00:00:00Z", sizeof r.timestamp);
	text_copy(r.reason, "load exited", sizeof r.reason);
	r.jobs = 4;
	r.failed = 1;
	T_CHECK(rec_set_add(set, &r) == 0);
}

/* has_word: word occurs in hay, case-insensitively, not inside a longer
 * word ("nanoseconds" is fine, "-nan" and ">inf<" are not). */
static int has_word(const char *hay, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = hay; *p; p++)
		if (strncasecmp(p, word, n) == 0 && (p == hay || !isalpha((unsigned char)p[-1])) &&
		    !isalpha((unsigned char)p[n]))
			return 1;
	return 0;
}

static char *buf;   /* the last html() */

/* html: render s into buf. */
static const char *html(const struct summary *s, long baseline, const struct micro_record_set *micro)
{
	const struct rep_show show = { .baseline = baseline };

	return tr_render(&buf, s, NULL, "html", &show, micro, NULL, 0);
}

/* two_labels: labels A and B, no_load and io_load, 3 runs each; B is ~10%
 * slower under io_load and its io_load detail is hostile. */
static void two_labels(struct rec_set *set, const char *workload)
{
	add(set, "2.6.0", "no_load", workload, 80, NAN, "");
	add(set, "2.6.0", "no_load", workload, 81, NAN, "");
	add(set, "2.6.0", "no_load", workload, 82, NAN, "");
	add(set, "2.6.1-mm2", "no_load", workload, 80.5, NAN, "");
	add(set, "2.6.1-mm2", "no_load", workload, 81, NAN, "");
	add(set, "2.6.1-mm2", "no_load", workload, 81.5, NAN, "");
	add(set, "2.6.0", "io_load", workload, 100, 5, "dd");
	add(set, "2.6.0", "io_load", workload, 101, 6, "dd");
	add(set, "2.6.0", "io_load", workload, 102, 7, "dd");
	add(set, "2.6.1-mm2", "io_load", workload, 110, 5, HOSTILE);
	add(set, "2.6.1-mm2", "io_load", workload, 111, 5, HOSTILE);
	add(set, "2.6.1-mm2", "io_load", workload, 112, 5, HOSTILE);
}

/* self_contained: checks every page must pass. */
static void self_contained(const char *h)
{
	T_CHECK(strncmp(h, "<!DOCTYPE html>", 15) == 0);
	T_CHECK(strstr(h, "<script") == NULL);
	T_CHECK(strstr(h, "http://") == NULL && strstr(h, "https://") == NULL);
	T_CHECK(!has_word(h, "nan") && !has_word(h, "inf"));
	T_CHECK(tr_count(h, "<table") == tr_count(h, "</table>"));
	T_CHECK(tr_count(h, "<svg") == tr_count(h, "</svg>"));
	T_CHECK(strstr(h, "</html>") != NULL);
}

static void test_basic(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	const char *h;

	two_labels(&set, WL);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	T_CHECK(s.nworkloads == 1 && s.nloads == 2 && s.nlabels == 2);

	h = html(&s, -1, NULL);
	self_contained(h);
	T_CHECK(tr_count(h, "<svg") == 1);
	T_CHECK(tr_count(h, "<rect class=\"bar\"") == 4);
	T_CHECK(tr_count(h, "class=\"err\"") == 4);
	T_CHECK(tr_count(h, "class=\"ref\"") == 1);
	T_CHECK(tr_count(h, "<rect class=\"key\"") == 2);
	T_CHECK(tr_count(h, "<table>") == 2);
	T_CHECK(strstr(h, "Workload:") == NULL);
	T_CHECK(strstr(h, HOSTILE_ESC) != NULL);
	T_CHECK(strstr(h, "2.6.0") != NULL && strstr(h, "2.6.1-mm2") != NULL);
	T_CHECK(strstr(h, "<caption>no_load</caption>") != NULL);
	T_CHECK(strstr(h, "<caption>io_load</caption>") != NULL);
	T_CHECK(strstr(h, "<title>contest: 2.6.0, 2.6.1-mm2</title>") != NULL);
	T_CHECK(strstr(h, "<li>2.6.0: dd</li>") != NULL);
	T_CHECK(strstr(h, "<li>2.6.1-mm2: " HOSTILE_ESC "</li>") != NULL);
	/* The text report's figures: Time 1 decimal, CPU% 0, Loads "-" when NaN, Ratio 2. */
	T_CHECK(strstr(h, "<tr><td>2.6.0</td><td class=\"num\">3</td><td class=\"num\">81.0</td>"
	                  "<td class=\"num\">91</td><td class=\"num\">-</td><td class=\"num\">-</td>"
	                  "<td class=\"num\">1.00</td></tr>") != NULL);
	T_CHECK(strstr(h, "<td class=\"num\">111.0</td>") != NULL);
	T_CHECK(strstr(h, "<td class=\"num\">1.37</td>") != NULL);   /* 111 / 81 */
	T_CHECK(strstr(h, "vs 2.6.0") == NULL && strstr(h, "Microbenchmarks") == NULL);
	T_CHECK(strstr(h, "<pre") == NULL);

	/* With a baseline: the comparison columns. */
	h = html(&s, 0, NULL);
	self_contained(h);
	T_CHECK(strstr(h, "<th>Time &#177;95%</th><th>vs 2.6.0</th>") != NULL);
	T_CHECK(tr_count(h, "<td class=\"vs\">baseline</td>") == 2);
	T_CHECK(strstr(h, "<td class=\"vs sig\">+9.9% [") != NULL);   /* 111 vs 101 */
	T_CHECK(strstr(h, " *</td>") != NULL);
	T_CHECK(strstr(h, "no significant difference") != NULL);   /* no_load: 81 vs 81 */
	T_CHECK(strstr(h, "&#177;2.48") != NULL);   /* t(0.975, 2) * 1 / sqrt(3) */
	summary_free(&s);
	rec_set_free(&set);
}

static void test_missing_and_workloads(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	const char *h;

	two_labels(&set, WL);
	two_labels(&set, "tree<b>&\"1\"");
	add(&set, "x", "io_load", WL, 100, 3, "");         /* no no_load: Ratio NaN, no bar */
	add_failed(&set, "x", "no_load", WL);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	T_CHECK(s.nworkloads == 2 && s.nlabels == 3);
	h = html(&s, 2, NULL);
	self_contained(h);
	T_CHECK(tr_count(h, "<svg") == 2);
	T_CHECK(tr_count(h, "<rect class=\"bar\"") == 8);
	T_CHECK(tr_count(h, "class=\"err\"") == 8);
	T_CHECK(tr_count(h, "<table>") == 4);
	T_CHECK(strstr(h, "<h2>Workload: builtin-1:default -j4</h2>") != NULL);
	T_CHECK(strstr(h, "Workload: tree&lt;b&gt;&amp;&quot;1&quot; -j4</h2>") != NULL);
	T_CHECK(strstr(h, "<li>x: 1 failed run(s) not averaged</li>") != NULL);
	/* x is the baseline: only 1 run of io_load, none ok of no_load. */
	T_CHECK(strstr(h, ", needs 2 runs each</td>") != NULL);
	T_CHECK(strstr(h, "the baseline has no runs here") != NULL);
	summary_free(&s);
	rec_set_free(&set);
}

static void test_micro(void)
{
	static const char *const metrics[] = { "mhz", "null_call", "lat_pipe", "bw_pipe", NULL };
	struct micro_record_set micro = { 0 };
	struct rec_set set = { 0 };
	struct summary s;
	const char *h;

	for (int i = 0; metrics[i] != NULL; i++) {
		struct micro_record m = { .run = 1, .spread = 0.01, .value = 1.5 * (i + 1) };
		text_copy(m.label, "2.6.0", sizeof m.label);
		text_copy(m.timestamp, "2026-01-01T00:00:00Z", sizeof m.timestamp);
		text_copy(m.host, "host<&>", sizeof m.host);
		text_copy(m.mode, "full", sizeof m.mode);
		text_copy(m.metric, metrics[i], sizeof m.metric);
		T_CHECK(micro_record_set_add(&micro, &m) == 0);
	}
	two_labels(&set, WL);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	h = html(&s, -1, &micro);
	self_contained(h);
	T_CHECK(tr_count(h, "<h2>Microbenchmarks</h2>") == 1);
	T_CHECK(tr_count(h, "<pre class=\"micro\">") == 1);
	T_CHECK(strstr(h, "Processor, Processes") != NULL);
	T_CHECK(strstr(h, "host&lt;&amp;&gt;") != NULL);
	T_CHECK(strstr(h, "host<") == NULL);

	/* An empty set is no section. */
	struct micro_record_set none = { 0 };
	h = html(&s, -1, &none);
	T_CHECK(strstr(h, "Microbenchmarks") == NULL && strstr(h, "<pre") == NULL);

	if (getenv("HTML_SAMPLE")) {   /* a page to look at */
		FILE *f = fopen(getenv("HTML_SAMPLE"), "w");
		if (f) {
			fputs(html(&s, 0, &micro), f);
			fclose(f);
		}
	}
	summary_free(&s);
	rec_set_free(&set);
	micro_record_set_free(&micro);
}

/* test_env: the environment differences as a list under the tables,
 * escaped; no section when nothing differs. */
/* test_page: what the page says about itself and its chart: title, host,
 * dates, workload, version, the legend, a bar per label and load, the axis
 * scaled to the bars with a whisker beyond it cut and marked, and Time with
 * the text report's decimals under --stats. */
static void test_page(void)
{
	static const char *const loads[] = { "no_load", "io_load", NULL };
	struct rec_set set = { 0 };
	struct summary s;
	const char *h;

	two_labels(&set, WL);
	add(&set, "w", "no_load", WL, 10, NAN, "");
	add(&set, "w", "no_load", WL, 20, NAN, "");   /* a wide interval: Ratio's whisker beyond 5 */
	add(&set, "w", "io_load", WL, 16, 1, "");
	add(&set, "w", "io_load", WL, 17, 1, "");
	for (size_t i = 0; i < set.n; i++) {
		text_copy(set.v[i].host, i < 3 ? "box<1>" : "box2", sizeof set.v[i].host);
		text_copy(set.v[i].version, "9.8.7", sizeof set.v[i].version);
	}
	T_CHECK(summary_build(&s, &set, NULL, 0, loads, 2, order) == 0);
	h = tr_render(&buf, &s, &set, "html", &(struct rep_show){ .baseline = 0 }, NULL, NULL, 0);
	self_contained(h);
	T_CHECK(strstr(h, "<title>contest: 2.6.0, 2.6.1-mm2, w</title>") != NULL);
	T_CHECK(strstr(h, "<p class=\"meta\">Host: box&lt;1&gt;, box2 &#183; runs from "
	                  "2026-01-01 00:00:00 UTC to 2026-01-01 00:00:15 UTC &#183; workload: "
	                  WL " -j4 &#183; contest 9.8.7</p>") != NULL);
	T_CHECK(tr_count(h, "<rect class=\"bar\"") == 3 * 2);   /* a bar per label and load */
	T_CHECK(tr_count(h, "<rect class=\"key\"") == 3);
	T_CHECK(strstr(h, "<p class=\"legend\">Bars: Ratio") != NULL);
	T_CHECK(strstr(h, "Whiskers: the 95% interval of that Time over the no_load mean") != NULL);
	T_CHECK(strstr(h, "width=\"100%\" viewBox=\"0 0 1000 ") != NULL);
	/* the axis: 2.6.1-mm2's io_load bar (111 / 81 = 1.37) is the highest, x 1.1 up
	 * to a tick of 0.5: 2; w's whiskers (+-4.2) do not stretch it */
	T_CHECK(strstr(h, "text-anchor=\"end\">2</text>") != NULL);
	T_CHECK(strstr(h, ">2.5</text>") == NULL && strstr(h, ">5</text>") == NULL);
	T_CHECK(tr_count(h, "class=\"clip\"") >= 1);   /* w's whiskers pass the top */
	T_CHECK(strstr(h, "<td class=\"num\">81.00</td>") != NULL);   /* Time as in text --stats */
	summary_free(&s);
	rec_set_free(&set);
}

/* test_broken_axis: one load far above the rest (dbench_load's 6.7 beside
 * io_load's 1.1): the axis breaks, the break is marked and explained, the
 * tall bar's value is written on it; without it, no break. */
static void test_broken_axis(void)
{
	static const char *const loads[] = { "no_load", "io_load", "dbench_load", NULL };
	static const char *const order3[] = { "no_load", "io_load", "dbench_load", NULL };
	struct rec_set set = { 0 };
	struct summary s;
	const char *h;

	add(&set, "a", "no_load", WL, 40, NAN, "");
	add(&set, "a", "io_load", WL, 44, 5, "");
	add(&set, "a", "dbench_load", WL, 268, 5, "");
	T_CHECK(summary_build(&s, &set, NULL, 0, loads, 3, order3) == 0);
	h = html(&s, 0, NULL);
	self_contained(h);
	T_CHECK(tr_count(h, "<rect class=\"brk\"") == 1);
	T_CHECK(strstr(h, "The axis is broken") != NULL);
	T_CHECK(strstr(h, ">6.70</text>") != NULL);   /* the tall bar's value */
	T_CHECK(strstr(h, "text-anchor=\"end\">1.25</text>") != NULL);   /* the lower part's top */
	summary_free(&s);
	rec_set_free(&set);
	two_labels(&set, WL);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	h = html(&s, 0, NULL);
	T_CHECK(strstr(h, "class=\"brk\"") == NULL && strstr(h, "The axis is broken") == NULL);
	summary_free(&s);
	rec_set_free(&set);
}

static void test_env(void)
{
	static const struct tr_env env[] = {
		{ "2.6.1-mm2", "vm.swappiness", "60", "10" },
		{ "2.6.1-mm2", "cmdline", "a<b", "x&y" },
	};
	const struct rep_show show = { .baseline = -1 };
	struct rec_set set = { 0 };
	struct summary s;

	two_labels(&set, WL);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	const char *h = tr_render(&buf, &s, &set, "html", &show, NULL, env, 2);
	self_contained(h);
	T_CHECK(strstr(h, "</li>\n</ul>\n<h2>Environment</h2>\n"
	                  "<p>The environment differs from 2.6.0&#39;s besides the kernel:</p>\n"
	                  "<ul class=\"notes\">\n"
	                  "<li>2.6.1-mm2: <code>vm.swappiness</code>: 60 &#8594; 10</li>\n"
	                  "<li>2.6.1-mm2: <code>cmdline</code>: a&lt;b &#8594; x&amp;y</li>\n"
	                  "</ul>\n</body>") != NULL);
	T_CHECK(strstr(html(&s, -1, NULL), "Environment") == NULL);
	summary_free(&s);
	rec_set_free(&set);
}

static void test_empty(void)
{
	struct rec_set set = { 0 };
	struct summary s;

	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	const char *h = html(&s, -1, NULL);
	self_contained(h);
	T_CHECK(tr_count(h, "<svg") == 0 && tr_count(h, "<table") == 0);
	T_CHECK(strstr(h, "class=\"meta\"") == NULL);   /* no host, dates or workload to name */
	summary_free(&s);
}

/* test_no_load_alone: with no_load alone every Ratio is 1.00: no "Ratio
 * per load" chart, the tables as before; with a second load it is back. */
static void test_no_load_alone(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	const char *h;

	add(&set, "A", "no_load", WL, 30.0, NAN, "");
	add(&set, "A", "no_load", WL, 30.4, NAN, "");
	add(&set, "B", "no_load", WL, 33.0, NAN, "");
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	h = html(&s, -1, NULL);
	self_contained(h);
	T_CHECK(tr_count(h, "<svg") == 0 && strstr(h, "Ratio per load") == NULL);
	T_CHECK(tr_count(h, "<table>") == 1 && strstr(h, "<h2>Results per load</h2>") != NULL);
	summary_free(&s);
	add(&set, "A", "io_load", WL, 40.0, 2, "");
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	h = html(&s, -1, NULL);
	T_CHECK(tr_count(h, "<svg") == 1 && strstr(h, "<figcaption>Ratio per load</figcaption>") != NULL);
	summary_free(&s);
	rec_set_free(&set);
}

/* test_series_lead: render_html_series puts the series' part (a paired
 * model of the same records) under the title, before the usual tables. */
static void test_series_lead(void)
{
	static const char *const labels[] = { "A", "B" }, *const loads[] = { "no_load" };
	struct rec_set set = { 0 };
	struct paired_model pm;
	struct summary s;
	struct rep_model m;
	const struct rep_show show = { .baseline = -1 };
	char *page = NULL;
	size_t len = 0;
	FILE *f;

	for (int r = 1; r <= 3; r++) {
		add(&set, "A", "no_load", WL, 30.0 + r, NAN, "");
		set.v[set.n - 1].round = r;
		text_copy(set.v[set.n - 1].series, "s1", sizeof set.v[0].series);
		add(&set, "B", "no_load", WL, 31.0 + r, NAN, "");
		set.v[set.n - 1].round = r;
		text_copy(set.v[set.n - 1].series, "s1", sizeof set.v[0].series);
	}
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	T_CHECK(paired_build(&pm, &set, labels, 2, 0, loads, 1, 0) == 0);
	T_CHECK(rep_model_build(&m, &s, &set, &show, NULL) == 0);
	T_CHECK((f = open_memstream(&page, &len)) != NULL);
	render_html_series(f, &m, &pm);
	fclose(f);
	self_contained(page);
	const char *lead = strstr(page, "<h2>Series: each kernel against A round by round</h2>");
	const char *tables = strstr(page, "<h2>Results per load</h2>");
	T_CHECK(lead != NULL && tables != NULL && lead < tables);
	T_CHECK(tr_count(page, "<svg") == 2);   /* the forest and the rounds; no Ratio chart */
	T_CHECK(strstr(page, "data-label=\"B\" data-load=\"no_load\" data-pct=\"+3.1%\"") != NULL);
	free(page);
	rep_model_free(&m);
	paired_free(&pm);
	summary_free(&s);
	rec_set_free(&set);
}

int main(void)
{
	test_basic();
	test_missing_and_workloads();
	test_micro();
	test_empty();
	test_broken_axis();
	test_env();
	test_page();
	test_no_load_alone();
	test_series_lead();
	free(buf);
	return t_done();
}
