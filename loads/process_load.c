/* process_load.c: 4 x CPUS processes in a ring of pipes passing a few 1 KiB chunks around forever. */
#include "loads/load.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

enum {
	CHUNK = 1024,  /* bytes per chunk: below PIPE_BUF, so writes are atomic */
	BATCH = 64,    /* hops a worker counts before adding them to the counter */
};

/* full_io: read (rd != 0) or write exactly len bytes on fd; 0, or -1 with
 * errno (0 when the other end of the pipe is closed). */
static int full_io(int fd, char *buf, size_t len, int rd)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = rd ? read(fd, buf + done, len - done) : write(fd, buf + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n == 0)
			errno = 0;
		if (n <= 0)
			return -1;
		done += (size_t)n;
	}
	return 0;
}

/* ring_worker: forever take a chunk from in and forward it to out, counting hops. */
static _Noreturn void ring_worker(int in, int out, struct load_counter *c)
{
	char chunk[CHUNK];
	unsigned hops = 0;

	for (;;) {
		if (full_io(in, chunk, sizeof chunk, 1) != 0)
			load_fail(c, "ring pipe read: %s", errno ? strerror(errno) : "the ring is broken");
		if (full_io(out, chunk, sizeof chunk, 0) != 0)
			load_fail(c, "ring pipe write: %s", strerror(errno));
		if (++hops == BATCH) {
			load_add(c, BATCH);
			hops = 0;
		}
	}
}

/* process_body: build the ring one pipe at a time (the leader holds at most
 * four descriptors), inject M = max(1, N/8) chunks spread evenly over the
 * ring, fork the N workers, then supervise them. Worker i reads pipe i and
 * writes pipe i+1; the last one writes pipe 0. */
static void process_body(const struct load_env *env, const struct load_prep *prep,
                         struct load_counter *c)
{
	int n = 4 * (env->cpus > 0 ? env->cpus : 1);
	int m = n / 8 > 0 ? n / 8 : 1;
	int stride = n / m;
	int first[2], next[2], in, out;
	char chunk[CHUNK];

	(void)prep;
	memset(chunk, 0xa5, sizeof chunk);
	if (pipe2(first, O_CLOEXEC) != 0)
		load_fail(c, "ring pipe: %s", strerror(errno));
	in = first[0];
	for (int i = 0; i < n; i++) {
		next[0] = -1;
		out = first[1];
		if (i < n - 1) {
			if (pipe2(next, O_CLOEXEC) != 0)
				load_fail(c, "ring pipe: %s", strerror(errno));
			out = next[1];
		}
		/* out is empty and holds at least one page: this cannot block */
		if (i % stride == 0 && i / stride < m && full_io(out, chunk, sizeof chunk, 0) != 0)
			load_fail(c, "ring pipe: injecting a chunk: %s", strerror(errno));
		pid_t pid = load_fork();
		if (pid < 0)
			load_fail(c, "fork of ring process %d of %d: %s", i + 1, n, strerror(errno));
		if (pid == 0) {
			if (out != first[1])
				close(first[1]);
			if (next[0] >= 0)
				close(next[0]);
			ring_worker(in, out, c);
		}
		close(in);
		if (out != first[1])
			close(out);
		in = next[0];
	}
	close(first[1]);
	load_supervise(c);
}

const struct load_desc load_process_load = {
	.name = "process_load",
	.what = "4 x CPUS processes in a unidirectional ring of pipes pass max(1, N/8) chunks of 1 KiB around",
	.unit = "10,000 ring hops",
	.per_unit = 10000,
	.work = "ring hops",
	.needs = "nothing",
	.flags = 0,
	.cost = 1.15,
	.body = process_body,
};
