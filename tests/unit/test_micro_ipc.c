/* test_micro_ipc.c: the ipc group in quick mode adds its ten metrics once each, in sane ranges, and leaves nothing behind. */
#include "micro/harness.h"
#include "micro/suite.h"
#include "tests/unit/t.h"
#include "tests/unit/tmicro.h"

int main(void)
{
	/* latencies in microseconds (a loopback round trip costs ~2-100 us, a
	 * connection ~10-300 us), bandwidths in MB/s (~200-20000): the ranges
	 * allow sanitizers and a loaded machine but catch a x1000 unit error
	 * or a loop that did nothing */
	static const struct { const char *name; double lo, hi; } want[] = {
		{ "lat_pipe", 0.2, 1000 },     { "lat_unix", 0.2, 1000 },
		{ "lat_udp", 0.2, 1000 },      { "lat_tcp", 0.2, 1000 },
		{ "lat_rpc_udp", 0.2, 1000 },  { "lat_rpc_tcp", 0.2, 1000 },
		{ "lat_tcp_conn", 1, 5000 },
		{ "bw_pipe", 10, 200000 },     { "bw_unix", 10, 200000 },
		{ "bw_tcp", 10, 200000 },
	};
	enum { NWANT = sizeof(want) / sizeof(want[0]) };
	char dir[] = "/tmp/test_micro_ipc.XXXXXX";
	static struct micro_set set;
	struct micro_opts o;

	tm_begin(&o, dir);
	micro_group_ipc(&o, &set);
	T_CHECK(set.n == NWANT);
	for (int i = 0; i < NWANT; i++)
		tm_metric(&set, want[i].name, want[i].lo, want[i].hi);
	tm_end(dir);
	return t_done();
}
