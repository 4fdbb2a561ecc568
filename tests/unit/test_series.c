/* test_series.c: a kernel series' order (seeded, balanced by position), its journal (written whole, read back, a torn one read from the one before, neither: refused), and status's now, progress and time left from a journal and the series' records. */
#include "contest/series/journal.h"
#include "contest/series/order.h"
#include "contest/series/status.h"
#include "lib/fs.h"
#include "results/record/store.h"
#include "tests/unit/t.h"
#include "tests/unit/tjournal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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
	T_STREQ(back.root, "/tmp/sim dir");
	T_CHECK(back.phase == PH_RUN && back.step == 3 && back.load == 1 && back.count == 4);
	T_CHECK(back.kern[1].dropped == 1 && back.kern[1].tries == 2 && back.nev == 1);
	T_CHECK(memcmp(back.order, j.order, 6) == 0 && back.seed == 42 && back.nargs == 1);
	T_CHECK(back.driver_opts[0] == '\0');
	/* a guest driver's guests, pinned or not, its one line, and back */
	strcpy(j.driver, "qemu");
	for (int pin = 1; pin >= 0; pin--) {
		strcpy(j.driver_opts, pin ? "accel=tcg vcpus=2 mib=1536 pinned" : "accel=tcg vcpus=2 mib=1536");
		T_CHECK(journal_write(dir, &j, why, sizeof why) == 0);
		T_CHECK(journal_read(dir, &back, &fb, note, sizeof note, why, sizeof why) == 0 && fb == 0);
		T_CHECK(strcmp(back.driver_opts, j.driver_opts) == 0 && strcmp(back.driver, "qemu") == 0);
	}
	strcpy(j.driver, "sim");
	j.driver_opts[0] = '\0';
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

/* put_rec: a record of series id for label's load in round round, started
 * minute minutes after 20:00. */
static void put_rec(const char *dir, const char *id, const char *label, const char *load, int round, int minute)
{
	static int run;
	struct rec r;

	rec_init(&r);
	snprintf(r.label, sizeof r.label, "%s", label);
	snprintf(r.load, sizeof r.load, "%s", load);
	snprintf(r.series, sizeof r.series, "%s", id);
	snprintf(r.timestamp, sizeof r.timestamp, "2026-12-07T%02d:%02d:00.250000Z", 20 + minute / 60, minute % 60);
	snprintf(r.version, sizeof r.version, "test");
	snprintf(r.reason, sizeof r.reason, "test");
	r.failed = 1;
	r.round = round;
	r.run = ++run;
	T_CHECK(store_append(dir, &r) == 0);
}

/* starts: 1 when s starts with p. */
static int starts(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

/* status_of: series_now_print's lines for j in dir, into buf. */
static void status_of(const struct series_journal *j, const char *dir, char *buf, size_t len)
{
	FILE *f = fmemopen(buf, len, "w");

	T_CHECK(f != NULL);
	if (f == NULL)
		return;
	series_now_print(j, dir, 0, f);
	fclose(f);
}

/* test_status: 2 kernels x 3 rounds (order a b, b a, a b), b dropped in
 * round 2 after its round-1 step ran; a's no_load of round 2 on record and
 * its io_load cut (no contest holds the lock): 2 steps done, 2 skipped,
 * one after the one under way; 5 runs a minute apart, 3 to go. */
static void test_status(void)
{
	static struct series_journal j;
	static const unsigned char order[] = { 0, 1, 1, 0, 0, 1 };
	char dir[] = "/tmp/test_status.XXXXXX", why[512], out[4096];

	T_CHECK(mkdtemp(dir) != NULL);
	tjournal_sample(&j, "a", "b");
	memcpy(j.order, order, sizeof order);
	j.kern[1].dropped = 1;
	snprintf(j.results, sizeof j.results, "%s/res", dir);
	T_CHECK(fs_mkdirs(j.results) == 0);
	T_CHECK(journal_write(dir, &j, why, sizeof why) == 0);
	status_of(&j, dir, out, sizeof out);   /* no records yet */
	T_CHECK(strstr(out, "\ntime left: no estimate yet: it needs two runs on record (0 so far)\n") != NULL);
	put_rec(j.results, j.id, "a", "no_load", 1, 0);
	put_rec(j.results, j.id, "a", "io_load", 1, 1);
	put_rec(j.results, j.id, "b", "no_load", 1, 2);
	put_rec(j.results, j.id, "b", "io_load", 1, 3);
	put_rec(j.results, j.id, "a", "no_load", 2, 4);
	put_rec(j.results, "another-series", "a", "io_load", 2, 90);   /* not this series' */
	status_of(&j, dir, out, sizeof out);
	T_CHECK(starts(out, "now: step 4 of 6, a in round 2: its io_load run (load 2 of 2) began "));
	T_CHECK(strstr(out, " ago, and no contest is at it now (cut by a crash or power loss?): the next resume"
	                    " makes it again\n") != NULL);
	T_CHECK(strstr(out, "\nprogress: 2 of 6 steps done; step 4 under way, 1 more to go; 2 skipped (dropped: b)\n")
	        != NULL);
	T_CHECK(strstr(out, "\ntime left: about 3 min: 3 runs to go at 60 s each (the average from the series' first"
	                    " run to its last: 5 runs on record, the reboots between them included)\n") != NULL);
	j.phase = PH_REBOOT;   /* a reboot asked 40 s ago */
	j.asked = (double)time(NULL) - 40;
	j.load = 0;
	status_of(&j, dir, out, sizeof out);
	T_CHECK(starts(out, "now: step 4 of 6, a in round 2: rebooting into it, asked 40 s ago\n") ||
	        starts(out, "now: step 4 of 6, a in round 2: rebooting into it, asked 41 s ago\n"));   /* a second may tick */
	T_CHECK(strstr(out, ": 4 runs to go at 60 s each") != NULL);
	j.phase = PH_STOPPED;
	status_of(&j, dir, out, sizeof out);
	T_CHECK(starts(out, "now: stopped for ") && strstr(out, ", at step 4 of 6 (a in round 2): ") != NULL);
	T_CHECK(strstr(out, "\nprogress: 2 of 6 steps done; step 4 next, 1 more to go; 2 skipped (dropped: b)\n") != NULL);
	j.phase = PH_DONE;
	j.step = 6;
	status_of(&j, dir, out, sizeof out);
	T_CHECK(strcmp(out, "progress: 4 of 6 steps done; 2 skipped (dropped: b)\n"
	                    "time: 4 min from the first run's start to the last's (5 runs on record)\n") == 0);
	snprintf(out, sizeof out, "rm -rf '%s'", dir);
	T_CHECK(system(out) == 0);
}

int main(void)
{
	test_order();
	test_journal();
	test_events();
	test_status();
	return t_done();
}
