/* no_load.c: the baseline: the compile alone, caches flushed before it. */
#include "loads/load.h"

const struct load_desc load_no_load = {
	.name = "no_load",
	.alias = "noload",
	.what = "nothing runs beside the compile (the baseline every Ratio is relative to)",
	.unit = "none",
	.per_unit = 1,
	.work = "none",
	.needs = "nothing",
	.flags = LOAD_F_NOPROC,
	.cost = 1.0,
};
