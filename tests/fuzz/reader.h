/* reader.h: the body of a libFuzzer target for a result file reader (fuzz_loads, fuzz_micro): read, check each item, round trip. */
/* The target defines before including this:
 *   FUZZ_NAME    "fuzz_loads"; FUZZ_PATH: the name the input is read under
 *   FUZZ_SET, FUZZ_ITEM: the set and item types (with members v and n, bad)
 *   FUZZ_READ(f, path, set), FUZZ_HEADER(buf, len), FUZZ_FORMAT(item, buf, len),
 *   FUZZ_FREE(set): the reader, header, formatter and free of that format
 * and after it: static int fuzz_item(const FUZZ_ITEM *it), which checks the
 * invariants of one item read (with check) and returns 1 to round trip it.
 * Optionally FUZZ_SET_CHECK: the name of a static void function(const
 * FUZZ_SET *set), defined after it too, that checks what is made of the
 * whole set read (a report). */
#ifndef TESTS_FUZZ_READER_H
#define TESTS_FUZZ_READER_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fuzz_item(const FUZZ_ITEM *it);
#ifdef FUZZ_SET_CHECK
static void FUZZ_SET_CHECK(const FUZZ_SET *set);
#endif

/* check: abort (a crash for libFuzzer) when an invariant does not hold. */
static void check(int ok, const char *what)
{
	if (!ok) {
		printf(FUZZ_NAME ": invariant failed: %s\n", what);   /* stderr is closed (-close_fd_mask=2) */
		fflush(stdout);
		abort();
	}
}

/* read_text: the reader over len bytes of text; its return code. */
static int read_text(const char *text, size_t len, FUZZ_SET *set)
{
	FILE *f = fmemopen((void *)text, len, "r");
	int rc;

	if (f == NULL)
		return -2;
	rc = FUZZ_READ(f, FUZZ_PATH, set);
	fclose(f);
	return rc;
}

/* round_trip: an item read back from its own line formats to the same line. */
static void round_trip(const FUZZ_ITEM *it)
{
	static char text[16384], again[8192];
	FUZZ_SET set = { 0 };
	int h, n;

	h = FUZZ_HEADER(text, sizeof text);
	n = FUZZ_FORMAT(it, text + h, sizeof text - (size_t)h);
	check(n > 0, "an item read cannot be formatted");
	check(read_text(text, (size_t)(h + n), &set) == 0, "its own line is refused");
	check(set.n == 1 && set.bad == 0, "its own line is not read back as one item");
	check(FUZZ_FORMAT(&set.v[0], again, sizeof again) == n &&
	      memcmp(again, text + h, (size_t)n) == 0, "format, read, format changes the line");
	FUZZ_FREE(&set);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* LLVMFuzzerTestOneInput: read the input as a file named FUZZ_PATH. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FUZZ_SET set = { 0 };
	char *copy = malloc(size + 1);
	int rc;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	rc = read_text(copy, size, &set);
	check(rc == 0 || rc == -1, "return code is 0 or -1");
	check(set.n + set.bad <= size, "more items and bad lines than bytes");
	for (size_t i = 0; i < set.n; i++)
		if (fuzz_item(&set.v[i]))
			round_trip(&set.v[i]);
#ifdef FUZZ_SET_CHECK
	FUZZ_SET_CHECK(&set);
#endif
	FUZZ_FREE(&set);
	free(copy);
	return 0;
}

#endif
