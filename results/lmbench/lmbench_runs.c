/* lmbench_runs.c: the runs read from an lmbench file, their labels and run numbers, and their lines for a micro_record_set. */
#include "results/lmbench/lmbench_runs.h"
#include "lib/array.h"
#include "lib/text.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lm_run *lm_run_get(struct lm_runs *rs, int block, const char *host, const char *os, int k)
{
	for (size_t i = 0; i < rs->n; i++) {
		struct lm_run *r = &rs->v[i];
		if (r->block == block && r->k == k && strcmp(r->host, host) == 0 && strcmp(r->os, os) == 0)
			return r;
	}
	struct lm_run *v = array_grow(rs->v, &rs->cap, rs->n + 1, sizeof *v, 16);
	if (v == NULL)
		return NULL;
	rs->v = v;
	struct lm_run *r = &v[rs->n++];
	memset(r, 0, sizeof *r);
	r->block = block;
	r->k = k;
	text_fmt(r->host, sizeof r->host, "%s", host);
	text_fmt(r->os, sizeof r->os, "%s", os);
	for (int id = 0; id < MID_COUNT; id++)
		r->v[id] = NAN;
	return r;
}

void lm_put(struct lm_run *r, int id, double v, const char *why)
{
	if (id < 0 || id >= MID_COUNT || !isnan(r->v[id]))
		return;
	if (isfinite(v) && v > 0)
		r->v[id] = v;
	else if (r->why[id] == NULL)
		r->why[id] = why ? why : "blank in this lmbench summary";
}

void lm_runs_free(struct lm_runs *rs)
{
	free(rs->v);
	memset(rs, 0, sizeof *rs);
}

/* same_group: 1 when runs a and b are of one Host and OS in one summary. */
static int same_group(const struct lm_run *a, const struct lm_run *b)
{
	return a->block == b->block && strcmp(a->host, b->host) == 0 && strcmp(a->os, b->os) == 0;
}

/* groups: each run's 1-based group into g (groups in order of first appearance); their count. */
static int groups(const struct lm_runs *rs, int *g)
{
	int n = 0;

	for (size_t i = 0; i < rs->n; i++) {
		size_t j;
		for (j = 0; j < i && !same_group(&rs->v[j], &rs->v[i]); j++)
			;
		g[i] = j < i ? g[j] : ++n;
	}
	return n;
}

/* last_run: the highest run number of label in out, 0 when none. */
static int last_run(const struct micro_record_set *out, const char *label)
{
	int n = 0;

	for (size_t i = 0; i < out->n; i++)
		if (strcmp(out->v[i].label, label) == 0 && out->v[i].run > n)
			n = out->v[i].run;
	return n;
}

/* emit_one: run r's lines into out as run number run of label. */
static int emit_one(const struct lm_runs *rs, const struct lm_run *r, const char *label, int run,
                    struct micro_record_set *out)
{
	int emitted = 0;

	/* the figures, then (when there is any) a line saying lmbench's MB is 10^6 bytes, as contest's */
	for (int k = 0; k <= MID_COUNT; k++) {
		int id = k < MID_COUNT ? k : MID_MB_DECIMAL, mb = k == MID_COUNT;
		const struct micro_def *d = &micro_metrics[id];
		if (mb ? emitted == 0 : id == MID_MB_DECIMAL || d->family || d->fmt == MF_CACHE ||
		                        !(d->sections & r->secs))
			continue;
		emitted++;
		struct micro_record m = { .run = run, .value = mb ? 1 : r->v[id], .spread = 0 };
		text_fmt(m.label, sizeof m.label, "%s", label);
		text_fmt(m.timestamp, sizeof m.timestamp, "%s", "-");
		text_fmt(m.host, sizeof m.host, "%s", r->host);
		text_fmt(m.kernel, sizeof m.kernel, "%s", r->os);
		text_fmt(m.version, sizeof m.version, "%s", rs->version[0] ? rs->version : "lmbench");
		text_fmt(m.mode, sizeof m.mode, "%s", LM_MODE);
		text_fmt(m.placement, sizeof m.placement, "%s", LM_PLACEMENT);
		text_fmt(m.metric, sizeof m.metric, "%s", d->name);
		if (isnan(m.value))
			text_fmt(m.reason, sizeof m.reason, "%s",
			         r->why[id] ? r->why[id] : "not in this lmbench file");
		if (micro_record_set_add(out, &m) != 0)
			return -1;
	}
	return 0;
}

int lm_runs_emit(const struct lm_runs *rs, const char *label, struct micro_record_set *out, char *msg,
                 size_t len)
{
	int *g = calloc(rs->n + 1, sizeof *g), ngroups, rc = 0;

	if (g == NULL) {
		text_fmt(msg, len, "%s", strerror(ENOMEM));
		return -1;
	}
	ngroups = groups(rs, g);
	for (size_t i = 0; i < rs->n && rc == 0; i++) {
		char name[REC_LABEL_MAX + 16];
		if (ngroups > 1)
			text_fmt(name, sizeof name, "%s.%d", label, g[i]);
		else
			text_fmt(name, sizeof name, "%s", label);
		if (rec_label_check(name, NULL) != 0) {
			text_fmt(msg, len, "label '%s' made for its rows is not a valid label "
			         "(at most %d characters; give a shorter one with =LABEL)", name, REC_LABEL_MAX);
			rc = -1;
		} else if (emit_one(rs, &rs->v[i], name, last_run(out, name) + 1, out) != 0) {
			text_fmt(msg, len, "%s", strerror(ENOMEM));
			rc = -1;
		}
	}
	free(g);
	return rc;
}
