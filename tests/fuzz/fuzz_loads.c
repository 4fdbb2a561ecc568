/* fuzz_loads.c: libFuzzer target for the LABEL.loads reader (rec_read_stream), rec_format's round trip, and the report of the records read in every format, its JSON checked by a strict decoder. */
#include "results/model/build.h"
#include "results/record/record.h"
#include "results/render/render.h"
#include "results/model/summary.h"
#include "tests/unit/tjson.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define FUZZ_NAME   "fuzz_loads"
/* The name the input is read under: records must carry its label, "k". */
#define FUZZ_PATH   "fuzz/k.loads"
#define FUZZ_SET    struct rec_set
#define FUZZ_ITEM   struct rec
#define FUZZ_READ   rec_read_stream
#define FUZZ_HEADER rec_header
#define FUZZ_FORMAT rec_format
#define FUZZ_FREE   rec_set_free
#define FUZZ_SET_CHECK fuzz_report
#include "tests/fuzz/reader.h"

/* fuzz_item: the invariants of a record read; 1 when it can be written back. */
static int fuzz_item(const struct rec *r)
{
	check(strcmp(r->label, "k") == 0, "a record of another label than the file's");
	check(r->load[0] != '\0' && r->run >= 1, "empty load or run below 1");
	check(r->failed == 0 || r->failed == 1, "status is not ok or failed");
	check(r->flushed >= -1 && r->flushed <= 1, "flushed out of range");
	check(r->jobs >= 0, "negative jobs");
	check(isnan(r->time) || isfinite(r->time), "time is infinite");
	return rec_check(r, NULL) == 0;
}

/* render: the report of m in format name into a string (malloc'd; its
 * length in *len). */
static char *render(const struct rep_model *m, const char *name, size_t *len)
{
	const struct render_format *f = render_format_find(name);
	char *text = NULL;
	FILE *out = open_memstream(&text, len);

	check(f != NULL && out != NULL, "no format or no memory stream");
	f->render(out, m);
	check(fclose(out) == 0, "the report cannot be written");
	return text;
}

/* fuzz_report: the records read as a report (compared with the first
 * label, every table shown) in every format; the JSON one must be a valid
 * JSON document in valid UTF-8, whatever bytes the records hold. */
static void fuzz_report(const struct rec_set *set)
{
	static const char *const formats[] = { "text", "csv", "markdown", "html", "json" };
	const struct rep_show show = { .baseline = 0, .precise = 1, .why = 1, .latency = 1, .normalize = 1 };
	struct summary s;
	struct rep_model m;
	char why[160];

	if (summary_build(&s, set, NULL, 0, NULL, 0, NULL) != 0)
		return;
	if (rep_model_build(&m, &s, set, &show, NULL) == 0) {
		for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
			size_t len = 0;
			char *text = render(&m, formats[i], &len);
			if (strcmp(formats[i], "json") == 0 && tjson_check(text, len, why, sizeof why) != 0) {
				printf(FUZZ_NAME ": the JSON report is refused %s\n", why);
				check(0, "the JSON report is not valid JSON in valid UTF-8");
			}
			free(text);
		}
		rep_model_free(&m);
	}
	summary_free(&s);
}
