/* test_json.c: unit tests of the strict JSON decoder (tjson.h) and of whole --format json reports of records with hostile bytes in every string field: each one a valid JSON document in valid UTF-8. */
#include "lib/text.h"
#include "results/record/record.h"
#include "results/render/render.h"
#include "results/model/summary.h"
#include "tests/unit/t.h"
#include "tests/unit/tjson.h"
#include "tests/unit/trec.h"
#include "tests/unit/trender.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *buf;   /* the last render */

/* valid: tjson_check over the NUL-terminated s; prints why when refused. */
static int valid(const char *s)
{
	char why[160];

	if (tjson_check(s, strlen(s), why, sizeof why) == 0)
		return 1;
	fprintf(stderr, "refused: %s\n", why);
	return 0;
}

/* refused: tjson_check refuses s (quietly). */
static int refused(const char *s)
{
	return tjson_check(s, strlen(s), NULL, 0) != 0;
}

/* The decoder itself: what it takes and what it refuses. */
static void test_decoder(void)
{
	static const char *const bad[] = {
		"", " ", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{1:2}", "[1 2]", "01", "1.", ".5", "-",
		"1e", "+1", "NaN", "Infinity", "-Infinity", "nul", "truex", "[1]]", "\"a", "\"\\x\"",
		"\"\\u12\"", "\"\\u12g4\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"a\tb\"",
		"\"\x01\"", "\"\xff\"", "\"\x80\"", "\"\xc0\xaf\"", "\"\xc3\"", "\"\xe2\x82\"",
		"\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xf8\x88\x80\x80\x80\"", "\"\xe0\x80\xaf\"",
		"[] []", "\xef\xbb\xbf[]",
	};
	char deep[2 * TJSON_DEPTH + 3];

	T_CHECK(valid("{}") && valid("[]") && valid(" [ ] ") && valid("0") && valid("-0.5e+3"));
	T_CHECK(valid("{\"a\": [1, 2.5, -3e-2, true, false, null, \"x\"], \"b\": {\"c\": {}}}"));
	T_CHECK(valid("\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf \xef\xbf\xbd\""));
	T_CHECK(valid("\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\ufffd \\ud83d\\ude00\""));
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int r = refused(bad[i]);
		T_CHECK(r);
		if (!r)
			fprintf(stderr, "  taken: bad[%zu]\n", i);
	}
	T_CHECK(tjson_check("\"a\0b\"", 5, NULL, 0) != 0);
	/* TJSON_DEPTH levels of arrays are taken, one more is refused */
	memset(deep, '[', TJSON_DEPTH);
	memset(deep + TJSON_DEPTH, ']', TJSON_DEPTH);
	deep[2 * TJSON_DEPTH] = '\0';
	T_CHECK(valid(deep));
	memset(deep, '[', TJSON_DEPTH + 1);
	memset(deep + TJSON_DEPTH + 1, ']', TJSON_DEPTH + 1);
	deep[2 * TJSON_DEPTH + 2] = '\0';
	T_CHECK(refused(deep));
}

/* Byte strings no JSON string may hold raw: invalid UTF-8 of every kind,
 * quotes, backslashes and control characters. */
static const char *const hostile[] = {
	"6.\xff" "18", "\x80lone", "cut\xe2\x82", "\xc0\xaf/overlong", "\xed\xa0\x80surrogate",
	"\xf4\x90\x80\x80high", "\xf8\x88\x80\x80\x80", "q\"uo\\te", "ctl\x01\x1f\t\n\r\x7f",
	"caf\xc3\xa9 \xe2\x82\xac",
};
#define NHOSTILE (sizeof hostile / sizeof hostile[0])

/* hostile_rec: run run of label and load with hostile bytes (from the k-th
 * on) in every other string field. */
static void hostile_rec(struct rec *r, const char *label, const char *load, int run, size_t k)
{
	char *const f[] = { r->timestamp, r->host, r->kernel, r->version, r->workload, r->reason,
	                    r->detail, r->sysctl, r->confine, r->swap };
	const size_t len[] = { sizeof r->timestamp, sizeof r->host, sizeof r->kernel, sizeof r->version,
	                       sizeof r->workload, sizeof r->reason, sizeof r->detail, sizeof r->sysctl,
	                       sizeof r->confine, sizeof r->swap };

	trec_init(r, label, load, "", run);
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		text_copy(f[i], hostile[(k + i) % NHOSTILE], len[i]);
	r->jobs = 4;
	r->mem = 1u << 30;
	r->flushed = (int)(k % 3) - 1;
	r->failed = run == 3;
	if (!r->failed) {
		r->time = 60 + (double)run;
		r->cpu_pct = 180;
		r->loads = 2;
		r->lcpu_pct = 10;
	}
}

/* report_json: set as a --format json report (baseline: label index or
 * -1), with an environment difference of hostile bytes; checked strictly. */
static void report_json(const struct rec_set *set, long baseline)
{
	static const char *const order[] = { "no_load", NULL };
	const struct rep_show show = { .baseline = baseline, .why = 1, .latency = 1, .normalize = 1 };
	const struct tr_env env[] = { { "b\xff", "kernel\x01", "6.\xff" "18", "\xed\xa0\x80\"" } };
	struct summary s;
	char why[160];

	T_CHECK(summary_build(&s, set, NULL, 0, NULL, 0, order) == 0);
	tr_render(&buf, &s, set, "json", &show, NULL, env, 1);
	why[0] = '\0';
	T_CHECK(tjson_check(buf, strlen(buf), why, sizeof why) == 0);
	if (why[0] != '\0')
		fprintf(stderr, "json report refused %s\n", why);
	summary_free(&s);
}

/* Whole reports of records with hostile bytes in every string field, in
 * every kind of load name and label they can carry. */
static void test_hostile_reports(void)
{
	static const char *const loads[] = { "no_load", "io\xff_load", "x\"\\\x01" };
	static const char *const labels[] = { "a", "b\xff", "c\xc0\xaf" };
	struct rec_set set = { 0 };
	struct rec r;
	size_t k = 0;

	for (size_t l = 0; l < 3; l++)
		for (size_t b = 0; b < 3; b++)
			for (int run = 1; run <= 3; run++) {
				hostile_rec(&r, labels[b], loads[l], run, k++);
				T_CHECK(rec_set_add(&set, &r) == 0);
			}
	report_json(&set, -1);
	T_CHECK(strstr(buf, "\\ufffd") != NULL && strstr(buf, "caf\xc3\xa9 \xe2\x82\xac") != NULL);
	T_CHECK(strstr(buf, "6.\\ufffd18") != NULL);   /* the kernel field */
	report_json(&set, 0);
	report_json(&set, 1);
	rec_set_free(&set);
}

int main(void)
{
	test_decoder();
	test_hostile_reports();
	free(buf);
	return t_done();
}
