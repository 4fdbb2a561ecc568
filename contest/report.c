/* report.c: the report command: read the results, summarise, build the report model, render it in the format asked for. */
#include "contest/report.h"
#include "contest/microcmd.h"
#include "contest/sense/fingerprint.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/array.h"
#include "lib/text.h"
#include "loads/registry.h"
#include "results/compare.h"
#include "results/hosts.h"
#include "results/kver.h"
#include "results/model.h"
#include "results/render.h"
#include "results/store.h"
#include "results/summary.h"
#include "results/trend.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* fchmod_default: give a mkstemp file (0600), open as fd, the mode a new
 * file gets under the umask, as a plain redirection would (through the
 * descriptor: a name may have been replaced by a link). */
static void fchmod_default(int fd)
{
	mode_t um = umask(0);
	umask(um);
	if (fchmod(fd, 0666 & ~um) != 0) {
		/* harmless: the report stays readable by its owner */
	}
}

/* An environment difference being noted in the model. */
struct env_note {
	struct rep_model *m;
	const char *label;
	int failed;
};

/* env_note: one difference of the label's environment from the first's. */
static void env_note(const char *key, const char *va, const char *vb, void *arg)
{
	struct env_note *e = arg;

	if (rep_model_env_add(e->m, e->label, key, va, vb) != 0)
		e->failed = 1;
}

/* What a report read: the records of every results directory, where
 * each directory's end in them, their hosts, and the names selected in
 * order (the trend's order under --trend) with each one's series. */
struct report_in {
	struct rec_set set;
	size_t dir_end[OPTS_MAX_RESULTS];
	struct host_map map;
	const char **names;   /* shown names: map's, or the request's */
	size_t nnames, cap;
	size_t *series;       /* --trend: per name, its host's index */
};

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

/* where: the results directories in a message: the one, or "the -R directories". */
static const char *where(const struct report_req *req)
{
	return ndirs_of(req) > 1 ? "the -R directories" : req->results;
}

/* env_last: the last recorded environment of the label shown as name
 * (from its results directory, under its stored label, of its host when
 * hosts are kept apart) into *text. */
static int env_last(const struct report_req *req, const struct report_in *in, const char *name,
                    char **text)
{
	const struct host_label *e = hosts_find(&in->map, name);

	*text = NULL;
	if (e == NULL)
		return 0;
	return store_env_last_of(dir_of(req, e->dir), e->label, in->map.apart ? e->host : NULL, text);
}

/* env_differences: into m, how each label's last recorded environment
 * (DIR/LABEL.env of its results directory) differs from the first label's
 * in anything besides the kernel, whichever host it is of; labels without
 * one are left out. -1 out of memory. */
static int env_differences(const struct report_req *req, const struct report_in *in,
                           struct rep_model *m)
{
	struct fp first, other;
	char *text = NULL;
	int failed = 0;

	if (m->nlabels < 2 || env_last(req, in, m->labels[0], &text) != 0 || text == NULL)
		return 0;
	fp_init(&first);
	failed |= fp_parse(&first, text, NULL) != 0;
	free(text);
	for (size_t k = 1; k < m->nlabels; k++) {
		struct env_note e = { m, m->labels[k], 0 };
		if (env_last(req, in, m->labels[k], &text) != 0 || text == NULL)
			continue;
		fp_init(&other);
		failed |= fp_parse(&other, text, NULL) != 0;
		free(text);
		fp_diff(&first, &other, env_note, &e);
		failed |= e.failed;
		fp_free(&other);
	}
	fp_free(&first);
	return failed ? -1 : 0;
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
		warnx("no results for label '%s' in %s", name, where(req));
		*status = EXIT_USAGE;
		if (add_name(in, name) != 0)
			return -1;
	}
	return 0;
}

/* report_in_free: free what in holds. */
static void report_in_free(struct report_in *in)
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

/* read_set: the records of every results directory of req into in (their
 * hosts apart unless merged), and the names of each label req names. 0;
 * EXIT_USAGE (reported) when malformed records were skipped or a label has
 * none; -1 (reported, in freed) when a directory cannot be read, is
 * given twice or (one of several) holds no results, or there is nothing
 * to report. */
static int read_set(const struct report_req *req, struct report_in *in)
{
	int status = 0;

	if (check_dirs(req) != 0)
		return -1;
	for (size_t d = 0; d < ndirs_of(req); d++) {
		size_t before = in->set.n, bad = in->set.bad;
		if (store_read_all(dir_of(req, d), &in->set) != 0 ||
		    (ndirs_of(req) > 1 && in->set.n == before && in->set.bad == bad &&
		     no_results(dir_of(req, d)))) {
			report_in_free(in);
			return -1;
		}
		in->dir_end[d] = in->set.n;
	}
	if (in->set.bad > 0)
		status = EXIT_USAGE;
	if (hosts_split(&in->map, &in->set, in->dir_end, ndirs_of(req), req->merge_hosts) != 0 ||
	    select_names(req, in, &status) != 0) {
		warnx("out of memory");
		report_in_free(in);
		return -1;
	}
	if (in->set.n == 0) {
		if (req->nlabels == 0)
			warnx("no results in %s", where(req));
		report_in_free(in);
		return -1;
	}
	return status;
}

/* show_for: what format f shows of req for summary sum: the baseline (its
 * comparisons) for the data formats always, for the others with --stats
 * (never under --trend); an unknown --baseline is said (*status
 * EXIT_USAGE) and the first taken. base is --baseline as shown (a stored
 * label of several hosts: its first host's), or NULL. */
static struct rep_show show_for(const struct report_req *req, const struct render_format *f,
                                const struct summary *sum, const char *base_name, int *status)
{
	struct rep_show show = { .baseline = -1, .precise = req->precise && (f->flags & RF_PRECISE),
	                         .why = req->why && (f->flags & RF_WHY),
	                         .latency = req->latency && (f->flags & RF_WHY),
	                         .normalize = req->normalize };
	long base = -1;

	if (req->trend)
		return show;
	if (req->stats || (f->flags & RF_DATA)) {
		base = compare_baseline(sum, base_name);
		if (base < 0 && base_name != NULL) {
			warnx("--baseline: no results for label '%s' in %s", req->baseline, where(req));
			*status = EXIT_USAGE;
			base = compare_baseline(sum, NULL);
		}
	}
	if ((f->flags & RF_DATA) || (req->stats && (f->flags & RF_STATS)))
		show.baseline = base;
	return show;
}

/* baseline_of: --baseline as shown: itself, or when it is a stored label
 * of several hosts its first host's name; NULL without --baseline. */
static const char *baseline_of(const struct report_req *req, const struct report_in *in)
{
	if (req->baseline == NULL || hosts_find(&in->map, req->baseline) != NULL)
		return req->baseline;
	for (size_t k = 0; k < in->map.n; k++)
		if (strcmp(in->map.v[k].label, req->baseline) == 0)
			return in->map.v[k].shown;
	return req->baseline;
}

/* read_micro: the microbenchmark records of every results directory into
 * micro; 0, or -1 (reported) when one cannot be read or holds bad lines. */
static int read_micro(const struct report_req *req, struct mrec_set *micro)
{
	int rc = 0;

	for (size_t d = 0; d < ndirs_of(req); d++)
		rc |= store_micro_read_all(dir_of(req, d), micro) != 0;
	return rc != 0 || micro->bad > 0 ? -1 : 0;
}

/* render: the model of sum (and in's records) in format f into out (its
 * trend form under --trend), with the microbenchmark records when f shows
 * them; the status so far, or EXIT_USAGE (reported). */
static int render(const struct report_req *req, const struct render_format *f,
                  const struct summary *sum, const struct report_in *in, FILE *out, int status)
{
	struct mrec_set micro = { 0 };
	struct rep_model m;
	struct rep_show show = show_for(req, f, sum, baseline_of(req, in), &status);

	show.trend = req->trend ? (req->by_version ? "version" : "recorded") : NULL;
	show.series = in->series;
	if ((f->flags & RF_MICRO) && !req->trend && read_micro(req, &micro) != 0)
		status = EXIT_USAGE;
	if (rep_model_build(&m, sum, &in->set, &show, &micro) != 0) {
		warnx("out of memory");
		mrec_set_free(&micro);
		return EXIT_USAGE;
	}
	m.hosts = &in->map;
	if (env_differences(req, in, &m) != 0) {
		warnx("out of memory");
		status = EXIT_USAGE;
	}
	(req->trend ? f->trend : f->render)(out, &m);
	fflush(out);
	rep_model_free(&m);
	mrec_set_free(&micro);
	return status;
}

/* say_unversioned: the one line on the labels of keys (n) that are not
 * kernel versions (bad of them), sorted last. */
static void say_unversioned(const struct trend_key *keys, size_t n, size_t bad)
{
	char list[512] = "", q[TEXT_QUOTED];
	size_t len = 0, shown = 0;
	struct kver v;

	for (size_t i = 0; i < n && shown < 8; i++)
		if (kver_parse(keys[i].label, &v) != 0) {
			text_quote(keys[i].label, q, sizeof q);
			len += (size_t)snprintf(list + len, len < sizeof list ? sizeof list - len : 0, "%s'%s'",
			                        shown++ ? ", " : "", q);
			if (len >= sizeof list)
				break;
		}
	warnx("--order version: %zu label%s not a kernel version, sorted last in recorded order: %s%s",
	      bad, bad == 1 ? " is" : "s are", list, bad > shown ? ", ..." : "");
}

/* trend_names: in's names in trend order (req->by_version: as kernel
 * versions) from the labels of sum, their hosts in series (one series per
 * host when they are kept apart); a label that is not a version is said.
 * -1 on ENOMEM. */
static int trend_names(const struct report_req *req, struct report_in *in, const struct summary *sum)
{
	struct trend_key *keys = calloc(sum->nlabels ? sum->nlabels : 1, sizeof *keys);
	size_t bad;

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
	if ((bad = trend_order(keys, sum->nlabels, req->by_version)) > 0)
		say_unversioned(keys, sum->nlabels, bad);
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

/* summarise: sum of in's records for req (busy runs left out under
 * --stats and --trend unless --keep-busy), in trend order under --trend.
 * 0, or -1 (reported). */
static int summarise(const struct report_req *req, struct report_in *in, struct summary *sum)
{
	const char *order[OPTS_MAX_LOADS + 1];
	size_t n = 0;
	int drop = (req->stats || req->trend) && !req->keep_busy;

	for (size_t i = 0; load_registry[i] != NULL && n < OPTS_MAX_LOADS; i++)
		order[n++] = load_registry[i]->name;
	order[n] = NULL;
	if (summary_build_busy(sum, &in->set, in->names, in->nnames, req->only, req->nonly, order,
	                       drop) != 0)
		goto fail;
	if (!req->trend)
		return 0;
	if (trend_names(req, in, sum) != 0)
		goto fail;
	summary_free(sum);
	if (summary_build_busy(sum, &in->set, in->names, in->nnames, req->only, req->nonly, order,
	                       drop) == 0)
		return 0;
fail:
	warnx("out of memory");
	return -1;
}

int report_print(const struct report_req *req, FILE *out)
{
	const struct render_format *f = render_format_find(req->format);
	struct report_in in;
	struct summary sum;
	int status;

	if (f == NULL)
		f = &render_formats[0];
	memset(&in, 0, sizeof in);
	if ((status = read_set(req, &in)) < 0)
		return EXIT_USAGE;
	if (summarise(req, &in, &sum) != 0) {
		report_in_free(&in);
		return EXIT_USAGE;
	}
	if (sum.nloads == 0)
		warnx("no results for the loads asked for in %s", where(req));
	status = render(req, f, &sum, &in, out, status);
	summary_free(&sum);
	report_in_free(&in);
	return status;
}

/* micro_print: report --micro in format f into out: the summary of
 * micro_report (its status returned), in the format's form (text: as it is). */
static int micro_print(const struct report_req *req, const struct render_format *f, FILE *out)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem;
	int status;

	if (f->micro == render_text_micro)
		return micro_report(req->results, req->labels, req->nlabels, out);
	if ((mem = open_memstream(&text, &len)) == NULL) {
		warnx("out of memory");
		return EXIT_USAGE;
	}
	status = micro_report(req->results, req->labels, req->nlabels, mem);
	if (fclose(mem) != 0) {
		warnx("out of memory");
		status = EXIT_USAGE;
	} else if (len > 0)
		f->micro(out, text);
	fflush(out);
	free(text);
	return status;
}

/* micro_format: the format --micro is shown in; one that cannot show it
 * (CSV, JSON) is refused (exit 2) naming those that can. */
static const struct render_format *micro_format(const char *name)
{
	const struct render_format *f = render_format_find(name);
	char can[128] = "";
	size_t n = 0;

	if (f == NULL)
		f = &render_formats[0];
	if (f->micro != NULL)
		return f;
	for (const struct render_format *g = render_formats; g->name != NULL; g++)
		if (g->micro != NULL && n < sizeof can)
			n += (size_t)snprintf(can + n, sizeof can - n, "%s%s", n ? ", " : "", g->name);
	errx(EXIT_USAGE, "--micro: --format %s cannot show the microbenchmark summary (it can be %s)",
	     f->name, can);
}

/* report_to_file: report into path through a temporary file beside it,
 * renamed into place once written (never a half-written report). */
static int report_to_file(const struct report_req *req, const char *path)
{
	char tmp[PATH_MAX], q[TEXT_QUOTED];
	int fd, status;
	FILE *f;

	text_quote(path, q, sizeof q);   /* echoed: one line whatever the bytes */

	if (fs_path(tmp, sizeof tmp, "%s.XXXXXX", path) != 0) {
		warnx("--output '%s': path too long", q);
		return EXIT_USAGE;
	}
	if ((fd = mkstemp(tmp)) < 0 || (f = fdopen(fd, "w")) == NULL) {
		warn("--output '%s'", q);
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		return EXIT_USAGE;
	}
	status = req->micro ? micro_print(req, micro_format(req->format), f) : report_print(req, f);
	fchmod_default(fileno(f));
	int bad = ferror(f) | (fflush(f) != 0) | (fsync(fileno(f)) != 0);
	bad |= fclose(f) != 0;
	if (bad || (status != 0 && status != EXIT_USAGE)) {
		warn("--output '%s': cannot write", q);
		unlink(tmp);
		return EXIT_USAGE;
	}
	if (rename(tmp, path) != 0) {
		warn("--output '%s'", q);
		unlink(tmp);
		return EXIT_USAGE;
	}
	return status;
}

int report_main(const struct opts *o)
{
	struct report_req req = {
		.results = o->results, .labels = o->labels, .nlabels = o->nlabels,
		.only = o->only, .nonly = o->nonly, .precise = o->precise, .stats = o->stats,
		.baseline = o->baseline, .format = o->format, .micro = o->micro,
		.why = o->why, .latency = o->latency, .keep_busy = o->keep_busy,
		.normalize = o->normalize, .dirs = o->nresults > 0 ? o->results_v : NULL,
		.ndirs = o->nresults, .trend = o->trend,
		.by_version = o->order != NULL && strcmp(o->order, "version") == 0,
		.merge_hosts = o->merge_hosts,
	};

	if (o->micro)
		(void)micro_format(o->format);   /* refused before --output is made */
	if (o->output != NULL)
		return report_to_file(&req, o->output);
	if (o->micro)
		return micro_print(&req, micro_format(o->format), stdout);
	return report_print(&req, stdout);
}
