/* reportin.c: what a report reads: the records of every -R directory (each checked, none twice), their hosts kept apart or merged, the labels selected and put in trend order. */
#include "contest/report/reportin.h"
#include "lib/array.h"
#include "lib/err.h"
#include "lib/text.h"
#include "results/model/kernel_version.h"
#include "results/record/store.h"
#include "results/model/trend.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* dir_of: results directory d of req. */
static const char *dir_of(const struct report_req *req, size_t d)
{
	return req->dirs != NULL ? req->dirs[d] : req->results;
}

/* ndirs_of: how many results directories req reads. */
static size_t ndirs_of(const struct report_req *req)
{
	return req->dirs != NULL && req->ndirs > 0 ? req->ndirs : 1;
}

/* report_where: see contest/report/reportin.h. */
const char *report_where(const struct report_req *req)
{
	return ndirs_of(req) > 1 ? "the -R directories" : req->results;
}

/* report_in_env: see contest/report/reportin.h. */
int report_in_env(const struct report_req *req, const struct report_in *in, const char *name,
                  char **text)
{
	const struct host_label *e = hosts_find(&in->map, name);

	*text = NULL;
	if (e == NULL)
		return 0;
	return store_env_last_of(dir_of(req, e->dir), e->label, in->map.apart ? e->host : NULL, text);
}

/* check_dirs: every results directory of req exists and none is given
 * twice (the same device and inode, whatever its name). 0, or -1
 * (reported on one line). */
static int check_dirs(const struct report_req *req)
{
	struct stat st[OPTS_MAX_RESULTS];
	char q[TEXT_QUOTED], q2[TEXT_QUOTED];

	for (size_t d = 0; d < ndirs_of(req) && d < OPTS_MAX_RESULTS; d++) {
		if (stat(dir_of(req, d), &st[d]) != 0) {
			warn("cannot read results directory '%s'", text_quote(dir_of(req, d), q, sizeof q));
			return -1;
		}
		for (size_t e = 0; e < d; e++)
			if (st[e].st_dev == st[d].st_dev && st[e].st_ino == st[d].st_ino) {
				warnx("-R '%s' is the same directory as -R '%s': give each results directory once",
				      text_quote(dir_of(req, d), q, sizeof q), text_quote(dir_of(req, e), q2, sizeof q2));
				return -1;
			}
	}
	return 0;
}

/* add_name: name to in's names. -1 on ENOMEM. */
static int add_name(struct report_in *in, const char *name)
{
	const char **v = array_grow(in->names, &in->cap, in->nnames + 1, sizeof *v, 16);

	if (v == NULL)
		return -1;
	in->names = v;
	in->names[in->nnames++] = name;
	return 0;
}

/* select_names: in's names for the labels req names: each as shown, or
 * every host's of a stored label; one with no results is said (*status
 * EXIT_USAGE) and kept, so that it selects nothing. -1 on ENOMEM. */
static int select_names(const struct report_req *req, struct report_in *in, int *status)
{
	for (size_t i = 0; i < req->nlabels; i++) {
		const char *name = req->labels[i];
		int shown = hosts_find(&in->map, name) != NULL, found = 0;
		for (size_t k = 0; k < in->map.n; k++) {
			const struct host_label *e = &in->map.v[k];
			if (strcmp(shown ? e->shown : e->label, name) != 0)
				continue;
			found = 1;
			if (add_name(in, e->shown) != 0)
				return -1;
		}
		if (found)
			continue;
		warnx("no results for label '%s' in %s", name, report_where(req));
		*status = EXIT_USAGE;
		if (add_name(in, name) != 0)
			return -1;
	}
	return 0;
}

/* report_in_free: see contest/report/reportin.h. */
void report_in_free(struct report_in *in)
{
	rec_set_free(&in->set);
	hosts_free(&in->map);
	free(in->names);
	free(in->series);
	memset(in, 0, sizeof *in);
}

/* no_results: say that one of several results directories holds no
 * results (a wrong -R); returns 1. */
static int no_results(const char *dir)
{
	char q[TEXT_QUOTED];

	warnx("no results in -R '%s'", text_quote(dir, q, sizeof q));
	return 1;
}

/* report_in_read: see contest/report/reportin.h. */
int report_in_read(const struct report_req *req, struct report_in *in)
{
	int status = 0;

	if (check_dirs(req) != 0)
		return -1;
	for (size_t d = 0; d < ndirs_of(req); d++) {
		size_t before = in->set.n, bad = in->set.bad + in->set.refused;
		if (store_read_all(dir_of(req, d), &in->set) != 0 ||
		    (ndirs_of(req) > 1 && in->set.n == before && in->set.bad + in->set.refused == bad &&
		     no_results(dir_of(req, d)))) {
			report_in_free(in);
			return -1;
		}
		in->dir_end[d] = in->set.n;
	}
	/* a refused file is an input error; skipped lines (each said) leave the rest shown */
	status = in->set.refused > 0 ? EXIT_USAGE : in->set.bad > 0 ? EXIT_SKIPPED : 0;
	if (hosts_split(&in->map, &in->set, in->dir_end, ndirs_of(req), req->merge_hosts) != 0 ||
	    select_names(req, in, &status) != 0) {
		warnx("out of memory");
		report_in_free(in);
		return -1;
	}
	if (in->set.n == 0) {
		if (req->nlabels == 0)
			warnx("no results in %s", report_where(req));
		report_in_free(in);
		return -1;
	}
	return status;
}

/* report_in_shown: see contest/report/reportin.h. */
const char *report_in_shown(const struct report_in *in, const char *name)
{
	if (name == NULL || hosts_find(&in->map, name) != NULL)
		return name;
	for (size_t k = 0; k < in->map.n; k++)
		if (strcmp(in->map.v[k].label, name) == 0)
			return in->map.v[k].shown;
	return name;
}

/* report_in_baseline: see contest/report/reportin.h. */
const char *report_in_baseline(const struct report_req *req, const struct report_in *in)
{
	return report_in_shown(in, req->baseline);
}

/* report_in_micro: see contest/report/reportin.h. */
int report_in_micro(const struct report_req *req, struct micro_record_set *micro)
{
	int rc = 0;

	for (size_t d = 0; d < ndirs_of(req); d++)
		rc |= store_micro_read_all(dir_of(req, d), micro) != 0;
	return rc != 0 || micro->refused > 0 ? EXIT_USAGE : micro->bad > 0 ? EXIT_SKIPPED : 0;
}

/* say_unversioned: the one line on the labels of keys (n) that are not
 * kernel versions, sorted last: how many (a label of several hosts once)
 * and the first 8 of them. */
static void say_unversioned(const struct trend_key *keys, size_t n)
{
	char list[512] = "", q[TEXT_QUOTED];
	size_t len = 0, bad = 0;
	struct kernel_version v;

	for (size_t i = 0; i < n; i++) {
		size_t k;
		for (k = 0; k < i && strcmp(keys[k].label, keys[i].label) != 0; k++)
			;
		if (k < i || kernel_version_parse(keys[i].label, &v) == 0)
			continue;
		if (bad++ < 8 && len < sizeof list)
			len += (size_t)snprintf(list + len, sizeof list - len, "%s'%s'", bad > 1 ? ", " : "",
			                        text_quote(keys[i].label, q, sizeof q));
	}
	warnx("--order version: %zu label%s not a kernel version, sorted last in recorded order: %s%s",
	      bad, bad == 1 ? " is" : "s are", list, bad > 8 ? ", ..." : "");
}

/* report_in_order: see contest/report/reportin.h. */
int report_in_order(const struct report_req *req, struct report_in *in, const struct summary *sum)
{
	struct trend_key *keys = calloc(sum->nlabels ? sum->nlabels : 1, sizeof *keys);

	in->nnames = 0;
	free(in->series);
	in->series = calloc(sum->nlabels ? sum->nlabels : 1, sizeof *in->series);
	if (keys == NULL || in->series == NULL) {
		free(keys);
		return -1;
	}
	for (size_t k = 0; k < sum->nlabels; k++) {
		const struct host_label *e = hosts_find(&in->map, sum->labels[k]);
		const char *name = e ? e->shown : NULL;
		for (size_t i = 0; name == NULL && i < req->nlabels; i++)   /* one without results */
			if (strcmp(req->labels[i], sum->labels[k]) == 0)
				name = req->labels[i];
		keys[k] = (struct trend_key){ name ? name : "", e ? e->label : name ? name : "",
		                              e && in->map.apart ? hosts_index(&in->map, e->host) : 0, k };
	}
	if (trend_order(keys, sum->nlabels, req->by_version) > 0)
		say_unversioned(keys, sum->nlabels);
	for (size_t k = 0; k < sum->nlabels; k++) {
		if (add_name(in, keys[k].name) != 0) {
			free(keys);
			return -1;
		}
		in->series[k] = keys[k].series;
	}
	free(keys);
	return 0;
}
