/* test_journal.c: the series journal read back: what journal_write writes, in every phase, reads back the same; a journal whose checksum is right but whose plan or state breaks a rule (a step past the order, a load past the list, a number out of range, an order that is not each kernel once, a key twice, no phase ...) is refused with one line, never a crash. */
#include "contest/series/journal.h"
#include "contest/series/order.h"
#include "tests/unit/t.h"
#include "tests/unit/tjournal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[] = "/tmp/test_journal.XXXXXX";
static char dir2[] = "/tmp/test_journal2.XXXXXX";

/* sample: a journal of 2 kernels, 3 rounds (6 steps), 2 loads; phase RUN
 * at step 3, load 1. */
static void sample(struct series_journal *j)
{
	tjournal_sample(j, "a", "b");
	strcat(j->kern[0].k.spec, "\\y");
	j->kern[1].crashes = 1;
	j->boot_s = 61.5;
	j->nboot = 2;
}

/* slurp: the file at path as a malloc'd NUL-terminated text (its length in
 * *n); NULL when it cannot be read. */
static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "r");
	char *buf = malloc((2 << 20) + 1);

	if (f == NULL || buf == NULL) {
		if (f != NULL)
			fclose(f);
		free(buf);
		return NULL;
	}
	*n = fread(buf, 1, 2 << 20, f);
	buf[*n] = '\0';
	fclose(f);
	return buf;
}

/* fnv1a: FNV-1a over s[0..n), as the journal's closing checksum. */
static uint64_t fnv1a(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h;
}

/* put_journal: body (a journal without its end line) as dir/journal with
 * a valid closing checksum; journal.old removed, so that only it is read. */
static void put_journal(const char *body)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof path, "%s/journal.old", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/journal", dir);
	f = fopen(path, "w");
	T_CHECK(f != NULL);
	if (f == NULL)
		return;
	fputs(body, f);
	fprintf(f, "end\t%016llx\n", (unsigned long long)fnv1a(body, strlen(body)));
	T_CHECK(fclose(f) == 0);
}

/* written: j as journal_write writes it, without its end line (malloc'd). */
static char *written(const struct series_journal *j)
{
	char why[512], path[600];
	size_t n = 0;
	char *text;

	T_CHECK(journal_write(dir, j, why, sizeof why) == 0);
	snprintf(path, sizeof path, "%s/journal", dir);
	text = slurp(path, &n);
	T_CHECK(text != NULL && n > 21);
	if (text != NULL && n > 21)
		text[n - 21] = '\0';
	return text;
}

/* edit: base with its first line of key (the line "key" or "key<TAB>...")
 * replaced by repl (lines, each ending in a newline; "" deletes it); key
 * NULL: repl alone. Malloc'd. */
static char *edit(const char *base, const char *key, const char *repl)
{
	size_t kl = key ? strlen(key) : 0;
	const char *l = base;
	char *out = malloc(strlen(base) + strlen(repl) + 1);

	if (key == NULL)
		return strcpy(out, repl);
	while (*l && !(strncmp(l, key, kl) == 0 && (l[kl] == '\t' || l[kl] == '\n'))) {
		const char *nl = strchr(l, '\n');
		l = nl ? nl + 1 : l + strlen(l);
	}
	const char *after = strchr(l, '\n');
	after = after ? after + 1 : l + strlen(l);
	memcpy(out, base, (size_t)(l - base));
	strcpy(out + (l - base), repl);
	strcat(out, after);
	return out;
}

/* resumed: what series resume does with a journal read: the step's kernel
 * and what it reads of it, the step's load. */
static void resumed(const struct series_journal *j)
{
	volatile size_t sink = 0;

	if (j->phase != PH_DONE) {
		size_t k = journal_step_kernel(j, j->step);
		sink += strlen(j->kern[k].k.label) + (size_t)j->kern[k].tries;
	}
	if (j->phase == PH_RUN)
		sink += strlen(j->loads[j->load]);
	(void)sink;
}

/* refused: body written with a valid checksum and read in a child that goes
 * on as resume would when the read succeeds. 1 when it was refused with
 * one line of why, 0 when it was read, -1 when the why is not one line,
 * -2 when the child crashed (a signal, or a sanitizer's exit). */
static int refused(const char *name, const char *body)
{
	static struct series_journal j;
	char why[1024], note[512];
	int fb, status;
	pid_t pid;

	put_journal(body);
	fflush(stdout);
	if ((pid = fork()) == 0) {
		if (journal_read(dir, &j, &fb, note, sizeof note, why, sizeof why) == 0) {
			resumed(&j);
			_exit(0);
		}
		printf("refused: %s: %s\n", name, why);
		fflush(stdout);
		_exit(why[0] != '\0' && strchr(why, '\n') == NULL ? 3 : 4);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -2;
	if (!WIFEXITED(status) || (WEXITSTATUS(status) != 0 && WEXITSTATUS(status) < 3))
		return -2;
	return WEXITSTATUS(status) == 3 ? 1 : WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* A journal that must be refused: base with its line of key replaced. */
struct bad {
	const char *name, *key, *repl;
};

static const struct bad bads[] = {
	{ "step 1e300", "step", "step\t1e300\n" },
	{ "step 9223372036854775807", "step", "step\t9223372036854775807\n" },
	{ "step -1", "step", "step\t-1\n" },
	{ "step 7 of 6 steps", "step", "step\t7\n" },
	{ "step 6 (the end) in phase run", "step", "step\t6\n" },
	{ "step 0x3", "step", "step\t0x3\n" },
	{ "step ' 3'", "step", "step\t 3\n" },
	{ "step nan", "step", "step\tnan\n" },
	{ "phase done at step 3 of 6", "phase", "phase\tdone\n" },
	{ "at 3 of 2 loads", "at", "at\t3\n" },
	{ "at 2 (= nloads) in phase run", "at", "at\t2\n" },
	{ "at 1e300", "at", "at\t1e300\n" },
	{ "at 18446744073709551615", "at", "at\t18446744073709551615\n" },
	{ "order not a permutation", "order", "order\t0\t0\n" },
	{ "order value 2 of 2 kernels", "order", "order\t0\t2\n" },
	{ "order of 3 positions", "order", "order\t0\t1\t1\n" },
	{ "order 0.5", "order", "order\t0.5\t1\n" },
	{ "order line missing", "order", "" },
	{ "order line extra", "order", "order\t0\t1\norder\t1\t0\n" },
	{ "rounds 0", "rounds", "rounds\t0\n" },
	{ "rounds 1001", "rounds", "rounds\t1001\n" },
	{ "rounds 2 (3 order lines)", "rounds", "rounds\t2\n" },
	{ "rounds 1e300", "rounds", "rounds\t1e300\n" },
	{ "kernel tries 99999999999", "kernel", "kernel\ta\t\t6.1.0-a\t99999999999\t0\t0\n" },
	{ "kernel crashes -1", "kernel", "kernel\ta\t\t6.1.0-a\t0\t-1\t0\n" },
	{ "kernel dropped 2", "kernel", "kernel\ta\t\t6.1.0-a\t0\t0\t2\n" },
	{ "kernel empty label", "kernel", "kernel\t\t\t6.1.0-a\t0\t0\t0\n" },
	{ "kernel of 5 fields", "kernel", "kernel\ta\t\t6.1.0-a\t0\t0\n" },
	{ "kernel after the order lines", "phase", "kernel\tc\t\t6.1.0-c\t0\t0\t0\nphase\trun\n" },
	{ "a kernel line gone (orders of 2)", "kernel", "" },
	{ "an empty load name", "load", "load\t\n" },
	{ "tries 0", "tries", "tries\t0\n" },
	{ "tries 1e300", "tries", "tries\t1e300\n" },
	{ "tries 99999999999", "tries", "tries\t99999999999\n" },
	{ "seed -1", "seed", "seed\t-1\n" },
	{ "seed 1e300", "seed", "seed\t1e300\n" },
	{ "seed 2^64", "seed", "seed\t18446744073709551616\n" },
	{ "count -2", "count", "count\t-2\n" },
	{ "count 1e300", "count", "count\t1e300\n" },
	{ "boots -1 s", "boots", "boots\t-1.000\t2\n" },
	{ "boots 1e300 times", "boots", "boots\t61.500\t1e300\n" },
	{ "boots 99999999999 times", "boots", "boots\t61.500\t99999999999\n" },
	{ "boots one field", "boots", "boots\t61.500\n" },
	{ "deadline -1", "deadline", "deadline\t-1\n" },
	{ "deadline inf", "deadline", "deadline\tinf\n" },
	{ "deadline 1e300", "deadline", "deadline\t1e300\n" },
	{ "countdown 1e300", "countdown", "countdown\t1e300\n" },
	{ "asked -5", "asked", "asked\t-5.000\n" },
	{ "id twice", "id", "id\tx\nid\ty\n" },
	{ "phase twice", "phase", "phase\trun\nphase\tarm\n" },
	{ "step twice", "step", "step\t3\nstep\t0\n" },
	{ "no phase", "phase", "" },
	{ "no step", "step", "" },
	{ "phase unknown", "phase", "phase\tgone\n" },
	{ "empty id", "id", "id\t\n" },
	{ "empty program", "program", "program\t\n" },
	{ "empty cwd", "cwd", "cwd\t\n" },
	{ "id with a lone backslash", "id", "id\tx\\\n" },
	{ "an empty line", "phase", "\nphase\trun\n" },
	{ "an end line inside", "boot_id", "end\t0000000000000000\nboot_id\tb-1\n" },
	{ "an unknown key", "phase", "colour\tred\nphase\trun\n" },
	{ "version 1x", "contest-series", "contest-series\t1x\n" },
	{ "version 1 (an older contest's)", "contest-series", "contest-series\t1\n" },
	{ "version 3", "contest-series", "contest-series\t3\n" },
	{ "no header", "contest-series", "" },
	{ "garbage", NULL, "\x01\x02\x7f garbage\tline\xff\xfe\nmore\t\t\t\n" },
	{ "empty", NULL, "" },
	{ "17 loads", "load", "load\ta\nload\ta\nload\ta\nload\ta\nload\ta\nload\ta\nload\ta\nload\ta\n"
	                      "load\ta\nload\ta\nload\ta\nload\ta\nload\ta\nload\ta\nload\ta\nload\ta\nload\ta\n" },
};

/* Bad lines of a qemu journal's driver line (the qemu driver's to check). */
static const struct { const char *name, *key, *repl; } guest_bads[] = {
	{ "guest vcpus 99999999999", "driver_opts", "driver_opts\taccel=tcg vcpus=99999999999 mib=1024\n" },
	{ "guest vcpus 0", "driver_opts", "driver_opts\taccel=tcg vcpus=0 mib=1024\n" },
	{ "guest MiB 0", "driver_opts", "driver_opts\taccel=tcg vcpus=2 mib=0\n" },
	{ "guest accel xyz", "driver_opts", "driver_opts\taccel=xyz vcpus=2 mib=1024\n" },
	{ "guest pinned twice", "driver_opts", "driver_opts\taccel=tcg vcpus=2 mib=1024 pinned pinned\n" },
};

/* expect_refused: base with its line of key replaced by repl is refused
 * with one line of why, and nothing crashes. */
static void expect_refused(const char *name, const char *base, const char *key, const char *repl)
{
	char *text = edit(base, key, repl);
	int rc = refused(name, text);

	if (rc == 1)
		t_pass++;
	else {
		t_fail++;
		fprintf(stderr, "FAIL %s:%d: '%s' %s (%d)\n", __FILE__, __LINE__, name,
		        rc == 0 ? "was read" : rc == -1 ? "refused without one line of why" : "crashed", rc);
	}
	free(text);
}

/* many: line (with its newline) n times over, malloc'd. */
static char *many(const char *line, int n)
{
	size_t l = strlen(line);
	char *out = malloc(l * (size_t)n + 1);

	for (int i = 0; i < n; i++)
		memcpy(out + l * (size_t)i, line, l);
	out[l * (size_t)n] = '\0';
	return out;
}

/* test_refused: each bad journal refused with one line, no crash; so are
 * more kernels, rounds, run options and events than a journal holds. */
static void test_refused(void)
{
	static const struct { const char *name, *key, *line; int n; } more[] = {
		{ "17 kernels", "kernel", "kernel\tk\t\t6.1\t0\t0\t0\n", 16 },
		{ "1001 order lines", "order", "order\t0\t1\n", 1001 },
		{ "65 run options", "arg", "arg\t--x\n", 65 },
		{ "401 events", "event", "event\tx\n", 401 },
	};
	static struct series_journal j;
	char *base;

	sample(&j);
	base = written(&j);
	if (base == NULL)
		return;
	T_CHECK(refused("the sample itself (must be read)", base) == 0);
	for (size_t i = 0; i < sizeof bads / sizeof bads[0]; i++)
		expect_refused(bads[i].name, base, bads[i].key, bads[i].repl);
	for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
		char *repl = many(more[i].line, more[i].n);
		expect_refused(more[i].name, base, more[i].key, repl);
		free(repl);
	}
	free(base);
	strcpy(j.driver, "qemu");   /* a qemu journal: its driver line the qemu driver's */
	strcpy(j.driver_opts, "accel=tcg vcpus=2 mib=1024");
	if ((base = written(&j)) == NULL)
		return;
	for (size_t i = 0; i < sizeof guest_bads / sizeof guest_bads[0]; i++)
		expect_refused(guest_bads[i].name, base, guest_bads[i].key, guest_bads[i].repl);
	free(base);
}

/* same: j written, read back and written again gives the same file. */
static int same(const struct series_journal *j, const char *what)
{
	static struct series_journal back;
	char why[512], note[512], p1[600], p2[600];
	size_t n1 = 0, n2 = 0;
	int fb = -1, ok;

	if (journal_write(dir, j, why, sizeof why) != 0 ||
	    journal_read(dir, &back, &fb, note, sizeof note, why, sizeof why) != 0 || fb != 0 ||
	    journal_write(dir2, &back, why, sizeof why) != 0) {
		fprintf(stderr, "%s: %s\n", what, why);
		return 0;
	}
	snprintf(p1, sizeof p1, "%s/journal", dir);
	snprintf(p2, sizeof p2, "%s/journal", dir2);
	char *a = slurp(p1, &n1), *b = slurp(p2, &n2);
	ok = a && b && n1 == n2 && memcmp(a, b, n1) == 0 && back.phase == j->phase && back.step == j->step &&
	     back.load == j->load && back.seed == j->seed && back.nk == j->nk && back.count == j->count;
	if (!ok)
		fprintf(stderr, "%s: not read back the same\n", what);
	free(a);
	free(b);
	return ok;
}

/* test_phases: the sample in each phase, as step.c leaves it, reads back. */
static void test_phases(void)
{
	static struct series_journal j;
	static const struct { enum series_phase ph; long step; size_t load; } at[] = {
		{ PH_ARM, 0, 0 }, { PH_ARM, 3, 2 }, { PH_REBOOT, 3, 0 }, { PH_BOOTED, 3, 0 },
		{ PH_BOOTED, 3, 2 }, { PH_RUN, 3, 1 }, { PH_RUN, 5, 0 }, { PH_STOPPED, 4, 1 }, { PH_DONE, 6, 0 },
	};

	for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
		sample(&j);
		j.phase = at[i].ph;
		j.step = at[i].step;
		j.load = at[i].load;
		j.asked = at[i].ph == PH_REBOOT ? 1796601600.125 : 0;
		T_CHECK(same(&j, "a phase"));
	}
	sample(&j);
	j.count = -1;
	j.kern[1].dropped = 1;
	T_CHECK(same(&j, "count -1, a kernel dropped"));
	strcpy(j.driver, "qemu");
	for (int pin = 0; pin <= 1; pin++) {
		strcpy(j.driver_opts, pin ? "accel=kvm vcpus=1024 mib=1048576 pinned" : "accel=kvm vcpus=1024 mib=1048576");
		T_CHECK(same(&j, "a guest"));
	}
}

/* test_largest: the most of everything a journal holds reads back: 16
 * kernels (the order lines of 16 fields), 1000 rounds, 16 loads, 64 long
 * run options, 400 events, the largest seed. */
static void test_largest(void)
{
	static struct series_journal j;

	sample(&j);
	j.seed = UINT64_MAX;
	j.nk = SERIES_MAX_KERNELS;
	j.rounds = SERIES_MAX_ROUNDS;
	for (size_t k = 0; k < j.nk; k++) {
		snprintf(j.kern[k].k.label, sizeof j.kern[k].k.label, "kernel-%zu", k);
		snprintf(j.kern[k].k.release, sizeof j.kern[k].k.release, "6.%zu.0", k);
		j.kern[k].tries = 100;
		j.kern[k].crashes = 99;
	}
	series_order(j.nk, j.rounds, j.seed, j.order);
	j.nloads = SERIES_MAX_LOADS;
	for (size_t i = 0; i < j.nloads; i++)
		snprintf(j.loads[i], sizeof j.loads[i], "load_%zu", i);
	j.nargs = SERIES_MAX_ARGS;
	for (size_t i = 0; i < j.nargs; i++) {
		memset(j.args[i], 'x', SERIES_ARG_MAX - 1);
		j.args[i][SERIES_ARG_MAX - 1] = '\0';
	}
	for (int i = 0; i < SERIES_MAX_EVENTS; i++)
		journal_event(&j, "event %d", i);
	j.max_tries = 100;
	j.countdown = 3600;
	j.step = 15999;
	j.load = 16;
	j.phase = PH_BOOTED;
	T_CHECK(same(&j, "the largest journal"));
	j.step = 16000;
	j.load = 0;
	j.phase = PH_DONE;
	T_CHECK(same(&j, "the largest journal, done"));
}

int main(void)
{
	char cmd[200];

	T_CHECK(mkdtemp(dir) != NULL && mkdtemp(dir2) != NULL);
	test_phases();
	test_largest();
	test_refused();
	snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s'", dir, dir2);
	T_CHECK(system(cmd) == 0);
	return t_done();
}
