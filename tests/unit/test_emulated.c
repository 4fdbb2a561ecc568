/* test_emulated.c: unit tests of emulated labels in the report model and its renderers: rec_emulated, the label's guest, an emulated row never compared with a native baseline nor stepped from a native row, two emulated labels compared, the note in text and CSV. */
#include "results/model/build.h"
#include "results/render/render.h"
#include "tests/unit/t.h"
#include "tests/unit/trec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GUEST "tcg 2 vcpus 2G"

/* add: four no_load runs of label around time, in guest ("": native). */
static void add(struct rec_set *set, const char *label, double time, const char *guest, int min)
{
	static const double d[4] = { -0.02, 0.01, 0, 0.02 };
	struct rec r;

	for (int i = 0; i < 4; i++) {
		trec_init(&r, label, "no_load", "builtin-1:tiny", i + 1);
		snprintf(r.timestamp, sizeof r.timestamp, "2026-11-30T12:%02d:%02dZ", min, i);
		r.jobs = 8;
		r.time = time * (1 + d[i]);
		r.cpu_pct = 190;
		r.loads = r.lcpu_pct = 0;
		text_copy(r.guest, guest, sizeof r.guest);
		T_CHECK(rec_set_add(set, &r) == 0);
	}
}

/* test_rec: only a TCG guest is emulated. */
static void test_rec(void)
{
	struct rec r;

	rec_init(&r);
	T_CHECK(!rec_emulated(&r));
	text_copy(r.guest, GUEST, sizeof r.guest);
	T_CHECK(rec_emulated(&r));
	text_copy(r.guest, "tcg 2 vcpus 2G pinned", sizeof r.guest);
	T_CHECK(rec_emulated(&r));
	text_copy(r.guest, "kvm 2 vcpus 2G", sizeof r.guest);
	T_CHECK(!rec_emulated(&r));
	text_copy(r.guest, "tcgx", sizeof r.guest);
	T_CHECK(!rec_emulated(&r));
}

/* build: the model of set against baseline base (-1: none), trend or not. */
static int build(struct rep_model *m, struct summary *s, const struct rec_set *set, long base, int trend)
{
	const char *order[] = { "no_load", NULL };
	struct rep_show show = { .baseline = base, .trend = trend ? "recorded" : NULL };

	if (summary_build(s, set, NULL, 0, NULL, 0, order) != 0)
		return -1;
	return rep_model_build(m, s, set, &show, NULL);
}

/* render: format fn of m into a new string (freed by the caller). */
static char *render(render_fn *fn, const struct rep_model *m)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	T_CHECK(out != NULL);
	fn(out, m);
	fclose(out);
	return buf;
}

/* test_model: ea, eb emulated, nat native: against nat, ea and eb are apart
 * and not compared; against ea, eb is compared and nat apart. */
static void test_model(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	struct rep_model m;

	add(&set, "nat", 1.4, "", 1);
	add(&set, "ea", 50, GUEST, 2);
	add(&set, "eb", 60, GUEST, 3);
	T_CHECK(rep_model_emulated(&set, "ea") != NULL && strcmp(rep_model_emulated(&set, "ea"), GUEST) == 0);
	T_CHECK(rep_model_emulated(&set, "nat") == NULL && rep_model_emulated(&set, "none") == NULL);
	T_CHECK(build(&m, &s, &set, 0, 0) == 0);
	const struct rep_block *b = &m.workloads[0].blocks[0];
	T_CHECK(b->nrows == 3);
	T_CHECK(b->rows[0].guest == NULL && !b->rows[0].apart && b->rows[0].cmp.is_baseline);
	for (int i = 1; i < 3; i++) {
		T_CHECK(b->rows[i].guest != NULL && strcmp(b->rows[i].guest, GUEST) == 0);
		T_CHECK(b->rows[i].apart && !b->rows[i].compared);
	}
	char *t = render(render_text, &m);
	T_CHECK(strstr(t, "  ea: " REC_EMULATED_NOTE " (guest: " GUEST ")\n") != NULL);
	T_CHECK(strstr(t, "  ea: " REP_APART_NOTE "\n") != NULL);
	T_CHECK(strstr(t, "ea vs nat") == NULL && strstr(t, "  nat: emulated") == NULL);
	free(t);
	t = render(render_csv, &m);
	T_CHECK(strstr(t, ",guest,guest_note,not_compared\n") != NULL);
	T_CHECK(strstr(t, "," GUEST ",\"" REC_EMULATED_NOTE "\",\"" REP_APART_NOTE "\"\n") != NULL);
	free(t);
	rep_model_free(&m);
	summary_free(&s);

	T_CHECK(build(&m, &s, &set, 1, 0) == 0);   /* against ea: eb compared, nat apart */
	b = &m.workloads[0].blocks[0];
	T_CHECK(b->rows[0].apart && !b->rows[0].compared);
	T_CHECK(!b->rows[2].apart && b->rows[2].compared && b->rows[2].cmp.time.significant);
	t = render(render_text, &m);
	T_CHECK(strstr(t, "  eb vs ea: Time +") != NULL);
	T_CHECK(strstr(t, "  eb: " REC_EMULATED_NOTE) != NULL);
	free(t);
	rep_model_free(&m);
	summary_free(&s);
	rec_set_free(&set);
}

/* test_trend: nat -> ea no step (apart), ea -> eb a step. */
static void test_trend(void)
{
	struct rec_set set = { 0 };
	struct summary s;
	struct rep_model m;
	char step[RENDER_STEP_MAX];

	add(&set, "nat", 1.4, "", 1);
	add(&set, "ea", 50, GUEST, 2);
	add(&set, "eb", 60, GUEST, 3);
	T_CHECK(build(&m, &s, &set, -1, 1) == 0);
	const struct rep_block *b = &m.workloads[0].blocks[0];
	T_CHECK(b->steps[0].from == -1 && b->steps[0].apart == -1);
	T_CHECK(b->steps[1].from == -1 && b->steps[1].apart == 0);
	T_CHECK(b->steps[2].from == 1 && b->steps[2].apart == -1);
	T_CHECK(b->largest == 2);
	T_CHECK(strcmp(render_step(b, 1, step, sizeof step),
	               "no step from nat: one ran emulated (TCG), the other natively") == 0);
	rep_model_free(&m);
	summary_free(&s);
	rec_set_free(&set);
}

int main(void)
{
	test_rec();
	test_model();
	test_trend();
	return t_done();
}
