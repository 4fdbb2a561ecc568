/* test_interact.c: unit tests of contest interact: lateness and deadline arithmetic from fixed timestamps, the tasks' schedules, the summaries, the calibration file round trip and errors, the LABEL.interact reader, the report's model and text. */
#include "contest/cmd/cmds.h"
#include "contest/interact/calib.h"
#include "contest/interact/interact.h"
#include "contest/interact/task.h"
#include "lib/err.h"
#include "results/model/interact_model.h"
#include "results/record/interact_record.h"
#include "results/render/render_interact.h"
#include "tests/unit/t.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MS 1000000LL

/* captured: what fn(arg) wrote on stderr, into buf. */
static void captured(void (*fn)(void *), void *arg, char *buf, size_t len)
{
	FILE *tmp = tmpfile();
	int saved = dup(2);
	size_t n;

	fflush(stderr);
	dup2(fileno(tmp), 2);
	fn(arg);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	n = fread(buf, 1, len - 1, tmp);
	buf[n] = '\0';
	fclose(tmp);
}

/* test_arithmetic: lateness, deadlines met and skipped frames from fixed times. */
static void test_arithmetic(void)
{
	struct iframe f = { .start = 1000 * MS, .deadline = 1050 * MS, .loops = 1 };

	T_CHECK(itask_late(1000 * MS, 1000 * MS + 250000) == 250000);
	T_CHECK(itask_late(1000 * MS, 999 * MS) == 0);       /* early: not late */
	T_CHECK(itask_met(&f, 1050 * MS) == 1);               /* done at the next period's start */
	T_CHECK(itask_met(&f, 1050 * MS + 1) == 0);
	T_CHECK(itask_met(&f, 1010 * MS) == 1);
	T_CHECK(itask_skip(&f, 1049 * MS) == 0);              /* late, but can still begin */
	T_CHECK(itask_skip(&f, 1050 * MS) == 1);              /* over before it began */
	T_NEAR(itask_pct(1, 4), 25, 1e-12);
	T_CHECK(isnan(itask_pct(1, 0)));
	T_CHECK(itask_find("video") == ITASK_VIDEO && itask_find("game") == ITASK_GAME);
	T_CHECK(itask_find("Video") == -1 && itask_find("") == -1);
}

/* test_periodic: audio and video frames follow each other a period apart,
 * each with its share of the period's work. */
static void test_periodic(void)
{
	struct isched s;
	struct iframe f;

	isched_init(&s, ITASK_AUDIO, 5000, 1000, 0);
	for (int k = 0; k < 3; k++) {
		isched_next(&s, &f);
		T_CHECK(f.start == 5000 + k * 50 * MS && f.deadline == f.start + 50 * MS);
		T_NEAR(f.loops, 0.05 * 50 * 1000, 1e-9);   /* 2.5 ms of 1000 loops/ms */
	}
	isched_init(&s, ITASK_VIDEO, 0, 300, 0);
	isched_next(&s, &f);
	isched_next(&s, &f);
	T_CHECK(f.start == 16666667 && f.deadline == 33333334);
	T_NEAR(f.loops, 0.40 * 16.666667 * 300, 1e-6);
}

/* test_desktop: bursts drawn from the seed: the same seed the same bursts;
 * frames of a burst back to back, idle between bursts, within the bounds. */
static void test_desktop(void)
{
	struct isched a, b;
	struct iframe f, g, prev = { 0 };
	int bursts = 0, frames = 0, same = 1;

	isched_init(&a, ITASK_DESKTOP, 0, 1000, 42);
	isched_init(&b, ITASK_DESKTOP, 0, 1000, 42);
	for (int k = 0; k < 500; k++) {
		isched_next(&a, &f);
		isched_next(&b, &g);
		same &= f.start == g.start && f.loops == g.loops;
		T_CHECK(f.deadline - f.start == 20 * MS);
		T_CHECK(f.loops >= 0.10 * 20 * 1000 - 1e-6 && f.loops <= 0.90 * 20 * 1000 + 1e-6);
		if (k == 0 || f.start != prev.deadline) {   /* a new burst */
			if (k > 0) {
				T_CHECK(f.start - prev.deadline >= DESK_IDLE_MIN_MS * MS);
				T_CHECK(f.start - prev.deadline <= DESK_IDLE_MAX_MS * MS);
				T_CHECK(frames >= DESK_FRAMES_MIN && frames <= DESK_FRAMES_MAX);
			}
			bursts++;
			frames = 0;
		} else {
			T_CHECK(f.loops == prev.loops);   /* one demand per burst */
		}
		frames++;
		prev = f;
	}
	T_CHECK(same);
	T_CHECK(bursts > 10);
	isched_init(&b, ITASK_DESKTOP, 0, 1000, 43);
	same = 1;
	isched_init(&a, ITASK_DESKTOP, 0, 1000, 42);
	for (int k = 0; k < 50; k++) {
		isched_next(&a, &f);
		isched_next(&b, &g);
		same &= f.start == g.start && f.loops == g.loops;
	}
	T_CHECK(!same);   /* another seed, other bursts */
}

/* test_summarize: mean, sample sd, p99 (nearest rank) and max of fixed latencies. */
static void test_summarize(void)
{
	double lat[] = { 5, 1, 3, 2, 4 }, many[200];
	struct itask_result r;

	itask_summarize(lat, 5, &r);
	T_CHECK(r.wakeups == 5);
	T_NEAR(r.lat_mean_us, 3, 1e-12);
	T_NEAR(r.lat_sd_us, sqrt(2.5), 1e-12);
	T_NEAR(r.lat_p99_us, 5, 1e-12);
	T_NEAR(r.lat_max_us, 5, 1e-12);
	for (int i = 0; i < 200; i++)
		many[i] = 200 - i;   /* 1..200 */
	itask_summarize(many, 200, &r);
	T_NEAR(r.lat_p99_us, 198, 1e-12);   /* rank ceil(0.99 * 200) = 198 */
	itask_summarize(lat, 0, &r);
	T_CHECK(r.wakeups == 0 && isnan(r.lat_mean_us) && isnan(r.lat_max_us));
	itask_summarize(lat, 1, &r);
	T_CHECK(r.lat_sd_us == 0);
}

/* test_calib_file: the calibration text round trip and each error, with its line. */
static void test_calib_file(void)
{
	struct icalib c = { "vm", "2026-12-01T10:00:00.000000Z", 123456.5 }, d;
	char text[512], why[256];

	T_CHECK(icalib_format(&c, text, sizeof text) > 0);
	T_CHECK(icalib_parse(text, "R/interact.calib", &d, why, sizeof why) == 0);
	T_STREQ(d.host, "vm");
	T_STREQ(d.timestamp, c.timestamp);
	T_NEAR(d.loops_ms, 123456.5, 1e-9);
	static const struct { const char *text, *want; } bad[] = {
		{ "", "R/interact.calib:1: empty file" },
		{ "contest-interact-calib\t2\nhost\tvm\n", "R/interact.calib:1: not a contest-interact-calib 1 file" },
		{ "contest-interact-calib\t1\nhost\tvm\nloops_ms\tabc\n", "R/interact.calib:3: bad loops_ms" },
		{ "contest-interact-calib\t1\nhost\tvm\nloops_ms\t-5\n", "R/interact.calib:3: bad loops_ms" },
		{ "contest-interact-calib\t1\nhost vm\n", "R/interact.calib:2: no tab" },
		{ "contest-interact-calib\t1\ncolour\tred\n", "R/interact.calib:2: unknown key" },
		{ "contest-interact-calib\t1\nhost\ta\nhost\tb\n", "R/interact.calib:3: key given twice" },
		{ "contest-interact-calib\t1\nhost\tvm\nloops_ms\t5\n", "R/interact.calib:4: host, timestamp or loops_ms missing" },
		{ "contest-interact-calib\t1\nhost\tvm\ntimestamp\tt\nloops_ms\t5", "R/interact.calib:4: incomplete last line" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		why[0] = '\0';
		T_CHECK(icalib_parse(bad[i].text, "R/interact.calib", &d, why, sizeof why) == -1);
		if (strncmp(why, bad[i].want, strlen(bad[i].want)) != 0)
			fprintf(stderr, "case %zu: got '%s', want '%s...'\n", i, why, bad[i].want);
		T_CHECK(strncmp(why, bad[i].want, strlen(bad[i].want)) == 0);
	}
}

/* A calibration asked for in a directory, its stderr captured. */
struct calib_call {
	const char *dir, *host;
	int recal, rc, fresh;
	struct icalib c;
};

static void calib_call(void *arg)
{
	struct calib_call *k = arg;
	char why[256];

	k->rc = icalib_get(k->dir, k->host, k->recal, &k->c, &k->fresh, why, sizeof why);
}

/* test_calib_store: measured and kept, reused, redone for another host,
 * --recalibrate or a malformed file (said with file and line). */
static void test_calib_store(void)
{
	char dir[] = "/tmp/contest-interact-XXXXXX", path[256], err[1024];
	struct calib_call k = { .host = "vm" };
	double first;
	FILE *f;

	T_CHECK(mkdtemp(dir) != NULL);
	k.dir = dir;
	snprintf(path, sizeof path, "%s/%s", dir, ICALIB_FILE);
	captured(calib_call, &k, err, sizeof err);
	T_CHECK(k.rc == 0 && k.fresh == 1 && k.c.loops_ms > 0 && access(path, R_OK) == 0);
	first = k.c.loops_ms;
	captured(calib_call, &k, err, sizeof err);
	T_CHECK(k.rc == 0 && k.fresh == 0 && k.c.loops_ms == first);   /* reused as stored */
	k.recal = 1;
	captured(calib_call, &k, err, sizeof err);
	T_CHECK(k.rc == 0 && k.fresh == 1);
	k.recal = 0;
	k.host = "other";
	captured(calib_call, &k, err, sizeof err);
	T_CHECK(k.rc == 0 && k.fresh == 1);
	T_CHECK((f = fopen(path, "w")) != NULL);
	fputs("contest-interact-calib\t1\nhost\tother\nloops_ms\tlots\n", f);
	fclose(f);
	captured(calib_call, &k, err, sizeof err);
	T_CHECK(k.rc == 0 && k.fresh == 1);
	T_CHECK(strstr(err, "interact.calib:3: bad loops_ms") != NULL && strstr(err, "calibrating again") != NULL);
	captured(calib_call, &k, err, sizeof err);
	T_CHECK(k.rc == 0 && k.fresh == 0 && err[0] == '\0');   /* rewritten whole */
	unlink(path);
	rmdir(dir);
}

/* sample: a record of label, task, load and run with latency mean lat, met%. */
static void sample(struct interact_record *r, const char *label, const char *task, const char *load, int run,
                   double lat, double met)
{
	memset(r, 0, sizeof *r);
	snprintf(r->label, sizeof r->label, "%s", label);
	snprintf(r->task, sizeof r->task, "%s", task);
	snprintf(r->load, sizeof r->load, "%s", load);
	r->run = run;
	snprintf(r->timestamp, sizeof r->timestamp, "2026-12-01T10:00:0%d.000000Z", run);
	snprintf(r->host, sizeof r->host, "vm");
	snprintf(r->policy, sizeof r->policy, "normal");
	r->seconds = 3;
	r->loops_ms = 1000;
	r->wakeups = 60;
	r->lat_mean_us = lat;
	r->lat_sd_us = 2;
	r->lat_p99_us = lat * 2;
	r->lat_max_us = lat * 3 + run;
	r->met_pct = strcmp(task, "game") == 0 ? NAN : met;
	r->cpu_pct = 99.5;
	r->fps = strcmp(task, "game") == 0 ? 190 + run : NAN;
}

/* A reading of file text named path, its stderr captured. */
struct read_call {
	const char *text;
	struct interact_record_set set;
	int rc;
};

static void read_call(void *arg)
{
	struct read_call *k = arg;
	FILE *f = fmemopen((void *)k->text, strlen(k->text), "r");

	k->rc = interact_record_read_stream(f, "R/a.interact", &k->set);
	fclose(f);
}

/* test_irec: a record's line read back as it was; the reader's errors,
 * each with file and line, the good lines kept. */
static void test_irec(void)
{
	struct interact_record r;
	char text[8192], err[2048];
	struct read_call k = { .text = text };
	int n;

	sample(&r, "2.6.0", "game", "io_load", 3, 120.25, 0);
	r.seed = 987654321;
	r.nice = -5;
	snprintf(r.detail, sizeof r.detail, "built-in emulation");
	n = interact_record_header(text, sizeof text);
	n += interact_record_format(&r, text + n, sizeof text - (size_t)n);
	captured(read_call, &k, err, sizeof err);
	T_CHECK(k.rc == 0 && k.set.n == 1 && k.set.bad == 0 && err[0] == '\0');
	if (k.set.n == 1) {
		const struct interact_record *g = &k.set.v[0];
		T_STREQ(g->task, "game");
		T_STREQ(g->detail, "built-in emulation");
		T_CHECK(g->run == 3 && g->seed == 987654321 && g->nice == -5 && isnan(g->met_pct));
		T_NEAR(g->lat_mean_us, 120.25, 1e-9);
		T_NEAR(g->fps, 193, 1e-9);
	}
	interact_record_set_free(&k.set);
	/* line 4: a field short; 5: a bad figure; 6: a bad run; 7: no newline */
	sample(&r, "a", "audio", "no_load", 1, 10, 100);
	n = interact_record_header(text, sizeof text);
	n += interact_record_format(&r, text + n, sizeof text - (size_t)n);
	n += snprintf(text + n, sizeof text - (size_t)n, "a\taudio\tno_load\n");
	int m = interact_record_format(&r, text + n, sizeof text - (size_t)n);
	char *met = strstr(text + n, "\t100\t99.5\t");
	memcpy(met, "\tx00", 4);
	n += m;
	m = interact_record_format(&r, text + n, sizeof text - (size_t)n);
	memcpy(strstr(text + n, "\t1\t"), "\t0\t", 3);
	n += m;
	m = interact_record_format(&r, text + n, sizeof text - (size_t)n);
	text[n + m - 1] = '\0';
	captured(read_call, &k, err, sizeof err);
	T_CHECK(k.rc == 0 && k.set.n == 1 && k.set.bad == 4);
	T_CHECK(strstr(err, "R/a.interact:4: too few fields") != NULL);
	T_CHECK(strstr(err, "R/a.interact:5: met_pct: bad figure") != NULL);
	T_CHECK(strstr(err, "R/a.interact:6: run: bad whole number") != NULL);
	T_CHECK(strstr(err, "R/a.interact:7: incomplete last line") != NULL);
	interact_record_set_free(&k.set);
	k.text = "contest-interact\t2\nlabel\n";
	captured(read_call, &k, err, sizeof err);
	T_CHECK(k.rc == -1 && strstr(err, "R/a.interact") != NULL);
	interact_record_set_free(&k.set);
}

/* render: the text of m in format name. */
static char *render(const struct interact_model *m, const char *name)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	render_interact_find(name)(f, m);
	fclose(f);
	return buf;
}

/* test_model: blocks in task order, rows in load order then label order,
 * figures averaged over the runs, the comparison with the baseline. */
static void test_model(void)
{
	struct interact_record_set set = { 0 };
	struct interact_record r;
	struct interact_model m;
	const char *loads[] = { "no_load", "compile", "process_load", NULL };
	char *text;

	for (int run = 1; run <= 4; run++) {
		sample(&r, "b", "video", "compile", run, 1000 + run, 50 + run);
		interact_record_set_add(&set, &r);
		sample(&r, "a", "video", "compile", run, 100 + run, 90 + run);
		interact_record_set_add(&set, &r);
		sample(&r, "a", "audio", "no_load", run, 10, 100);
		interact_record_set_add(&set, &r);
		sample(&r, "a", "game", "process_load", run, 5, 0);
		interact_record_set_add(&set, &r);
	}
	for (size_t i = 0; i < set.n; i++)   /* b first recorded later */
		if (strcmp(set.v[i].label, "b") == 0)
			set.v[i].timestamp[18] = '9';
	T_CHECK(interact_model_build(&m, &set, NULL, 0, loads, NULL, 1, 0) == 0);
	T_CHECK(m.nlabels == 2 && strcmp(m.labels[0], "a") == 0 && m.baseline == 0);
	T_CHECK(m.nblocks == 3);
	T_STREQ(m.blocks[0].task, "audio");
	T_STREQ(m.blocks[1].task, "video");
	T_STREQ(m.blocks[2].task, "game");
	T_CHECK(m.blocks[2].game && !m.blocks[1].game);
	const struct iblock *v = &m.blocks[1];
	T_CHECK(v->n == 2 && strcmp(v->rows[0].label, "a") == 0 && strcmp(v->rows[1].label, "b") == 0);
	T_NEAR(v->rows[0].f[IM_LAT].mean, 102.5, 1e-9);
	T_NEAR(v->rows[0].f[IM_MET].mean, 92.5, 1e-9);
	T_NEAR(v->rows[0].max_us, 3 * 104 + 4, 1e-9);   /* the largest max of the runs */
	T_CHECK(v->rows[1].has_base && !v->rows[0].has_base);
	T_NEAR(v->rows[1].score.diff, -40, 1e-9);
	T_CHECK(v->rows[1].score.tested && v->rows[1].score.p < 0.001 && v->rows[1].score.mw.done);
	T_NEAR(m.blocks[2].rows[0].f[IM_FPS].mean, 192.5, 1e-9);
	text = render(&m, "text");
	T_CHECK(strncmp(text, "audio:\nLoad           Kernel          [runs] Latency", 50) == 0);
	T_CHECK(strstr(text, "\nvideo:\n") != NULL && strstr(text, "\ngame:\n") != NULL);
	T_CHECK(strstr(text, "Frames/s") != NULL && strstr(text, "baseline") != NULL);
	T_CHECK(strstr(text, "compile        b                  [4]  1002.5") != NULL);
	free(text);
	text = render(&m, "csv");
	T_CHECK(strstr(text, "\nvideo,compile,b,4,a,1002.5,2,2005,3016,52.5,99.5,,") != NULL);
	free(text);
	text = render(&m, "json");
	T_CHECK(strstr(text, "{\"load\":\"compile\",\"label\":\"b\",\"runs\":4,\"lat_mean_us\":1002.5") != NULL);
	free(text);
	text = render(&m, "html");
	T_CHECK(strstr(text, "<svg class=\"chart\"") != NULL && strstr(text, "video: deadlines met") != NULL);
	T_CHECK(strstr(text, "game: deadlines met") == NULL);   /* no deadlines, no chart */
	free(text);
	text = render(&m, "markdown");
	T_CHECK(strstr(text, "### video") != NULL && strstr(text, "| compile | b | [4] | 1002.5 |") != NULL);
	free(text);
	interact_model_free(&m);
	/* only label b, asked for: no baseline row of a, nothing compared */
	const char *only[] = { "b" };
	T_CHECK(interact_model_build(&m, &set, only, 1, loads, NULL, 0, 0) == 0);
	T_CHECK(m.nblocks == 1 && m.blocks[0].n == 1 && !m.blocks[0].rows[0].has_base);
	interact_model_free(&m);
	interact_record_set_free(&set);
}

/* A parse of a command line, its exit status caught through err_exit_hook. */
static jmp_buf back;
static volatile int exit_status;
struct parse_call {
	char *argv[16];
	int argc;
	struct opts o;
	int status;   /* -1: returned */
};

/* on_exit_hook: errx inside opts_parse: keep the status, jump back. */
static void on_exit_hook(int code)
{
	exit_status = code;
	longjmp(back, 1);
}

static void parse_call(void *arg)
{
	struct parse_call *k = arg;

	exit_status = -1;
	if (setjmp(back) == 0) {
		opts_parse(&k->o, cmd_table, k->argc, k->argv);
		cmd_check(&k->o);   /* interact's own checks, as main runs them */
	}
	k->status = exit_status;
}

/* parse: contest interact with the NULL-terminated words; its stderr in err. */
static struct parse_call *parse(char *err, size_t len, ...)
{
	static struct parse_call k;
	va_list ap;

	memset(&k, 0, sizeof k);
	k.argv[k.argc++] = "contest";
	k.argv[k.argc++] = "interact";
	va_start(ap, len);
	while (k.argc < 15 && (k.argv[k.argc] = va_arg(ap, char *)) != NULL)
		k.argc++;
	va_end(ap);
	captured(parse_call, &k, err, len);
	return &k;
}

/* test_options: interact's options, defaults and refusals. */
static void test_options(void)
{
	char err[512];
	struct parse_call *k;

	err_exit_hook = on_exit_hook;
	unsetenv("CONTEST_RESULTS");
	k = parse(err, sizeof err, "-k", "x", "--tasks", "video,audio,video", "--seconds", "5", "--nice", "3",
	          "no_load", "compile", "noload", (char *)NULL);
	T_CHECK(k->status == -1 && k->o.mode == MODE_INTERACT);
	T_CHECK(k->o.ntasks == 2 && k->o.tasks[0] == ITASK_VIDEO && k->o.tasks[1] == ITASK_AUDIO);
	T_CHECK(k->o.rate_seconds == 5 && k->o.nice == 3 && !k->o.rt);
	T_CHECK(k->o.nloads == 2 && k->o.loads[1] == &interact_compile);
	k = parse(err, sizeof err, "-q", "--quick", "-o", "/tmp", (char *)NULL);
	T_CHECK(k->status == -1 && k->o.ntasks == 4 && k->o.rate_seconds == INTERACT_QUICK_SECONDS);
	T_CHECK(k->o.nloads >= 3 && strcmp(k->o.loads[0]->name, "no_load") == 0 && k->o.loads[1] == &interact_compile);
	for (size_t i = 0; i < k->o.nloads; i++)
		T_CHECK(strcmp(k->o.loads[i]->name, "cacherun") != 0);
	k = parse(err, sizeof err, "no_load", (char *)NULL);
	T_CHECK(k->status == -1 && k->o.rate_seconds == INTERACT_SECONDS);
	static const char *const bad[][3] = {
		{ "--tasks", "piano", "--tasks: unknown task 'piano'" },
		{ "--seconds", "0", "--seconds: '0' is not a number of seconds from 1 to 3600" },
		{ "--nice", "40", "--nice: '40' is not a nice value from -20 to 19" },
		{ "cacherun", NULL, "interact: 'cacherun' runs nothing beside the task" },
		{ "-n", "auto", "interact: -n 'auto' is for runs of the loads" },
		{ "--stats", NULL, "unknown option '--stats'" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		k = parse(err, sizeof err, bad[i][0], bad[i][1], (char *)NULL);
		T_CHECK(k->status == EXIT_USAGE && strstr(err, bad[i][2]) != NULL && strchr(err, '\n') == strrchr(err, '\n'));
		if (strstr(err, bad[i][2]) == NULL)
			fprintf(stderr, "case %zu: %s", i, err);
	}
	err_exit_hook = NULL;
}

int main(void)
{
	test_arithmetic();
	test_periodic();
	test_desktop();
	test_summarize();
	test_calib_file();
	test_calib_store();
	test_irec();
	test_model();
	test_options();
	return t_done();
}
