/* cacherun.c: the compile alone with warm caches, directly after another compile. */
#include "loads/load.h"

const struct load_desc load_cacherun = {
	.name = "cacherun",
	.what = "nothing runs beside the compile; caches are not flushed and it directly "
	        "follows a compile with no load (else an unrecorded warm-up compile runs first)",
	.unit = "none",
	.per_unit = 1,
	.work = "none",
	.needs = "nothing",
	.flags = LOAD_F_NOPROC | LOAD_F_WARM,
	.cost = 1.0,
};
