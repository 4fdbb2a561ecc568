/* ipc_io.c: what both IPC files use on a connection: whole reads and writes, and the failure of a receive. */
#include "micro/harness.h"
#include "micro/ipc.h"

#include <errno.h>
#include <unistd.h>

/* ipc_read_full: see ipc.h. */
ssize_t ipc_read_full(int fd, void *buf, size_t len)
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

/* ipc_write_full: see ipc.h. */
int ipc_write_full(int fd, const void *buf, size_t len)
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

/* ipc_recv_fail: see ipc.h. */
int ipc_recv_fail(const char *what, ssize_t r)
{
	if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return micro_fail("%s: no answer in %d s", what, IPC_TIMEOUT_S);
	if (r < 0)
		return micro_fail_errno(what);
	return micro_fail("%s: peer closed the connection", what);
}
