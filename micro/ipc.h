/* ipc.h: what the IPC group's two files share: a benchmark's connection to its peer, whole reads and writes, the built-in ONC RPC. */
#ifndef CONTEST_MICRO_IPC_H
#define CONTEST_MICRO_IPC_H

#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum {
	IPC_CHUNK = 64 * 1024,  /* bandwidth transfer unit */
	IPC_TIMEOUT_S = 5,      /* a reply not there by then is lost */
	IPC_RPC_MAX = 256,      /* largest RPC message the peers accept */
};

/* One benchmark's connection to its peer process. */
struct ipc_state {
	int wfd, rfd;             /* the parent's ends (equal for sockets) */
	pid_t pid;                /* the peer, or -1 */
	struct sockaddr_in addr;  /* the server (tcp_conn) */
	uint32_t xid;             /* next RPC transaction id */
	char *buf;                /* IPC_CHUNK bytes for bandwidth */
};

/* ipc_read_full: read exactly len bytes; len, fewer at end of file, or -1. */
ssize_t ipc_read_full(int fd, void *buf, size_t len);
/* ipc_write_full: write all len bytes; 0 or -1 with errno. */
int ipc_write_full(int fd, const void *buf, size_t len);
/* ipc_recv_fail: micro_fail for a short or failed read of what. */
int ipc_recv_fail(const char *what, ssize_t r);

/* The ONC RPC (ipc_rpc.c): a NULL procedure of a private program. */

/* ipc_rpc_serve: the server's answer to the call of bytes in c, encoded
 * into r (room for 8 words); its bytes, or 0 to drop a message that is no call. */
size_t ipc_rpc_serve(const uint32_t *c, size_t bytes, uint32_t *r);
/* ipc_peer_rpc_tcp: serve record-marked RPC calls on in (fragments
 * assembled), replies through out, until end of file; the exit status. */
int ipc_peer_rpc_tcp(int in, int out);
/* ipc_loop_rpc_udp: micro_loop_fn; n NULL-procedure RPC calls over UDP. */
int ipc_loop_rpc_udp(void *state, uint64_t n);
/* ipc_loop_rpc_tcp: micro_loop_fn; n NULL-procedure RPC calls over TCP,
 * each a one-fragment record. */
int ipc_loop_rpc_tcp(void *state, uint64_t n);

#endif
