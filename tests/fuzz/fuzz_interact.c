/* fuzz_interact.c: libFuzzer target for the LABEL.interact reader (interact_record_read_stream) and interact_record_format's round trip. */
#include "results/record/interact_record.h"

#include <math.h>

#define FUZZ_NAME   "fuzz_interact"
#define FUZZ_PATH   "fuzz/k.interact"
#define FUZZ_SET    struct interact_record_set
#define FUZZ_ITEM   struct interact_record
#define FUZZ_READ   interact_record_read_stream
#define FUZZ_HEADER interact_record_header
#define FUZZ_FORMAT interact_record_format
#define FUZZ_FREE   interact_record_set_free
#include "tests/fuzz/reader.h"

/* fuzz_item: the invariants of a window read; every one is written back. */
static int fuzz_item(const struct interact_record *r)
{
	const double v[] = { r->lat_mean_us, r->lat_sd_us, r->lat_p99_us, r->lat_max_us, r->met_pct,
	                     r->cpu_pct, r->fps };

	check(rec_label_check(r->label, NULL) == 0, "a window with a bad label");
	check(r->run >= 1 && r->task[0] != '\0' && r->load[0] != '\0', "run below 1 or empty task or load");
	check(r->nice >= -20 && r->nice <= 19, "nice out of range");
	check(isfinite(r->seconds) && r->seconds >= 0 && isfinite(r->loops_ms), "seconds or loops_ms not finite");
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		check(isnan(v[i]) || (isfinite(v[i]) && v[i] >= 0), "a figure is infinite or negative");
	return 1;
}
