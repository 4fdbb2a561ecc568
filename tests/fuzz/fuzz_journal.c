/* fuzz_journal.c: libFuzzer target for the series journal's reader behind its checksum: the input, with a valid closing checksum line added, parsed (journal_parse_text); a journal read holds every rule of its plan and state, and written back (journal_format) reads back the same. */
#include "contest/series/journal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A seed (tests/fuzz/corpus/fuzz_journal/) is a journal without its closing
 * "end" line (head -n -1 journal): the target adds a valid one, so that
 * what the fuzzer changes reaches the parser, not only the checksum. */

#define CAP (1 << 20)   /* journal.c's most bytes of a journal */

/* check: abort (a crash for libFuzzer) when an invariant does not hold. */
static void check(int ok, const char *what)
{
	if (!ok) {
		printf("fuzz_journal: invariant failed: %s\n", what);   /* stderr is closed (-close_fd_mask=2) */
		fflush(stdout);
		abort();
	}
}

/* fnv1a: FNV-1a over s[0..n), the journal's closing checksum. */
static uint64_t fnv1a(const uint8_t *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ULL;
	return h;
}

/* refused: a refusal's why is one line, not empty. */
static void refused(const char *why)
{
	check(why[0] != '\0' && strchr(why, '\n') == NULL, "a refusal's why is not one line");
}

/* held: the rules of a journal read (journal.h, journal_parse_text), and
 * every step's kernel inside the plan. */
static void held(const struct series_journal *j)
{
	long total = j->rounds * (long)j->nk;

	check(j->nk >= 1 && j->nk <= SERIES_MAX_KERNELS && j->rounds >= 1 && j->rounds <= SERIES_MAX_ROUNDS &&
	      j->nloads >= 1 && j->nloads <= SERIES_MAX_LOADS, "kernels, rounds or loads out of range");
	check(j->step >= 0 && j->step <= total && (j->step == total) == (j->phase == PH_DONE), "step");
	check(j->load <= j->nloads && (j->phase != PH_RUN || j->load < j->nloads), "load (at)");
	check(j->phase >= PH_ARM && j->phase <= PH_STOPPED, "phase");
	for (long r = 0; r < j->rounds; r++) {
		unsigned used = 0;
		for (size_t p = 0; p < j->nk; p++) {
			unsigned k = j->order[(size_t)r * j->nk + p];
			check(k < j->nk && !(used & 1u << k), "an order that is not each kernel once");
			used |= 1u << k;
		}
	}
	for (long s = 0; s < total; s++)
		check(journal_step_kernel(j, s) == j->order[s], "a step's kernel is not its order's");
	check(journal_step_kernel(j, total) < j->nk && journal_step_kernel(j, -1) < j->nk, "a step past the plan");
	for (size_t k = 0; k < j->nk; k++)
		check(j->kern[k].k.label[0] != '\0' && j->kern[k].tries >= 0 && j->kern[k].crashes >= 0 &&
		      (j->kern[k].dropped == 0 || j->kern[k].dropped == 1), "a kernel's label or counts");
	check(j->max_tries >= 1 && j->count >= -1 && j->nboot >= 0, "tries, count or boots");
	check(isfinite(j->deadline) && j->deadline >= 0 && isfinite(j->countdown) && j->countdown >= 0 &&
	      j->countdown <= 3600 && isfinite(j->asked) && j->asked >= 0 && isfinite(j->boot_s) && j->boot_s >= 0,
	      "a time out of range");
	check(j->id[0] && j->driver[0] && j->cwd[0] && j->results[0] && j->program[0], "an empty string");
	check(j->accel[0] == '\0' || (j->vcpus >= 1 && j->guest_mib >= 1), "a guest's vcpus or memory");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* LLVMFuzzerTestOneInput: the input as it stands (its checksum most likely
 * wrong: refused), then with a valid closing line: read, or refused with
 * one line; a journal read, formatted, reads back and formats the same. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct series_journal j, back;
	static char out[CAP], again[CAP];
	char why[1024], *text;
	size_t n, m;

	if (size > CAP - 32 || (text = malloc(size + 32)) == NULL)
		return 0;
	memcpy(text, data, size);
	if (journal_parse_text(text, size, &j, why, sizeof why) != 0)
		refused(why);
	memcpy(text, data, size);
	n = size + (size_t)snprintf(text + size, 32, "end\t%016llx\n", (unsigned long long)fnv1a(data, size));
	if (journal_parse_text(text, n, &j, why, sizeof why) != 0) {
		refused(why);
		free(text);
		return 0;
	}
	free(text);
	held(&j);
	m = journal_format(&j, out, sizeof out);
	check(m > 0, "a journal read cannot be formatted");
	memcpy(again, out, m);
	if (journal_parse_text(again, m, &back, why, sizeof why) != 0) {
		printf("fuzz_journal: %s\n", why);
		check(0, "a journal read, written back, is refused");
	}
	held(&back);
	check(journal_format(&back, again, sizeof again) == m && memcmp(again, out, m) == 0,
	      "format, read, format changes the journal");
	return 0;
}
