/* unit.h: the boot unit that goes on with a series at each boot: a systemd service, or an init script where there is no systemd. */
#ifndef CONTEST_SERIES_UNIT_H
#define CONTEST_SERIES_UNIT_H

#include <stddef.h>

/* series_unit_install: under root ("" the machine) the unit that runs
 * "CONTEST series resume --journal DIR" at boot, enabled; 0, or -1 with why. */
int series_unit_install(const char *root, const char *contest_path, const char *journal_dir, char *why,
                        size_t len);
/* series_unit_remove: whatever series_unit_install made under root removed;
 * 0 when nothing is left, or -1 with why. */
int series_unit_remove(const char *root, char *why, size_t len);
/* series_unit_installed: 1 when a unit is in place under root. */
int series_unit_installed(const char *root);

#endif
