/* boot.c: the table of boot drivers a kernel series can use, found by name. */
#include "contest/series/boot.h"

#include <string.h>

/* drivers: every boot driver, by the name --boot takes. */
static const struct boot_driver *const drivers[] = { &boot_oneshot, &boot_kexec, &boot_qemu, &boot_sim };

/* boot_driver_find: the driver named name; NULL when none is. */
const struct boot_driver *boot_driver_find(const char *name)
{
	for (size_t i = 0; name != NULL && i < sizeof drivers / sizeof drivers[0]; i++)
		if (drivers[i]->name != NULL && strcmp(drivers[i]->name, name) == 0)
			return drivers[i];
	return NULL;
}
