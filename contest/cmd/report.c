/* report.c: the report command: contest report / contest -r: the tables, --micro's summary or --interactive's, to stdout or (whole or not at all) to --output. */
#include "contest/cmd/report.h"
#include "contest/cli/set.h"
#include "contest/cmd/micro.h"
#include "contest/interact/interact.h"
#include "contest/report/pipeline.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "results/render/render.h"

#include <limits.h>
#include <stdio.h>
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

/* micro_print: report --micro in format f into out (micro_report's status returned). */
static int micro_print(const struct report_req *req, const struct render_format *f, FILE *out)
{
	struct micro_show show = { .labels = req->labels, .nlabels = req->nlabels,
	                           .lmbench = req->lmbench, .nlmbench = req->nlmbench, .form = f->micro };

	return micro_report(req->results, &show, out);
}

/* micro_format: the format --micro is shown in; one that cannot show it
 * is refused (exit 2) naming those that can. */
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
	status = req->micro ? micro_print(req, micro_format(req->format), f) :
	         req->interactive ? interact_report(req, f) : report_print(req, f);
	fchmod_default(fileno(f));
	int bad = ferror(f) | (fflush(f) != 0) | (fsync(fileno(f)) != 0);
	int empty = ftell(f) == 0;
	bad |= fclose(f) != 0;
	if (status != 0 && empty && !bad) {   /* refused before anything was written: no file */
		unlink(tmp);
		return status;
	}
	if (bad || (status != 0 && status != EXIT_USAGE && status != EXIT_SKIPPED)) {
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

void report_check(struct opts *o)
{
	if (o->baseline != NULL && !o->stats && !o->paired)
		opts_usage_error("--baseline '%s' needs --stats or --paired", o->baseline);
	if (o->paired && (o->trend || o->micro || o->interactive || o->nresults > 1))
		opts_usage_error("--paired prints a series' rounds from one results directory: not with"
		                 " --trend, --micro, --interactive or several -R%s", "");
	if (o->keep_busy && !o->stats && !o->trend && !o->paired)
		opts_usage_error("--keep-busy needs --stats, --trend or --paired%s (without them every run is"
		                 " averaged)", "");
	if (o->order != NULL && !o->trend)
		opts_usage_error("--order '%s' needs --trend", o->order);
	const char *other = o->stats ? "--stats" : o->micro ? "--micro" : o->why ? "--why" :
	                    o->latency ? "--latency" : o->normalize ? "--normalize" :
	                    o->precise ? "--precise" : o->interactive ? "--interactive" : NULL;
	if (o->trend && other != NULL)
		opts_usage_error("--trend tests each label against the one before it: not with %s", other);
	if (o->nlmbench > 0 && !o->micro)
		opts_usage_error("--lmbench '%s' needs --micro", o->lmbench[0]);
	if (o->nresults > 1 && o->micro)
		opts_usage_error("--micro reads one results directory, not several -R (at '%s')",
		                 o->results_v[1]);
	if (o->nresults > 1 && o->interactive)
		opts_usage_error("--interactive reads one results directory, not several -R (at '%s')",
		                 o->results_v[1]);
	if (o->interactive && (o->micro || o->nonly || o->why || o->latency || o->normalize || o->keep_busy ||
	                       o->ratio_base))
		opts_usage_error("--interactive shows every condition: --micro, --loads, --why, --latency, "
		                 "--normalize, --keep-busy and --ratio-base are for the load tables%s", "");
	for (size_t i = 0; i < o->nlabels; i++)
		set_label_check(o->labels[i], "", "");
}

int cmd_report(struct opts *o)
{
	struct report_req req = {
		.results = o->results, .labels = o->labels, .nlabels = o->nlabels,
		.only = o->only, .nonly = o->nonly, .precise = o->precise, .stats = o->stats,
		.baseline = o->baseline, .ratio_base = o->ratio_base, .format = o->format, .micro = o->micro,
		.lmbench = o->lmbench, .nlmbench = o->nlmbench,
		.why = o->why, .latency = o->latency, .keep_busy = o->keep_busy,
		.normalize = o->normalize, .interactive = o->interactive,
		.dirs = o->nresults > 0 ? o->results_v : NULL,
		.ndirs = o->nresults, .trend = o->trend, .paired = o->paired,
		.by_version = o->order != NULL && strcmp(o->order, "version") == 0,
		.merge_hosts = o->merge_hosts,
	};

	if (o->micro)
		(void)micro_format(o->format);   /* refused before --output is made */
	if (o->output != NULL)
		return report_to_file(&req, o->output);
	if (o->micro)
		return micro_print(&req, micro_format(o->format), stdout);
	if (o->interactive)
		return interact_report(&req, stdout);
	return report_print(&req, stdout);
}
