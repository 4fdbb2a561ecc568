/* fuzz_loads.c: libFuzzer target for the LABEL.loads reader (rec_read_stream) and rec_format's round trip. */
#include "results/record.h"

#include <math.h>
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
