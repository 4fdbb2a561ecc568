/* loads.c: the loads command: list every load of the registry with what it does, its unit and its needs (with --rate: contest/cmd/loadrate.c). */
#include "contest/cmd/loads.h"
#include "contest/cmd/loadrate.h"
#include "loads/registry.h"

#include <stdio.h>

int cmd_loads(struct opts *o)
{
	if (o->rate)
		return loadrate_main(o);
	for (size_t i = 0; load_registry[i] != NULL; i++) {
		const struct load_desc *d = load_registry[i];
		if (d->flags & LOAD_F_HIDDEN)
			continue;
		printf("%s%s%s%s\n", d->name, d->alias ? " (alias " : "", d->alias ? d->alias : "",
		       d->alias ? ")" : "");
		printf("    does:  %s\n", d->what);
		printf("    Loads: %s\n", d->unit);
		printf("    work:  counted in %s\n", d->work);
		printf("    needs: %s\n", d->needs);
	}
	return 0;
}
