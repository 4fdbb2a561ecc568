/* test_canary.c: the machine-speed canary in the report: the reference (a median), NTime, the noise from the canaries' own spread, the label and the run beyond it with their figures, from fixed records; old records (na) untouched. */
#include "lib/text.h"
#include "results/model/speed.h"
#include "results/record/record.h"
#include "results/model/summary.h"
#include "tests/unit/trender.h"

#include <math.h>
#include <string.h>

static const char *const order[] = { "no_load", NULL };

/* What each data format and html show of the records of main. */
static const struct {
	const char *fmt, *want;
} wants[] = {
	{ "html", "<th>Time</th><th>NTime</th>" },
	{ "html", "b no_load run 2 0.138 -&gt; 0.152 (+10.1%)" },
	{ "csv", ",ntime,canary_s,canary_after_s,majflt," },
	{ "csv", ",64.8352,0.146,0.154," },
	{ "json", "\"canary_ref\": 0.143," },
	{ "json", "\"ntime\": 64.8352, \"canary\": {\"canary_s\": 0.146, \"canary_after_s\": 0.154}" },
};

/* add: one ok no_load run of label with Time t and canaries before and
 * after (NaN: not recorded); no other figure. */
static void add(struct rec_set *set, const char *label, int run, double t, double before, double after)
{
	struct rec r;

	rec_init(&r);
	text_copy(r.label, label, sizeof r.label);
	text_copy(r.load, "no_load", sizeof r.load);
	r.run = run;
	r.time = t;
	r.ev[REV_CANARY] = before;
	r.ev[REV_CANARY_AFTER] = after;
	/* each canary's 3 compiles 1% apart: a canary's noise 1/1.693 = 0.59% */
	r.ev[REV_CANARY_SPREAD] = isfinite(before) ? 1.0 : NAN;
	r.ev[REV_CANARY_AFTER_SPREAD] = isfinite(after) ? 1.0 : NAN;
	T_CHECK(rec_set_add(set, &r) == 0);
}

/* test_run_canary: a run's canary is the mean of before and after, or the one there is. */
static void test_run_canary(void)
{
	struct rec r;

	rec_init(&r);
	T_CHECK(isnan(canary_of(&r)));
	r.ev[REV_CANARY] = 0.2;
	T_NEAR(canary_of(&r), 0.2, 1e-12);
	r.ev[REV_CANARY_AFTER] = 0.3;
	T_NEAR(canary_of(&r), 0.25, 1e-12);
	r.ev[REV_CANARY] = NAN;
	T_NEAR(canary_of(&r), 0.3, 1e-12);
}

/* test_model_holds: the model holds NTime and the machine notes, made once as
 * it is built: the renderers only print them. */
static void test_model_holds(const struct summary *s, const struct rec_set *set,
                             const struct rep_show *show)
{
	struct rep_model m;
	T_CHECK(rep_model_build(&m, s, set, show, NULL) == 0);
	T_CHECK(m.nnotes == 2 && m.notes[0].kind == 1 && m.notes[1].kind == 2);
	T_CHECK(strncmp(m.notes[0].text, "machine speed (canary: ", 23) == 0);
	T_CHECK(strncmp(m.notes[1].text, "runs whose canary after differs", 31) == 0);
	T_NEAR(m.workloads[0].blocks[0].rows[1].ntime, canary_ntime(&m, m.workloads[0].blocks[0].rows[1].c), 1e-12);
	T_NEAR(m.workloads[0].blocks[0].rows[1].ntime, 64.8352, 1e-4);
	T_CHECK(isnan(m.workloads[0].blocks[0].rows[2].ntime));
	rep_model_free(&m);
}

int main(void)
{
	struct rep_show show = { .baseline = -1 };
	struct rec_set set = { 0 };
	struct summary s;
	char *buf = NULL;

	test_run_canary();
	add(&set, "a", 1, 60, 0.140, 0.140);
	add(&set, "a", 2, 62, 0.141, 0.141);
	add(&set, "b", 1, 70, 0.154, 0.156);   /* 0.155: 8.4% over the reference */
	add(&set, "b", 2, 66, 0.138, 0.152);   /* drifted by 10.1% inside the run */
	add(&set, "c", 1, 60, NAN, NAN);       /* a record of an earlier version */
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	/* the reference: the median of 0.140, 0.141, 0.155, 0.145 */
	T_NEAR(summary_cell(&s, 0, 0, 0)->time_per_canary, (60 / 0.140 + 62 / 0.141) / 2, 1e-9);
	T_CHECK(isnan(summary_cell(&s, 0, 0, 2)->time_per_canary));
	T_STREQ(tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0),
	        "no_load:\n"
	        "Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
	        "a                 [2]   61.0    -       -       -       1.00\n"
	        "b                 [2]   68.0    -       -       -       1.00\n"
	        "c                 [1]   60.0    -       -       -       1.00\n"
	        "machine speed (canary: the best of 3 cc -O2 -c, seconds; reference 0.143, the median of "
	        "4 runs; a run's canary varies by 0.6% (sd) here): a 0.141, b 0.150 (+6.8% +-1.2% "
	        "against a's: beyond the noise)\n"
	        "  runs whose canary after differs from before beyond its noise (by more than 3.3% from "
	        "the usual +0.0%; the machine drifted): b no_load run 2 0.138 -> 0.152 (+10.1%)\n");
	test_model_holds(&s, &set, &show);
	/* --normalize: NTime = mean(Time / canary) x 0.143 beside Time */
	show.normalize = 1;
	show.precise = 1;
	tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "Kernel         [runs]   Time    NTime   CPU%    Loads   LCPU%   Ratio\n") == 1);
	T_CHECK(tr_count(buf, "a                 [2]   61.00   62.08   -       ") == 1);
	T_CHECK(tr_count(buf, "b                 [2]   68.00   64.84   -       ") == 1);
	T_CHECK(tr_count(buf, "c                 [1]   60.00   -       -       ") == 1);
	tr_render(&buf, &s, &set, "markdown", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "| Kernel | Runs | Time | NTime | CPU% |") == 1);
	T_CHECK(tr_count(buf, "| b | 2 | 68.00 | 64.84 | - |") == 1);   /* --precise as in text */
	T_CHECK(tr_count(buf, "- runs whose canary after differs from before beyond its noise") == 1);
	show.why = 1;
	tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "Kernel            Canary CanAfter\n"
	                      "a                  0.141    0.141\n"
	                      "b                  0.146    0.154\n") == 1);
	show.why = 0;
	for (size_t i = 0; i < sizeof wants / sizeof wants[0]; i++) {
		tr_render(&buf, &s, &set, wants[i].fmt, &show, NULL, NULL, 0);
		T_CHECK(tr_count(buf, wants[i].want) == 1);
	}
	summary_free(&s);

	/* a label within the noise keeps its figure and interval: how much could pass unseen */
	rec_set_free(&set);
	add(&set, "a", 1, 60, 0.140, 0.140);
	add(&set, "a", 2, 60, 0.140, 0.140);
	add(&set, "b", 1, 60, 0.141, 0.141);
	add(&set, "b", 2, 60, 0.141, 0.141);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	show.why = 0;
	tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0);
	/* 0.141 / 0.140: +0.7%; 1.96 x 0.59% x sqrt(1/2 + 1/2): +-1.2%, under 2% */
	T_CHECK(tr_count(buf, "here): a 0.140, b 0.141 (+0.7% +-1.2%)\n") == 1);
	T_CHECK(tr_count(buf, "beyond the noise") == 0);
	summary_free(&s);

	/* only records without a canary: no note, no canary table, NTime "-" */
	rec_set_free(&set);
	add(&set, "c", 1, 60, NAN, NAN);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	show.why = 1;
	tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "machine speed") + tr_count(buf, "CanAfter") == 0);
	T_CHECK(tr_count(buf, "c                 [1]   60.00   -       -       ") == 1);
	summary_free(&s);
	rec_set_free(&set);
	free(buf);
	return t_done();
}
