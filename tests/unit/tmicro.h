/* tmicro.h: the scaffolding the micro group tests share: scratch directory, per-metric checks, cleanup checks. */
#ifndef CONTEST_TMICRO_H
#define CONTEST_TMICRO_H

#include "micro/harness.h"
#include "tests/unit/t.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* tm_begin: pin to CPU 0, create the scratch directory from the mkdtemp
 * template dir (rewritten in place), set *o to the quick defaults with
 * o->dir = dir. Two checks. */
static inline void tm_begin(struct micro_opts *o, char *dir)
{
	T_CHECK(micro_pin(0) == 0);
	T_CHECK(mkdtemp(dir) != NULL);
	micro_opts_init(o, 1);
	snprintf(o->dir, sizeof(o->dir), "%s", dir);
}

/* tm_count: how many metrics of set are called name. */
static inline int tm_count(const struct micro_set *set, const char *name)
{
	int n = 0;

	for (int i = 0; i < set->n; i++)
		n += strcmp(set->m[i].name, name) == 0;
	return n;
}

/* tm_find: name is in set exactly once; returns it, or NULL. Two checks. */
static inline const struct micro_metric *tm_find(const struct micro_set *set, const char *name)
{
	const struct micro_metric *m = micro_get(set, name);
	int count = tm_count(set, name);

	if (count != 1)
		fprintf(stderr, "%s: present %d times, want once\n", name, count);
	T_CHECK(count == 1);
	T_CHECK(m != NULL);
	return m;
}

/* tm_range: m is available with lo < value < hi, and spread >= 0; prints an
 * "ok" line, or the value when out of range. Two checks. */
static inline void tm_range(const struct micro_metric *m, double lo, double hi)
{
	if (m->v.ok && m->v.value > lo && m->v.value < hi)
		printf("ok %s %.3f (spread %.2f)\n", m->name, m->v.value, m->v.spread);
	else if (m->v.ok)
		fprintf(stderr, "%s = %g, want (%g, %g)\n", m->name, m->v.value, lo, hi);
	T_CHECK(m->v.ok && m->v.value > lo && m->v.value < hi);
	T_CHECK(m->v.spread >= 0);
}

/* tm_metric: name is in set exactly once, available (prints the reason when
 * not), lo < value < hi, spread >= 0. Returns the metric, or NULL when
 * missing. Five checks (two when missing). */
static inline const struct micro_metric *tm_metric(const struct micro_set *set, const char *name,
						   double lo, double hi)
{
	const struct micro_metric *m = tm_find(set, name);

	if (!m)
		return NULL;
	if (!m->v.ok)
		fprintf(stderr, "%s: not available: %s\n", name, m->v.reason);
	T_CHECK(m->v.ok);
	tm_range(m, lo, hi);
	return m;
}

/* tm_dir_entries: how many names (besides . and ..) dir holds; -1 on error. */
static inline int tm_dir_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

/* tm_end: the scratch directory dir is empty and removed, and no child
 * process is left. Three checks. */
static inline void tm_end(const char *dir)
{
	T_CHECK(tm_dir_entries(dir) == 0);
	T_CHECK(rmdir(dir) == 0);
	errno = 0;
	T_CHECK(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD);
}

#endif
