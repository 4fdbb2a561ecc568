/* fuzz_loads.c: libFuzzer target for the LABEL.loads reader (rec_read_stream) and rec_format's round trip. */
#include "results/record.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The name the input is read under: records must carry its label, "k". */
#define NAME "fuzz/k.loads"

/* check: abort (a crash for libFuzzer) when an invariant does not hold. */
static void check(int ok, const char *what)
{
	if (!ok) {
		printf("fuzz_loads: invariant failed: %s\n", what);   /* stderr is closed (-close_fd_mask=2) */
		fflush(stdout);
		abort();
	}
}

/* read_text: rec_read_stream over len bytes of text; the reader's return code. */
static int read_text(const char *text, size_t len, struct rec_set *set)
{
	FILE *f = fmemopen((void *)text, len, "r");
	int rc;

	if (f == NULL)
		return -2;
	rc = rec_read_stream(f, NAME, set);
	fclose(f);
	return rc;
}

/* round_trip: a record read back from its own line formats to the same line. */
static void round_trip(const struct rec *r)
{
	static char text[16384], again[8192];
	struct rec_set set = { 0 };
	int h, n;

	h = rec_header(text, sizeof text);
	n = rec_format(r, text + h, sizeof text - (size_t)h);
	check(n > 0, "a record read cannot be formatted");
	check(read_text(text, (size_t)(h + n), &set) == 0, "its own line is refused");
	check(set.n == 1 && set.bad == 0, "its own line is not read back as one record");
	check(rec_format(&set.v[0], again, sizeof again) == n &&
	      memcmp(again, text + h, (size_t)n) == 0, "format, read, format changes the line");
	rec_set_free(&set);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* LLVMFuzzerTestOneInput: read the input as a result file named k.loads. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rec_set set = { 0 };
	char *copy = malloc(size + 1);
	int rc;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	rc = read_text(copy, size, &set);
	check(rc == 0 || rc == -1, "return code is 0 or -1");
	check(set.n + set.bad <= size, "more records and bad lines than bytes");
	for (size_t i = 0; i < set.n; i++) {
		const struct rec *r = &set.v[i];
		check(strcmp(r->label, "k") == 0, "a record of another label than the file's");
		check(r->load[0] != '\0' && r->run >= 1, "empty load or run below 1");
		check(r->failed == 0 || r->failed == 1, "status is not ok or failed");
		check(r->flushed >= -1 && r->flushed <= 1, "flushed out of range");
		check(r->jobs >= 0, "negative jobs");
		check(isnan(r->time) || isfinite(r->time), "time is infinite");
		if (rec_check(r, NULL) == 0)
			round_trip(r);
	}
	rec_set_free(&set);
	free(copy);
	return 0;
}
