/* test_busy.c: runs beside other programs' CPU (foreign_pct over 5%): counted by the summary, marked on their row and named under the block in text, markdown and html; quiet runs and old records (na) untouched. */
#include "lib/text.h"
#include "results/record/record.h"
#include "results/model/summary.h"
#include "tests/unit/trender.h"

#include <math.h>

static const char *const order[] = { "no_load", "io_load", NULL };

/* add: one ok run of label and load with Time t and foreign CPU f (NaN: an old record). */
static void add(struct rec_set *set, const char *label, const char *load, int run, double t, double f)
{
	struct rec r;

	rec_init(&r);
	text_copy(r.label, label, sizeof r.label);
	text_copy(r.load, load, sizeof r.load);
	text_copy(r.workload, "builtin-1:tiny", sizeof r.workload);
	r.run = run;
	r.jobs = 8;
	r.time = t;
	r.cpu_pct = 190;
	r.loads = 0;
	r.lcpu_pct = 0;
	r.ev[REV_FOREIGN] = f;
	T_CHECK(rec_set_add(set, &r) == 0);
}

int main(void)
{
	static const struct rep_show show = { .baseline = -1 };
	struct rec_set set = { 0 };
	struct summary s;
	char *buf = NULL;

	add(&set, "a", "no_load", 1, 60, 1.2);
	add(&set, "a", "no_load", 2, 61, -0.8);
	add(&set, "b", "no_load", 1, 80, 33.1);
	add(&set, "b", "no_load", 2, 62, 2.0);
	add(&set, "b", "no_load", 3, 79, 27.9);
	add(&set, "c", "no_load", 1, 60, NAN);
	add(&set, "c", "io_load", 1, 90, 5.0);   /* at the threshold: not over it */
	add(&set, "c", "io_load", 2, 95, 5.1);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	T_STREQ(tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0),
	        "no_load:\n"
	        "Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
	        "a                 [2]   60.5    190     0       0       1.00\n"
	        "b                 [3]   73.7    190     0       0       1.00   busy\n"
	        "c                 [1]   60.0    190     0       0       1.00\n"
	        "  b: busy machine: runs 1, 3 had 27.9-33.1% of one CPU taken by other programs beside "
	        "the compile (more than 5%): their Times may be too long\n"
	        "io_load:\n"
	        "Kernel         [runs]   Time    CPU%    Loads   LCPU%   Ratio\n"
	        "c                 [2]   92.5    190     0       0       1.54   busy\n"
	        "  c: busy machine: run 2 had 5.1% of one CPU taken by other programs beside the compile "
	        "(more than 5%): its Time may be too long\n"
	        "workload: builtin-1:tiny -j8\n");
	tr_render(&buf, &s, &set, "markdown", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "\n- b: busy machine: runs 1, 3 had 27.9-33.1% of one CPU") == 1);
	T_CHECK(tr_count(buf, "busy machine") == 2);
	tr_render(&buf, &s, &set, "html", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "busy machine: run 2 had 5.1% of one CPU") == 1);
	T_CHECK(tr_count(buf, "busy machine") == 2);
	summary_free(&s);

	/* --stats without --keep-busy: busy runs out of every figure, Ratio's base included */
	T_CHECK(summary_build_busy(&s, &set, NULL, 0, NULL, 0, order, 1) == 0);
	T_CHECK(s.drop_busy == 1);
	tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "b                 [1]   62.0    190     0       0       1.00   busy\n") == 1);
	T_CHECK(tr_count(buf, "c                 [1]   90.0    190     0       0       1.50   busy\n") == 1);
	T_CHECK(tr_count(buf, "  b: busy machine: runs 1, 3 had 27.9-33.1% of one CPU taken by other programs "
	                      "beside the compile (more than 5%): left out of these figures (--keep-busy "
	                      "keeps them)\n") == 1);
	summary_free(&s);
	/* a label whose every run was busy keeps its row, with no figures, and its note */
	rec_set_free(&set);
	add(&set, "e", "no_load", 1, 80, 40);
	add(&set, "f", "no_load", 1, 60, 0);
	T_CHECK(summary_build_busy(&s, &set, NULL, 0, NULL, 0, order, 1) == 0);
	tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "e                 [0]   -       -       -       -       -   busy\n") == 1);
	T_CHECK(tr_count(buf, "  e: busy machine: run 1 had 40.0% of one CPU") == 1);
	summary_free(&s);

	/* more busy runs than are listed: the rest counted */
	rec_set_free(&set);
	for (int i = 1; i <= 11; i++)
		add(&set, "d", "no_load", i, 60, 10 + i);
	T_CHECK(summary_build(&s, &set, NULL, 0, NULL, 0, order) == 0);
	tr_render(&buf, &s, &set, "text", &show, NULL, NULL, 0);
	T_CHECK(tr_count(buf, "runs 1, 2, 3, 4, 5, 6, 7, 8 and 3 more had 11.0-21.0% of one CPU") == 1);
	summary_free(&s);
	rec_set_free(&set);
	free(buf);
	return t_done();
}
