/* ipc_rpc.c: contest's own ONC RPC v2 runtime (RFC 5531) for the IPC group: XDR messages, a dispatching server (poll, receive, decode, dispatch, encode, send) and the timed UDP and TCP clients. */
#include "micro/harness.h"
#include "micro/ipc.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

/* ONC RPC v2 (RFC 5531) constants. */
enum {
	RPC_CALL = 0, RPC_REPLY = 1, RPC_VERSION = 2,
	RPC_MSG_ACCEPTED = 0, RPC_MSG_DENIED = 1,
	RPC_SUCCESS = 0, RPC_PROG_UNAVAIL = 1, RPC_PROG_MISMATCH = 2,
	RPC_PROC_UNAVAIL = 3, RPC_GARBAGE_ARGS = 4,
	RPC_MISMATCH = 0, RPC_AUTH_ERROR = 1, RPC_AUTH_BADCRED = 1, RPC_AUTH_BADVERF = 3,
	RPC_AUTH_NONE = 0, RPC_AUTH_MAX = 400,  /* the longest opaque_auth body */
};
#define IPC_RPC_LAST 0x80000000u  /* record marking: last fragment */

/* XDR streams over big-endian 32-bit words: n words of room or of data; a
 * put past the room or a get past the data sets bad. */
struct xdr_out {
	uint32_t *w;
	size_t n, at;
	int bad;
};
struct xdr_in {
	const uint32_t *w;
	size_t n, at;
	int bad;
};

/* x_put: encode the unsigned int v. */
static void x_put(struct xdr_out *x, uint32_t v)
{
	if (x->at < x->n)
		x->w[x->at++] = htonl(v);
	else
		x->bad = 1;
}

/* x_get: decode an unsigned int; 0 (and bad) past the end. */
static uint32_t x_get(struct xdr_in *x)
{
	if (x->at < x->n)
		return ntohl(x->w[x->at++]);
	x->bad = 1;
	return 0;
}

/* x_auth_put: an opaque_auth of flavor with an empty body. */
static void x_auth_put(struct xdr_out *x, uint32_t flavor)
{
	x_put(x, flavor);
	x_put(x, 0);
}

/* x_auth_get: decode an opaque_auth, skip its body; its flavor, and in
 * *len its body's length. */
static uint32_t x_auth_get(struct xdr_in *x, uint32_t *len)
{
	uint32_t flavor = x_get(x);

	*len = x_get(x);
	size_t words = ((size_t)*len + 3) / 4;
	if (*len > RPC_AUTH_MAX || words > x->n - x->at)
		x->bad = 1;
	else
		x->at += words;
	return flavor;
}

/* The procedures of the private program: NULL (none in, none out) and
 * XACT, lmbench's transaction: one unsigned int in, the same one out. Each
 * decodes its arguments and encodes its results; -1 for garbage arguments. */
static int proc_null(struct xdr_in *args, struct xdr_out *res)
{
	(void)res;
	return args->at == args->n ? 0 : -1;
}

static int proc_xact(struct xdr_in *args, struct xdr_out *res)
{
	uint32_t c = x_get(args);

	if (args->bad || args->at != args->n)
		return -1;
	x_put(res, c);
	return 0;
}

static int (*const rpc_procs[])(struct xdr_in *, struct xdr_out *) = {
	[IPC_RPC_NULL] = proc_null,
	[IPC_RPC_XACT] = proc_xact,
};

/* ipc_rpc_call: see ipc.h. */
size_t ipc_rpc_call(uint32_t *w, size_t words, uint32_t xid, uint32_t proc, uint32_t arg)
{
	struct xdr_out x = { .w = w, .n = words };

	x_put(&x, xid);
	x_put(&x, RPC_CALL);
	x_put(&x, RPC_VERSION);
	x_put(&x, IPC_RPC_PROG);
	x_put(&x, IPC_RPC_VERS);
	x_put(&x, proc);
	x_auth_put(&x, RPC_AUTH_NONE);  /* cred */
	x_auth_put(&x, RPC_AUTH_NONE);  /* verf */
	if (proc == IPC_RPC_XACT)
		x_put(&x, arg);
	return x.bad ? 0 : x.at * 4;
}

/* rpc_accept: encode into r an accepted reply's verifier and stat. */
static void rpc_accept(struct xdr_out *r, uint32_t stat)
{
	x_put(r, RPC_MSG_ACCEPTED);
	x_auth_put(r, RPC_AUTH_NONE);
	x_put(r, stat);
}

/* rpc_dispatch: the rest of an accepted reply to the call of program prog,
 * version vers, procedure proc whose arguments follow in c, into r. */
static void rpc_dispatch(struct xdr_in *c, uint32_t prog, uint32_t vers, uint32_t proc,
			 struct xdr_out *r)
{
	size_t at = r->at;

	if (prog != IPC_RPC_PROG)
		rpc_accept(r, RPC_PROG_UNAVAIL);
	else if (vers != IPC_RPC_VERS) {
		rpc_accept(r, RPC_PROG_MISMATCH);
		x_put(r, IPC_RPC_VERS);
		x_put(r, IPC_RPC_VERS);
	} else if (proc >= sizeof(rpc_procs) / sizeof(rpc_procs[0]))
		rpc_accept(r, RPC_PROC_UNAVAIL);
	else {
		rpc_accept(r, RPC_SUCCESS);
		if (rpc_procs[proc](c, r) != 0) {
			r->at = at;  /* the results so far are void */
			rpc_accept(r, RPC_GARBAGE_ARGS);
		}
	}
}

/* ipc_rpc_serve: see ipc.h. */
size_t ipc_rpc_serve(const uint32_t *c, size_t bytes, uint32_t *r, size_t words)
{
	struct xdr_in in = { .w = c, .n = bytes / 4 };
	struct xdr_out out = { .w = r, .n = words };
	uint32_t clen, vlen;

	if (bytes % 4)
		return 0;
	uint32_t xid = x_get(&in), mtype = x_get(&in), rpcvers = x_get(&in);
	uint32_t prog = x_get(&in), vers = x_get(&in), proc = x_get(&in);
	uint32_t cred = x_auth_get(&in, &clen), verf = x_auth_get(&in, &vlen);
	if (bytes < 8 || mtype != RPC_CALL)
		return 0;  /* no call: dropped, as a server does */
	x_put(&out, xid);
	x_put(&out, RPC_REPLY);
	if (rpcvers != RPC_VERSION) {
		x_put(&out, RPC_MSG_DENIED);
		x_put(&out, RPC_MISMATCH);
		x_put(&out, RPC_VERSION);
		x_put(&out, RPC_VERSION);
	} else if (in.bad)
		rpc_accept(&out, RPC_GARBAGE_ARGS);  /* cut short before its arguments */
	else if (cred != RPC_AUTH_NONE || clen || verf != RPC_AUTH_NONE || vlen) {
		x_put(&out, RPC_MSG_DENIED);
		x_put(&out, RPC_AUTH_ERROR);
		x_put(&out, cred != RPC_AUTH_NONE || clen ? RPC_AUTH_BADCRED : RPC_AUTH_BADVERF);
	} else
		rpc_dispatch(&in, prog, vers, proc, &out);
	return out.bad ? 0 : out.at * 4;
}

/* ipc_rpc_reply: see ipc.h. */
int ipc_rpc_reply(const uint32_t *w, size_t bytes, uint32_t xid, uint32_t proc, uint32_t *result)
{
	struct xdr_in x = { .w = w, .n = bytes / 4 };
	uint32_t len;

	if (bytes < 12 || bytes % 4)
		return micro_fail("rpc: malformed reply of %zu bytes", bytes);
	uint32_t rxid = x_get(&x), mtype = x_get(&x), stat = x_get(&x);
	if (mtype != RPC_REPLY)
		return micro_fail("rpc: message type %u is no reply", mtype);
	if (rxid != xid)
		return 1;  /* an old reply: not ours */
	if (stat != RPC_MSG_ACCEPTED) {
		uint32_t why = x_get(&x);
		return micro_fail("rpc: call denied (reject status %u)", why);
	}
	if (x_auth_get(&x, &len) != RPC_AUTH_NONE || len || x.bad)
		return micro_fail("rpc: unexpected reply verifier");
	if ((stat = x_get(&x)) != RPC_SUCCESS)
		return micro_fail("rpc: call not executed (accept status %u)", stat);
	*result = proc == IPC_RPC_XACT ? x_get(&x) : 0;
	if (x.bad || x.at != x.n)
		return micro_fail("rpc: reply of %zu bytes does not hold the results", bytes);
	return 0;
}

/* rpc_wait: poll fd for input as an RPC runtime does before each receive
 * (forever: a server; IPC_TIMEOUT_S: a client); 0, or -1 with errno
 * (ETIMEDOUT). */
static int rpc_wait(int fd, int forever)
{
	struct pollfd pf = { .fd = fd, .events = POLLIN };
	int rc;

	while ((rc = poll(&pf, 1, forever ? -1 : IPC_TIMEOUT_S * 1000)) < 0 && errno == EINTR)
		;
	if (rc == 0)
		errno = ETIMEDOUT;
	return rc > 0 ? 0 : -1;
}

/* rpc_record_read: poll fd, then read one record-marked record (its
 * fragments assembled) into buf of room bytes; its bytes, 0 at end of file
 * before it, -1 on error or when it does not fit (errno EMSGSIZE). */
static ssize_t rpc_record_read(int fd, uint32_t *buf, size_t room, int forever)
{
	size_t bytes = 0;
	uint32_t hdr;
	ssize_t r;

	if (rpc_wait(fd, forever) != 0)
		return -1;
	do {
		if ((r = ipc_read_full(fd, &hdr, 4)) != 4)
			return r == 0 && bytes == 0 ? 0 : -1;
		hdr = ntohl(hdr);
		size_t len = hdr & ~IPC_RPC_LAST;
		if (len > room - bytes) {
			errno = EMSGSIZE;
			return -1;
		}
		if (ipc_read_full(fd, (char *)buf + bytes, len) != (ssize_t)len)
			return -1;
		bytes += len;
	} while (!(hdr & IPC_RPC_LAST));
	return (ssize_t)bytes;
}

/* rpc_pktinfo: the IP_PKTINFO control message of a received call, made
 * the reply's: sent from the address the call came to, the interface left
 * to the route (ifindex 0); 1 when there was one, else 0. */
static int rpc_pktinfo(struct msghdr *m)
{
	for (struct cmsghdr *c = CMSG_FIRSTHDR(m); c; c = CMSG_NXTHDR(m, c))
		if (c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_PKTINFO) {
			struct in_pktinfo pi;
			memcpy(&pi, CMSG_DATA(c), sizeof(pi));
			pi.ipi_ifindex = 0;
			pi.ipi_spec_dst = pi.ipi_addr;
			memcpy(CMSG_DATA(c), &pi, sizeof(pi));
			m->msg_control = c;
			m->msg_controllen = CMSG_SPACE(sizeof(pi));
			return 1;
		}
	return 0;
}

/* ipc_peer_rpc_udp: see ipc.h. As the system's datagram server transport
 * (libtirpc's svc_dg) does, the socket reports each call's destination
 * (IP_PKTINFO), calls are received with recvmsg and the reply goes back
 * with sendmsg from that address: a control message built on each receive
 * and read on each send, a cost of lmbench's lat_rpc server that recvfrom
 * and sendto do not have (docs/measurements.md: RPC). */
int ipc_peer_rpc_udp(int fd)
{
	uint32_t msg[IPC_RPC_MAX / 4], rep[IPC_RPC_MAX / 4];
	union {
		struct cmsghdr c;
		char b[CMSG_SPACE(sizeof(struct in_pktinfo))];
	} ctl;
	struct sockaddr_in from;
	int one = 1;

	setsockopt(fd, IPPROTO_IP, IP_PKTINFO, &one, sizeof(one));
	for (;;) {
		struct iovec in = { .iov_base = msg, .iov_len = sizeof(msg) };
		struct msghdr m = { .msg_name = &from, .msg_namelen = sizeof(from), .msg_iov = &in,
				    .msg_iovlen = 1, .msg_control = ctl.b, .msg_controllen = sizeof(ctl.b) };
		if (rpc_wait(fd, 1) != 0)
			return 1;
		ssize_t r = recvmsg(fd, &m, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return 1;
		size_t len = ipc_rpc_serve(msg, (size_t)r, rep, sizeof(rep) / 4);
		if (!len)
			continue;
		struct iovec out = { .iov_base = rep, .iov_len = len };
		m.msg_iov = &out;
		if (!rpc_pktinfo(&m)) {
			m.msg_control = NULL;
			m.msg_controllen = 0;
		}
		m.msg_flags = 0;
		sendmsg(fd, &m, 0);
	}
}

/* ipc_peer_rpc_tcp: see ipc.h. */
int ipc_peer_rpc_tcp(int in, int out)
{
	uint32_t msg[IPC_RPC_MAX / 4], rep[1 + IPC_RPC_MAX / 4];

	for (;;) {
		ssize_t bytes = rpc_record_read(in, msg, sizeof(msg), 1);
		if (bytes <= 0)
			return bytes < 0;
		size_t rb = ipc_rpc_serve(msg, (size_t)bytes, rep + 1, IPC_RPC_MAX / 4);
		rep[0] = htonl(IPC_RPC_LAST | (uint32_t)rb);
		if (rb && ipc_write_full(out, rep, rb + 4) != 0)
			return 1;
	}
}

/* rpc_result: 0 when the reply of bytes in rep answers the XACT call xid
 * carrying arg with arg; 1 for another call's reply; -1 with micro_fail. */
static int rpc_result(const uint32_t *rep, size_t bytes, uint32_t xid, uint32_t arg)
{
	uint32_t res;
	int rc = ipc_rpc_reply(rep, bytes, xid, IPC_RPC_XACT, &res);

	if (rc == 0 && res != arg)
		return micro_fail("rpc: result %u, want %u", res, arg);
	return rc;
}

/* rpc_call_udp: call i of the UDP client: the call encoded, sent, its
 * reply awaited, received and decoded; 0, or -1 with a reason. */
static int rpc_call_udp(struct ipc_state *st, uint64_t i)
{
	uint32_t call[IPC_RPC_MAX / 4], rep[IPC_RPC_MAX / 4];
	uint32_t xid = st->xid++, arg = (uint32_t)i & 0xff;
	size_t len = ipc_rpc_call(call, sizeof(call) / 4, xid, IPC_RPC_XACT, arg);
	int rc;

	/* addressed each time and the reply's sender taken, as a client
	 * runtime's datagram transport does (the socket is connected, so
	 * only the server's replies arrive; a stale xid is skipped) */
	if (sendto(st->wfd, call, len, 0, (const struct sockaddr *)&st->addr,
		   sizeof(st->addr)) != (ssize_t)len)
		return micro_fail_errno("rpc send");
	do {
		struct sockaddr_in from;
		socklen_t flen = sizeof(from);
		if (rpc_wait(st->rfd, 0) != 0)
			return micro_fail_errno("rpc wait");
		ssize_t r = recvfrom(st->rfd, rep, sizeof(rep), 0, (struct sockaddr *)&from, &flen);
		if (r <= 0)
			return ipc_recv_fail("rpc receive", r);
		rc = rpc_result(rep, (size_t)r, xid, arg);
	} while (rc == 1);
	return rc != 0 ? -1 : 0;
}

/* rpc_call_tcp: call i of the TCP client, in record marking; as above. */
static int rpc_call_tcp(struct ipc_state *st, uint64_t i)
{
	uint32_t call[IPC_RPC_MAX / 4], rep[IPC_RPC_MAX / 4];
	uint32_t xid = st->xid++, arg = (uint32_t)i & 0xff;
	size_t len = ipc_rpc_call(call + 1, sizeof(call) / 4 - 1, xid, IPC_RPC_XACT, arg);
	int rc;

	call[0] = htonl(IPC_RPC_LAST | (uint32_t)len);
	if (ipc_write_full(st->wfd, call, len + 4) != 0)
		return micro_fail_errno("rpc send");
	do {
		ssize_t r = rpc_record_read(st->rfd, rep, sizeof(rep), 0);
		if (r <= 0)
			return r < 0 && errno == EMSGSIZE ? micro_fail("rpc: reply too long")
							  : ipc_recv_fail("rpc receive", r);
		rc = rpc_result(rep, (size_t)r, xid, arg);
	} while (rc == 1);
	return rc != 0 ? -1 : 0;
}

/* rpc_calls: n calls of one client, each with every signal blocked around
 * it and the caller's mask put back after, as the system's RPC client
 * (libtirpc's clnt_dg_call and clnt_vc_call) does: two of lmbench's
 * lat_rpc's system calls a call are rt_sigprocmask, and without the mask
 * contest's runtime read below lmbench's (docs/measurements.md: RPC). 0,
 * or -1 with a reason. */
static int rpc_calls(struct ipc_state *st, uint64_t n, int (*call)(struct ipc_state *, uint64_t))
{
	sigset_t all, old;

	sigfillset(&all);
	for (uint64_t i = 0; i < n; i++) {
		if (sigprocmask(SIG_SETMASK, &all, &old) != 0)
			return micro_fail_errno("rpc: sigprocmask");
		int rc = call(st, i);
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* ipc_loop_rpc_udp: see ipc.h. */
int ipc_loop_rpc_udp(void *state, uint64_t n)
{
	return rpc_calls(state, n, rpc_call_udp);
}

/* ipc_loop_rpc_tcp: see ipc.h. */
int ipc_loop_rpc_tcp(void *state, uint64_t n)
{
	return rpc_calls(state, n, rpc_call_tcp);
}
