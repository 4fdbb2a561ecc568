/* fuzz_lmbench_summary.c: libFuzzer target for lmbench's summary and results-file reader (lmbench_summary_parse): any bytes, no crash, only well-formed runs. */
#include "results/lmbench/lmbench_summary.h"
#include "results/record/micro_metric.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* check: abort (a crash for libFuzzer) when an invariant does not hold. */
static void check(int ok, const char *what)
{
	if (!ok) {
		printf("fuzz_lmbench_summary: invariant failed: %s\n", what);   /* stderr is closed (-close_fd_mask=2) */
		fflush(stdout);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct micro_record_set set = { 0 };
	char msg[256] = "";
	int rc = lmbench_summary_parse((const char *)data, size, "fuzz", &set, msg, sizeof msg);

	check(rc == 0 || rc == -1, "lmbench_summary_parse returned neither 0 nor -1");
	check(rc == 0 || msg[0] != '\0', "refused without saying why");
	check(rc != 0 || set.n > 0, "accepted with no run");
	for (size_t i = 0; i < set.n; i++) {
		const struct micro_record *m = &set.v[i];
		check(rec_label_check(m->label, NULL) == 0, "a run with a bad label");
		check(strncmp(m->label, "fuzz", 4) == 0, "a label not made from the one given");
		check(m->run >= 1 && lmbench_summary_is(m), "run below 1 or not lmbench's");
		check(micro_metric_find(m->metric) >= 0, "a metric not in the table");
		check(isnan(m->value) ? m->reason[0] != '\0' : isfinite(m->value) && m->value > 0,
		      "a blank without its reason, or a figure not finite and positive");
	}
	micro_record_set_free(&set);
	return 0;
}
