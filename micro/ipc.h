/* ipc.h: what the IPC group's files share: a benchmark's connection to its peer, whole reads and writes (ipc_io.c), contest's own ONC RPC (ipc_rpc.c). */
#ifndef CONTEST_MICRO_IPC_H
#define CONTEST_MICRO_IPC_H

#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "micro/harness.h"

enum {
	IPC_CHUNK = 64 * 1024,  /* bandwidth transfer unit: pipe, AF_UNIX (lmbench's XFERSIZE) */
	IPC_TCP_MSG = 10 << 20, /* TCP's: the summary's bw_tcp -m 10M (lmbench's M is 2^20) */
	IPC_SOCKBUF = 1 << 20,  /* TCP bandwidth's send and receive buffers (lmbench's SOCKBUF) */
	IPC_TIMEOUT_S = 5,      /* a reply not there by then is lost */
	IPC_RPC_MAX = 256,      /* largest RPC message the peers accept */
};

/* One benchmark's connection to its peer process. */
struct ipc_state {
	int wfd, rfd;             /* the parent's ends (equal for sockets) */
	pid_t pid;                /* the peer, or -1 */
	clockid_t peer_clk;       /* the peer's CPU-time clock */
	const struct micro_opts *o;  /* the placement: the peer is end 1 (micro_place) */
	struct sockaddr_in addr;  /* the server (TCP conn, UDP and TCP peers) */
	uint32_t xid;             /* next RPC transaction id */
	char *buf;                /* chunk bytes for bandwidth */
	size_t chunk;             /* bandwidth: bytes a write, and the peer's read */
};

/* ipc_read_full: read exactly len bytes; len, fewer at end of file, or -1. */
ssize_t ipc_read_full(int fd, void *buf, size_t len);
/* ipc_write_full: write all len bytes; 0 or -1 with errno. */
int ipc_write_full(int fd, const void *buf, size_t len);
/* ipc_recv_fail: micro_fail for a short or failed read of what. */
int ipc_recv_fail(const char *what, ssize_t r);

/* The ONC RPC (ipc_rpc.c): contest's own runtime, a private program with
 * two procedures. Messages are arrays of big-endian 32-bit words. */
#define IPC_RPC_PROG 0x2000c0deu  /* in the user-defined range 0x20000000-0x3fffffff */
#define IPC_RPC_VERS 1u
enum { IPC_RPC_NULL = 0, IPC_RPC_XACT = 1 };  /* XACT: one unsigned int in, the same out */

/* ipc_rpc_call: encode into w (room for words words) the AUTH_NONE CALL
 * xid of procedure proc (with arg when proc is XACT); its bytes, 0 when it
 * does not fit. */
size_t ipc_rpc_call(uint32_t *w, size_t words, uint32_t xid, uint32_t proc, uint32_t arg);
/* ipc_rpc_serve: the server: decode the call of bytes in c, dispatch it by
 * procedure number, encode the reply (accepted with results, or the
 * RFC 5531 error) into r (room for words words); its bytes, or 0 to drop a
 * message that is no call. */
size_t ipc_rpc_serve(const uint32_t *c, size_t bytes, uint32_t *r, size_t words);
/* ipc_rpc_reply: decode the reply of bytes in w to call xid of procedure
 * proc, its result into *result (0 for NULL); 0 when accepted and executed,
 * 1 when it answers another xid, -1 with micro_fail saying what is wrong
 * (malformed, denied, not executed, results missing or extra). */
int ipc_rpc_reply(const uint32_t *w, size_t bytes, uint32_t xid, uint32_t proc, uint32_t *result);
/* ipc_peer_rpc_udp: serve calls on the UDP socket fd as svc_run does (poll,
 * receive with the call's destination, decode, dispatch, encode, send from
 * that address) until an error; the exit status. */
int ipc_peer_rpc_udp(int fd);
/* ipc_peer_rpc_tcp: serve record-marked calls on in (poll, then the record,
 * fragments assembled), replies through out, until end of file; the exit status. */
int ipc_peer_rpc_tcp(int in, int out);
/* ipc_loop_rpc_udp: micro_loop_fn; n XACT calls over UDP, each sent, then
 * polled for, received and decoded as a client runtime does. */
int ipc_loop_rpc_udp(void *state, uint64_t n);
/* ipc_loop_rpc_tcp: micro_loop_fn; n XACT calls over TCP, each a
 * one-fragment record, the reply polled for and read as a record. */
int ipc_loop_rpc_tcp(void *state, uint64_t n);

#endif
