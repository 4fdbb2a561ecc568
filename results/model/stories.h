/* stories.h: the stories of the series a report's runs belong to (RESULTS/series-ID.story), which its HTML leads with. */
#ifndef RESULTS_MODEL_STORIES_H
#define RESULTS_MODEL_STORIES_H

#include <stddef.h>
#include "results/model/model.h"

/* rep_model_stories: m->stories: for each series of m's runs (a series
 * and a round recorded; at most REP_STORIES_MAX, in the order first met)
 * its story, from the first of dirs (ndirs of them) that has its file
 * (story_read). A series without one (a series older than story files)
 * has no entry; one whose file is refused has its note instead, also
 * said on stderr in one line. 0, or -1 on allocation failure (the stories
 * so far kept). */
int rep_model_stories(struct rep_model *m, const char *const *dirs, size_t ndirs);

#endif
