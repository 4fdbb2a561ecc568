/* bench_ipc.c: IPC latency (pipe, AF_UNIX, UDP, TCP, ONC RPC, TCP connect) and bandwidth (pipe, AF_UNIX, TCP) between two processes. */
#include "lib/text.h"
#include "micro/bench_bw.h"
#include "micro/harness.h"
#include "micro/ipc.h"
#include "micro/suite.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

enum { IPC_BACKLOG = 4096 };  /* listen backlog, far ahead of one client */

/* ipc_page_alloc: bytes starting on a page boundary, as lmbench's
 * bandwidth programs take theirs (valloc), or NULL. A buffer from malloc
 * starts 16 bytes into a page (a large one) or anywhere 16-byte aligned (a
 * small one), and the kernel copies each transfer from and into it: where
 * its string copy wants a cache-line-aligned end, the two differ in the
 * kernel's copy, not in the IPC path (docs/measurements.md: TCP bandwidth). */
static void *ipc_page_alloc(size_t bytes)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t a = pg > 0 ? (size_t)pg : 4096;

	return aligned_alloc(a, (bytes + a - 1) / a * a);
}

/* ipc_close: close *fd when open and mark it closed. */
static void ipc_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* ipc_teardown: kill and reap the peer and close the parent's ends; safe
 * on a partly set up state. */
static void ipc_teardown(struct ipc_state *st)
{
	if (st->rfd == st->wfd)
		st->rfd = -1;
	ipc_close(&st->wfd);
	ipc_close(&st->rfd);
	if (st->pid > 0) {
		kill(st->pid, SIGKILL);
		while (waitpid(st->pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	st->pid = -1;
}

/* ipc_fork: fork st's peer, which dies with its parent and runs where the
 * placement puts end 1; like fork(). */
static pid_t ipc_fork(const struct ipc_state *st)
{
	pid_t self = getpid(), pid = fork();

	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != self || micro_place(st->o, 1) != 0)
			_exit(1);
	}
	return pid;
}

/* ipc_timeout: bound every receive on fd by IPC_TIMEOUT_S; 0 or -1. */
static int ipc_timeout(int fd)
{
	struct timeval tv = { .tv_sec = IPC_TIMEOUT_S };

	return setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
}

/* ipc_nodelay: send small TCP segments at once; 0 or -1. */
static int ipc_nodelay(int fd)
{
	int one = 1;

	return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

/* ipc_sockbuf: fd's send and receive buffers set to bytes (lmbench's
 * sock_optimize), before it connects or listens (the window is agreed
 * then); 0: the system's, autotuned. 0 or -1. */
static int ipc_sockbuf(int fd, int bytes)
{
	if (bytes == 0)
		return 0;
	if (setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &bytes, sizeof(bytes)) != 0)
		return -1;
	return setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &bytes, sizeof(bytes)) != 0 ? -1 : 0;
}

/* ipc_bound: a socket of type bound to 127.0.0.1 port 0 (and listening
 * when stream), its buffers sockbuf bytes (ipc_sockbuf), with its address
 * in *a; -1 with why set. */
static int ipc_bound(int type, int sockbuf, struct sockaddr_in *a, char *why, size_t len)
{
	socklen_t alen = sizeof(*a);
	int fd = socket(AF_INET, type | SOCK_CLOEXEC, 0);

	if (fd < 0 || ipc_sockbuf(fd, sockbuf) != 0) {
		text_fmt(why, len, "socket: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	memset(a, 0, sizeof(*a));
	a->sin_family = AF_INET;
	a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)a, sizeof(*a)) != 0 ||
	    (type == SOCK_STREAM && listen(fd, IPC_BACKLOG) != 0) ||
	    getsockname(fd, (struct sockaddr *)a, &alen) != 0) {
		text_fmt(why, len, "bind/listen 127.0.0.1: %s", strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* ipc_connect: a socket of type, its buffers sockbuf bytes (ipc_sockbuf),
 * connected to a; -1 with why set. */
static int ipc_connect(int type, int sockbuf, const struct sockaddr_in *a, char *why, size_t len)
{
	int fd = socket(AF_INET, type | SOCK_CLOEXEC, 0);

	if (fd < 0) {
		text_fmt(why, len, "socket: %s", strerror(errno));
		return -1;
	}
	if (ipc_sockbuf(fd, sockbuf) != 0 || connect(fd, (const struct sockaddr *)a, sizeof(*a)) != 0 ||
	    ipc_timeout(fd) != 0 || (type == SOCK_STREAM && ipc_nodelay(fd) != 0)) {
		text_fmt(why, len, "connect 127.0.0.1:%d: %s", ntohs(a->sin_port), strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* ---- the peers (child processes); each returns its exit status ---- */

/* peer_echo: send back whatever arrives on in through out, until end of file. */
static int peer_echo(int in, int out)
{
	char b[64];
	ssize_t r;

	for (;;) {
		while ((r = read(in, b, sizeof(b))) < 0 && errno == EINTR)
			;
		if (r <= 0)
			return r < 0;
		if (ipc_write_full(out, b, (size_t)r) != 0)
			return 1;
	}
}

/* peer_sink: read from in a header of two 8-byte counts, chunks n and
 * their size c, then n x c bytes of data, each read asking for c bytes (as
 * lmbench's reader asks for its message size) into a page-aligned buffer
 * (as lmbench's), then acknowledge with one byte on out; until end of file. */
static int peer_sink(int in, int out)
{
	char *b = NULL;
	uint64_t hdr[2], room = 0;

	while (ipc_read_full(in, hdr, sizeof(hdr)) == (ssize_t)sizeof(hdr)) {
		uint64_t c = hdr[1];
		if (c == 0 || c > IPC_TCP_MSG)
			return 1;
		if (c > room) {
			free(b);
			if (!(b = ipc_page_alloc(c)))
				return 1;
			room = c;
		}
		for (uint64_t left = hdr[0] * c; left > 0;) {
			ssize_t r = read(in, b, left < c ? left : c);
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0)
				return 1;
			left -= (uint64_t)r;
		}
		if (ipc_write_full(out, "", 1) != 0)
			return 1;
	}
	return 0;
}

/* peer_udp: echo each datagram on fd to its sender (rpc = 0), or serve
 * RPC calls on fd (rpc = 1). Runs until killed. */
static int peer_udp(int fd, int rpc)
{
	char msg[IPC_RPC_MAX];
	struct sockaddr_in from;

	if (rpc)
		return ipc_peer_rpc_udp(fd);
	for (;;) {
		socklen_t flen = sizeof(from);
		ssize_t r = recvfrom(fd, msg, sizeof(msg), 0, (struct sockaddr *)&from, &flen);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return 1;
		}
		sendto(fd, msg, (size_t)r, 0, (struct sockaddr *)&from, flen);
	}
}

/* peer_accept_close: accept connections on l and close each at once. */
static int peer_accept_close(int l, int unused)
{
	(void)unused;
	for (;;) {
		int c = accept(l, NULL, NULL);
		if (c >= 0)
			close(c);
		else if (errno != EINTR && errno != ECONNABORTED)
			return 1;
	}
}

/* The stream peers, by number, for the setup functions. */
enum { PEER_ECHO, PEER_SINK, PEER_RPC };

/* peer_stream: run stream peer kind on in/out. */
static int peer_stream(int kind, int in, int out)
{
	return kind == PEER_ECHO ? peer_echo(in, out) : kind == PEER_SINK ? peer_sink(in, out)
									 : ipc_peer_rpc_tcp(in, out);
}

/* peer_tcp: accept one connection on the listening socket l and run stream
 * peer kind on it. */
static int peer_tcp(int l, int kind)
{
	int c;

	while ((c = accept(l, NULL, NULL)) < 0 && errno == EINTR)
		;
	close(l);
	if (c < 0 || ipc_nodelay(c) != 0)
		return 1;
	return peer_stream(kind, c, c);
}

/* ---- setups: start the peer, leave the parent's ends in st ---- */

/* setup_pipe: a peer of kind behind two pipes; 0 or -1 with why. */
static int setup_pipe(struct ipc_state *st, int kind, char *why, size_t len)
{
	int down[2] = { -1, -1 }, up[2] = { -1, -1 };

	if (pipe(down) != 0 || pipe(up) != 0) {
		text_fmt(why, len, "pipe: %s", strerror(errno));
		goto fail;
	}
	if ((st->pid = ipc_fork(st)) == 0) {
		close(down[1]);
		close(up[0]);
		_exit(peer_stream(kind, down[0], up[1]));
	}
	if (st->pid < 0)
		text_fmt(why, len, "fork: %s", strerror(errno));
	else {
		st->wfd = down[1];
		st->rfd = up[0];
		down[1] = up[0] = -1;
	}
fail:
	ipc_close(&down[0]);
	ipc_close(&down[1]);
	ipc_close(&up[0]);
	ipc_close(&up[1]);
	return st->pid > 0 ? 0 : -1;
}

/* setup_unix: a peer of kind at the other end of an AF_UNIX stream pair. */
static int setup_unix(struct ipc_state *st, int kind, char *why, size_t len)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
		text_fmt(why, len, "socketpair: %s", strerror(errno));
		return -1;
	}
	if ((st->pid = ipc_fork(st)) == 0) {
		close(sv[0]);
		_exit(peer_stream(kind, sv[1], sv[1]));
	}
	close(sv[1]);
	if (st->pid < 0) {
		text_fmt(why, len, "fork: %s", strerror(errno));
		close(sv[0]);
		return -1;
	}
	st->wfd = st->rfd = sv[0];
	return ipc_timeout(sv[0]);
}

/* ipc_serve: fork a peer that runs peer(fd, arg) on the bound socket fd,
 * and close fd in the parent; 0, or -1 with why set. */
static int ipc_serve(struct ipc_state *st, int fd, int (*peer)(int fd, int arg), int arg,
		     char *why, size_t len)
{
	if ((st->pid = ipc_fork(st)) == 0)
		_exit(peer(fd, arg));
	close(fd);
	if (st->pid < 0) {
		text_fmt(why, len, "fork: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* setup_inet: a peer(socket, arg) on a loopback socket of type and a
 * client connected to it, both with buffers of sockbuf bytes (0: the
 * system's). */
static int setup_inet(struct ipc_state *st, int type, int sockbuf, int (*peer)(int fd, int arg),
		      int arg, char *why, size_t len)
{
	struct sockaddr_in a;
	int fd = ipc_bound(type, sockbuf, &a, why, len);

	if (fd < 0 || ipc_serve(st, fd, peer, arg, why, len) != 0)
		return -1;
	st->addr = a;
	st->wfd = st->rfd = ipc_connect(type, sockbuf, &a, why, len);
	return st->wfd < 0 ? -1 : 0;
}

/* setup_tcp: a peer of kind serving one loopback TCP connection; the
 * bandwidth's sink with lmbench's fixed socket buffers (IPC_SOCKBUF). */
static int setup_tcp(struct ipc_state *st, int kind, char *why, size_t len)
{
	return setup_inet(st, SOCK_STREAM, kind == PEER_SINK ? IPC_SOCKBUF : 0, peer_tcp, kind, why,
			  len);
}

/* setup_udp: a UDP peer (echo, or RPC when rpc) and a connected client. */
static int setup_udp(struct ipc_state *st, int rpc, char *why, size_t len)
{
	return setup_inet(st, SOCK_DGRAM, 0, peer_udp, rpc, why, len);
}

/* setup_conn: a peer that accepts and closes connections; its address in st. */
static int setup_conn(struct ipc_state *st, int unused, char *why, size_t len)
{
	int l = ipc_bound(SOCK_STREAM, 0, &st->addr, why, len);

	if (l < 0)
		return -1;
	return ipc_serve(st, l, peer_accept_close, unused, why, len);
}

/* ---- the timed loops ---- */

/* loop_rtt: micro_loop_fn; n round trips of one 4-byte word (stream or UDP). */
static int loop_rtt(void *state, uint64_t n)
{
	struct ipc_state *st = state;
	uint32_t w, back;

	for (uint64_t i = 0; i < n; i++) {
		w = (uint32_t)i;
		if (ipc_write_full(st->wfd, &w, sizeof(w)) != 0)
			return micro_fail_errno("send");
		ssize_t r = ipc_read_full(st->rfd, &back, sizeof(back));
		if (r != (ssize_t)sizeof(back))
			return ipc_recv_fail("receive", r);
		if (back != w)
			return micro_fail("echo returned a different word");
	}
	return 0;
}

/* loop_conn: micro_loop_fn; n loopback TCP connections as lmbench's
 * lat_connect times them: connect, then close at once (the server accepts
 * and closes each in its own time, not waited for). */
static int loop_conn(void *state, uint64_t n)
{
	struct ipc_state *st = state;

	for (uint64_t i = 0; i < n; i++) {
		int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			return micro_fail_errno("socket");
		if (connect(fd, (struct sockaddr *)&st->addr, sizeof(st->addr)) != 0) {
			close(fd);
			return micro_fail_errno("connect");
		}
		close(fd);
	}
	return 0;
}

/* loop_bw: micro_loop_fn; send n chunks of st->chunk bytes (after their
 * count and size) and wait for the peer's acknowledgement that all arrived. */
static int loop_bw(void *state, uint64_t n)
{
	struct ipc_state *st = state;
	uint64_t hdr[2] = { n, st->chunk };
	char ack;

	if (ipc_write_full(st->wfd, hdr, sizeof(hdr)) != 0)
		return micro_fail_errno("send");
	for (uint64_t i = 0; i < n; i++)
		if (ipc_write_full(st->wfd, st->buf, st->chunk) != 0)
			return micro_fail_errno("send");
	ssize_t r = ipc_read_full(st->rfd, &ack, 1);
	if (r != 1)
		return ipc_recv_fail("acknowledgement", r);
	return 0;
}

/* ipc_clock: micro_clock_fn; the CPU time the peer and the calling thread
 * have used. With both on one CPU one of them is always ready to run, so
 * that is the benchmark's time without other programs' turns on the CPU
 * (but not work the kernel does for them in its own threads: see bw_tcp). */
static double ipc_clock(void *state)
{
	const struct ipc_state *st = state;
	double a = micro_cpu_ns(CLOCK_THREAD_CPUTIME_ID), b = a < 0 ? -1 : micro_cpu_ns(st->peer_clk);

	return b < 0 ? -1 : a + b;
}

/* ---- the group ---- */

typedef int (*ipc_setup_fn)(struct ipc_state *st, int arg, char *why, size_t len);

/* One benchmark: how to start the peer, the loop, and the unit. */
struct ipc_bench {
	enum micro_id id;
	ipc_setup_fn setup;
	int arg;           /* the peer kind, or rpc for UDP */
	micro_loop_fn loop;
	size_t chunk;      /* bandwidth: MB/s of chunks of these bytes; 0: microseconds per operation */
	int wall;          /* 1: timed by the monotonic clock even when pinned (see ipc_clock) */
};

/* micro_group_ipc: see suite.h. Latencies in microseconds per round trip
 * (per connection for lat_tcp_conn), bandwidths in MB/s. SIGPIPE is
 * ignored while it runs (a dead peer gives EPIPE, not death). */
void micro_group_ipc(const struct micro_opts *o, struct micro_set *set)
{
	static const struct ipc_bench benches[] = {
		{ MID_LAT_PIPE, setup_pipe, PEER_ECHO, loop_rtt, 0, 0 },
		{ MID_LAT_UNIX, setup_unix, PEER_ECHO, loop_rtt, 0, 0 },
		{ MID_LAT_UDP, setup_udp, 0, loop_rtt, 0, 0 },
		{ MID_LAT_TCP, setup_tcp, PEER_ECHO, loop_rtt, 0, 0 },
		{ MID_LAT_RPC_UDP, setup_udp, 1, ipc_loop_rpc_udp, 0, 0 },
		{ MID_LAT_RPC_TCP, setup_tcp, PEER_RPC, ipc_loop_rpc_tcp, 0, 0 },
		{ MID_LAT_TCP_CONN, setup_conn, 0, loop_conn, 0, 0 },
		{ MID_BW_PIPE, setup_pipe, PEER_SINK, loop_bw, IPC_CHUNK, 0 },
		{ MID_BW_UNIX, setup_unix, PEER_SINK, loop_bw, IPC_CHUNK, 0 },
		/* the summary's bw_tcp -m 10M (where system calls are dear,
		 * smaller messages read lower); by the wall clock as lmbench:
		 * part of loopback TCP's receive work runs in ksoftirqd, on
		 * neither end's CPU time, so the two ends' CPU time reads above
		 * lmbench's figure (docs/measurements.md: TCP bandwidth) */
		{ MID_BW_TCP, setup_tcp, PEER_SINK, loop_bw, IPC_TCP_MSG, 1 },
	};
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	char *buf = ipc_page_alloc(IPC_TCP_MSG);

	if (buf)
		memset(buf, 0x5a, IPC_TCP_MSG);
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	for (size_t i = 0; i < sizeof(benches) / sizeof(benches[0]); i++) {
		const struct ipc_bench *b = &benches[i];
		struct ipc_state st = { .wfd = -1, .rfd = -1, .pid = -1, .o = o, .xid = 1, .buf = buf,
					.chunk = b->chunk };
		struct micro_value v;
		char why[128] = "";

		if (b->chunk && !buf) {
			micro_put_na(set, b->id, "out of memory");
			continue;
		}
		if (b->setup(&st, b->arg, why, sizeof(why)) != 0) {
			ipc_teardown(&st);
			micro_put_na(set, b->id, why[0] ? why : "setup failed");
			continue;
		}
		/* warm up untimed (the peer's first run, page faults), so the
		 * harness's first calibration call is not setup */
		if (b->loop(&st, b->chunk ? 4 : 16) != 0) {
			ipc_teardown(&st);
			micro_put_na(set, b->id, "the peer did not answer while warming up");
			continue;
		}
		/* pinned: timed by the two ends' CPU time (see ipc_clock) */
		int cpu = !b->wall && o->cpu >= 0 && !o->spread && clock_getcpuclockid(st.pid, &st.peer_clk) == 0;
		micro_time_ns_clock(o, b->loop, &st, cpu ? ipc_clock : NULL, &v);
		ipc_teardown(&st);
		if (v.ok && b->chunk && v.value <= 0)
			micro_put_na(set, b->id, "transfer time below the clock's resolution");
		else if (!b->chunk)
			micro_put_time(set, b->id, &v);
		else {
			/* MB/s (lmbench 3's MB, 10^6 bytes); the spread is a ratio and stays */
			if (v.ok)
				v.value = micro_mb_per_s(b->chunk, v.value);
			micro_put(set, b->id, &v);
		}
	}
	sigaction(SIGPIPE, &old, NULL);
	free(buf);
}
