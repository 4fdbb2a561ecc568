/* set.c: the option arguments the option table cannot take as data: labels, -n, -R, --sysctl, --loads, --format, --scale, --target; and the label, path and seconds checks the parser shares. */
#include "contest/cli/set.h"
#include "contest/cli/opts.h"
#include "contest/sys/sysctl.h"
#include "lib/err.h"
#include "lib/parse.h"
#include "lib/text.h"
#include "loads/registry.h"
#include "results/record/record.h"
#include "results/render/render.h"
#include "workload/builtin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void set_label_check(const char *label, const char *opt, const char *from)
{
	const char *why;
	char q[TEXT_QUOTED];

	if (rec_label_check(label, &why) != 0)
		errx(EXIT_USAGE, "%sbad label '%s'%s: %s", opt, text_quote(label, q, sizeof q), from, why);
}

void set_label(struct opts *o, const char *label, const char *from)
{
	set_label_check(label, "", from);
	text_copy(o->label, label, sizeof o->label);
}

const char *set_path(const char *arg, const char *name, const char *empty)
{
	char msg[160];

	if (*arg == '\0')
		opts_usage_error(empty, "");
	for (const unsigned char *p = (const unsigned char *)arg; *p != '\0'; p++)
		if (*p < 0x20 || *p == 0x7f) {
			text_fmt(msg, sizeof msg, "%s: '%%s' holds a control character; give a path without one",
			         name);
			opts_usage_error(msg, arg);
		}
	return arg;
}

int set_seconds(const char *s, double lo, double hi, double *out)
{
	char *end;
	double d = strtod(s, &end);

	if (*s == '\0' || *end != '\0' || !(d >= lo && d <= hi))
		return -1;
	*out = d;
	return 0;
}

void set_kernel(struct opts *o, const char *arg)
{
	if (o->mode != MODE_SERIES) {
		set_label(o, arg, "");
		return;
	}
	if (o->nkernels == sizeof o->kernels / sizeof o->kernels[0])
		opts_usage_error("series: more than 16 kernels at '%s'", arg);
	o->kernels[o->nkernels++] = arg;   /* LABEL=SPEC: contest series checks it */
}

void set_runs(struct opts *o, const char *arg)
{
	long v;

	o->runs_given = 1;
	o->runs_auto = strcmp(arg, "auto") == 0;
	if (o->runs_auto)
		return;
	if (parse_int(arg, 1, 100000, &v) != 0)
		opts_usage_error("-n: '%s' is not a number of runs from 1 to 100000, or auto", arg);
	o->runs = v;
}

void set_max_runs(struct opts *o, const char *arg)
{
	if (parse_int(arg, 1, 100000, &o->max_runs) != 0)
		opts_usage_error("--max-runs: '%s' is not a number of runs from 3 to 100000", arg);
	if (o->max_runs < 3 && o->mode != MODE_BISECT)  /* bisect: too few runs give 125 */
		opts_usage_error("--max-runs: '%s' is too few: -n auto needs at least 3 runs of a "
		                 "condition to judge its interval", arg);
}

void set_target(struct opts *o, const char *arg)
{
	if (*arg == '\0' || *arg == '-' || strpbrk(arg, " \t\n=") != NULL)
		opts_usage_error("--target: '%s' is not a make target", arg);
	o->target = arg;
}

void set_results(struct opts *o, const char *arg)
{
	o->results = set_path(arg, "-R", "-R: empty results directory");
	if (o->nresults == OPTS_MAX_RESULTS)
		opts_usage_error("-R: too many results directories at '%s'", arg);
	o->results_v[o->nresults++] = o->results;
}

void set_lmbench(struct opts *o, const char *arg)
{
	if (o->nlmbench == OPTS_MAX_LMBENCH)
		opts_usage_error("--lmbench: at most 16 files (at '%s')", arg);
	o->lmbench[o->nlmbench++] = arg;
}

void set_scale(struct opts *o, const char *arg)
{
	if (!builtin_scale_valid(arg))
		opts_usage_error("--scale: '%s' is not mini, tiny, small, default or large", arg);
	o->scale = arg;
	o->scale_given = 1;
}

void set_sysctl(struct opts *o, const char *arg)
{
	struct sysctl_set s, t;
	char why[256];

	if (sysctl_parse(arg, &s, why, sizeof why) != 0)
		errx(EXIT_USAGE, "--sysctl: %s (see contest --help)", why);
	for (size_t i = 0; i < o->nsysctl; i++)
		if (sysctl_parse(o->sysctl[i], &t, why, sizeof why) == 0 && strcmp(t.key, s.key) == 0)
			opts_usage_error("--sysctl: '%s' is given twice", s.key);
	if (o->nsysctl == OPTS_MAX_SYSCTL)
		opts_usage_error("--sysctl: too many at '%s'", arg);
	o->sysctl[o->nsysctl++] = arg;
}

void set_only(struct opts *o, const char *arg)
{
	char list[strlen(arg) + 1];   /* the names kept are the loads' own */

	memcpy(list, arg, sizeof list);
	for (char *tok = strtok(list, ","); tok != NULL; tok = strtok(NULL, ",")) {
		const struct load_desc *d = load_find(tok);
		if (d == NULL)
			opts_usage_error("--loads: unknown load '%s'", tok);
		if (o->nonly == OPTS_MAX_LOADS)
			opts_usage_error("--loads: too many loads at '%s'", tok);
		o->only[o->nonly++] = d->name;
	}
	if (o->nonly == 0)
		opts_usage_error("--loads: no load named in '%s'", "");
}

void set_format(struct opts *o, const char *arg)
{
	char names[128], msg[256];

	if (render_format_find(arg) == NULL) {
		render_format_list(names, sizeof names, ", ", " or ");
		text_fmt(msg, sizeof msg, "--format: '%%s' is not %s", names);
		opts_usage_error(msg, arg);
	}
	o->format = arg;
}
