/* test_interfere.c: unit tests of contest/sense/interfere.c: /proc/stat's cpu line from fixed texts, the foreign CPU and steal arithmetic, a busy loop seen on the real machine, the kernel threads' CPU in nanoseconds. */
#include "contest/sense/interfere.h"
#include "lib/proc.h"
#include "tests/unit/t.h"

#include <math.h>
#include <signal.h>
#include <time.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* /proc/stat's first lines as a 6.1 kernel prints them (2 CPUs). */
static const char stat_61[] =
	"cpu  342900 2 152699 672509 14006 0 3134 1557 0 0\n"
	"cpu0 171000 1 76000 336000 7000 0 1600 800 0 0\n"
	"cpu1 171900 1 76699 336509 7006 0 1534 757 0 0\n"
	"intr 123456 0 0\n"
	"ctxt 98765432\n";

/* test_parse: user+nice+system+irq+softirq and steal; old kernels without steal; bad texts. */
static void test_parse(void)
{
	double busy, steal;

	intf_parse_stat(stat_61, &busy, &steal);
	T_NEAR(busy, 342900 + 2 + 152699 + 0 + 3134, 0);
	T_NEAR(steal, 1557, 0);
	intf_parse_stat("cpu  10 20 30 40 50 60 70\n", &busy, &steal);  /* 2.6.10: no steal yet */
	T_NEAR(busy, 10 + 20 + 30 + 60 + 70, 0);
	T_CHECK(isnan(steal));
	intf_parse_stat("cpu  10 20 30 40\n", &busy, &steal);           /* no irq fields: not trusted */
	T_CHECK(isnan(busy) && isnan(steal));
	intf_parse_stat("cpu0 1 2 3 4 5 6 7 8\n", &busy, &steal);       /* not the total line */
	T_CHECK(isnan(busy) && isnan(steal));
	intf_parse_stat("cpu  x 2 3 4 5 6 7 8\n", &busy, &steal);
	T_CHECK(isnan(busy) && isnan(steal));
	intf_parse_stat(NULL, &busy, &steal);
	T_CHECK(isnan(busy) && isnan(steal));
}

/* test_result: busy time less contest's own, its children, the load and the kernel threads. */
static void test_result(void)
{
	double hz = proc_hz(), f, s;
	struct intf_snap a = { .busy = 1000 * hz, .steal = 10 * hz, .kthreads = 5, .self = 1, .children = 2,
	                       .machine = NAN, .limit = NAN };
	struct intf_snap b = a;

	/* 10 s window: 25 s busy; compile 18 s, load 4 s, contest 0.5 s, kthreads 1 s: 1.5 s foreign */
	b.busy += 25 * hz;
	b.steal += 0.5 * hz;
	b.children += 18;
	b.self += 0.5;
	b.kthreads += 1;
	intf_result(&a, &b, 4, 10, &f, &s, NULL, 0);
	T_NEAR(f, 15.0, 1e-9);
	T_NEAR(s, 5.0, 1e-9);
	/* nothing but contest: 0 */
	b.busy = a.busy + 23.5 * hz;
	intf_result(&a, &b, 4, 10, &f, &s, NULL, 0);
	T_NEAR(f, 0.0, 1e-9);
	/* missing figures and a window without time */
	b.kthreads = NAN;
	intf_result(&a, &b, 4, 10, &f, &s, NULL, 0);
	T_CHECK(isnan(f) && !isnan(s));
	b.kthreads = a.kthreads + 1;
	b.steal = NAN;
	intf_result(&a, &b, 4, 10, &f, &s, NULL, 0);
	T_CHECK(!isnan(f) && isnan(s));
	intf_result(&a, &b, 4, 0, &f, &s, NULL, 0);
	T_CHECK(isnan(f) && isnan(s));
}

/* now: the monotonic clock in seconds. */
static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* test_real: a busy loop that is not reaped inside the window is foreign:
 * the figure holds at least the loop's own CPU (read from /proc, whatever
 * else the machine runs), less a few ticks of accounting. */
static void test_real(void)
{
	struct intf_snap a, b;
	double f, s, h0, h1, t0, t1;
	pid_t hog = fork();

	if (hog == 0) {
		setpgid(0, 0);
		for (volatile unsigned long x = 0;; x++)
			;
	}
	T_CHECK(hog > 0);
	setpgid(hog, hog);
	while (proc_group_cpu(hog, &h0) < 1)
		usleep(1000);
	t0 = now();
	intf_read(&a, "/proc");
	proc_group_cpu(hog, &h0);
	usleep(1000000);
	proc_group_cpu(hog, &h1);
	intf_read(&b, "/proc");
	t1 = now();
	kill(hog, SIGKILL);
	waitpid(hog, NULL, 0);
	intf_result(&a, &b, 0, t1 - t0, &f, &s, NULL, 0);
	T_CHECK(!isnan(f));
	/* 8% of one CPU: 4 ticks of 10 ms on either side over a second */
	T_CHECK(f >= (h1 - h0) / (t1 - t0) * 100 - 8);
	printf("test_real: foreign %.1f%% of one CPU; the loop itself used %.1f%%\n", f,
	       (h1 - h0) / (t1 - t0) * 100);
}

/* The kernel threads' CPU comes from the scheduler's nanoseconds where
 * /proc/PID/schedstat exists: a sum of tick counts would be a whole number
 * of 1/USER_HZ, and one that ran 4 ms in a short window could move by a
 * whole tick (a foreign share of -8% over a 0.13 s compile, seen on cgroup
 * v1). Their total landing on a whole tick by chance is one in millions. */
static void test_kthreads_ns(void)
{
	double secs, ticks;
	int n;

	if (access("/proc/self/schedstat", R_OK) != 0) {
		printf("test_kthreads_ns: skip: no /proc/PID/schedstat (CONFIG_SCHED_INFO)\n");
		return;
	}
	n = proc_kthreads_cpu(&secs);
	T_CHECK(n > 0);
	ticks = secs * proc_hz();
	T_CHECK(secs > 0 && fabs(ticks - nearbyint(ticks)) > 1e-6);
	printf("test_kthreads_ns: %d kernel threads, %.6f s\n", n, secs);
}

int main(void)
{
	test_parse();
	test_result();
	test_real();
	test_kthreads_ns();
	return t_done();
}
