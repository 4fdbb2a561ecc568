/* registry.h: the one list of every load contest knows, in the default order. */
#ifndef CONTEST_REGISTRY_H
#define CONTEST_REGISTRY_H

#include "loads/load.h"

extern const struct load_desc load_no_load;
extern const struct load_desc load_cacherun;
extern const struct load_desc load_process_load;
extern const struct load_desc load_ctar_load;
extern const struct load_desc load_xtar_load;
extern const struct load_desc load_io_load;
extern const struct load_desc load_io_other;
extern const struct load_desc load_read_load;
extern const struct load_desc load_list_load;
extern const struct load_desc load_mem_load;
extern const struct load_desc load_dbench_load;
extern const struct load_desc load_selftest;

/* Every load: the default set in its order, then hidden ones. NULL-terminated. */
extern const struct load_desc *const load_registry[];

/* load_find: the load named name or by its alias; NULL when none. */
const struct load_desc *load_find(const char *name);

#endif
