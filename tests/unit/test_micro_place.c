/* test_micro_place.c: placement: pinned keeps every end on the suite CPU; spread puts the peer (and odd ring members) on the second CPU, checked in the child. */
#include "micro/ctx.h"
#include "micro/harness.h"
#include "micro/suite.h"
#include "tests/unit/t.h"
#include "tests/unit/tmicro.h"

#include <sched.h>
#include <signal.h>

/* where_child: fork a child that places itself as end k of o and writes
 * back the CPU it runs on and its one allowed CPU (-1: more than one);
 * both in cpu[2], 0 or -1. */
static int where_child(const struct micro_opts *o, int k, int cpu[2])
{
	int p[2];

	if (pipe(p) != 0)
		return -1;
	pid_t pid = fork();
	if (pid == 0) {
		cpu_set_t cs;
		int w[2] = { -1, -1 };
		if (micro_place(o, k) == 0 && sched_getaffinity(0, sizeof cs, &cs) == 0) {
			w[0] = sched_getcpu();
			for (int c = 0; c < CPU_SETSIZE; c++)
				if (CPU_ISSET(c, &cs))
					w[1] = w[1] == -1 ? c : -2;
		}
		_exit(write(p[1], w, sizeof w) == (ssize_t)sizeof w ? 0 : 1);
	}
	close(p[1]);
	ssize_t r = read(p[0], cpu, 2 * sizeof(int));
	close(p[0]);
	waitpid(pid, NULL, 0);
	return pid > 0 && r == 2 * (ssize_t)sizeof(int) ? 0 : -1;
}

int main(void)
{
	char dir[] = "/tmp/test_micro_place.XXXXXX";
	struct micro_opts o;
	int cpu[2], peer = micro_peer_cpu_pick(0);  /* picked before the pinning, as contest micro does */

	tm_begin(&o, dir);  /* pinned to CPU 0, o.cpu 0 */
	signal(SIGPIPE, SIG_IGN);
	/* pinned: every end on the suite CPU */
	T_CHECK(micro_place_cpu(&o, 0) == 0 && micro_place_cpu(&o, 1) == 0);
	T_CHECK(where_child(&o, 1, cpu) == 0);
	T_CHECK(cpu[0] == 0 && cpu[1] == 0);
	if (peer < 0) {
		printf("skip: spread placement: this process may use one CPU only\n");
	} else {
		o.spread = 1;
		o.peer_cpu = peer;
		T_CHECK(peer != 0);
		T_CHECK(micro_place_cpu(&o, 0) == 0 && micro_place_cpu(&o, 2) == 0);
		T_CHECK(micro_place_cpu(&o, 1) == peer && micro_place_cpu(&o, 3) == peer);
		/* the peer runs on the other CPU, and only may */
		T_CHECK(where_child(&o, 1, cpu) == 0);
		T_CHECK(cpu[0] == peer && cpu[1] == peer);
		T_CHECK(sched_getcpu() == 0);
		/* the parent's side of a ring stays */
		T_CHECK(where_child(&o, 2, cpu) == 0);
		T_CHECK(cpu[0] == 0 && cpu[1] == 0);
		/* a spread ring still passes its token */
		struct ctx_ring r;
		char why[128];
		T_CHECK(ctx_ring_start(&r, &o, 4, 4096, why, sizeof why) == 0);
		T_CHECK(ctx_ring_loop(&r, 8) == 0);
		ctx_ring_stop(&r);
		/* spread: timed by the elapsed time (a cross-CPU wake-up idles) */
		struct ctx_result res;
		T_CHECK(ctx_measure(&o, 2, 0, &res, why, sizeof why) == 0);
		T_CHECK(res.ring.ok && res.cpu_time == 0);
	}
	/* unpinned suite: no placement */
	o.cpu = -1;
	T_CHECK(micro_place_cpu(&o, 1) == -1 && micro_place(&o, 1) == 0);
	tm_end(dir);
	return t_done();
}
