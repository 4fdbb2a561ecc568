/* fuzz_micro.c: libFuzzer target for the LABEL.micro reader (mrec_read_stream) and mrec_format's round trip. */
#include "results/record/mrec.h"

#include <math.h>

#define FUZZ_NAME   "fuzz_micro"
#define FUZZ_PATH   "fuzz/k.micro"
#define FUZZ_SET    struct mrec_set
#define FUZZ_ITEM   struct mrec
#define FUZZ_READ   mrec_read_stream
#define FUZZ_HEADER mrec_header
#define FUZZ_FORMAT mrec_format
#define FUZZ_FREE   mrec_set_free
#include "tests/fuzz/reader.h"

/* fuzz_item: the invariants of a metric read; every one is written back. */
static int fuzz_item(const struct mrec *m)
{
	check(rec_label_check(m->label, NULL) == 0, "a metric with a bad label");
	check(m->run >= 1 && m->metric[0] != '\0', "run below 1 or empty metric");
	check(isnan(m->value) || isfinite(m->value), "value is infinite");
	check(isfinite(m->spread) && m->spread >= 0, "spread is not a finite number >= 0");
	return 1;
}
