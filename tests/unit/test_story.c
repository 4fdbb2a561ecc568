/* test_story.c: a series' story file (RESULTS/series-ID.story): the fixed one of tests/data/paired-series parsed and written back byte for byte; each kind of malformed line refused with its line and why; its bounds; the reader's refusals (a link, a FIFO, a name no file carries); the series' writer (its events' kinds, a file left alone when nothing changed); the HTML's story section, well formed, escaped, and a refused story as one line; the whole page of the fixed series well formed, its story first. */
#include "contest/report/pipeline.h"
#include "contest/series/closing.h"
#include "results/model/model.h"
#include "results/record/story.h"
#include "results/render/render.h"
#include "tests/unit/t.h"
#include "tests/unit/thtml.h"
#include "tests/unit/tjournal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FIXTURE "tests/data/paired-series/series-s1.story"

static struct series_story st;   /* large: one, not on the stack */

/* slurp: the file at path, to be freed (NULL: not read). */
static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *buf = malloc(STORY_CAP + 1);

	*n = f && buf ? fread(buf, 1, STORY_CAP, f) : 0;
	if (f)
		fclose(f);
	if (buf)
		buf[*n] = '\0';
	return buf;
}

/* refused: story_parse of text (a copy) fails, its why holding want. */
static int refused(const char *text, size_t n, const char *want)
{
	char *buf = malloc(n + 1), why[512] = "";
	int rc;

	memcpy(buf, text, n);
	rc = story_parse(buf, n, &st, why, sizeof why);
	free(buf);
	if (rc == -1 && strstr(why, want) != NULL)
		return 1;
	fprintf(stderr, "  want '%s', got rc %d: %s\n", want, rc, why);
	return 0;
}

/* with: the fixture with its first line beginning with key replaced by
 * line (NULL: removed; key NULL: line added before "end"); to be freed. */
static char *with(const char *fix, const char *key, const char *line)
{
	char *out = malloc(strlen(fix) + (line ? strlen(line) : 0) + 2), *o = out;
	const char *at = key ? strstr(fix, key) : strstr(fix, "\nend\n") + 1;
	const char *next = key ? strchr(at, '\n') + 1 : at;

	memcpy(o, fix, (size_t)(at - fix));
	o += at - fix;
	if (line)
		o += sprintf(o, "%s\n", line);
	strcpy(o, next);
	return out;
}

/* test_fixture: the fixed story: every field; written back, the same bytes. */
static void test_fixture(void)
{
	size_t n, m;
	char *text = slurp(FIXTURE, &n), *copy = malloc(n + 1), why[256] = "", out[8192];

	memcpy(copy, text, n + 1);
	T_CHECK(story_parse(copy, n, &st, why, sizeof why) == 0);
	T_STREQ(why, "");
	T_STREQ(st.id, "s1");
	T_STREQ(st.driver, "sim");
	T_CHECK(st.seed == 7 && st.rounds == 6 && st.nk == 4 && st.nloads == 2 && st.nev == 7);
	T_STREQ(st.guest, "");
	T_STREQ(st.kern[3].label, "v6.13-rc1");
	T_STREQ(st.kern[1].release, "6.12.0-fix");
	T_CHECK(st.kern[3].dropped == 1 && st.kern[0].dropped == 0);
	T_STREQ(st.loads[1], "io_load");
	T_CHECK(st.order[0] == 0 && st.order[4] == 1 && st.order[5] == 2 && st.order[6] == 0 && st.order[23] == 3);
	T_CHECK(st.ev[0].kind == STORY_BOOT && st.ev[3].kind == STORY_DROP && st.ev[4].kind == STORY_CUT &&
	        st.ev[6].kind == STORY_NOTE);
	T_STREQ(st.ev[4].text, "round 4: v6.12-rt's boot ended between its runs (crash, hang or power loss); booting it again");
	m = story_format(&st, out, sizeof out);
	T_CHECK(m == n && memcmp(out, text, n) == 0);
	T_CHECK(story_format(&st, out, 100) == 0);   /* does not fit */
	free(copy);
	free(text);
}

/* test_malformed: each kind of malformed line, refused with its line. */
static void test_malformed(void)
{
	size_t n;
	char *fix = slurp(FIXTURE, &n), *t;
	static const struct { const char *key, *line, *want; } cases[] = {
		{ "contest-story", "contest-story\t2", "line 1 is not 'contest-story<TAB>1'" },
		{ "id\t", "id\ts1\tx", "line 2 (id): 3 fields, not 2" },
		{ "driver", "driver\t", "line 3 (driver): an empty driver" },
		{ "seed", "seed\t-1", "line 4 (seed): not a seed" },
		{ "seed", "seed\t18446744073709551616", "line 4 (seed): not a seed" },
		{ "rounds", "rounds\t0", "line 5 (rounds): not from 1 to 1000" },
		{ "rounds", "rounds\t1001", "not from 1 to 1000" },
		{ "rounds", "rounds\t6x", "not from 1 to 1000" },
		{ "kernel", "kernel\tbad/label\t6.12.0\t6.12.0\tkept", "line 6 (kernel): the label" },
		{ "kernel", "kernel\tv6.12-fix\t6.12.0\t6.12.0\tkept", "line 7 (kernel): the label 'v6.12-fix' twice" },
		{ "kernel", "kernel\tv6.12\t6.12.0\t6.12.0\tmaybe", "neither 'kept' nor 'dropped'" },
		{ "kernel", "kernel\tv6.12\t6.12.0\t6.12.0", "line 6 (kernel): 4 fields, not 5" },
		{ "kernel", "kernel\tv6.12\t6.12\\q\t6.12.0\tkept", "unknown escape '\\q'" },
		{ "kernel", "kernel\tv6.12\t6.12.0\\\t6.12.0\tkept", "field 'release' ends in a lone backslash" },
		{ "order\t1", "order\t2\tv6.12\tv6.12-fix\tv6.12-rt\tv6.13-rc1", "line 12 (order): not round 1, the next" },
		{ "order\t1", "order\t1\tv6.12\tv6.12-fix\tv6.12-rt", "3 kernels, not the 4 of the plan" },
		{ "order\t1", "order\t1\tv6.12\tv6.12-fix\tv6.12-rt\tv7", "'v7' is no kernel of the plan" },
		{ "order\t1", "order\t1\tv6.12\tv6.12\tv6.12-rt\tv6.13-rc1", "'v6.12' is there twice" },
		{ "order\t1", "order\t1", "line 12 (order): too few fields" },
		{ "order\t6", NULL, "its plan is incomplete: 5 order lines for 6 rounds" },
		{ "event\tboot", "event\toops\tround 1: x", "line 18 (event): an event of no known kind" },
		{ "event\tboot", "event\tboot\t", "an empty event" },
		{ "event\tboot", "event\tboot", "2 fields, not 3" },
		{ "end\n", NULL, "it has no end line" },
		{ "id\t", NULL, "its plan is incomplete: no id line" },
		{ "load\tno_load", NULL, NULL },   /* one load left: still whole */
		{ "seed", "seed\t7\n", "line 5: '' is not a story line's key" },
		{ "seed", "Seed\t7", "line 4: 'Seed' is not a story line's key" },
		{ "seed", "seed\t7\nseed\t8", "line 5 (seed): there twice" },
		{ NULL, "kernel\tv7\t7\t7\tkept", "a kernel after the first order line" },
		{ "end\n", "end\nid\ts2", "a line after the end line" },
		{ "end\n", "end\textra", "line 25 (end): 2 fields, not 1" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		t = with(fix, cases[i].key, cases[i].line);
		if (cases[i].want == NULL) {
			char why[256] = "";
			T_CHECK(story_parse(t, strlen(t), &st, why, sizeof why) == 0 && st.nloads == 1);
		} else if (!refused(t, strlen(t), cases[i].want)) {
			T_CHECK(!"case refused as wanted");
			fprintf(stderr, "  case %zu\n", i);
		} else
			T_CHECK(1);
		free(t);
	}
	T_CHECK(refused(fix, n - 1, "it does not end in a newline"));
	T_CHECK(refused("", 0, "it does not end in a newline"));
	t = strdup(fix);
	t[10] = '\0';
	T_CHECK(refused(t, n, "holds a NUL byte"));
	free(t);
	free(fix);
}

/* repeat: the fixture's text with line added n times before its end line; to be freed. */
static char *repeat(const char *fix, const char *line, size_t n)
{
	size_t at = (size_t)(strstr(fix, "\nend\n") + 1 - fix), ll = strlen(line);
	char *out = malloc(strlen(fix) + n * (ll + 1) + 1), *o = out;

	memcpy(o, fix, at);
	o += at;
	for (size_t i = 0; i < n; i++, o += ll + 1)
		sprintf(o, "%s\n", line);
	strcpy(o, fix + at);
	return out;
}

/* test_bounds: the most kernels, loads, events and fields, a field's
 * length, the file's size. */
static void test_bounds(void)
{
	size_t n;
	char *fix = slurp(FIXTURE, &n), *t, line[700];

	t = repeat(fix, "event\tnote\tx", STORY_MAX_EVENTS - 7);
	{
		char why[256] = "";
		T_CHECK(story_parse(t, strlen(t), &st, why, sizeof why) == 0 && st.nev == STORY_MAX_EVENTS);
	}
	free(t);
	t = repeat(fix, "event\tnote\tx", STORY_MAX_EVENTS - 6);
	T_CHECK(refused(t, strlen(t), "more than 400 events"));
	free(t);
	t = repeat(fix, "load\tx", STORY_MAX_LOADS - 1);
	T_CHECK(refused(t, strlen(t), "more than 16 loads"));
	free(t);
	memset(line, 'a', sizeof line);
	memcpy(line, "event\tnote\t", 11);
	line[11 + STORY_EVENT_MAX] = '\0';   /* one character too many */
	t = repeat(fix, line, 1);
	T_CHECK(refused(t, strlen(t), "field 'event' is longer than 239 characters"));
	free(t);
	strcpy(line, "order\t7");
	for (int i = 0; i < 20; i++)
		strcat(line, "\tv6.12");
	t = repeat(fix, line, 1);
	T_CHECK(refused(t, strlen(t), "(order): too many fields"));
	free(t);
	/* 17 kernels: 13 more after the fixture's 4, before its first order line */
	t = strdup(fix);
	for (int k = 0; k < 13; k++) {
		char kl[64], *u;
		snprintf(kl, sizeof kl, "kernel\tk%d\t1\t1\tkept\norder\t1", k);
		u = with(t, "order\t1", kl);
		free(t);
		t = u;
	}
	T_CHECK(refused(t, strlen(t), "more than 16 kernels"));
	free(t);
	t = calloc(1, STORY_CAP + 2);
	memset(t, 'x', STORY_CAP + 1);
	t[STORY_CAP] = '\n';
	T_CHECK(refused(t, STORY_CAP + 1, "longer than 2097152 bytes"));
	free(t);
	free(fix);
}

/* test_read: story_read's answers: the story, none, a link, a FIFO, a
 * refused file named. */
static void test_read(void)
{
	char dir[] = "/tmp/test_story.XXXXXX", path[300], cmd[700], why[600] = "";

	T_CHECK(mkdtemp(dir) != NULL);
	T_CHECK(story_read(dir, "s1", &st, why, sizeof why) == 1);   /* none */
	T_CHECK(story_read(dir, "../s1", &st, why, sizeof why) == 1);   /* no file carries that id */
	snprintf(cmd, sizeof cmd, "cp " FIXTURE " %s/series-s1.story && ln -s series-s1.story %s/series-l.story"
	         " && mkfifo %s/series-f.story && printf 'contest-story\\t1\\n' >%s/series-b.story", dir, dir, dir, dir);
	T_CHECK(system(cmd) == 0);
	T_CHECK(story_read(dir, "s1", &st, why, sizeof why) == 0 && st.nk == 4);
	T_CHECK(story_read(dir, "l", &st, why, sizeof why) == -1 && strstr(why, "series-l.story: cannot be read: a symbolic link"));
	T_CHECK(story_read(dir, "f", &st, why, sizeof why) == -1 && strstr(why, "series-f.story: cannot be read: not a regular file"));
	T_CHECK(story_read(dir, "b", &st, why, sizeof why) == -1 &&
	        strstr(why, "series-b.story: not a series story: it has no end line"));
	T_CHECK(story_path(dir, "s1", path, sizeof path) == 0 && strstr(path, "/series-s1.story") != NULL);
	T_CHECK(story_path(dir, "a/b", path, sizeof path) == -1 && errno == EINVAL);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	T_CHECK(system(cmd) == 0);
}

/* test_writer: the series' story from its journal: the plan, the events'
 * kinds; unchanged, the file is left as it is; no results folder, quiet. */
static void test_writer(void)
{
	static struct series_journal j;
	char dir[] = "/tmp/test_story_w.XXXXXX", path[300], why[600] = "", cmd[400];
	struct stat a, b;

	T_CHECK(mkdtemp(dir) != NULL);
	tjournal_sample(&j, "a", "b");
	snprintf(j.results, sizeof j.results, "%s/res", dir);
	series_story_save(&j);   /* no results folder yet: nothing, quietly */
	T_CHECK(story_read(j.results, j.id, &st, why, sizeof why) == 1);
	T_CHECK(mkdir(j.results, 0755) == 0);
	journal_event(&j, "round 1: b did not come up (try 1 of 3): 6.1.0-a came up instead");
	journal_event(&j, "round 1: b dropped after 3 tries: it never came up; the series goes on without it");
	journal_event(&j, "round 2: a's no_load run was cut or left no record (crash, hang, power loss, kill, full disk): kept");
	journal_event(&j, "round 2: a's io_load run: past its deadline of 60 s");
	journal_event(&j, "resumed at round 2");
	journal_event(&j, "round 3: a's boot ended between its runs (crash, hang or power loss); booting it again");
	j.kern[1].dropped = 1;
	series_story_save(&j);
	T_CHECK(story_read(j.results, j.id, &st, why, sizeof why) == 0);
	T_STREQ(why, "");
	T_STREQ(st.id, "20261207T000000-42");
	T_CHECK(st.nk == 2 && st.rounds == 3 && st.seed == 42 && st.kern[1].dropped && !st.kern[0].dropped);
	T_STREQ(st.kern[0].spec, "/boot/vmlinuz-6.1,append=root=/dev/sda1 quiet\tx");
	T_CHECK(memcmp(st.order, j.order, 6) == 0 && st.guest[0] == '\0');
	T_CHECK(st.nev == 6 && st.ev[0].kind == STORY_BOOT && st.ev[1].kind == STORY_DROP && st.ev[2].kind == STORY_CUT &&
	        st.ev[3].kind == STORY_RUN && st.ev[4].kind == STORY_NOTE && st.ev[5].kind == STORY_CUT);
	T_CHECK(story_path(j.results, j.id, path, sizeof path) == 0 && stat(path, &a) == 0);
	j.step++;   /* the state changes, not the plan nor the events: the file is left alone */
	series_story_save(&j);
	T_CHECK(stat(path, &b) == 0 && a.st_ino == b.st_ino);
	journal_event(&j, "stopped at round 3 (contest series stop); 'contest series resume' goes on");
	series_story_save(&j);   /* a new event: replaced */
	T_CHECK(stat(path, &b) == 0 && a.st_ino != b.st_ino);
	T_CHECK(story_read(j.results, j.id, &st, why, sizeof why) == 0 && st.nev == 7);
	strcpy(j.driver, "qemu");   /* a guest driver's series */
	strcpy(j.driver_opts, "accel=tcg vcpus=2 mib=2048");
	series_story_save(&j);
	T_CHECK(story_read(j.results, j.id, &st, why, sizeof why) == 0);
	T_STREQ(st.guest, "tcg 2 vcpus 2G");
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	T_CHECK(system(cmd) == 0);
}

/* page: m as an HTML page, to be freed. */
static char *page(const struct rep_model *m)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	render_html(f, m);
	fclose(f);
	return buf;
}

/* test_html: the story section first, well formed, exact, escaped; a
 * refused story as one line; none without stories. */
static void test_html(void)
{
	size_t n;
	char *fix = slurp(FIXTURE, &n), why[256], *doc;
	struct series_story *nasty = calloc(1, sizeof *nasty);
	struct rep_story stories[3] = { { &st, NULL }, { nasty, NULL }, { NULL, "x.story: not a series story: line 3 <&>" } };
	struct rep_model m = { .baseline = -1, .stories = stories, .nstories = 3 };

	T_CHECK(story_parse(fix, n, &st, why, sizeof why) == 0);
	strcpy(nasty->id, "<s2>");
	strcpy(nasty->driver, "q&a");
	strcpy(nasty->guest, "tcg \"2\" vcpus");
	nasty->rounds = 1;
	nasty->nk = 1;
	strcpy(nasty->kern[0].label, "k");
	strcpy(nasty->kern[0].spec, "<img src=x>");
	nasty->nloads = 1;
	strcpy(nasty->loads[0], "no_load");
	doc = page(&m);
	T_CHECK(thtml_check(doc, why, sizeof why) == 0);
	T_CHECK(strstr(doc, "<section class=\"story\">\n<h2>Series s1: its plan and what happened</h2>\n"
	                    "<p class=\"meta\">4 kernels &#215; 6 rounds &#215; 2 loads, booted by sim; seed 7 &#183; "
	                    "loads: no_load, io_load</p>\n") != NULL);
	T_CHECK(strstr(doc, "<tr class=\"dropped\"><td>v6.13-rc1</td><td>6.13.0-rc1</td><td>6.13.0-rc1</td>"
	                    "<td class=\"bad\">dropped</td></tr>\n") != NULL);
	T_CHECK(strstr(doc, "<tr><td class=\"num\">2</td><td>v6.12-fix</td><td>v6.12-rt</td><td>v6.12</td>"
	                    "<td class=\"dropped\">v6.13-rc1</td></tr>\n") != NULL);
	T_CHECK(strstr(doc, "<li class=\"ev-boot\"><b>failed boot</b>: round 1: v6.13-rc1 did not come up (try 3 of 3): "
	                    "6.12.0 came up instead</li>\n") != NULL);
	T_CHECK(strstr(doc, "<li class=\"ev-cut\"><b>cut run</b>: round 4: v6.12-rt&#39;s boot ended between its runs") != NULL);
	T_CHECK(strstr(doc, "<li class=\"ev-drop\"><b>dropped</b>: round 1: v6.13-rc1 dropped after 3 tries") != NULL);
	T_CHECK(strstr(doc, "<h2>Series &lt;s2&gt;: its plan") != NULL && strstr(doc, "booted by q&amp;a") != NULL &&
	        strstr(doc, "guests: tcg &quot;2&quot; vcpus") != NULL && strstr(doc, "<td>&lt;img src=x&gt;</td>") != NULL);
	T_CHECK(strstr(doc, "<p class=\"events\">None: every kernel came up and every run had its outcome.</p>") != NULL);
	T_CHECK(strstr(doc, "<p class=\"story-note\">The series' story is not shown: x.story: not a series story: "
	                    "line 3 &lt;&amp;&gt;.</p>\n") != NULL);
	T_CHECK(strstr(doc, "<img") == NULL);
	free(doc);
	m.nstories = 0;
	doc = page(&m);
	T_CHECK(thtml_check(doc, why, sizeof why) == 0 && strstr(doc, "story") == NULL);
	free(doc);
	free(nasty);
	free(fix);
}

/* test_page: contest report --format html of the fixed series' records and
 * story: the whole page well formed, the story before the paired block
 * and the usual tables. */
static void test_page(void)
{
	char dir[] = "/tmp/test_story_p.XXXXXX", cmd[300], why[256] = "", *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct report_req req = { .format = "html" };
	const char *story, *paired, *tables;

	T_CHECK(mkdtemp(dir) != NULL);
	snprintf(cmd, sizeof cmd, "cp tests/data/paired-series/*.loads " FIXTURE " %s", dir);
	T_CHECK(system(cmd) == 0);
	req.results = dir;
	T_CHECK(report_print(&req, f) == 0);
	fclose(f);
	T_CHECK(thtml_check(buf, why, sizeof why) == 0);
	T_STREQ(why, "");
	story = strstr(buf, "<section class=\"story\">\n<h2>Series s1: its plan and what happened</h2>");
	paired = strstr(buf, "<section class=\"series\">");
	tables = strstr(buf, "<h2>Results per load</h2>");
	T_CHECK(story != NULL && paired != NULL && tables != NULL && story < paired && paired < tables);
	free(buf);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	T_CHECK(system(cmd) == 0);
}

int main(void)
{
	test_fixture();
	test_malformed();
	test_bounds();
	test_read();
	test_writer();
	test_html();
	test_page();
	return t_done();
}
