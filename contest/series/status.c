/* status.c: contest series status's account of where a series stands for a person watching it: the step at work and for how long (the journal's last change, and whether a contest holds the series), the steps done, to go and skipped, and the time left from the runs the series has on record. */
#include "contest/series/status.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "results/record/store.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The series' runs on record: how many, the first's and the last's start,
 * and which steps have one. */
struct seen {
	int read;                 /* 1: every kernel's records were read */
	size_t n;
	double first, last;       /* epoch seconds */
	unsigned char ran[SERIES_MAX_ROUNDS * SERIES_MAX_KERNELS];
};

/* The steps: done (or a dropped kernel's that has runs on record), skipped
 * (a dropped kernel's without), and to go after the one under way. */
struct tally {
	long done, skipped, after;
};

/* span: s seconds as a person reads them ("4.2 s", "42 s", "17 min", "3 h 05
 * min"; "an unknown time" for NAN) in out; out. */
static const char *span(double s, char *out, size_t len)
{
	if (isnan(s))
		text_copy(out, "an unknown time", len);
	else if ((s = s < 0 ? 0 : s) < 10)
		text_fmt(out, len, "%.1f s", s);
	else if (s < 90)
		text_fmt(out, len, "%.0f s", s);
	else if (s < 90 * 60)
		text_fmt(out, len, "%.0f min", s / 60);
	else
		text_fmt(out, len, "%ld h %02ld min", (long)(s / 3600), (long)fmod(s / 60, 60));
	return out;
}

/* ts_epoch: a record's timestamp ("2026-11-30T13:18:49.123456Z", or
 * without the fraction) in epoch seconds; NAN when it is none. */
static double ts_epoch(const char *ts)
{
	struct tm tm;
	const char *p;

	memset(&tm, 0, sizeof tm);
	if ((p = strptime(ts, "%Y-%m-%dT%H:%M:%S", &tm)) == NULL)
		return NAN;
	return (double)timegm(&tm) + (*p == '.' ? strtod(p, NULL) : 0);
}

/* mark: the step of kernel k's round r (1-based) in s->ran. */
static void mark(const struct series_journal *j, size_t k, long r, struct seen *s)
{
	if (r < 1 || r > j->rounds)
		return;
	for (long i = (r - 1) * (long)j->nk; i < r * (long)j->nk; i++)
		if (journal_step_kernel(j, i) == k)
			s->ran[i] = 1;
}

/* records_seen: the runs of series j on record in its results into s
 * (s->read 0 when a kernel's cannot be read). */
static void records_seen(const struct series_journal *j, struct seen *s)
{
	memset(s, 0, sizeof *s);
	s->read = 1;
	s->first = s->last = NAN;
	for (size_t k = 0; k < j->nk; k++) {
		struct rec_set set = { 0 };
		if (store_read_label(j->results, j->kern[k].k.label, &set) != 0) {
			s->read = 0;
			continue;
		}
		for (size_t i = 0; i < set.n; i++) {
			double t = ts_epoch(set.v[i].timestamp);
			if (strcmp(set.v[i].series, j->id) != 0 || isnan(t))
				continue;
			s->n++;
			s->first = isnan(s->first) || t < s->first ? t : s->first;
			s->last = isnan(s->last) || t > s->last ? t : s->last;
			mark(j, k, set.v[i].round, s);
		}
		rec_set_free(&set);
	}
}

/* tally_steps: j's steps counted into t, against what s saw. */
static void tally_steps(const struct series_journal *j, const struct seen *s, struct tally *t)
{
	long total = j->rounds * (long)j->nk, cur = j->phase == PH_DONE ? total : j->step;

	memset(t, 0, sizeof *t);
	for (long i = 0; i < total; i++) {
		int dropped = j->kern[journal_step_kernel(j, i)].dropped;
		if (i < cur && dropped && !s->ran[i])
			t->skipped++;
		else if (i < cur)
			t->done++;
		else if (i > cur && dropped)
			t->skipped++;
		else if (i > cur)
			t->after++;
	}
}

/* held: 1 when a contest holds DIR/lock (a resume or a start at work),
 * tried without making the file and let go at once. */
static int held(const char *dir)
{
	char path[PATH_MAX];
	int fd, busy;

	if (fs_path(path, sizeof path, "%s/lock", dir) != 0 ||
	    (fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		return 0;
	busy = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
	close(fd);
	return busy;
}

/* journal_age: seconds since the journal j was read from (journal.old
 * when fb) last changed; NAN when it cannot be told. */
static double journal_age(const char *dir, int fb)
{
	char path[PATH_MAX];
	struct stat st;

	if (fs_path(path, sizeof path, "%s/%s", dir, fb ? "journal.old" : "journal") != 0 || stat(path, &st) != 0)
		return NAN;
	return (double)time(NULL) - (double)st.st_mtime;
}

/* doing_print: what the step under way does, and since when (age: the
 * journal's), after "now: step ..., K in round R: ". */
static void doing_print(const struct series_journal *j, const char *dir, double age, FILE *out)
{
	char a[40];
	int busy = held(dir);
	size_t l = j->load < j->nloads ? j->load : j->nloads - 1;

	switch (j->phase) {
	case PH_REBOOT:
		fprintf(out, "rebooting into it, asked %s ago", span(j->asked > 0 ? (double)time(NULL) - j->asked : age,
		                                                        a, sizeof a));
		break;
	case PH_RUN:
		if (busy)
			fprintf(out, "running %s (load %zu of %zu) for %s", j->loads[l], l + 1, j->nloads,
			        span(age, a, sizeof a));
		else
			fprintf(out, "its %s run (load %zu of %zu) began %s ago, and no contest is at it now (cut by a"
			        " crash or power loss?): the next resume makes it again", j->loads[l], l + 1, j->nloads,
			        span(age, a, sizeof a));
		break;
	case PH_BOOTED:
		if (j->load >= j->nloads)   /* its runs made, the series' end not yet on record */
			fprintf(out, "booted, its loads all run, for %s", span(age, a, sizeof a));
		else
			fprintf(out, "booted, load %zu of %zu (%s) next, for %s", l + 1, j->nloads, j->loads[l],
			        span(age, a, sizeof a));
		fputs(busy ? "" : "; no contest is at it now: the next resume goes on", out);
		break;
	default:   /* PH_ARM */
		fprintf(out, "%s, for %s", busy ? "arming it" : "to be armed by the next resume", span(age, a, sizeof a));
		break;
	}
	fputc('\n', out);
}

/* now_print: the "now:" line (none when done). */
static void now_print(const struct series_journal *j, const char *dir, int fb, FILE *out)
{
	long total = j->rounds * (long)j->nk;
	double age = journal_age(dir, fb);
	const char *label;
	char a[40];

	if (j->phase == PH_DONE || j->step >= total)
		return;
	label = j->kern[journal_step_kernel(j, j->step)].k.label;
	if (j->phase == PH_STOPPED) {
		fprintf(out, "now: stopped for %s, at step %ld of %ld (%s in round %ld): contest series resume goes"
		        " on\n", span(age, a, sizeof a), j->step + 1, total, label, j->step / (long)j->nk + 1);
		return;
	}
	fprintf(out, "now: step %ld of %ld, %s in round %ld: ", j->step + 1, total, label, j->step / (long)j->nk + 1);
	doing_print(j, dir, age, out);
}

/* progress_print: the "progress:" line. */
static void progress_print(const struct series_journal *j, const struct tally *t, FILE *out)
{
	long total = j->rounds * (long)j->nk;

	fprintf(out, "progress: %ld of %ld steps done", t->done, total);
	if (j->phase != PH_DONE)
		fprintf(out, "; step %ld %s, %ld more to go", j->step + 1, j->phase == PH_STOPPED ? "next" : "under way",
		        t->after);
	if (t->skipped > 0) {
		const char *sep = "";
		fprintf(out, "; %ld skipped (dropped: ", t->skipped);
		for (size_t k = 0; k < j->nk; k++)
			if (j->kern[k].dropped) {
				fprintf(out, "%s%s", sep, j->kern[k].k.label);
				sep = ", ";
			}
		fputc(')', out);
	}
	fputc('\n', out);
}

/* time_print: the "time left:" line (at the end "time:"). */
static void time_print(const struct series_journal *j, const struct seen *s, const struct tally *t, FILE *out)
{
	char a[40], b[40];
	long to_go = (t->after + 1) * (long)j->nloads - (long)(j->load < j->nloads ? j->load : j->nloads);
	double each;

	if (j->phase == PH_DONE) {
		if (s->n >= 2)
			fprintf(out, "time: %s from the first run's start to the last's (%zu runs on record)\n",
			        span(s->last - s->first, a, sizeof a), s->n);
		return;
	}
	if (!s->read) {
		fprintf(out, "time left: no estimate: the records in %s cannot be read\n", j->results);
		return;
	}
	if (s->n < 2) {
		fprintf(out, "time left: no estimate yet: it needs two runs on record (%zu so far)\n", s->n);
		return;
	}
	each = (s->last - s->first) / (double)(s->n - 1);
	fprintf(out, "time left: about %s: %ld runs to go at %s each (the average from the series' first run to its"
	        " last: %zu runs on record, the reboots between them included)\n", span(each * (double)to_go, a, sizeof a),
	        to_go, span(each, b, sizeof b), s->n);
}

void series_now_print(const struct series_journal *j, const char *dir, int fb, FILE *out)
{
	static struct seen s;
	struct tally t;

	records_seen(j, &s);
	tally_steps(j, &s, &t);
	now_print(j, dir, fb, out);
	progress_print(j, &t, out);
	time_print(j, &s, &t, out);
}
