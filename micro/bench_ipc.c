/* bench_ipc.c: IPC latency (pipe, AF_UNIX, UDP, TCP, ONC RPC, TCP connect) and bandwidth (pipe, AF_UNIX, TCP) between two processes. */
#include "lib/text.h"
#include "micro/micro.h"

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

enum {
	IPC_CHUNK = 64 * 1024,  /* bandwidth transfer unit */
	IPC_TIMEOUT_S = 5,      /* a reply not there by then is lost */
	IPC_BACKLOG = 4096,     /* listen backlog, far ahead of one client */
	IPC_RPC_MAX = 256,      /* largest RPC message the peers accept */
};

/* ONC RPC v2 (RFC 5531) constants, and the private program we call. */
enum {
	RPC_CALL = 0, RPC_REPLY = 1, RPC_VERSION = 2,
	RPC_MSG_ACCEPTED = 0, RPC_MSG_DENIED = 1,
	RPC_SUCCESS = 0, RPC_PROG_UNAVAIL = 1, RPC_PROG_MISMATCH = 2,
	RPC_PROC_UNAVAIL = 3, RPC_GARBAGE_ARGS = 4,
	RPC_MISMATCH = 0, RPC_AUTH_ERROR = 1, RPC_AUTH_BADCRED = 1, RPC_AUTH_BADVERF = 3,
	RPC_AUTH_NONE = 0,
	RPC_CALL_WORDS = 10, RPC_REPLY_WORDS = 6,
};
#define IPC_RPC_PROG 0x2000c0deu  /* in the user-defined range 0x20000000-0x3fffffff */
#define IPC_RPC_VERS 1u
#define IPC_RPC_LAST 0x80000000u  /* record marking: last fragment */

/* One benchmark's connection to its peer process. */
struct ipc_state {
	int wfd, rfd;             /* the parent's ends (equal for sockets) */
	pid_t pid;                /* the peer, or -1 */
	struct sockaddr_in addr;  /* the server (tcp_conn) */
	uint32_t xid;             /* next RPC transaction id */
	char *buf;                /* IPC_CHUNK bytes for bandwidth */
};

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

/* ipc_fork: fork a peer that dies with its parent; like fork(). */
static pid_t ipc_fork(void)
{
	pid_t self = getpid(), pid = fork();

	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != self)
			_exit(1);
	}
	return pid;
}

/* ipc_read_full: read exactly len bytes; len, fewer at end of file, or -1. */
static ssize_t ipc_read_full(int fd, void *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t r = read(fd, (char *)buf + got, len - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

/* ipc_write_full: write all len bytes; 0 or -1 with errno. */
static int ipc_write_full(int fd, const void *buf, size_t len)
{
	size_t put = 0;

	while (put < len) {
		ssize_t r = write(fd, (const char *)buf + put, len - put);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		put += (size_t)r;
	}
	return 0;
}

/* ipc_recv_fail: micro_fail for a short or failed read of what. */
static int ipc_recv_fail(const char *what, ssize_t r)
{
	if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return micro_fail("%s: no answer in %d s", what, IPC_TIMEOUT_S);
	if (r < 0)
		return micro_fail_errno(what);
	return micro_fail("%s: peer closed the connection", what);
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

/* ipc_bound: a socket of type bound to 127.0.0.1 port 0 (and listening
 * when stream) with its address in *a; -1 with why set. */
static int ipc_bound(int type, struct sockaddr_in *a, char *why, size_t len)
{
	socklen_t alen = sizeof(*a);
	int fd = socket(AF_INET, type | SOCK_CLOEXEC, 0);

	if (fd < 0) {
		text_fmt(why, len, "socket: %s", strerror(errno));
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

/* ipc_connect: a socket of type connected to a; -1 with why set. */
static int ipc_connect(int type, const struct sockaddr_in *a, char *why, size_t len)
{
	int fd = socket(AF_INET, type | SOCK_CLOEXEC, 0);

	if (fd < 0) {
		text_fmt(why, len, "socket: %s", strerror(errno));
		return -1;
	}
	if (connect(fd, (const struct sockaddr *)a, sizeof(*a)) != 0 || ipc_timeout(fd) != 0 ||
	    (type == SOCK_STREAM && ipc_nodelay(fd) != 0)) {
		text_fmt(why, len, "connect 127.0.0.1:%d: %s", ntohs(a->sin_port), strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* ---- the RPC messages ---- */

/* rpc_call: encode the NULL-procedure CALL with xid into w; its bytes. */
static size_t rpc_call(uint32_t *w, uint32_t xid)
{
	const uint32_t v[RPC_CALL_WORDS] = {
		xid, RPC_CALL, RPC_VERSION, IPC_RPC_PROG, IPC_RPC_VERS, 0,
		RPC_AUTH_NONE, 0,  /* cred */
		RPC_AUTH_NONE, 0,  /* verf */
	};

	for (int i = 0; i < RPC_CALL_WORDS; i++)
		w[i] = htonl(v[i]);
	return RPC_CALL_WORDS * 4;
}

/* rpc_serve: the server's answer to the call of bytes in c, encoded into r
 * (room for 8 words); its bytes, or 0 to drop a message that is no call. */
static size_t rpc_serve(const uint32_t *c, size_t bytes, uint32_t *r)
{
	uint32_t v[RPC_CALL_WORDS] = { 0 };
	int n = 3;

	if (bytes < 8 || bytes % 4)
		return 0;
	for (size_t i = 0; i < RPC_CALL_WORDS && i < bytes / 4; i++)
		v[i] = ntohl(c[i]);
	if (v[1] != RPC_CALL)
		return 0;
	r[0] = v[0];
	r[1] = RPC_REPLY;
	if (bytes >= 12 && v[2] != RPC_VERSION) {
		r[2] = RPC_MSG_DENIED;
		r[n++] = RPC_MISMATCH;
		r[n++] = RPC_VERSION;
		r[n++] = RPC_VERSION;
	} else if (bytes >= 40 && (v[6] != RPC_AUTH_NONE || v[7] != 0 || v[8] != RPC_AUTH_NONE || v[9] != 0)) {
		r[2] = RPC_MSG_DENIED;
		r[n++] = RPC_AUTH_ERROR;
		r[n++] = v[6] != RPC_AUTH_NONE || v[7] != 0 ? RPC_AUTH_BADCRED : RPC_AUTH_BADVERF;
	} else {
		r[2] = RPC_MSG_ACCEPTED;
		r[n++] = RPC_AUTH_NONE;
		r[n++] = 0;
		if (bytes < 40)
			r[n++] = RPC_GARBAGE_ARGS;
		else if (v[3] != IPC_RPC_PROG)
			r[n++] = RPC_PROG_UNAVAIL;
		else if (v[4] != IPC_RPC_VERS) {
			r[n++] = RPC_PROG_MISMATCH;
			r[n++] = IPC_RPC_VERS;
			r[n++] = IPC_RPC_VERS;
		} else if (v[5] != 0)
			r[n++] = RPC_PROC_UNAVAIL;
		else if (bytes != 40)
			r[n++] = RPC_GARBAGE_ARGS;  /* the NULL procedure takes no arguments */
		else
			r[n++] = RPC_SUCCESS;
	}
	for (int i = 0; i < n; i++)
		r[i] = htonl(r[i]);
	return (size_t)n * 4;
}

/* rpc_check: 0 when the reply of bytes in w answers xid with SUCCESS, or
 * micro_fail with what is wrong. */
static int rpc_check(const uint32_t *w, size_t bytes, uint32_t xid)
{
	uint32_t v[RPC_REPLY_WORDS] = { 0 };

	if (bytes < 16 || bytes % 4)
		return micro_fail("rpc: malformed reply of %zu bytes", bytes);
	for (size_t i = 0; i < RPC_REPLY_WORDS && i < bytes / 4; i++)
		v[i] = ntohl(w[i]);
	if (v[0] != xid || v[1] != RPC_REPLY)
		return micro_fail("rpc: reply does not answer xid %u", xid);
	if (v[2] != RPC_MSG_ACCEPTED)
		return micro_fail("rpc: call denied (reject status %u)", v[3]);
	if (bytes != RPC_REPLY_WORDS * 4 || v[3] != RPC_AUTH_NONE || v[4] != 0)
		return micro_fail("rpc: unexpected reply verifier or length");
	if (v[5] != RPC_SUCCESS)
		return micro_fail("rpc: call not executed (accept status %u)", v[5]);
	return 0;
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

/* peer_sink: read an 8-byte chunk count n from in, then n chunks of data,
 * then acknowledge with one byte on out; until end of file. */
static int peer_sink(int in, int out)
{
	char *b = malloc(IPC_CHUNK);
	uint64_t n;

	if (!b)
		return 1;
	while (ipc_read_full(in, &n, sizeof(n)) == (ssize_t)sizeof(n)) {
		for (uint64_t left = n * IPC_CHUNK; left > 0;) {
			ssize_t r = read(in, b, left < IPC_CHUNK ? left : IPC_CHUNK);
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

/* peer_rpc_tcp: serve record-marked RPC calls on in (fragments assembled),
 * replies through out, until end of file. */
static int peer_rpc_tcp(int in, int out)
{
	uint32_t msg[IPC_RPC_MAX / 4], rep[1 + 8], hdr;

	for (;;) {
		size_t bytes = 0, len;
		do {
			if (ipc_read_full(in, &hdr, 4) != 4)
				return 0;
			hdr = ntohl(hdr);
			len = hdr & ~IPC_RPC_LAST;
			if (len > sizeof(msg) - bytes ||
			    ipc_read_full(in, (char *)msg + bytes, len) != (ssize_t)len)
				return 1;
			bytes += len;
		} while (!(hdr & IPC_RPC_LAST));
		size_t rb = rpc_serve(msg, bytes, rep + 1);
		rep[0] = htonl(IPC_RPC_LAST | (uint32_t)rb);
		if (rb && ipc_write_full(out, rep, rb + 4) != 0)
			return 1;
	}
}

/* peer_udp: answer each datagram on fd to its sender: echo it (rpc = 0)
 * or answer it as an RPC call (rpc = 1). Runs until killed. */
static int peer_udp(int fd, int rpc)
{
	uint32_t msg[IPC_RPC_MAX / 4], rep[8];
	struct sockaddr_in from;

	for (;;) {
		socklen_t flen = sizeof(from);
		ssize_t r = recvfrom(fd, msg, sizeof(msg), 0, (struct sockaddr *)&from, &flen);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return 1;
		}
		const void *out = msg;
		size_t len = (size_t)r;
		if (rpc) {
			len = rpc_serve(msg, (size_t)r, rep);
			out = rep;
		}
		if (len)
			sendto(fd, out, len, 0, (struct sockaddr *)&from, flen);
	}
}

/* peer_accept_close: accept connections on l and close each at once. */
static int peer_accept_close(int l)
{
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
									 : peer_rpc_tcp(in, out);
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
	if ((st->pid = ipc_fork()) == 0) {
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
	if ((st->pid = ipc_fork()) == 0) {
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

/* setup_tcp: a peer of kind serving one loopback TCP connection. */
static int setup_tcp(struct ipc_state *st, int kind, char *why, size_t len)
{
	struct sockaddr_in a;
	int l = ipc_bound(SOCK_STREAM, &a, why, len);

	if (l < 0)
		return -1;
	if ((st->pid = ipc_fork()) == 0) {
		int c;
		while ((c = accept(l, NULL, NULL)) < 0 && errno == EINTR)
			;
		close(l);
		if (c < 0 || ipc_nodelay(c) != 0)
			_exit(1);
		_exit(peer_stream(kind, c, c));
	}
	close(l);
	if (st->pid < 0) {
		text_fmt(why, len, "fork: %s", strerror(errno));
		return -1;
	}
	st->wfd = st->rfd = ipc_connect(SOCK_STREAM, &a, why, len);
	return st->wfd < 0 ? -1 : 0;
}

/* setup_udp: a UDP peer (echo, or RPC when rpc) and a connected client. */
static int setup_udp(struct ipc_state *st, int rpc, char *why, size_t len)
{
	struct sockaddr_in a;
	int s = ipc_bound(SOCK_DGRAM, &a, why, len);

	if (s < 0)
		return -1;
	if ((st->pid = ipc_fork()) == 0)
		_exit(peer_udp(s, rpc));
	close(s);
	if (st->pid < 0) {
		text_fmt(why, len, "fork: %s", strerror(errno));
		return -1;
	}
	st->wfd = st->rfd = ipc_connect(SOCK_DGRAM, &a, why, len);
	return st->wfd < 0 ? -1 : 0;
}

/* setup_conn: a peer that accepts and closes connections; its address in st. */
static int setup_conn(struct ipc_state *st, int unused, char *why, size_t len)
{
	int l = ipc_bound(SOCK_STREAM, &st->addr, why, len);

	(void)unused;
	if (l < 0)
		return -1;
	if ((st->pid = ipc_fork()) == 0)
		_exit(peer_accept_close(l));
	close(l);
	if (st->pid < 0) {
		text_fmt(why, len, "fork: %s", strerror(errno));
		return -1;
	}
	return 0;
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

/* loop_rpc_udp: micro_loop_fn; n NULL-procedure RPC calls over UDP. */
static int loop_rpc_udp(void *state, uint64_t n)
{
	struct ipc_state *st = state;
	uint32_t call[RPC_CALL_WORDS], rep[IPC_RPC_MAX / 4];

	for (uint64_t i = 0; i < n; i++) {
		uint32_t xid = st->xid++;
		size_t len = rpc_call(call, xid);
		if (send(st->wfd, call, len, 0) != (ssize_t)len)
			return micro_fail_errno("rpc send");
		ssize_t r;
		while ((r = recv(st->rfd, rep, sizeof(rep), 0)) < 0 && errno == EINTR)
			;
		if (r <= 0)
			return ipc_recv_fail("rpc receive", r);
		if (rpc_check(rep, (size_t)r, xid) != 0)
			return -1;
	}
	return 0;
}

/* loop_rpc_tcp: micro_loop_fn; n NULL-procedure RPC calls over TCP, each a
 * one-fragment record. */
static int loop_rpc_tcp(void *state, uint64_t n)
{
	struct ipc_state *st = state;
	uint32_t call[1 + RPC_CALL_WORDS], rep[IPC_RPC_MAX / 4], hdr;
	ssize_t r;

	for (uint64_t i = 0; i < n; i++) {
		uint32_t xid = st->xid++;
		size_t len = rpc_call(call + 1, xid);
		call[0] = htonl(IPC_RPC_LAST | (uint32_t)len);
		if (ipc_write_full(st->wfd, call, len + 4) != 0)
			return micro_fail_errno("rpc send");
		if ((r = ipc_read_full(st->rfd, &hdr, 4)) != 4)
			return ipc_recv_fail("rpc receive", r);
		hdr = ntohl(hdr);
		len = hdr & ~IPC_RPC_LAST;
		if (!(hdr & IPC_RPC_LAST) || len > sizeof(rep))
			return micro_fail("rpc: unexpected record mark 0x%08x", hdr);
		if ((r = ipc_read_full(st->rfd, rep, len)) != (ssize_t)len)
			return ipc_recv_fail("rpc receive", r);
		if (rpc_check(rep, len, xid) != 0)
			return -1;
	}
	return 0;
}

/* loop_conn: micro_loop_fn; n loopback TCP connections: connect, wait for
 * the server's accept and close (end of file), close. */
static int loop_conn(void *state, uint64_t n)
{
	struct ipc_state *st = state;
	char c;

	for (uint64_t i = 0; i < n; i++) {
		int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			return micro_fail_errno("socket");
		if (connect(fd, (struct sockaddr *)&st->addr, sizeof(st->addr)) != 0) {
			close(fd);
			return micro_fail_errno("connect");
		}
		ssize_t r;
		while ((r = read(fd, &c, 1)) < 0 && errno == EINTR)
			;
		close(fd);
		if (r != 0)
			return r < 0 ? micro_fail_errno("read") : micro_fail("server sent data");
	}
	return 0;
}

/* loop_bw: micro_loop_fn; send n chunks of IPC_CHUNK bytes (after their
 * count) and wait for the peer's acknowledgement that all arrived. */
static int loop_bw(void *state, uint64_t n)
{
	struct ipc_state *st = state;
	char ack;

	if (ipc_write_full(st->wfd, &n, sizeof(n)) != 0)
		return micro_fail_errno("send");
	for (uint64_t i = 0; i < n; i++)
		if (ipc_write_full(st->wfd, st->buf, IPC_CHUNK) != 0)
			return micro_fail_errno("send");
	ssize_t r = ipc_read_full(st->rfd, &ack, 1);
	if (r != 1)
		return ipc_recv_fail("acknowledgement", r);
	return 0;
}

/* ---- the group ---- */

typedef int (*ipc_setup_fn)(struct ipc_state *st, int arg, char *why, size_t len);

/* One benchmark: how to start the peer, the loop, and the unit. */
struct ipc_bench {
	const char *name;
	ipc_setup_fn setup;
	int arg;           /* the peer kind, or rpc for UDP */
	micro_loop_fn loop;
	int bw;            /* 1: MB/s per chunk; 0: microseconds per operation */
};

/* micro_group_ipc: see micro.h. Latencies in microseconds per round trip
 * (per connection for lat_tcp_conn), bandwidths in MB/s. SIGPIPE is
 * ignored while it runs (a dead peer gives EPIPE, not death). */
void micro_group_ipc(const struct micro_opts *o, struct micro_set *set)
{
	static const struct ipc_bench benches[] = {
		{ "lat_pipe", setup_pipe, PEER_ECHO, loop_rtt, 0 },
		{ "lat_unix", setup_unix, PEER_ECHO, loop_rtt, 0 },
		{ "lat_udp", setup_udp, 0, loop_rtt, 0 },
		{ "lat_tcp", setup_tcp, PEER_ECHO, loop_rtt, 0 },
		{ "lat_rpc_udp", setup_udp, 1, loop_rpc_udp, 0 },
		{ "lat_rpc_tcp", setup_tcp, PEER_RPC, loop_rpc_tcp, 0 },
		{ "lat_tcp_conn", setup_conn, 0, loop_conn, 0 },
		{ "bw_pipe", setup_pipe, PEER_SINK, loop_bw, 1 },
		{ "bw_unix", setup_unix, PEER_SINK, loop_bw, 1 },
		{ "bw_tcp", setup_tcp, PEER_SINK, loop_bw, 1 },
	};
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	char *buf = malloc(IPC_CHUNK);

	if (buf)
		memset(buf, 0x5a, IPC_CHUNK);
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	for (size_t i = 0; i < sizeof(benches) / sizeof(benches[0]); i++) {
		const struct ipc_bench *b = &benches[i];
		struct ipc_state st = { .wfd = -1, .rfd = -1, .pid = -1, .xid = 1, .buf = buf };
		struct micro_value v;
		char why[128] = "";

		if (b->bw && !buf) {
			micro_put_na(set, b->name, "out of memory");
			continue;
		}
		if (b->setup(&st, b->arg, why, sizeof(why)) != 0) {
			ipc_teardown(&st);
			micro_put_na(set, b->name, why[0] ? why : "setup failed");
			continue;
		}
		/* warm up untimed (the peer's first run, page faults), so the
		 * harness's first calibration call is not setup */
		if (b->loop(&st, b->bw ? 4 : 16) != 0) {
			ipc_teardown(&st);
			micro_put_na(set, b->name, "the peer did not answer while warming up");
			continue;
		}
		micro_time_ns(o, b->loop, &st, &v);
		ipc_teardown(&st);
		if (v.ok && b->bw && v.value <= 0)
			micro_put_na(set, b->name, "transfer time below the clock's resolution");
		else {
			/* MB/s = bytes per ns * 1000; the spread is a ratio and stays */
			if (v.ok)
				v.value = b->bw ? IPC_CHUNK / v.value * 1000 : v.value / 1000;
			micro_put(set, b->name, &v);
		}
	}
	sigaction(SIGPIPE, &old, NULL);
	free(buf);
}
