/* trender.h: the one way the report tests render: a summary through the report model and the format table into a string. */
#ifndef CONTEST_TRENDER_H
#define CONTEST_TRENDER_H

#include "results/model/build.h"
#include "results/render/render.h"
#include "tests/unit/t.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* tr_count: occurrences of needle in hay. */
static inline int tr_count(const char *hay, const char *needle)
{
	int n = 0;
	for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

/* tr_env: a difference noted in the model before it is rendered. */
struct tr_env {
	const char *label, *key, *from, *to;
};

/* tr_render: s (with the records of set, may be NULL) in format fmt with
 * show, micro (may be NULL) and the n differences of env, into *buf
 * (freed first, malloc'd); returns *buf. */
static inline const char *tr_render(char **buf, const struct summary *s, const struct rec_set *set,
                                    const char *fmt, const struct rep_show *show,
                                    const struct micro_record_set *micro, const struct tr_env *env, size_t n)
{
	const struct render_format *f = render_format_find(fmt);
	struct rep_model m;
	size_t len;
	FILE *out;

	free(*buf);
	*buf = NULL;
	out = open_memstream(buf, &len);
	T_CHECK(out != NULL && f != NULL);
	T_CHECK(rep_model_build(&m, s, set, show, micro) == 0);
	for (size_t i = 0; i < n; i++)
		T_CHECK(rep_model_env_add(&m, env[i].label, env[i].key, env[i].from, env[i].to) == 0);
	f->render(out, &m);
	rep_model_free(&m);
	T_CHECK(fclose(out) == 0);
	return *buf;
}

#endif
