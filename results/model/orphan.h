/* orphan.h: a failed run that recorded no workload (a run cut short before it began: contest series' incomplete record) counted with the runs of its label and load. */
#ifndef CONTEST_ORPHAN_H
#define CONTEST_ORPHAN_H

#include "results/record/record.h"

/* orphan_home: the record of set whose workload, jobs and machine r is
 * grouped under. r itself, unless r is a failed run without a workload:
 * then a record of set of r's label that has one: of r's load and series
 * first, else of its load, else of its series (another load: a series
 * runs every load with the same options); of them the latest at or before
 * r's start, else the first after it; r itself when set holds none (it
 * stays "(not recorded)"). Such a run has no figures, so only its block's
 * count of failed runs changes. */
const struct rec *orphan_home(const struct rec_set *set, const struct rec *r);

#endif
