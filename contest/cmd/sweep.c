/* sweep.c: the sweep command: one sysctl key over values, a label per value, each value tried once before any run. */
#include "contest/cmd/sweep.h"
#include "contest/sys/sysctl.h"
#include "lib/err.h"
#include "lib/text.h"
#include "results/record/record.h"

#include <stdio.h>
#include <string.h>

void sweep_check(struct opts *o)
{
	struct sysctl_set s;
	char why[256], list[SYSCTL_VAL_MAX], one[SYSCTL_KEY_MAX + SYSCTL_VAL_MAX + 2];
	const char *lwhy;

	if (o->nsysctl == 0)
		opts_usage_error("sweep: give the setting to sweep, as --sysctl KEY=V1,V2,...%s", "");
	if (o->nsysctl > 1)
		opts_usage_error("sweep: one key at a time; '%s' is a second --sysctl", o->sysctl[1]);
	if (sysctl_parse(o->sysctl[0], &s, why, sizeof why) != 0)
		errx(EXIT_USAGE, "sweep --sysctl: %s", why);
	text_copy(o->sweep_key, s.key, sizeof o->sweep_key);
	text_copy(list, s.val, sizeof list);
	for (char *v = list, *next; v != NULL; v = next) {
		next = strchr(v, ',');
		if (next != NULL)
			*next++ = '\0';
		snprintf(one, sizeof one, "%s=%s", s.key, v);
		if (*v == '\0')
			opts_usage_error("sweep --sysctl: an empty value in '%s'", o->sysctl[0]);
		for (size_t i = 0; i < o->nsweep; i++)
			if (strcmp(o->sweep_val[i], v) == 0)
				opts_usage_error("sweep --sysctl: value '%s' is given twice", v);
		if (o->nsweep == OPTS_MAX_SWEEP)
			opts_usage_error("sweep --sysctl: more than 16 values in '%s'", o->sysctl[0]);
		text_copy(o->sweep_val[o->nsweep], v, sizeof o->sweep_val[0]);
		lwhy = "is longer than 64 characters";
		if ((size_t)snprintf(o->sweep_label[o->nsweep], sizeof o->sweep_label[0], "%s+%s", o->label,
		                     one) >= sizeof o->sweep_label[0] ||
		    rec_label_check(o->sweep_label[o->nsweep], &lwhy) != 0)
			errx(EXIT_USAGE, "sweep: label '%s+%s' %s", o->label, one, lwhy);
		o->nsweep++;
	}
	if (o->nsweep < 2)
		opts_usage_error("sweep --sysctl: '%s' names one value; give two or more, comma-separated",
		            o->sysctl[0]);
	o->nsysctl = 0;  /* the sweep sets it, value by value */
}
