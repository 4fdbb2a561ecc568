/* ipc_rpc.c: the built-in ONC RPC v2 (RFC 5531) of the IPC group: the NULL-procedure call, its server, and the timed UDP and TCP loops. */
#include "micro/ipc.h"
#include "micro/micro.h"

#include <arpa/inet.h>
#include <errno.h>
#include <sys/socket.h>

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

/* ipc_rpc_serve: see ipc.h. The server's answer to the call of bytes in c, encoded into r
 * (room for 8 words). */
size_t ipc_rpc_serve(const uint32_t *c, size_t bytes, uint32_t *r)
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

/* ipc_peer_rpc_tcp: see ipc.h. */
int ipc_peer_rpc_tcp(int in, int out)
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
		size_t rb = ipc_rpc_serve(msg, bytes, rep + 1);
		rep[0] = htonl(IPC_RPC_LAST | (uint32_t)rb);
		if (rb && ipc_write_full(out, rep, rb + 4) != 0)
			return 1;
	}
}

/* ipc_loop_rpc_udp: see ipc.h. */
int ipc_loop_rpc_udp(void *state, uint64_t n)
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

/* ipc_loop_rpc_tcp: see ipc.h. */
int ipc_loop_rpc_tcp(void *state, uint64_t n)
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
