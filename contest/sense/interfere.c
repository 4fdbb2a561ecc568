/* interfere.c: interference over a compile window: CPU time of processes outside contest's compile, load and probe, and steal time. */
#include "contest/sense/interfere.h"
#include "contest/sense/cpugroup.h"
#include "lib/proc.h"
#include "lib/text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

void intf_parse_stat(const char *text, double *busy, double *steal)
{
	unsigned long long v[8];
	int n;

	*busy = *steal = NAN;
	if (text == NULL || strncmp(text, "cpu ", 4) != 0)
		return;
	/* cpu user nice system idle iowait irq softirq steal [guest guest_nice] */
	n = sscanf(text + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4],
	           &v[5], &v[6], &v[7]);
	if (n < 7)
		return;
	*busy = (double)v[0] + (double)v[1] + (double)v[2] + (double)v[5] + (double)v[6];
	if (n == 8)
		*steal = (double)v[7];
}

/* tv_secs: a timeval in seconds. */
static double tv_secs(const struct timeval *t)
{
	return (double)t->tv_sec + (double)t->tv_usec / 1e6;
}

/* usage_secs: user + system seconds of getrusage(who); NaN when it fails. */
static double usage_secs(int who)
{
	struct rusage ru;

	if (getrusage(who, &ru) != 0)
		return NAN;
	return tv_secs(&ru.ru_utime) + tv_secs(&ru.ru_stime);
}

/* groups: contest's CPU cgroups, found once (their places do not move). */
static const struct cpug *groups(void)
{
	static struct cpug g;
	static int found;

	if (!found++)
		cpug_open(&g);
	return &g;
}

void intf_read(struct intf_snap *s, const char *procroot)
{
	char *text = text_read(procroot, "stat", 1 << 20, NULL, NULL);
	const struct cpug *g = groups();
	double k;
	long online = sysconf(_SC_NPROCESSORS_ONLN);

	intf_parse_stat(text, &s->busy, &s->steal);
	free(text);
	s->kthreads = proc_kthreads_cpu(&k) < 0 ? NAN : k;
	s->self = usage_secs(RUSAGE_SELF);
	s->children = usage_secs(RUSAGE_CHILDREN);
	s->machine = cpug_machine(g);
	s->limit = cpug_limit(g, online > 0 ? (int)online : 1, s->at, sizeof s->at);
	s->periods = s->throttled = NAN;
	if (s->at[0] != '\0')
		cpug_throttle(s->at, g->cpu_v, &s->periods, &s->throttled);
}

void intf_result(const struct intf_snap *a, const struct intf_snap *b, double load_secs, double time,
                 double *foreign_pct, double *steal_pct, char *why, size_t len)
{
	double hz = proc_hz(), ours, all, f;
	int precise = isfinite(a->machine) && isfinite(b->machine);

	*foreign_pct = *steal_pct = NAN;
	if (why != NULL && len > 0)
		why[0] = '\0';
	if (!(time > 0))
		return;
	ours = (b->kthreads - a->kthreads) + (b->self - a->self) + (b->children - a->children) + load_secs;
	/* the scheduler's own clock where there is one, else the ticks */
	all = precise ? b->machine - a->machine : (b->busy - a->busy) / hz;
	f = (all - ours) / time * 100;
	/* both sides of the precise figure are the scheduler's clock (the
	 * kernel threads' from schedstat: in ticks a thread that ran a few
	 * milliseconds can move by a whole tick, percents of a short run): what
	 * is left below 0 is the microseconds between the readings */
	if (precise && f < 0 && f > -INTF_NOISE_PCT)
		f = 0;
	if (f >= 0)
		*foreign_pct = f;
	else if (!isnan(f) && why != NULL)   /* no share is below 0: the figures disagree */
		snprintf(why, len, "the machine's CPU time (%s) read %.1f%% of one CPU below contest's own",
		         precise ? "its cgroups' accounting" : "the ticks of /proc/stat", -f);
	if (!isnan(a->steal) && !isnan(b->steal))
		*steal_pct = (b->steal - a->steal) / hz / time * 100;
}

void intf_limit(const struct intf_snap *a, const struct intf_snap *b, double *cpu_limit, double *throttled_pct)
{
	double periods = b->periods - a->periods;

	*cpu_limit = a->limit;
	*throttled_pct = NAN;
	if (isnan(a->limit))
		return;
	if (a->at[0] == '\0')
		*throttled_pct = 0;  /* a cpuset: nothing throttles */
	else if (strcmp(a->at, b->at) == 0 && isfinite(periods) && periods >= 0)
		*throttled_pct = periods > 0 ? (b->throttled - a->throttled) / periods * 100 : 0;
}
