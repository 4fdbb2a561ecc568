/* build.c: the report model built whole: its shape (model.c), then each row's NTime and the notes on the machine, computed once here and not while rendering. */
#include "results/model/build.h"
#include "results/model/speed.h"
#include "results/model/machine_note.h"

#include <stdlib.h>
#include <string.h>

/* ntimes: each row's NTime. */
static void ntimes(struct rep_model *m)
{
	for (size_t w = 0; w < m->nworkloads; w++)
		for (size_t b = 0; b < m->workloads[w].nblocks; b++) {
			struct rep_block *bl = &m->workloads[w].blocks[b];
			for (size_t i = 0; i < bl->nrows; i++)
				bl->rows[i].ntime = canary_ntime(m, bl->rows[i].c);
		}
}

/* notes: the notes on the machine that there are, each cut to
 * REP_NOTE_LEN. -1 on ENOMEM. */
static int notes(struct rep_model *m)
{
	char line[REP_NOTE_LEN];

	if ((m->notes = calloc(REP_NOTES, sizeof *m->notes)) == NULL)
		return -1;
	for (int k = 0; k < REP_NOTES; k++) {
		int kind = machine_note(m, k, line, sizeof line);
		if (kind == 0)
			continue;
		if ((m->notes[m->nnotes].text = strdup(line)) == NULL)
			return -1;
		m->notes[m->nnotes++].kind = kind;
	}
	return 0;
}

int rep_model_build(struct rep_model *m, const struct summary *s, const struct rec_set *set,
                    const struct rep_show *show, const struct micro_record_set *micro)
{
	if (rep_model_shape(m, s, set, show, micro) != 0)
		return -1;
	ntimes(m);
	if (notes(m) != 0) {
		rep_model_free(m);
		return -1;
	}
	return 0;
}
