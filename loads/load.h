/* load.h: the load descriptor every background load exports, and helpers for load bodies. */
#ifndef CONTEST_LOAD_H
#define CONTEST_LOAD_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* What a load may use. Strings are absolute or testbed-relative paths. */
struct load_env {
	const char *testbed;   /* directory for the load's own files */
	const char *other;     /* -o directory, or NULL */
	const char *tree;      /* source tree of the workload being compiled */
	uint64_t mem;          /* MEM in bytes */
	int cpus;              /* online CPUs */
};

/* Shared between the load's processes and the controller (MAP_SHARED). */
struct load_counter {
	_Atomic uint64_t work;  /* fine-grained work units done so far */
};

enum {
	LOAD_F_NOPROC = 1 << 0,  /* no load process (no_load, cacherun) */
	LOAD_F_WARM   = 1 << 1,  /* caches stay warm: no flush, follows a compile */
	LOAD_F_HIDDEN = 1 << 2,  /* for tests: not listed, not in the default set */
};

struct load_desc {
	const char *name;
	const char *alias;      /* classic name, or NULL */
	const char *what;       /* one line: what it does */
	const char *unit;       /* one Loads unit, e.g. "100 MiB written" */
	double per_unit;        /* counter work per Loads unit */
	const char *needs;      /* what it needs, e.g. "disk space: MEM" */
	unsigned flags;
	/* prepare: in the controller, untimed, before the load starts; 0 or -1
	 * with a one-line reason in errbuf. May be NULL. */
	int (*prepare)(const struct load_env *env, char *errbuf, size_t errlen);
	/* body: in the load's own process (group leader); works until killed,
	 * adding to c->work. Returning ends the load process. */
	void (*body)(const struct load_env *env, struct load_counter *c);
	/* cleanup: in the controller after the load stopped; removes its files. */
	void (*cleanup)(const struct load_env *env);
};

/* load_add: count n units of work done. */
static inline void load_add(struct load_counter *c, uint64_t n)
{
	atomic_fetch_add_explicit(&c->work, n, memory_order_relaxed);
}

/* load_fork: fork a worker process of the load that dies with its parent
 * (PR_SET_PDEATHSIG SIGKILL). Returns as fork() does. */
int load_fork(void);

/* load_reap_all: in a load body, wait for every child; returns when none left. */
void load_reap_all(void);

#endif
