/* lmbench_results.c: lmbench 3's results file (what `make results` writes under results/ARCH-OS/HOST.N) read as one run, as its scripts/getsummary reads it. */
#include "results/lmbench/lmbench_runs.h"
#include "lib/text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A line that holds one figure: where it starts (or what it holds), the
 * whitespace-separated field that is the figure, and the metric. */
struct lm_line {
	const char *key;
	int starts;   /* 1: the line starts with key; 0: holds it */
	int field;
	int id;
};

static const struct lm_line lines[] = {
	{ "Simple syscall:", 1, 2, MID_NULL_CALL },
	{ "Simple stat:", 1, 2, MID_STAT },
	{ "Simple open/close:", 1, 2, MID_OPEN_CLOSE },
	{ "Select on 100 tcp fd", 1, 5, MID_SELECT_TCP },
	{ "Signal handler installation:", 1, 3, MID_SIG_INST },
	{ "Signal handler overhead:", 1, 3, MID_SIG_HNDL },
	{ "Protection fault:", 1, 2, MID_PROT_FAULT },
	{ "Pipe latency:", 1, 2, MID_LAT_PIPE },
	{ "AF_UNIX sock stream latency:", 0, 4, MID_LAT_UNIX },
	{ "RPC/udp latency using localhost:", 0, 4, MID_LAT_RPC_UDP },
	{ "RPC/tcp latency using localhost:", 0, 4, MID_LAT_RPC_TCP },
	{ "UDP latency using localhost:", 0, 4, MID_LAT_UDP },
	{ "TCP latency using localhost:", 0, 4, MID_LAT_TCP },
	{ "TCP/IP connection cost to localhost:", 0, 5, MID_LAT_TCP_CONN },
	{ "AF_UNIX sock stream bandwidth:", 1, 4, MID_BW_UNIX },
	{ "Process fork+exit:", 1, 2, MID_FORK_PROC },
	{ "Process fork+execve:", 1, 2, MID_EXEC_PROC },
	{ "Process fork+/bin/sh", 1, 3, MID_SH_PROC },
	{ "Pipe bandwidth", 1, 2, MID_BW_PIPE },
	{ "Pagefaults on", 1, 3, MID_PAGE_FAULT },
};

/* Blocks of "size value" lines after a heading: the value of the largest
 * size (the block's last line) is the figure. */
static const struct lm_line biggest[] = {
	{ "Socket bandwidth using localhost", 1, 1, MID_BW_TCP },
	{ "\"mappings", 1, 1, MID_MMAP_LAT },
	{ "\"read bandwidth", 1, 1, MID_BW_FILE_REREAD },
	{ "\"Mmap read bandwidth", 1, 1, MID_BW_MMAP_REREAD },
	{ "\"libc bcopy unaligned", 1, 1, MID_BW_BCOPY_LIBC },
	{ "\"unrolled bcopy unaligned", 1, 1, MID_BW_BCOPY_HAND },
	{ "Memory read", 1, 1, MID_BW_MEM_FRD },
	{ "Memory write", 1, 1, MID_BW_MEM_FWR },
};

/* field: whitespace-separated field k of line s (up to its newline), NaN when absent or not a number. */
static double field(const char *s, int k)
{
	for (int i = 0;; i++) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0' || *s == '\n')
			return NAN;
		if (i == k) {
			char *end;
			double v = strtod(s, &end);
			return end != s && (*end == '\0' || strchr(" \t\n]", *end)) ? v : NAN;
		}
		while (*s && !strchr(" \t\n", *s))
			s++;
	}
}

/* starts: 1 when line s starts with key. */
static int starts(const char *s, const char *key)
{
	return strncmp(s, key, strlen(key)) == 0;
}

/* holds: 1 when line s (to its newline) holds key. */
static int holds(const char *s, const char *key)
{
	const char *nl = strchr(s, '\n'), *at = strstr(s, key);

	return at != NULL && (nl == NULL || at < nl);
}

/* next: the line after s, or NULL. */
static const char *next(const char *s)
{
	const char *nl = strchr(s, '\n');

	return nl ? nl + 1 : NULL;
}

/* blank: 1 when line s holds only whitespace. */
static int blank(const char *s)
{
	for (; *s && *s != '\n'; s++)
		if (*s != ' ' && *s != '\t' && *s != '\r')
			return 0;
	return 1;
}

/* block: the "size value" lines after line s into f(size, value, arg)
 * until a blank line or one that does not start with a digit; the line
 * after the last one read. */
static const char *block(const char *s, void (*f)(double, double, void *), void *arg)
{
	for (s = next(s); s && !blank(s) && *s >= '0' && *s <= '9'; s = next(s))
		f(field(s, 0), field(s, 1), arg);
	return s;
}

/* A block being read. */
struct blk {
	struct lm_run *r;
	double last, l1, l2, fs[4];
	int ctx;   /* size=0, 16k, 64k: 0, 1, 2 */
};

/* keep_last: a block's line: its value is the figure when it is the last. */
static void keep_last(double size, double v, void *arg)
{
	struct blk *b = arg;

	(void)size;
	b->last = v;
}

/* keep_stride: a line of lat_mem_rd's stride-128 block: 1 KB is L1 $,
 * 128 KB L2 $, the last Main mem. */
static void keep_stride(double size, double v, void *arg)
{
	struct blk *b = arg;

	if (fabs(size - 0.00098) < 1e-6)
		b->l1 = v;
	else if (fabs(size - 0.125) < 1e-6)
		b->l2 = v;
	b->last = v;
}

/* keep_ctx: a "procs us" line of lat_ctx's block of size b->ctx. */
static void keep_ctx(double procs, double v, void *arg)
{
	static const int ids[3][3] = {
		{ MID_CTX_2P_0K, -1, -1 },
		{ MID_CTX_2P_16K, MID_CTX_8P_16K, MID_CTX_16P_16K },
		{ MID_CTX_2P_64K, MID_CTX_8P_64K, MID_CTX_16P_64K },
	};
	struct blk *b = arg;
	int k = procs == 2 ? 0 : procs == 8 ? 1 : procs == 16 ? 2 : -1;

	if (k >= 0 && ids[b->ctx][k] >= 0)
		lm_put(b->r, ids[b->ctx][k], v, NULL);
}

/* fs_block: lat_fs's lines after s ("0k N creates/s deletes/s", 10k): each
 * size's microseconds per file into r; the line after them. */
static const char *fs_block(const char *s, struct lm_run *r)
{
	static const struct { const char *size; int create, delete; } sz[] = {
		{ "0k", MID_FS_CREATE_0K, MID_FS_DELETE_0K },
		{ "10k", MID_FS_CREATE_10K, MID_FS_DELETE_10K },
	};

	for (s = next(s); s && *s >= '0' && *s <= '9'; s = next(s))
		for (size_t k = 0; k < sizeof sz / sizeof sz[0]; k++)
			if (starts(s, sz[k].size) && (s[strlen(sz[k].size)] == '\t' || s[strlen(sz[k].size)] == ' ')) {
				double c = field(s, 2), d = field(s, 3);
				lm_put(r, sz[k].create, c > 0 ? 1e6 / c : NAN, NULL);
				lm_put(r, sz[k].delete, d > 0 ? 1e6 / d : NAN, NULL);
			}
	return s;
}

/* one_line: the figure of line s when it is one of lines[] or of its read
 * and write (their mean is null I/O, as getsummary's) into r, rw. */
static void one_line(const char *s, struct lm_run *r, double *rw)
{
	for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++)
		if (lines[k].starts ? starts(s, lines[k].key) : holds(s, lines[k].key)) {
			if (lines[k].id == MID_LAT_UDP && holds(s, "RPC"))
				continue;
			if (lines[k].id == MID_LAT_TCP && holds(s, "RPC"))
				continue;
			lm_put(r, lines[k].id, field(s, lines[k].field), NULL);
			return;
		}
	if (starts(s, "Simple read:"))
		rw[0] = field(s, 2);
	else if (starts(s, "Simple write:"))
		rw[1] = field(s, 2);
	else if (isnan(r->v[MID_MHZ]) && starts(s, "[MHZ:"))
		lm_put(r, MID_MHZ, field(s, 1), NULL);
}

/* a_block: the block that follows heading line s, if s is one, into r
 * (lat_type: 1 after "Memory load latency"); the line after it, or s. */
static const char *a_block(const char *s, struct lm_run *r, int lat_type)
{
	struct blk b = { .r = r, .last = NAN, .l1 = NAN, .l2 = NAN };
	const char *e;

	for (size_t k = 0; k < sizeof biggest / sizeof biggest[0]; k++)
		if (starts(s, biggest[k].key)) {
			e = block(s, keep_last, &b);
			lm_put(r, biggest[k].id, b.last, NULL);
			return e;
		}
	if (starts(s, "\"File system latency"))
		return fs_block(s, r);
	if (starts(s, "\"size=0k") || starts(s, "\"size=16k") || starts(s, "\"size=64k")) {
		b.ctx = s[6] == '0' ? 0 : s[6] == '1' ? 1 : 2;
		return block(s, keep_ctx, &b);
	}
	if (starts(s, "\"stride=128") && lat_type == 1) {
		e = block(s, keep_stride, &b);
		lm_put(r, MID_LAT_1K, b.l1, NULL);
		lm_put(r, MID_LAT_128K, b.l2, NULL);
		lm_put(r, MID_LAT_LARGEST, b.last, NULL);
		return e;
	}
	return s;
}

/* secs_of: the section bit of each metric r has a figure of. */
static unsigned secs_of(const struct lm_run *r)
{
	unsigned secs = 0;

	for (int id = 0; id < MID_COUNT; id++)
		if (!isnan(r->v[id]))
			secs |= micro_metrics[id].sections & ~MS_BIT(MS_EXT);
	return secs;
}

int lm_results(const char *text, struct lm_runs *rs)
{
	const char *s = text, *head = NULL;
	char host[72] = "", os[72] = "", w[5][64];
	double rw[2] = { NAN, NAN };
	int lat_type = 0;

	for (const char *l = text; l && !head; l = next(l))
		if (starts(l, "[lmbench") && holds(l, " results for "))
			head = l;
	if (head == NULL)
		return 0;
	/* [lmbench3.0 results for SYSNAME NODENAME RELEASE ...]: getsummary's OS is SYSNAME RELEASE */
	if (sscanf(head, "%63s %63s %63s %63s %63s %63s", w[0], w[1], w[2], w[3], w[4], host) == 6) {
		text_fmt(os, sizeof os, "%s %s", w[3], host);
		text_fmt(host, sizeof host, "%s", w[4]);
	}
	text_fmt(rs->version, sizeof rs->version, "%s", starts(head, "[lmbench3") ? "lmbench 3" :
	         starts(head, "[lmbench2") ? "lmbench 2" : "lmbench");
	struct lm_run *r = lm_run_get(rs, 1, host[0] ? host : "lmbench", os, 0);
	if (r == NULL)
		return -1;
	for (s = text; s != NULL;) {
		const char *e = a_block(s, r, lat_type);
		if (e != s) {
			s = e;
			continue;
		}
		if (starts(s, "Memory load latency"))
			lat_type = 1;
		else if (starts(s, "Random load latency"))
			lat_type = 2;
		else
			one_line(s, r, rw);
		s = next(s);
	}
	lm_put(r, MID_NULL_IO, isnan(rw[0]) || rw[0] < 0 ? rw[1] : (rw[0] + rw[1]) / 2, NULL);
	r->secs = secs_of(r);
	for (int id = 0; id < MID_COUNT; id++)
		if (isnan(r->v[id]))
			r->why[id] = "not in this lmbench results file";
	return 1;
}
