/* boot.c: the boot drivers by name. */
#include "contest/series/boot.h"

#include <string.h>

const struct boot_driver *boot_driver_find(const char *name)
{
	static const struct boot_driver *const all[] = { &boot_oneshot, &boot_kexec, &boot_sim };

	for (size_t i = 0; name != NULL && i < sizeof all / sizeof all[0]; i++)
		if (strcmp(all[i]->name, name) == 0)
			return all[i];
	return NULL;
}
