/* fuzz_story.c: libFuzzer target for a series' story file reader (story_parse): whatever bytes, read or refused with one line; a story read holds its bounds (each round's order every kernel once, each label valid, each event of a known kind), and written back (story_format) reads back the same and writes the same. */
#include "results/record/record.h"
#include "results/record/story.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* check: abort (a crash for libFuzzer) when an invariant does not hold. */
static void check(int ok, const char *what)
{
	if (!ok) {
		printf("fuzz_story: invariant failed: %s\n", what);   /* stderr is closed (-close_fd_mask=2) */
		fflush(stdout);
		abort();
	}
}

/* held: the bounds of a story read (story.h, story_parse). */
static void held(const struct series_story *s)
{
	const char *why;

	check(s->nk >= 1 && s->nk <= STORY_MAX_KERNELS && s->rounds >= 1 && s->rounds <= STORY_MAX_ROUNDS &&
	      s->nloads >= 1 && s->nloads <= STORY_MAX_LOADS && s->nev <= STORY_MAX_EVENTS, "counts out of range");
	check(s->id[0] && s->driver[0], "an empty id or driver");
	for (long r = 0; r < s->rounds; r++) {
		unsigned used = 0;
		for (size_t p = 0; p < s->nk; p++) {
			unsigned k = s->order[(size_t)r * s->nk + p];
			check(k < s->nk && !(used & 1u << k), "an order that is not each kernel once");
			used |= 1u << k;
		}
	}
	for (size_t k = 0; k < s->nk; k++)
		check(rec_label_check(s->kern[k].label, &why) == 0 && (s->kern[k].dropped == 0 || s->kern[k].dropped == 1),
		      "a kernel's label or state");
	for (size_t i = 0; i < s->nev; i++)
		check(s->ev[i].kind >= 0 && s->ev[i].kind < STORY_KINDS && s->ev[i].text[0], "an event's kind or text");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* LLVMFuzzerTestOneInput: the input read, or refused with one line; a
 * story read, formatted, reads back and formats the same. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct series_story s, back;
	static char out[STORY_CAP], again[STORY_CAP];
	char why[1024], *text;
	size_t m;

	if (size > STORY_CAP || (text = malloc(size + 1)) == NULL)
		return 0;
	memcpy(text, data, size);
	if (story_parse(text, size, &s, why, sizeof why) != 0) {
		check(why[0] != '\0' && strchr(why, '\n') == NULL, "a refusal's why is not one line");
		free(text);
		return 0;
	}
	free(text);
	held(&s);
	m = story_format(&s, out, sizeof out);
	check(m > 0, "a story read cannot be formatted");
	memcpy(again, out, m);
	if (story_parse(again, m, &back, why, sizeof why) != 0) {
		printf("fuzz_story: %s\n", why);
		check(0, "a story read, written back, is refused");
	}
	held(&back);
	check(story_format(&back, again, sizeof again) == m && memcmp(again, out, m) == 0,
	      "format, read, format changes the story");
	return 0;
}
