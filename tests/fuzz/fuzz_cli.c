/* fuzz_cli.c: libFuzzer target for the command-line parser opts_parse, its usage errors caught through err_exit_hook. */
#include "contest/cli/opts.h"
#include "contest/cmd/cmds.h"
#include "lib/err.h"
#include "results/record/record.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 64

static jmp_buf back;
static volatile int exit_status;

/* check: abort (a crash for libFuzzer) when an invariant does not hold. */
static void check(int ok, const char *what)
{
	if (!ok) {
		printf("fuzz_cli: invariant failed: %s\n", what);   /* stderr is closed (-close_fd_mask=2) */
		fflush(stdout);
		abort();
	}
}

/* on_exit_hook: errx/err inside opts_parse: note the status and jump back. */
static void on_exit_hook(int status)
{
	exit_status = status;
	longjmp(back, 1);
}

/* check_opts: what a successful parse promises the rest of contest. */
static void check_opts(const struct opts *o)
{
	check(o->results != NULL && o->results[0] != '\0', "results directory empty");
	switch (o->mode) {
	case MODE_HELP:
	case MODE_VERSION:
		return;
	case MODE_RUN:
	case MODE_SWEEP:
		check(rec_label_check(o->label, NULL) == 0, "run: label not valid");
		check(o->runs >= 1 && o->runs <= 100000, "run: runs out of range");
		check(o->jobs == 0 || (o->jobs >= 1 && o->jobs <= 4096), "run: jobs out of range");
		check(o->nloads >= 1 && o->nloads <= OPTS_MAX_LOADS, "run: no load or too many");
		for (size_t i = 0; i < o->nloads; i++) {
			check(o->loads[i] != NULL, "run: a NULL load");
			for (size_t j = 0; j < i; j++)
				check(o->loads[i] != o->loads[j], "run: a load twice");
		}
		check(o->testbed != NULL && o->testbed[0] != '\0', "run: testbed empty");
		check(o->mem == 0 || o->mem >= 1024 * 1024, "run: mem below 1M");
		check(o->lead >= 0 && o->lead <= 3600, "run: lead out of range");
		check((o->tree == NULL) == (o->target == NULL), "run: target without tree");
		check(!(o->tree != NULL && o->scale_given), "run: scale with a tree");
		return;
	case MODE_MICRO:
		check(rec_label_check(o->label, NULL) == 0, "micro: label not valid");
		check(o->runs >= 1 && o->runs <= 100000, "micro: runs out of range");
		check(o->nlabels == 0 && o->nloads == 0, "micro: labels or loads");
		return;
	case MODE_REPORT:
		check(o->nlabels <= OPTS_MAX_LABELS, "report: too many labels");
		for (size_t i = 0; i < o->nlabels; i++)
			check(rec_label_check(o->labels[i], NULL) == 0, "report: label not valid");
		check(o->nonly <= OPTS_MAX_LOADS, "report: too many --loads");
		check(o->baseline == NULL || ((o->stats || o->paired) && rec_label_check(o->baseline, NULL) == 0),
		      "report: --baseline without --stats or --paired, or not a label");
		check(o->format != NULL, "report: no format");
		return;
	case MODE_LOADS:
		check(o->rate || o->nloads == 0, "loads: loads without --rate");
		check(!o->rate || (o->nloads >= 1 && o->nloads <= OPTS_MAX_LOADS), "loads --rate: no load");
		check(o->rate_seconds >= 1 && o->rate_seconds <= 3600, "loads: seconds out of range");
		return;
	case MODE_INTERACT:
		check(rec_label_check(o->label, NULL) == 0, "interact: label not valid");
		check(o->runs >= 1 && o->runs <= 100000 && !o->runs_auto, "interact: runs out of range");
		check(o->nloads >= 1 && o->nloads <= OPTS_MAX_LOADS, "interact: no load or too many");
		check(o->ntasks >= 1 && o->ntasks <= 4, "interact: no task or too many");
		for (size_t i = 0; i < o->ntasks; i++)
			for (size_t j = 0; j < i; j++)
				check(o->tasks[i] != o->tasks[j], "interact: a task twice");
		check(o->rate_seconds >= 1 && o->rate_seconds <= 3600, "interact: seconds out of range");
		check(o->nice >= -20 && o->nice <= 19, "interact: nice out of range");
		return;
	case MODE_BISECT:
		check(rec_label_check(o->label, NULL) == 0, "bisect: label not valid");
		check(o->good != NULL && strcmp(o->good, o->label) != 0, "bisect: no --good, or it is -k");
		check(o->bad == NULL || (strcmp(o->bad, o->good) != 0 && !o->threshold_given),
		      "bisect: --bad the --good label, or with --threshold");
		check(o->runs >= 1 && o->runs <= 100000, "bisect: runs out of range");
		return;
	case MODE_SERIES:
		check(o->action != NULL, "series: no action");
		return;
	case MODE_CLEAN:
		check(o->testbed != NULL && o->testbed[0] != '\0', "clean: testbed empty");
		check(o->nloads == 0 && o->nlabels == 0, "clean: loads or labels");
		return;
	}
	check(0, "mode out of range");
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* LLVMFuzzerInitialize: a fixed environment and the exit hook. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	unsetenv("CONTEST_RESULTS");
	err_exit_hook = on_exit_hook;
	return 0;
}

/* LLVMFuzzerTestOneInput: the input split on NUL bytes is argv[1..] (at most
 * MAX_ARGS - 1 of them) after argv[0] = "contest". */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct opts o;
	char *argv[MAX_ARGS + 1];
	char *buf = malloc(size + 1);
	int argc = 0;

	if (buf == NULL)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[argc++] = "contest";
	for (char *p = buf; p <= buf + size && argc < MAX_ARGS; p += strlen(p) + 1)
		argv[argc++] = p;
	if (size == 0)
		argc = 1;
	argv[argc] = NULL;

	exit_status = -1;       /* no getopt reset here: opts_parse must start afresh itself */
	if (setjmp(back) == 0) {
		opts_parse(&o, cmd_table, argc, argv);
		if (o.mode != MODE_HELP && o.mode != MODE_VERSION)
			cmd_check(&o);   /* the command's own checks, as main runs them */
		check_opts(&o);
	} else {
		check(exit_status == EXIT_USAGE, "opts_parse exits with a status other than 2");
	}
	free(buf);
	return 0;
}
