/* fuzz_micro.c: libFuzzer target for the LABEL.micro reader (mrec_read_stream) and mrec_format's round trip. */
#include "results/mrec.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME "fuzz/k.micro"

/* check: abort (a crash for libFuzzer) when an invariant does not hold. */
static void check(int ok, const char *what)
{
	if (!ok) {
		printf("fuzz_micro: invariant failed: %s\n", what);   /* stderr is closed (-close_fd_mask=2) */
		fflush(stdout);
		abort();
	}
}

/* read_text: mrec_read_stream over len bytes of text; the reader's return code. */
static int read_text(const char *text, size_t len, struct mrec_set *set)
{
	FILE *f = fmemopen((void *)text, len, "r");
	int rc;

	if (f == NULL)
		return -2;
	rc = mrec_read_stream(f, NAME, set);
	fclose(f);
	return rc;
}

/* round_trip: the line of a metric read back formats to the same line. */
static void round_trip(const struct mrec *m)
{
	static char text[16384], again[8192];
	struct mrec_set set = { 0 };
	int h, n;

	h = mrec_header(text, sizeof text);
	n = mrec_format(m, text + h, sizeof text - (size_t)h);
	check(n > 0, "a metric read cannot be formatted");
	check(read_text(text, (size_t)(h + n), &set) == 0, "its own line is refused");
	check(set.n == 1 && set.bad == 0, "its own line is not read back as one metric");
	check(mrec_format(&set.v[0], again, sizeof again) == n &&
	      memcmp(again, text + h, (size_t)n) == 0, "format, read, format changes the line");
	mrec_set_free(&set);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* LLVMFuzzerTestOneInput: read the input as a LABEL.micro file. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mrec_set set = { 0 };
	char *copy = malloc(size + 1);
	int rc;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	rc = read_text(copy, size, &set);
	check(rc == 0 || rc == -1, "return code is 0 or -1");
	check(set.n + set.bad <= size, "more metrics and bad lines than bytes");
	for (size_t i = 0; i < set.n; i++) {
		const struct mrec *m = &set.v[i];
		check(rec_label_check(m->label, NULL) == 0, "a metric with a bad label");
		check(m->run >= 1 && m->metric[0] != '\0', "run below 1 or empty metric");
		check(isnan(m->value) || isfinite(m->value), "value is infinite");
		check(isfinite(m->spread) && m->spread >= 0, "spread is not a finite number >= 0");
		round_trip(m);
	}
	mrec_set_free(&set);
	free(copy);
	return 0;
}
