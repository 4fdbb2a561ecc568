/* opts.c: the options and operands of `contest interact`: tasks, priority, the background conditions and the defaults. */
#include "contest/interact/interact.h"
#include "contest/interact/task.h"
#include "lib/err.h"
#include "lib/text.h"
#include "loads/registry.h"

#include <string.h>

/* add_task: task name (from --tasks) to o, once. */
static void add_task(struct opts *o, const char *name)
{
	int k = itask_find(name);

	if (k < 0)
		opts_usage_error("--tasks: unknown task '%s' (audio, video, desktop, game)", name);
	for (size_t i = 0; i < o->ntasks; i++)
		if (o->tasks[i] == k)
			return;
	o->tasks[o->ntasks++] = k;
}

void interact_operand(struct opts *o, const char *name)
{
	const struct load_desc *d;

	if (strcmp(name, "compile") == 0) {
		opts_add_desc(o, &interact_compile, name);
		return;
	}
	if (strcmp(name, "all") == 0) {
		opts_add_desc(o, load_find("no_load"), name);
		opts_add_desc(o, &interact_compile, name);
		for (size_t i = 0; (d = load_registry[i]) != NULL; i++) {
			if (d->flags & (LOAD_F_HIDDEN | LOAD_F_WARM | LOAD_F_EXTRA))
				continue;
			if ((d->flags & LOAD_F_OTHER) && o->other == NULL) {
				warnx("%s skipped: it needs -o DIR (another disk or file system)", d->name);
				continue;
			}
			opts_add_desc(o, d, name);
		}
		return;
	}
	if ((d = load_find(name)) == NULL)
		opts_usage_error("interact: unknown load '%s' (a load of contest loads, compile or all)", name);
	if (d->flags & LOAD_F_WARM)
		opts_usage_error("interact: '%s' runs nothing beside the task (it is no_load with warm "
		                 "caches); use no_load", name);
	opts_add_desc(o, d, name);
}

/* read_tasks: --tasks LIST into o's tasks, in order, once each. */
static void read_tasks(struct opts *o, const char *arg)
{
	char list[128];

	if (text_copy(list, arg, sizeof list) >= sizeof list)
		opts_usage_error("--tasks: '%s' is too long", arg);
	o->ntasks = 0;
	for (char *t = strtok(list, ","); t != NULL; t = strtok(NULL, ","))
		add_task(o, t);
	if (o->ntasks == 0)
		opts_usage_error("--tasks: no task named in '%s'", arg);
}

void interact_check(struct opts *o)
{
	if (o->tasks_arg != NULL)
		read_tasks(o, o->tasks_arg);
	for (size_t i = 0; i < o->nnames; i++)
		interact_operand(o, o->names[i]);
	if (o->runs_auto)
		opts_usage_error("interact: -n '%s' is for runs of the loads; give a number of runs", "auto");
	if (o->nloads == 0)
		interact_operand(o, "all");
	if (o->ntasks == 0)
		for (int k = 0; k < ITASK_N; k++)
			o->tasks[o->ntasks++] = k;
	if (!o->seconds_given)
		o->rate_seconds = o->quick ? INTERACT_QUICK_SECONDS : INTERACT_SECONDS;
}
