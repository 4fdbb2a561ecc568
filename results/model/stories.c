/* stories.c: the stories of the series a report's runs belong to, read from beside their records (results/record/story.h) into the model, each refused one kept as a one-line note instead. */
#include "results/model/stories.h"
#include "lib/err.h"

#include <stdlib.h>
#include <string.h>

/* series_ids: the distinct series of m's runs that have a round, at most
 * REP_STORIES_MAX, in the order first met, into ids; their count. */
static size_t series_ids(const struct rep_model *m, const char **ids)
{
	size_t n = 0, i;

	for (size_t r = 0; r < m->nruns && n < REP_STORIES_MAX; r++) {
		const struct rec *v = m->runs[r];
		if (v->series[0] == '\0' || v->round <= 0)
			continue;
		for (i = 0; i < n && strcmp(ids[i], v->series) != 0; i++)
			;
		if (i == n)
			ids[n++] = v->series;
	}
	return n;
}

int rep_model_stories(struct rep_model *m, const char *const *dirs, size_t ndirs)
{
	const char *ids[REP_STORIES_MAX];
	size_t n = series_ids(m, ids);
	char why[1024];

	if (n == 0)
		return 0;
	if ((m->stories = calloc(n, sizeof *m->stories)) == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct rep_story *st = &m->stories[m->nstories];
		int rc = 1;
		if ((st->s = malloc(sizeof *st->s)) == NULL)
			return -1;
		for (size_t d = 0; d < ndirs && rc == 1; d++)
			rc = story_read(dirs[d], ids[i], st->s, why, sizeof why);
		if (rc == 1) {   /* no story: nothing to show */
			free(st->s);
			st->s = NULL;
			continue;
		}
		if (rc != 0) {
			free(st->s);
			st->s = NULL;
			warnx("%s; the report goes on without it", why);
			if ((st->note = strdup(why)) == NULL)
				return -1;
		}
		m->nstories++;
	}
	return 0;
}
