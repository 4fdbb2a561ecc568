/* registry.h: the one list of every load contest knows (loads/list.h), in the default order. */
#ifndef CONTEST_REGISTRY_H
#define CONTEST_REGISTRY_H

#include "loads/load.h"

/* load_NAME: the descriptor each loads/NAME.c exports. */
#define LOAD(name) extern const struct load_desc load_##name;
#include "loads/list.h"
#undef LOAD

/* Every load: the default set in its order, then hidden ones. NULL-terminated. */
extern const struct load_desc *const load_registry[];

/* load_find: the load named name or by its alias; NULL when none. */
const struct load_desc *load_find(const char *name);

#endif
