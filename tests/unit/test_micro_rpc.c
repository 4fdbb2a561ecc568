/* test_micro_rpc.c: contest's ONC RPC messages: a call and its reply round trip (XID, program, version, procedure, auth, accept status, results), the server's errors, malformed replies refused. */
#include "micro/harness.h"
#include "micro/ipc.h"
#include "tests/unit/t.h"

#include <arpa/inet.h>
#include <string.h>

enum { W = 64 };

/* word: the host value of word i of message m. */
static uint32_t word(const uint32_t *m, int i)
{
	return ntohl(m[i]);
}

/* serve_call: encode a call of proc with arg, let the server answer it into
 * rep; the reply's bytes. */
static size_t serve_call(uint32_t xid, uint32_t proc, uint32_t arg, uint32_t *rep)
{
	uint32_t call[W];
	size_t n = ipc_rpc_call(call, W, xid, proc, arg);

	return n ? ipc_rpc_serve(call, n, rep, W) : 0;
}

/* test_call_layout: the call's words as RFC 5531 lays them out. */
static void test_call_layout(void)
{
	uint32_t c[W];

	T_CHECK(ipc_rpc_call(c, W, 77, IPC_RPC_XACT, 42) == 44);
	T_CHECK(word(c, 0) == 77 && word(c, 1) == 0 && word(c, 2) == 2);      /* xid, CALL, rpcvers */
	T_CHECK(word(c, 3) == IPC_RPC_PROG && word(c, 4) == IPC_RPC_VERS);
	T_CHECK(word(c, 5) == IPC_RPC_XACT);
	T_CHECK(word(c, 6) == 0 && word(c, 7) == 0 && word(c, 8) == 0 && word(c, 9) == 0);  /* AUTH_NONE x2 */
	T_CHECK(word(c, 10) == 42);
	T_CHECK(ipc_rpc_call(c, W, 1, IPC_RPC_NULL, 0) == 40);
	T_CHECK(ipc_rpc_call(c, 5, 1, IPC_RPC_NULL, 0) == 0);  /* no room */
}

/* test_round_trip: XACT echoes its argument, NULL returns nothing; the
 * reply names the call's xid, accepted, AUTH_NONE verifier, SUCCESS. */
static void test_round_trip(void)
{
	uint32_t rep[W], res = 0;
	size_t n = serve_call(9, IPC_RPC_XACT, 200, rep);

	T_CHECK(n == 28);
	T_CHECK(word(rep, 0) == 9 && word(rep, 1) == 1 && word(rep, 2) == 0);  /* xid, REPLY, ACCEPTED */
	T_CHECK(word(rep, 3) == 0 && word(rep, 4) == 0 && word(rep, 5) == 0);  /* verf, SUCCESS */
	T_CHECK(word(rep, 6) == 200);
	T_CHECK(ipc_rpc_reply(rep, n, 9, IPC_RPC_XACT, &res) == 0 && res == 200);
	T_CHECK(ipc_rpc_reply(rep, n, 8, IPC_RPC_XACT, &res) == 1);  /* another call's */
	n = serve_call(10, IPC_RPC_NULL, 0, rep);
	T_CHECK(n == 24);
	T_CHECK(ipc_rpc_reply(rep, n, 10, IPC_RPC_NULL, &res) == 0 && res == 0);
}

/* test_server_errors: a wrong rpcvers, program, version, procedure,
 * credential, extra or missing arguments get their RFC 5531 answers; a
 * message that is no call is dropped. */
static void test_server_errors(void)
{
	uint32_t c[W], rep[W], res;
	size_t n = ipc_rpc_call(c, W, 5, IPC_RPC_XACT, 1);

	c[2] = htonl(3);  /* rpcvers */
	T_CHECK(ipc_rpc_serve(c, n, rep, W) == 24 && word(rep, 2) == 1 && word(rep, 3) == 0);
	T_CHECK(ipc_rpc_reply(rep, 24, 5, IPC_RPC_XACT, &res) == -1);
	c[2] = htonl(2);
	c[3] = htonl(IPC_RPC_PROG + 1);
	T_CHECK(ipc_rpc_serve(c, n, rep, W) == 24 && word(rep, 5) == 1);  /* PROG_UNAVAIL */
	T_CHECK(ipc_rpc_reply(rep, 24, 5, IPC_RPC_XACT, &res) == -1);
	c[3] = htonl(IPC_RPC_PROG);
	c[4] = htonl(7);
	T_CHECK(ipc_rpc_serve(c, n, rep, W) == 32 && word(rep, 5) == 2);  /* PROG_MISMATCH low high */
	c[4] = htonl(IPC_RPC_VERS);
	c[5] = htonl(99);
	T_CHECK(ipc_rpc_serve(c, n, rep, W) == 24 && word(rep, 5) == 3);  /* PROC_UNAVAIL */
	c[5] = htonl(IPC_RPC_XACT);
	c[6] = htonl(1);  /* AUTH_SYS credential */
	T_CHECK(ipc_rpc_serve(c, n, rep, W) == 20 && word(rep, 2) == 1 && word(rep, 3) == 1);
	c[6] = 0;
	T_CHECK(ipc_rpc_serve(c, n - 4, rep, W) == 24 && word(rep, 5) == 4);  /* XACT without its argument */
	c[5] = htonl(IPC_RPC_NULL);
	T_CHECK(ipc_rpc_serve(c, n, rep, W) == 24 && word(rep, 5) == 4);      /* NULL with one */
	c[1] = htonl(1);  /* a REPLY sent to the server */
	T_CHECK(ipc_rpc_serve(c, n, rep, W) == 0);
	T_CHECK(ipc_rpc_serve(c, 6, rep, W) == 0);
	n = ipc_rpc_call(c, W, 5, IPC_RPC_XACT, 1);
	T_CHECK(ipc_rpc_serve(c, n, rep, 4) == 0);  /* no room for the reply */
}

/* test_bad_replies: short, unaligned, not a reply, denied, a verifier with
 * a body, not SUCCESS, results missing or extra: all refused. */
static void test_bad_replies(void)
{
	uint32_t rep[W], bad[W], res;
	size_t n = serve_call(3, IPC_RPC_XACT, 4, rep);

	T_CHECK(ipc_rpc_reply(rep, 8, 3, IPC_RPC_XACT, &res) == -1);
	T_CHECK(ipc_rpc_reply(rep, n - 2, 3, IPC_RPC_XACT, &res) == -1);
	T_CHECK(ipc_rpc_reply(rep, n - 4, 3, IPC_RPC_XACT, &res) == -1);  /* result missing */
	memcpy(bad, rep, n);
	bad[n / 4] = 0;
	T_CHECK(ipc_rpc_reply(bad, n + 4, 3, IPC_RPC_XACT, &res) == -1);  /* a word too many */
	memcpy(bad, rep, n);
	bad[1] = 0;  /* a CALL */
	T_CHECK(ipc_rpc_reply(bad, n, 3, IPC_RPC_XACT, &res) == -1);
	memcpy(bad, rep, n);
	bad[4] = htonl(4);  /* a verifier body of 4 bytes that is not there */
	T_CHECK(ipc_rpc_reply(bad, n, 3, IPC_RPC_XACT, &res) == -1);
	memcpy(bad, rep, n);
	bad[5] = htonl(5);  /* SYSTEM_ERR */
	T_CHECK(ipc_rpc_reply(bad, n, 3, IPC_RPC_XACT, &res) == -1);
	memcpy(bad, rep, n);
	bad[2] = htonl(1);  /* MSG_DENIED */
	T_CHECK(ipc_rpc_reply(bad, n, 3, IPC_RPC_XACT, &res) == -1);
	T_CHECK(ipc_rpc_reply(rep, n, 3, IPC_RPC_XACT, &res) == 0 && res == 4);
}

int main(void)
{
	test_call_layout();
	test_round_trip();
	test_server_errors();
	test_bad_replies();
	return t_done();
}
