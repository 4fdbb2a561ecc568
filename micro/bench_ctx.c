/* bench_ctx.c: context-switch cost: a token passed around a ring of pipes by N processes that each touch a private working set. */
#include "lib/text.h"
#include "micro/micro.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

enum {
	CTX_MAXP = 16,        /* the largest ring */
	CTX_WAIT_MS = 10000,  /* a token not back by then is lost (a member died) */
	CTX_TRIES = 3,        /* measurements of a ring that beats its baseline */
	CTX_BASE_RUNS = 3,    /* harness runs of the baseline; the lowest is kept */
};

/* A running ring: member i reads the token from pipe i and writes it into
 * pipe i+1 (mod nproc); the parent starts the token through pipe 0 and the
 * member that spends the last pass writes into the done pipe. */
struct ctx_ring {
	int nproc;
	pid_t pid[CTX_MAXP];
	int start;  /* write end of pipe 0 (parent) */
	int done;   /* read end of the done pipe (parent) */
};

/* The baseline without switching: one process, one pipe to itself. */
struct ctx_self {
	int fd[2];
	long *ws;
	size_t words;
};

static volatile long ctx_sink;

/* ctx_touch: sum words longs of ws (the working-set touch); ws may be NULL
 * when words is 0. The asm makes the compiler treat ws as read afresh. */
static long ctx_touch(const long *ws, size_t words)
{
	long s = 0;

	__asm__ __volatile__("" : : "r"(ws) : "memory");
	for (size_t i = 0; i < words; i++)
		s += ws[i];
	return s;
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

/* ctx_put: write the 8-byte token k to fd; 0 or -1 with errno. */
static int ctx_put(int fd, uint64_t k)
{
	ssize_t r;

	while ((r = write(fd, &k, sizeof(k))) < 0 && errno == EINTR)
		;
	if (r == (ssize_t)sizeof(k))
		return 0;
	if (r >= 0)
		errno = EIO;
	return -1;
}

/* ctx_get: read one 8-byte token from fd into *k; 0, or -1 with errno
 * (EPIPE at end of file). Pipe writes of 8 bytes are atomic. */
static int ctx_get(int fd, uint64_t *k)
{
	ssize_t r;

	while ((r = read(fd, k, sizeof(*k))) < 0 && errno == EINTR)
		;
	if (r == (ssize_t)sizeof(*k))
		return 0;
	if (r >= 0)
		errno = r ? EIO : EPIPE;
	return -1;
}

/* ctx_member: the body of ring member; never returns. Receives the token
 * k (passes left, counting this one), touches its own working set, and
 * passes k-1 on, or reports to the parent when k was the last pass. */
static _Noreturn void ctx_member(int in, int out, int done, size_t bytes)
{
	int ok;
	long *ws = ctx_ws_new(bytes, &ok);
	size_t words = bytes / sizeof(long);
	uint64_t k;

	if (!ok)
		_exit(1);
	for (;;) {
		if (ctx_get(in, &k) != 0)
			_exit(0);
		ctx_sink = ctx_touch(ws, words);
		if (ctx_put(k > 1 ? out : done, k > 1 ? k - 1 : 1) != 0)
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

/* ctx_ring_stop: kill and reap every member, close the parent's ends.
 * Safe on a partly started ring. */
static void ctx_ring_stop(struct ctx_ring *r)
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

/* ctx_ring_start: fork nproc members, each with a private working set of
 * bytes; 0, or -1 with why set and nothing left running or open. */
static int ctx_ring_start(struct ctx_ring *r, int nproc, size_t bytes, char *why, size_t len)
{
	int p[CTX_MAXP][2], d[2] = { -1, -1 };
	pid_t self = getpid();
	int rc = -1;

	r->nproc = nproc;
	r->start = r->done = -1;
	for (int i = 0; i < CTX_MAXP; i++) {
		p[i][0] = p[i][1] = -1;
		r->pid[i] = -1;
	}
	if (pipe(d) != 0) {
		text_fmt(why, len, "pipe: %s", strerror(errno));
		goto out;
	}
	for (int i = 0; i < nproc; i++)
		if (pipe(p[i]) != 0) {
			text_fmt(why, len, "pipe: %s", strerror(errno));
			goto out;
		}
	for (int i = 0; i < nproc; i++) {
		pid_t pid = fork();
		if (pid < 0) {
			text_fmt(why, len, "fork: %s", strerror(errno));
			goto out;
		}
		if (pid == 0) {
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			if (getppid() != self)
				_exit(1);
			int in = p[i][0], out = p[(i + 1) % nproc][1];
			for (int j = 0; j < nproc; j++) {
				if (p[j][0] != in)
					close(p[j][0]);
				if (p[j][1] != out)
					close(p[j][1]);
			}
			close(d[0]);
			ctx_member(in, out, d[1], bytes);
		}
		r->pid[i] = pid;
	}
	r->start = p[0][1];
	p[0][1] = -1;
	r->done = d[0];
	d[0] = -1;
	rc = 0;
out:
	for (int i = 0; i < nproc; i++) {
		ctx_close(&p[i][0]);
		ctx_close(&p[i][1]);
	}
	ctx_close(&d[0]);
	ctx_close(&d[1]);
	if (rc != 0)
		ctx_ring_stop(r);
	return rc;
}

/* ctx_ring_loop: micro_loop_fn; n token passes (switches) around the ring. */
static int ctx_ring_loop(void *state, uint64_t n)
{
	struct ctx_ring *r = state;
	struct pollfd pf = { .fd = r->done, .events = POLLIN };
	uint64_t k;
	int rc;

	if (n == 0)
		return 0;
	if (ctx_put(r->start, n) != 0)
		return micro_fail_errno("ring write");
	while ((rc = poll(&pf, 1, CTX_WAIT_MS)) < 0 && errno == EINTR)
		;
	if (rc < 0)
		return micro_fail_errno("poll");
	if (rc == 0)
		return micro_fail("token lost: no ring member answered in %d s", CTX_WAIT_MS / 1000);
	if (ctx_get(r->done, &k) != 0)
		return micro_fail_errno("ring read");
	if (k != 1)
		return micro_fail("ring returned a bad token");
	return 0;
}

/* ctx_self_loop: micro_loop_fn; n times write the token into a pipe, read
 * it back and touch the working set: everything but the switch. */
static int ctx_self_loop(void *state, uint64_t n)
{
	struct ctx_self *s = state;
	uint64_t k;

	for (uint64_t i = 0; i < n; i++) {
		if (ctx_put(s->fd[1], i) != 0 || ctx_get(s->fd[0], &k) != 0)
			return micro_fail_errno("pipe");
		ctx_sink = ctx_touch(s->ws, s->words);
	}
	return 0;
}

/* ctx_baseline: time the no-switch baseline for a working set of bytes
 * into *v (ns per pass): the fastest sample of CTX_BASE_RUNS harness runs. A
 * process that never sleeps loses whole time slices to any other load on
 * its CPU, which a ring of sleepers does not, so the least disturbed
 * baseline is the fair one to subtract. */
static void ctx_baseline(const struct micro_opts *o, size_t bytes, struct micro_value *v)
{
	struct ctx_self s = { .fd = { -1, -1 }, .words = bytes / sizeof(long) };
	struct micro_value t;
	int ok;

	memset(v, 0, sizeof(*v));
	s.ws = ctx_ws_new(bytes, &ok);
	if (!ok) {
		text_copy(v->reason, "out of memory", sizeof(v->reason));
		return;
	}
	if (pipe(s.fd) != 0)
		text_fmt(v->reason, sizeof(v->reason), "pipe: %s", strerror(errno));
	for (int i = 0; s.fd[0] >= 0 && i < CTX_BASE_RUNS; i++) {
		if (micro_time_ns(o, ctx_self_loop, &s, &t) != 0) {
			*v = t;
			break;
		}
		if (!v->ok || t.min < v->value) {
			*v = t;
			v->value = t.min;
		}
	}
	ctx_close(&s.fd[0]);
	ctx_close(&s.fd[1]);
	free(s.ws);
}

/* ctx_case: measure one ring of nproc members with kib KiB each and its
 * no-switch baseline, back to back so that both see the same machine, and
 * add the difference to set as metric id (microseconds per switch). A ring not
 * slower than its baseline (a disturbed sample) is measured again, up to
 * CTX_TRIES times. */
static void ctx_case(const struct micro_opts *o, struct micro_set *set, enum micro_id id,
		     int nproc, int kib)
{
	struct micro_value base, v = { .ok = 0 };
	struct ctx_ring r;
	char why[128];

	if (ctx_ring_start(&r, nproc, (size_t)kib * 1024, why, sizeof(why)) != 0) {
		micro_put_na(set, id, why);
		return;
	}
	/* warm up untimed: every member runs, faults its working set in and
	 * settles, so the harness's first calibration call is not setup */
	if (ctx_ring_loop(&r, (uint64_t)nproc * 4) != 0) {
		ctx_ring_stop(&r);
		micro_put_na(set, id, "the ring lost the token while warming up");
		return;
	}
	for (int t = 0; t < CTX_TRIES; t++) {
		ctx_baseline(o, (size_t)kib * 1024, &base);
		if (!base.ok)
			break;
		if (micro_time_ns(o, ctx_ring_loop, &r, &v) != 0 || v.value > base.value)
			break;
	}
	ctx_ring_stop(&r);
	if (!base.ok) {
		text_fmt(why, sizeof(why), "baseline: %s", base.reason);
		micro_put_na(set, id, why);
	} else if (!v.ok) {
		micro_put(set, id, &v);
	} else if (v.value <= base.value) {
		text_fmt(why, sizeof(why), "ring (%.0f ns) not slower than its no-switch baseline (%.0f ns)",
			 v.value, base.value);
		micro_put_na(set, id, why);
	} else {
		double sw = v.value - base.value;
		/* the ring's absolute spread, relative to the difference */
		micro_put_value(set, id, sw / 1000, v.spread * v.value / sw);
	}
}

/* micro_group_ctx: see micro.h. Metrics ctx_Np_Kk, microseconds per switch.
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
