/* render_micro_data.c: report --micro as data: CSV (a row per figure of each run) and one JSON document (each run with its figures). */
#include "results/render/render.h"
#include "results/record/micro_metric.h"
#include "results/render/render_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A run of the document: its first line in the set. */
struct drun {
	const struct micro_record *first;
};

/* shown: the summary figure id of metric name (one with a section, not a
 * family), or -1. */
static int shown(const char *name)
{
	int id = micro_metric_find(name);

	return id >= 0 && micro_metrics[id].sections != 0 && !micro_metrics[id].family ? id : -1;
}

/* picked: 1 when label is one of doc's (all when it names none). */
static int picked(const struct micro_doc *doc, const char *label)
{
	for (size_t i = 0; i < doc->nlabels; i++)
		if (strcmp(doc->labels[i], label) == 0)
			return 1;
	return doc->nlabels == 0;
}

/* rank: where label comes: its place in doc's labels, else where it first appears. */
static size_t rank(const struct micro_doc *doc, const char *label)
{
	for (size_t i = 0; i < doc->nlabels; i++)
		if (strcmp(doc->labels[i], label) == 0)
			return i;
	for (size_t i = 0; i < doc->set->n; i++)
		if (strcmp(doc->set->v[i].label, label) == 0)
			return doc->nlabels + i;
	return (size_t)-1;
}

/* runs_of: doc's runs in label order, then run number, into *out (freed
 * by the caller); their count, or (size_t)-1 out of memory. */
static size_t runs_of(const struct micro_doc *doc, struct drun **out)
{
	const struct micro_record_set *s = doc->set;
	struct drun *v = calloc(s->n + 1, sizeof *v);
	size_t n = 0;

	if ((*out = v) == NULL)
		return (size_t)-1;
	for (size_t i = 0; i < s->n; i++) {
		const struct micro_record *m = &s->v[i];
		size_t k;
		if (!picked(doc, m->label))
			continue;
		for (k = 0; k < n && !(v[k].first->run == m->run && strcmp(v[k].first->label, m->label) == 0); k++)
			;
		if (k < n)
			continue;
		/* insert in order */
		size_t at = n, r = rank(doc, m->label);
		while (at > 0) {
			size_t q = rank(doc, v[at - 1].first->label);
			if (q < r || (q == r && v[at - 1].first->run < m->run))
				break;
			v[at] = v[at - 1];
			at--;
		}
		v[at].first = m;
		n++;
	}
	return n;
}

/* in_run: 1 when line m belongs to the run of first. */
static int in_run(const struct micro_record *m, const struct micro_record *first)
{
	return m->run == first->run && strcmp(m->label, first->label) == 0;
}

/* source: who measured the run: "contest", or lmbench's version. */
static const char *source(const struct micro_record *first)
{
	return first->lmbench ? first->version : "contest";
}

void render_csv_micro(FILE *out, const struct micro_doc *doc)
{
	struct drun *v;
	size_t n = runs_of(doc, &v);

	fputs("label,run,source,host,kernel,placement,metric,unit,value,reason\n", out);
	for (size_t r = 0; r != (size_t)-1 && r < n; r++)
		for (size_t i = 0; i < doc->set->n; i++) {
			const struct micro_record *m = &doc->set->v[i];
			int id = shown(m->metric);
			if (id < 0 || !in_run(m, v[r].first))
				continue;
			const char *f[] = { m->label, NULL, source(m), m->host, m->kernel, m->placement,
			                    m->metric, micro_metrics[id].unit };
			for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
				if (k)
					fputc(',', out);
				if (f[k])
					render_csv_str(out, f[k]);
				else
					fprintf(out, "%d", m->run);
			}
			fputc(',', out);
			render_num(out, m->value, "");
			fputc(',', out);
			render_csv_str(out, isnan(m->value) ? m->reason : "");
			fputc('\n', out);
		}
	free(v);
}

/* json_figures: run first's figures as "KEY": {"value": V, "unit": U} and,
 * for a blank one, its "reason". */
static void json_figures(FILE *out, const struct micro_doc *doc, const struct micro_record *first)
{
	int k = 0;

	fputs("\"figures\": {", out);
	for (size_t i = 0; i < doc->set->n; i++) {
		const struct micro_record *m = &doc->set->v[i];
		int id = shown(m->metric);
		if (id < 0 || !in_run(m, first))
			continue;
		fprintf(out, "%s\n    ", k++ ? "," : "");
		render_json_str(out, m->metric);
		fputs(": {\"value\": ", out);
		render_num(out, m->value, "null");
		fputs(", \"unit\": ", out);
		render_json_str(out, micro_metrics[id].unit);
		if (isnan(m->value)) {
			fputs(", \"reason\": ", out);
			render_json_str(out, m->reason);
		}
		fputc('}', out);
	}
	fputs("}", out);
}

void render_json_micro(FILE *out, const struct micro_doc *doc)
{
	struct drun *v;
	size_t n = runs_of(doc, &v);

	fprintf(out, "{\"format\": \"contest-report\", \"schema\": %d, \"version\": 1, \"kind\": \"micro\",\n"
	        " \"runs\": [", RENDER_JSON_SCHEMA);
	for (size_t r = 0; r != (size_t)-1 && r < n; r++) {
		const struct micro_record *f = v[r].first;
		const char *k[] = { "label", "source", "host", "kernel", "placement", "timestamp" };
		const char *s[] = { f->label, source(f), f->host, f->kernel, f->placement, f->timestamp };
		fprintf(out, "%s\n  {", r ? "," : "");
		for (size_t j = 0; j < sizeof k / sizeof k[0]; j++) {
			fprintf(out, "\"%s\": ", k[j]);
			if (f->lmbench && strcmp(k[j], "timestamp") == 0)
				fputs("null", out);
			else
				render_json_str(out, s[j]);
			fputs(", ", out);
		}
		fprintf(out, "\"run\": %d,\n   ", f->run);
		json_figures(out, doc, f);
		fputc('}', out);
	}
	fputs("]}\n", out);
	free(v);
}
