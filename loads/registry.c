/* registry.c: the one list of every load, and lookup by name or alias. */
#include "loads/registry.h"

#include <string.h>

const struct load_desc *const load_registry[] = {
	&load_no_load,
	&load_cacherun,
	&load_process_load,
	&load_ctar_load,
	&load_xtar_load,
	&load_io_load,
	&load_io_other,
	&load_read_load,
	&load_list_load,
	&load_mem_load,
	&load_dbench_load,
	&load_selftest,
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
