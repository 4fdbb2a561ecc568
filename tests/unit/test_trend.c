/* test_trend.c: unit tests of results/model/trend.c (trend order, steps, the largest change) and results/model/hosts.c (hosts kept apart as HOST:LABEL or merged). */
#include "results/model/hosts.h"
#include "results/model/build.h"
#include "results/render/render.h"
#include "results/model/trend.h"
#include "tests/unit/t.h"
#include "tests/unit/tjson.h"
#include "tests/unit/trec.h"

#include <math.h>
#include <stdlib.h>

/* add: a no_load run of label on host with time, at minute min. */
static void add(struct rec_set *set, const char *label, const char *host, int run, double time, int min)
{
	struct rec r;

	trec_init(&r, label, "no_load", "builtin-1:tiny", run);
	text_copy(r.host, host, sizeof r.host);
	snprintf(r.timestamp, sizeof r.timestamp, "2026-11-30T12:%02d:%02dZ", min, run);
	r.jobs = 8;
	r.time = time;
	r.cpu_pct = 190;
	r.loads = r.lcpu_pct = 0;
	T_CHECK(rec_set_add(set, &r) == 0);
}

/* abc: a, b (27% slower) and c (like a), 4 runs each, host h. */
static void abc(struct rec_set *set, const char *h)
{
	static const double ta[4] = { 1.40, 1.42, 1.41, 1.43 }, tb[4] = { 1.80, 1.78, 1.82, 1.79 };

	for (int i = 0; i < 4; i++) {
		add(set, "a", h, i + 1, ta[i], 1);
		add(set, "b", h, i + 1, tb[i], 2);
		add(set, "c", h, i + 1, ta[3 - i], 3);
	}
}

/* model_of: the trend model of set's labels (NULL: all, in recorded
 * order), series per label (NULL: one). */
static int model_of(struct rep_model *m, struct summary *s, const struct rec_set *set,
                    const char *const *labels, size_t n, const size_t *series)
{
	const char *order[] = { "no_load", NULL };
	struct rep_show show = { .baseline = -1, .trend = "recorded", .series = series };

	if (summary_build(s, set, labels, n, NULL, 0, order) != 0)
		return -1;
	return rep_model_build(m, s, set, &show, NULL);
}

/* model: model_of every label of set. */
static int model(struct rep_model *m, struct summary *s, const struct rec_set *set,
                 const size_t *series)
{
	return model_of(m, s, set, NULL, 0, series);
}

/* test_steps: a -> b a significant step up, b -> c one back, the largest a -> b. */
static void test_steps(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	struct rep_model m;

	abc(&set, "vm");
	T_CHECK(model(&m, &s, &set, NULL) == 0);
	const struct rep_block *b = &m.workloads[0].blocks[0];
	T_CHECK(b->nrows == 3 && b->steps != NULL);
	T_CHECK(b->steps[0].from == -1);
	T_CHECK(b->steps[1].from == 0 && b->steps[1].time.tested && b->steps[1].time.significant);
	T_NEAR(b->steps[1].time.pct, (1.7975 / 1.415 - 1) * 100, 1e-9);
	T_CHECK(b->steps[1].time.p < 0.001);
	T_CHECK(b->steps[2].from == 1 && b->steps[2].time.significant && b->steps[2].time.pct < -20);
	T_CHECK(b->largest == 1);
	rep_model_free(&m);
	summary_free(&s);
	rec_set_free(&set);
}

/* test_largest: a significant step beats a larger one that is not; no
 * significant step: the largest of all; one label: none. */
static void test_largest(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	struct rep_model m;
	static const double noisy[4] = { 1.0, 3.0, 1.2, 2.8 };   /* mean 2.0, wide */

	for (int i = 0; i < 4; i++) {
		add(&set, "a", "vm", i + 1, 1.00 + 0.01 * i, 1);
		add(&set, "b", "vm", i + 1, 1.10 + 0.01 * i, 2);   /* +10%, tight: significant */
		add(&set, "c", "vm", i + 1, noisy[i], 3);          /* +82%, not significant */
	}
	T_CHECK(model(&m, &s, &set, NULL) == 0);
	const struct rep_block *b = &m.workloads[0].blocks[0];
	T_CHECK(b->steps[1].time.significant && !b->steps[2].time.significant);
	T_CHECK(b->largest == 1);
	rep_model_free(&m);
	summary_free(&s);
	rec_set_free(&set);

	struct rec_set one = { 0 };
	add(&one, "a", "vm", 1, 1.0, 1);
	add(&one, "b", "vm", 1, 1.5, 2);
	add(&one, "c", "vm", 1, 1.1, 3);
	T_CHECK(model(&m, &s, &one, NULL) == 0);
	b = &m.workloads[0].blocks[0];
	T_CHECK(!b->steps[1].time.tested && b->steps[1].from == 0);
	T_CHECK(b->largest == 1);   /* +50% beats -26.7%, neither tested */
	rep_model_free(&m);
	summary_free(&s);
	rec_set_free(&one);

	struct rec_set single = { 0 };
	add(&single, "a", "vm", 1, 1.0, 1);
	T_CHECK(model(&m, &s, &single, NULL) == 0);
	T_CHECK(m.workloads[0].blocks[0].largest == -1 && m.workloads[0].blocks[0].steps[0].from == -1);
	rep_model_free(&m);
	summary_free(&s);
	rec_set_free(&single);
}

/* test_series: no step between two series (hosts). */
static void test_series(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	struct rep_model m;
	const size_t series[4] = { 0, 0, 1, 1 };   /* a, b of one host; c, d of another */

	for (int i = 0; i < 2; i++) {
		add(&set, "a", "h1", i + 1, 1.0 + 0.01 * i, 1);
		add(&set, "b", "h1", i + 1, 1.1 + 0.01 * i, 2);
		add(&set, "c", "h2", i + 1, 5.0 + 0.01 * i, 3);
		add(&set, "d", "h2", i + 1, 5.1 + 0.01 * i, 4);
	}
	T_CHECK(model(&m, &s, &set, series) == 0);
	const struct rep_block *b = &m.workloads[0].blocks[0];
	T_CHECK(b->steps[1].from == 0 && b->steps[2].from == -1 && b->steps[3].from == 2);
	rep_model_free(&m);
	summary_free(&s);
	rec_set_free(&set);
}

/* test_order: by series, then rank or version; not versions last. */
static void test_order(void)
{
	struct trend_key v[] = {
		{ "2.5.42", "2.5.42", 0, 0 }, { "base", "base", 0, 1 }, { "2.5.41-mm1", "2.5.41-mm1", 0, 2 },
		{ "zz", "zz", 0, 3 }, { "2.5.42-rc1", "2.5.42-rc1", 0, 4 }, { "2.5.41", "2.5.41", 0, 5 },
		{ "h2:2.5.41", "2.5.41", 1, 6 }, { "h2:2.5.40", "2.5.40", 1, 7 },
	};
	const char *want[] = { "2.5.41", "2.5.41-mm1", "2.5.42-rc1", "2.5.42", "base", "zz",
	                       "h2:2.5.40", "h2:2.5.41" };
	size_t n = sizeof v / sizeof v[0];

	T_CHECK(trend_order(v, n, 1) == 2);
	for (size_t i = 0; i < n; i++)
		T_STREQ(v[i].name, want[i]);
	T_CHECK(trend_order(v, n, 0) == 0);
	for (size_t i = 0; i < n; i++)
		T_CHECK(v[i].rank == i);
}

/* test_hosts: two hosts kept apart as HOST:LABEL; merged; one host alone is not renamed. */
static void test_hosts(void)
{
	struct rec_set set = { 0 };
	struct host_map map;
	size_t end[2];

	add(&set, "a", "h1", 1, 1.0, 1);
	add(&set, "b", "h1", 1, 1.0, 2);
	end[0] = set.n;
	add(&set, "a", "h2", 1, 2.0, 3);
	add(&set, "a", "", 2, 2.0, 3);
	end[1] = set.n;
	T_CHECK(hosts_split(&map, &set, end, 2, 0) == 0);
	T_CHECK(map.apart && map.nhosts == 3 && map.n == 4);
	T_STREQ(set.v[0].label, "h1:a");
	T_STREQ(set.v[2].label, "h2:a");
	T_STREQ(set.v[3].label, HOSTS_UNNAMED ":a");
	const struct host_label *e = hosts_find(&map, "h2:a");
	T_CHECK(e != NULL && e->dir == 1);
	T_STREQ(e ? e->label : "", "a");
	T_STREQ(e ? e->host : "", "h2");
	T_CHECK(hosts_find(&map, "a") == NULL);
	T_CHECK(hosts_index(&map, "h2") == 1);
	hosts_free(&map);
	rec_set_free(&set);

	struct rec_set two = { 0 };
	add(&two, "a", "h1", 1, 1.0, 1);
	add(&two, "a", "h2", 1, 2.0, 2);
	end[0] = two.n;
	T_CHECK(hosts_split(&map, &two, end, 1, 1) == 0);
	T_CHECK(!map.apart && map.nhosts == 2 && map.n == 1);
	T_STREQ(two.v[1].label, "a");
	hosts_free(&map);
	rec_set_free(&two);

	struct rec_set one = { 0 };
	add(&one, "a", "h1", 1, 1.0, 1);
	end[0] = one.n;
	T_CHECK(hosts_split(&map, &one, end, 1, 0) == 0);
	T_CHECK(!map.apart);
	T_STREQ(one.v[0].label, "a");
	hosts_free(&map);
	rec_set_free(&one);

	/* the longest host and label still fit */
	struct rec_set big = { 0 };
	char host[72], label[REC_LABEL_MAX + 1], want[200];
	memset(host, 'h', sizeof host - 1);
	host[sizeof host - 1] = '\0';
	memset(label, 'l', sizeof label - 1);
	label[sizeof label - 1] = '\0';
	add(&big, label, host, 1, 1.0, 1);
	add(&big, label, "h2", 1, 1.0, 1);
	end[0] = big.n;
	T_CHECK(hosts_split(&map, &big, end, 1, 0) == 0);
	snprintf(want, sizeof want, "%s:%s", host, label);
	T_STREQ(big.v[0].label, want);
	hosts_free(&map);
	rec_set_free(&big);
}

/* render: model m in trend form fn into a string to free. */
static char *render(render_fn *fn, const struct rep_model *m)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	fn(f, m);
	fclose(f);
	return text;
}

/* test_render: every trend form of a, b, c (hosts apart): the steps shown,
 * a strictly valid JSON document, the chart's marks. */
static void test_render(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	struct rep_model m;
	struct host_map map;
	size_t end[1], series[6] = { 0, 0, 0, 1, 1, 1 };
	char why[160] = "", *t;

	abc(&set, "h\"1");
	abc(&set, "h2");
	end[0] = set.n;
	T_CHECK(hosts_split(&map, &set, end, 1, 0) == 0);
	static const char *const names[6] = { "h\"1:a", "h\"1:b", "h\"1:c", "h2:a", "h2:b", "h2:c" };
	T_CHECK(model_of(&m, &s, &set, names, 6, series) == 0);
	m.hosts = &map;
	t = render(render_trend_text, &m);
	T_CHECK(strstr(t, "one series per host") != NULL);
	T_CHECK(strstr(t, "\nh2:a                4   1.41    0.02    1.00    0.01\n"
	                    "h2:b                4   1.80    0.03    1.00    0.02    +27.0% [") != NULL);
	T_CHECK(strstr(t, "  largest change: h\"1:a -> h\"1:b, Time +27.0% (p = 8.3e-08), significant\n") != NULL);
	free(t);
	t = render(render_trend_json, &m);
	T_CHECK(tjson_check(t, strlen(t), why, sizeof why) == 0);
	T_CHECK(strstr(t, "\"label\": \"h2:a\", \"runs\": 4") != NULL);
	T_CHECK(strstr(t, "\"step\": null") != NULL);
	free(t);
	t = render(render_trend_html, &m);
	T_CHECK(strstr(t, "h&quot;1:a") != NULL && strstr(t, "h\"1") == NULL);
	size_t steps = 0;
	for (const char *p = t; (p = strstr(p, "class=\"step\"")) != NULL; p++)
		steps++;
	T_CHECK(steps == 4);   /* two per host, none between the hosts */
	free(t);
	t = render(render_trend_csv, &m);
	T_CHECK(strstr(t, ",no_load,h2:a,4,") != NULL && strstr(t, ",h2:c,4,") != NULL);
	free(t);
	t = render(render_trend_markdown, &m);
	T_CHECK(strstr(t, "| h2:a | 4 | 1.41 | 0.02 | 1.00 | 0.01 | - |") != NULL);
	free(t);
	rep_model_free(&m);
	summary_free(&s);
	hosts_free(&map);
	rec_set_free(&set);
}

int main(void)
{
	test_steps();
	test_largest();
	test_series();
	test_order();
	test_hosts();
	test_render();
	return t_done();
}
