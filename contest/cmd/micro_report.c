/* micro_report.c: `contest report --micro`: the summary of the stored labels and, beside them, of lmbench's own files (--lmbench). */
#include "contest/cmd/micro.h"
#include "lib/err.h"
#include "lib/text.h"
#include "results/lmbench/lmbench_summary.h"
#include "results/render/render_micro.h"
#include "results/record/store.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* lm_split: FILE[=LABEL] into path and label: the whole of arg when it
 * names a file or holds no '=', else split at its last '='; the label is
 * then the file's name when not given. */
static void lm_split(const char *arg, char *path, size_t plen, char *label, size_t llen)
{
	const char *eq = strrchr(arg, '=');

	if (eq == NULL || access(arg, F_OK) == 0) {
		text_fmt(path, plen, "%s", arg);
		eq = NULL;
	} else {
		text_fmt(path, plen, "%.*s", (int)(eq - arg), arg);
	}
	const char *base = strrchr(path, '/');
	text_fmt(label, llen, "%s", eq ? eq + 1 : base ? base + 1 : path);
}

/* add_lmbench: the runs of each file of show into set, after its ncontest
 * lines of contest's; 0, or EXIT_USAGE (said in one line naming the file). */
static int add_lmbench(const struct micro_show *show, struct micro_record_set *set, size_t ncontest)
{
	for (size_t i = 0; i < show->nlmbench; i++) {
		char path[PATH_MAX], label[PATH_MAX], msg[256], q[TEXT_QUOTED];
		const char *why = NULL;
		size_t from = set->n;

		text_quote(show->lmbench[i], q, sizeof q);
		lm_split(show->lmbench[i], path, sizeof path, label, sizeof label);
		if (rec_label_check(label, &why) != 0) {
			warnx("--lmbench '%s': label '%s' %s (give one with =LABEL)", q, label, why);
			return EXIT_USAGE;
		}
		if (lmbench_summary_read(path, label, set, msg, sizeof msg) != 0) {
			warnx("--lmbench '%s': %s", q, msg);
			return EXIT_USAGE;
		}
		for (size_t k = from; k < set->n; k++)
			for (size_t c = 0; c < ncontest; c++)
				if (strcmp(set->v[k].label, set->v[c].label) == 0) {
					warnx("--lmbench '%s': label '%s' is one of contest's; give another with =LABEL",
					      q, set->v[k].label);
					return EXIT_USAGE;
				}
	}
	return 0;
}

/* order: show's labels, then each label of lmbench's lines (from line
 * ncontest of set) once, into a new array (*n of them); NULL when show
 * names none (all shown, in the order read) or out of memory (*n = -1). */
static const char **order(const struct micro_show *show, const struct micro_record_set *set, size_t ncontest,
                          size_t *n)
{
	const char **v;

	*n = 0;
	if (show->nlabels == 0)
		return NULL;
	if ((v = calloc(show->nlabels + set->n - ncontest + 1, sizeof *v)) == NULL) {
		*n = (size_t)-1;
		return NULL;
	}
	for (size_t i = 0; i < show->nlabels; i++)
		v[(*n)++] = show->labels[i];
	for (size_t k = ncontest; k < set->n; k++) {
		size_t j;
		for (j = show->nlabels; j < *n && strcmp(v[j], set->v[k].label) != 0; j++)
			;
		if (j == *n)
			v[(*n)++] = set->v[k].label;
	}
	return v;
}

/* show_set: set's summary of the labels (n of them; 0: all) into out in show's form. */
static int show_set(const struct micro_show *show, const struct micro_record_set *set, const char **labels,
                    size_t n, FILE *out)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	int rc = mem ? render_micro(mem, set, labels, n) : -1;

	if (mem != NULL && fclose(mem) != 0)
		rc = -1;
	if (rc == 0) {
		struct micro_doc doc = { .summary = text, .set = set, .labels = labels, .nlabels = n };
		if (show->form)
			show->form(out, &doc);
		else
			fputs(text, out);
	}
	free(text);
	fflush(out);
	if (rc != 0)
		warnx("out of memory");
	return rc != 0 ? EXIT_USAGE : 0;
}

int micro_report(const char *results, const struct micro_show *show, FILE *out)
{
	struct micro_record_set set = { 0 };
	int status = 0;

	/* lmbench's files alone need no results directory */
	if (!(show->nlmbench > 0 && show->nlabels == 0 && access(results, F_OK) != 0) &&
	    store_micro_read_all(results, &set) != 0)
		return EXIT_USAGE;
	/* a refused file is an input error; skipped lines (each said) leave the rest shown */
	status = set.refused > 0 ? EXIT_USAGE : set.bad > 0 ? EXIT_SKIPPED : 0;
	for (size_t i = 0; i < show->nlabels; i++) {
		size_t k;
		for (k = 0; k < set.n && strcmp(set.v[k].label, show->labels[i]) != 0; k++)
			;
		if (k == set.n) {
			warnx("no microbenchmark results for label '%s' in %s", show->labels[i], results);
			status = EXIT_USAGE;
		}
	}
	size_t ncontest = set.n, n;
	if (set.n == 0 && show->nlmbench == 0) {
		if (show->nlabels == 0)
			warnx("no microbenchmark results in %s (run contest micro first)", results);
		micro_record_set_free(&set);
		return EXIT_USAGE;
	}
	if (add_lmbench(show, &set, ncontest) != 0) {
		micro_record_set_free(&set);
		return EXIT_USAGE;
	}
	const char **labels = order(show, &set, ncontest, &n);
	int rc = n == (size_t)-1 ? (warnx("out of memory"), EXIT_USAGE) :
	         show_set(show, &set, labels, show->nlabels ? n : 0, out);
	free(labels);
	micro_record_set_free(&set);
	return rc != 0 ? rc : status;
}
