/* test_series.c: a kernel series' order (seeded, balanced by position) and its journal (written whole, read back, a torn one read from the one before, neither: refused). */
#include "contest/series/journal.h"
#include "contest/series/order.h"
#include "lib/fs.h"
#include "tests/unit/t.h"
#include "tests/unit/tjournal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* balanced: in each whole block of nk rounds every kernel holds every
 * position once, and over all rounds no kernel holds a position more than
 * once more than another. */
static int balanced(const unsigned char *o, size_t nk, long rounds)
{
	int n[SERIES_MAX_KERNELS][SERIES_MAX_KERNELS] = { { 0 } };

	for (long r = 0; r < rounds; r++) {
		unsigned seen = 0;
		for (size_t p = 0; p < nk; p++) {
			seen |= 1u << o[(size_t)r * nk + p];
			n[o[(size_t)r * nk + p]][p]++;
		}
		if (seen != (1u << nk) - 1)
			return 0;   /* a round runs every kernel once */
		if ((r + 1) % (long)nk == 0)
			for (size_t k = 0; k < nk; k++)
				for (size_t p = 0; p < nk; p++)
					if (n[k][p] != (r + 1) / (long)nk)
						return 0;
	}
	for (size_t k = 0; k < nk; k++)
		for (size_t p = 0; p < nk; p++)
			if (n[k][p] < rounds / (long)nk || n[k][p] > rounds / (long)nk + 1)
				return 0;
	return 1;
}

static void test_order(void)
{
	unsigned char a[SERIES_MAX_ROUNDS * SERIES_MAX_KERNELS], b[sizeof a];
	int differs = 0;

	for (size_t nk = 1; nk <= 6; nk++)
		for (long rounds = 1; rounds <= 13; rounds++)
			for (uint64_t seed = 0; seed < 20; seed++) {
				series_order(nk, rounds, seed, a);
				T_CHECK(balanced(a, nk, rounds));
			}
	series_order(3, 9, 42, a);
	series_order(3, 9, 42, b);
	T_CHECK(memcmp(a, b, 27) == 0);   /* the same seed, the same order */
	for (uint64_t seed = 1; seed < 10 && !differs; seed++) {
		series_order(3, 9, seed, b);
		differs = memcmp(a, b, 27) != 0;
	}
	T_CHECK(differs);                 /* and another seed another order */
	series_order(16, 32, 7, a);
	T_CHECK(balanced(a, 16, 32));
}

/* sample: a journal of 2 kernels, 3 rounds, 2 loads, mid-way. */
static void sample(struct series_journal *j)
{
	tjournal_sample(j, "base", "new");
	j->kern[1].dropped = 1;
	journal_event(j, "round 2: new did not come up (try %d of %d)", 1, 3);
}

static void test_journal(void)
{
	static struct series_journal j, back;
	char dir[] = "/tmp/test_series.XXXXXX", why[512], note[512], path[600];
	int fb = -1;

	T_CHECK(mkdtemp(dir) != NULL);
	sample(&j);
	T_CHECK(journal_read(dir, &back, &fb, note, sizeof note, why, sizeof why) == -1);
	T_CHECK(strstr(why, "no series in") != NULL);
	T_CHECK(journal_write(dir, &j, why, sizeof why) == 0);
	T_CHECK(journal_read(dir, &back, &fb, note, sizeof note, why, sizeof why) == 0 && fb == 0);
	T_STREQ(back.kern[0].k.spec, j.kern[0].k.spec);   /* tabs and all, escaped and back */
	T_STREQ(back.sim, "/tmp/sim dir");
	T_CHECK(back.phase == PH_RUN && back.step == 3 && back.load == 1 && back.count == 4);
	T_CHECK(back.kern[1].dropped == 1 && back.kern[1].tries == 2 && back.nev == 1);
	T_CHECK(memcmp(back.order, j.order, 6) == 0 && back.seed == 42 && back.nargs == 1);
	T_CHECK(back.accel[0] == '\0' && back.vcpus == 0 && !back.pin);
	/* a guest driver's guests, pinned or not, and back */
	strcpy(j.accel, "tcg");
	j.vcpus = 2;
	j.guest_mib = 1536;
	for (int pin = 1; pin >= 0; pin--) {
		j.pin = pin;
		T_CHECK(journal_write(dir, &j, why, sizeof why) == 0);
		T_CHECK(journal_read(dir, &back, &fb, note, sizeof note, why, sizeof why) == 0 && fb == 0);
		T_CHECK(strcmp(back.accel, "tcg") == 0 && back.vcpus == 2 && back.guest_mib == 1536 && back.pin == pin);
	}
	/* the next write keeps this one as journal.old; a torn journal reads it */
	j.step = 4;
	T_CHECK(journal_write(dir, &j, why, sizeof why) == 0);
	snprintf(path, sizeof path, "%s/journal", dir);
	T_CHECK(truncate(path, 100) == 0);
	T_CHECK(journal_read(dir, &back, &fb, note, sizeof note, why, sizeof why) == 0 && fb == 1);
	T_CHECK(back.step == 3 && strstr(note, "torn or altered") != NULL);
	/* a changed byte is caught by the checksum as well */
	T_CHECK(journal_write(dir, &j, why, sizeof why) == 0);
	FILE *f = fopen(path, "r+");
	T_CHECK(f != NULL && fseek(f, 40, SEEK_SET) == 0 && fputc('#', f) != EOF && fclose(f) == 0);
	T_CHECK(journal_read(dir, &back, &fb, note, sizeof note, why, sizeof why) == 0 && fb == 1);
	snprintf(path, sizeof path, "%s/journal.old", dir);
	T_CHECK(truncate(path, 10) == 0);
	T_CHECK(journal_read(dir, &back, &fb, note, sizeof note, why, sizeof why) == -1);
	T_CHECK(strstr(why, "torn or altered") != NULL && strchr(why, '\n') == NULL);
	snprintf(path, sizeof path, "rm -rf '%s'", dir);
	T_CHECK(system(path) == 0);
}

static void test_events(void)
{
	static struct series_journal j;

	memset(&j, 0, sizeof j);
	for (int i = 0; i < SERIES_MAX_EVENTS + 5; i++)
		journal_event(&j, "event %d", i);
	T_CHECK(j.nev == SERIES_MAX_EVENTS);
	T_STREQ(j.ev[0], "event 5");   /* the oldest go first */
}

int main(void)
{
	test_order();
	test_journal();
	test_events();
	return t_done();
}
