/* registry.c: the one list of every load (loads/list.h) as an array, and lookup by name or alias. */
#include "loads/registry.h"

#include <string.h>

const struct load_desc *const load_registry[] = {
#define LOAD(name) &load_##name,
#include "loads/list.h"
#undef LOAD
	NULL,
};

const struct load_desc *load_find(const char *name)
{
	for (size_t i = 0; load_registry[i] != NULL; i++) {
		const struct load_desc *d = load_registry[i];
		if (strcmp(d->name, name) == 0 || (d->alias && strcmp(d->alias, name) == 0))
			return d;
	}
	return NULL;
}
