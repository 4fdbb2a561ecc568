/* fuzz_micro.c: libFuzzer target for the LABEL.micro reader (micro_record_read_stream) and micro_record_format's round trip. */
#include "results/record/micro_record.h"

#include <math.h>

#define FUZZ_NAME   "fuzz_micro"
#define FUZZ_PATH   "fuzz/k.micro"
#define FUZZ_SET    struct micro_record_set
#define FUZZ_ITEM   struct micro_record
#define FUZZ_READ   micro_record_read_stream
#define FUZZ_HEADER micro_record_header
#define FUZZ_FORMAT micro_record_format
#define FUZZ_FREE   micro_record_set_free
#include "tests/fuzz/reader.h"

/* fuzz_item: the invariants of a metric read; every one is written back. */
static int fuzz_item(const struct micro_record *m)
{
	check(rec_label_check(m->label, NULL) == 0, "a metric with a bad label");
	check(m->run >= 1 && m->metric[0] != '\0', "run below 1 or empty metric");
	check(isnan(m->value) || isfinite(m->value), "value is infinite");
	check(isfinite(m->spread) && m->spread >= 0, "spread is not a finite number >= 0");
	return 1;
}
