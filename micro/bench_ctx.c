/* bench_ctx.c: context-switch cost (lmbench's lat_ctx method): a token passed around a ring of pipes by N processes that each sum a private working set, less the same passes and sums in one process. */
#include "lib/text.h"
#include "micro/bench_bw.h"
#include "micro/ctx.h"
#include "micro/suite.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

enum {
	CTX_WAIT_MS = 10000,  /* a token not back by then is lost (a member died) */
	CTX_ROUNDS = 2,       /* baseline then ring, this many times; the less disturbed of each */
};

static volatile long ctx_sink;

/* ctx_touch: sum words longs of ws (the working-set touch) as lmbench's
 * lat_ctx does, with its bread (micro_bread); ws may be NULL when words is
 * 0. It is here because it is lmbench's method: its effect against a
 * plain loop of one add a word was not told apart from the machine's own
 * swing (docs/measurements.md: context switch). */
static long ctx_touch(const long *ws, size_t words)
{
	return (long)micro_bread((const uint64_t *)ws, words);
}

/* ctx_ws_new: a working set of bytes, every word written (so private and
 * resident); NULL for 0 bytes or when out of memory (*ok = 0). */
static long *ctx_ws_new(size_t bytes, int *ok)
{
	size_t words = bytes / sizeof(long);
	long *ws;

	*ok = 1;
	if (!words)
		return NULL;
	if (!(ws = malloc(words * sizeof(long)))) {
		*ok = 0;
		return NULL;
	}
	for (size_t i = 0; i < words; i++)
		ws[i] = (long)i;
	return ws;
}

/* ctx_put: write the token t to fd; 0 or -1 with errno. */
static int ctx_put(int fd, const struct ctx_token *t)
{
	ssize_t r;

	while ((r = write(fd, t, sizeof(*t))) < 0 && errno == EINTR)
		;
	if (r == (ssize_t)sizeof(*t))
		return 0;
	if (r >= 0)
		errno = EIO;
	return -1;
}

/* ctx_get: read one token from fd into *t; 0, or -1 with errno (EPIPE at
 * end of file). Pipe writes of a token (under PIPE_BUF) are atomic. */
static int ctx_get(int fd, struct ctx_token *t)
{
	ssize_t r;

	while ((r = read(fd, t, sizeof(*t))) < 0 && errno == EINTR)
		;
	if (r == (ssize_t)sizeof(*t))
		return 0;
	if (r >= 0)
		errno = r ? EIO : EPIPE;
	return -1;
}

/* ctx_member: the body of ring member i; never returns. Receives the token
 * (passes left, counting this one), sums its own working set, counts itself
 * in the token and passes it on, or to the parent after the last pass. */
static _Noreturn void ctx_member(int i, int in, int out, int done, size_t bytes)
{
	int ok;
	long *ws = ctx_ws_new(bytes, &ok);
	size_t words = bytes / sizeof(long);
	struct ctx_token t;

	if (!ok)
		_exit(1);
	for (;;) {
		if (ctx_get(in, &t) != 0)
			_exit(0);
		ctx_sink = ctx_touch(ws, words);
		t.visits += (uint64_t)1 << (4 * i);
		t.words += words;
		if (ctx_put(--t.left ? out : done, &t) != 0)
			_exit(1);
	}
}

/* ctx_close: close *fd when open and mark it closed. */
static void ctx_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

void ctx_ring_stop(struct ctx_ring *r)
{
	ctx_close(&r->start);
	ctx_close(&r->done);
	for (int i = 0; i < r->nproc; i++) {
		if (r->pid[i] <= 0)
			continue;
		kill(r->pid[i], SIGKILL);
		while (waitpid(r->pid[i], NULL, 0) < 0 && errno == EINTR)
			;
		r->pid[i] = -1;
	}
}

/* ctx_child: in member i's child: keep only pipe i's read end and pipe
 * i+1's write end of p (nproc pipes) and the done pipe's write end, take
 * member i's place; never returns. */
static _Noreturn void ctx_child(const struct micro_opts *o, int p[][2], int nproc, int i,
				const int d[2], size_t bytes)
{
	int in = p[i][0], out = p[(i + 1) % nproc][1];

	for (int j = 0; j < nproc; j++) {
		if (p[j][0] != in)
			close(p[j][0]);
		if (p[j][1] != out)
			close(p[j][1]);
	}
	close(d[0]);
	if (micro_place(o, i) != 0)
		_exit(1);
	ctx_member(i, in, out, d[1], bytes);
}

int ctx_ring_start(struct ctx_ring *r, const struct micro_opts *o, int nproc, size_t bytes,
		   char *why, size_t len)
{
	int p[CTX_MAXP][2], d[2] = { -1, -1 };
	pid_t self = getpid();
	int rc = -1;

	memset(r, 0, sizeof(*r));
	r->nproc = nproc < 1 ? 1 : nproc > CTX_MAXP ? CTX_MAXP : nproc;
	r->start = r->done = -1;
	for (int i = 0; i < CTX_MAXP; i++) {
		p[i][0] = p[i][1] = -1;
		r->pid[i] = -1;
	}
	if (pipe(d) != 0) {
		text_fmt(why, len, "pipe: %s", strerror(errno));
		goto out;
	}
	for (int i = 0; i < r->nproc; i++)
		if (pipe(p[i]) != 0) {
			text_fmt(why, len, "pipe: %s", strerror(errno));
			goto out;
		}
	for (int i = 0; i < r->nproc; i++) {
		pid_t pid = fork();
		if (pid < 0) {
			text_fmt(why, len, "fork: %s", strerror(errno));
			goto out;
		}
		if (pid == 0) {
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			if (getppid() != self)
				_exit(1);
			ctx_child(o, p, r->nproc, i, d, bytes);
		}
		r->pid[i] = pid;
		if (clock_getcpuclockid(pid, &r->clk[i]) != 0) {
			text_fmt(why, len, "no CPU-time clock for a ring member: %s", strerror(errno));
			goto out;
		}
	}
	r->start = p[0][1];
	p[0][1] = -1;
	r->done = d[0];
	d[0] = -1;
	rc = 0;
out:
	for (int i = 0; i < r->nproc; i++) {
		ctx_close(&p[i][0]);
		ctx_close(&p[i][1]);
	}
	ctx_close(&d[0]);
	ctx_close(&d[1]);
	if (rc != 0)
		ctx_ring_stop(r);
	return rc;
}

int ctx_ring_loop(void *state, uint64_t n)
{
	struct ctx_ring *r = state;
	struct pollfd pf = { .fd = r->done, .events = POLLIN };
	struct ctx_token t = { .left = n };
	int rc;

	if (n == 0)
		return 0;
	if (ctx_put(r->start, &t) != 0)
		return micro_fail_errno("ring write");
	while ((rc = poll(&pf, 1, CTX_WAIT_MS)) < 0 && errno == EINTR)
		;
	if (rc < 0)
		return micro_fail_errno("poll");
	if (rc == 0)
		return micro_fail("token lost: no ring member answered in %d s", CTX_WAIT_MS / 1000);
	if (ctx_get(r->done, &r->last) != 0)
		return micro_fail_errno("ring read");
	if (r->last.left != 0)
		return micro_fail("ring returned a bad token");
	r->passes = n;
	return 0;
}

int ctx_self_start(struct ctx_self *s, size_t bytes, char *why, size_t len)
{
	int ok;

	memset(s, 0, sizeof(*s));
	s->fd[0] = s->fd[1] = -1;
	s->words = bytes / sizeof(long);
	s->ws = ctx_ws_new(bytes, &ok);
	if (!ok) {
		text_copy(why, "out of memory", len);
		return -1;
	}
	if (pipe(s->fd) != 0) {
		text_fmt(why, len, "pipe: %s", strerror(errno));
		ctx_self_stop(s);
		return -1;
	}
	return 0;
}

int ctx_self_loop(void *state, uint64_t n)
{
	struct ctx_self *s = state;
	struct ctx_token t = { .left = n };

	for (uint64_t i = 0; i < n; i++) {
		if (ctx_put(s->fd[1], &t) != 0 || ctx_get(s->fd[0], &t) != 0)
			return micro_fail_errno("pipe");
		ctx_sink = ctx_touch(s->ws, s->words);
		t.words += s->words;
		t.left--;
	}
	s->passes += n;
	s->summed += t.words;
	return 0;
}

void ctx_self_stop(struct ctx_self *s)
{
	ctx_close(&s->fd[0]);
	ctx_close(&s->fd[1]);
	free(s->ws);
	s->ws = NULL;
}

/* ctx_ring_clock: micro_clock_fn; the CPU time the ring's members and the
 * calling thread (which starts and ends each lap) have used. On one CPU,
 * where a member is always ready to run, that is the lap's time without
 * what other programs took of the CPU meanwhile. */
static double ctx_ring_clock(void *state)
{
	const struct ctx_ring *r = state;
	double t = micro_cpu_ns(CLOCK_THREAD_CPUTIME_ID);

	for (int i = 0; t >= 0 && i < r->nproc; i++) {
		double c = micro_cpu_ns(r->clk[i]);
		t = c < 0 ? -1 : t + c;
	}
	return t;
}

/* ctx_self_clock: micro_clock_fn; the calling thread's CPU time. */
static double ctx_self_clock(void *state)
{
	(void)state;
	return micro_cpu_ns(CLOCK_THREAD_CPUTIME_ID);
}

/* ctx_best: keep in *best the less disturbed of itself and t: the one of
 * the lower median, lat_ctx's own statistic for the ring and its overhead
 * alike: the rings taken at their fastest samples read further from
 * lmbench's than at their medians (docs/measurements.md: context switch). */
static void ctx_best(struct micro_value *best, const struct micro_value *t)
{
	if (!best->ok || t->value < best->value)
		*best = *t;
}

int ctx_measure(const struct micro_opts *o, int nproc, size_t bytes, struct ctx_result *res,
		char *why, size_t len)
{
	struct ctx_ring r;
	struct ctx_self s;
	struct micro_value t;
	int rc = -1;

	memset(res, 0, sizeof(*res));
	if (ctx_ring_start(&r, o, nproc, bytes, why, len) != 0)
		return -1;
	if (ctx_self_start(&s, bytes, why, len) != 0) {
		ctx_ring_stop(&r);
		return -1;
	}
	/* warm up untimed: every member runs, faults its working set in and
	 * settles, so the harness's first calibration call is not setup */
	if (ctx_ring_loop(&r, (uint64_t)r.nproc * 4) != 0) {
		text_copy(why, "the ring lost the token while warming up", len);
		goto out;
	}
	/* pinned, CPU time: another program's turn on the CPU is not switch cost */
	res->cpu_time = o->cpu >= 0 && !o->spread;
	for (int k = 0; k < CTX_ROUNDS; k++) {
		if (micro_time_ns_clock(o, ctx_self_loop, &s, res->cpu_time ? ctx_self_clock : NULL, &t) != 0) {
			text_fmt(why, len, "baseline: %s", t.reason);
			goto out;
		}
		ctx_best(&res->base, &t);
		if (micro_time_ns_clock(o, ctx_ring_loop, &r, res->cpu_time ? ctx_ring_clock : NULL, &t) != 0) {
			text_copy(why, t.reason, len);
			goto out;
		}
		ctx_best(&res->ring, &t);
	}
	res->ring_words = (double)r.last.words / (double)r.passes;
	res->base_words = (double)s.summed / (double)s.passes;
	rc = 0;
out:
	ctx_self_stop(&s);
	ctx_ring_stop(&r);
	return rc;
}

/* ctx_case: measure one ring of nproc members with kib KiB each and its
 * no-switch baseline and add the difference to set as metric id
 * (microseconds per switch). */
static void ctx_case(const struct micro_opts *o, struct micro_set *set, enum micro_id id,
		     int nproc, int kib)
{
	struct ctx_result res;
	char why[128];

	if (ctx_measure(o, nproc, (size_t)kib * 1024, &res, why, sizeof(why)) != 0) {
		micro_put_na(set, id, why);
		return;
	}
	double sw = res.ring.value - res.base.value;
	if (sw <= 0) {
		text_fmt(why, sizeof(why), "ring (%.0f ns) not slower than its no-switch baseline (%.0f ns)",
			 res.ring.value, res.base.value);
		micro_put_na(set, id, why);
		return;
	}
	/* the ring's absolute spread, relative to the difference */
	micro_put_value(set, id, sw / 1000, res.ring.spread * res.ring.value / sw);
}

/* micro_group_ctx: see suite.h. Metrics ctx_Np_Kk, microseconds per switch.
 * SIGPIPE is ignored while it runs (a dead member gives EPIPE, not death). */
void micro_group_ctx(const struct micro_opts *o, struct micro_set *set)
{
	static const struct { enum micro_id id; int nproc, kib; } cases[] = {
		{ MID_CTX_2P_0K, 2, 0 },    { MID_CTX_2P_16K, 2, 16 },  { MID_CTX_2P_64K, 2, 64 },
		{ MID_CTX_8P_16K, 8, 16 },  { MID_CTX_8P_64K, 8, 64 },
		{ MID_CTX_16P_16K, 16, 16 }, { MID_CTX_16P_64K, 16, 64 },
	};
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;

	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++)
		ctx_case(o, set, cases[c].id, cases[c].nproc, cases[c].kib);
	sigaction(SIGPIPE, &old, NULL);
}
