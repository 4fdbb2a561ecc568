/* boot_sdboot.h: systemd-boot as the oneshot driver reads it: whether it is installed, its loader entries and their releases, its default entry. */
#ifndef CONTEST_SERIES_BOOT_SDBOOT_H
#define CONTEST_SERIES_BOOT_SDBOOT_H

#include "contest/series/boot.h"

#include <stddef.h>

/* sdboot_find: systemd-boot is here: bootctl in PATH and "bootctl
 * is-installed" succeeds. 0, or -1 with why saying what is missing. */
int sdboot_find(char *why, size_t len);

/* sdboot_entry_release: entry of systemd-boot (loader/entries/ENTRY.conf
 * under the boot partition or ESP, else in bootctl list): 0 and its
 * release in rel ("" when it names none), or -1 with why when there is
 * none. */
int sdboot_entry_release(const struct boot_ctx *c, const char *entry, char *rel, size_t len, char *why, size_t wlen);

/* sdboot_default_release: the release systemd-boot boots by default:
 * bootctl status's default entry, else loader.conf's default; "" when
 * unknown. */
void sdboot_default_release(const struct boot_ctx *c, char *out, size_t len);

/* The commands that arm ENTRY for the next boot only and disarm it:
 * bootctl set-oneshot ENTRY, bootctl set-oneshot "". */
#define SDBOOT_ARM(entry) { "bootctl", "set-oneshot", (char *)(entry), NULL }
#define SDBOOT_DISARM { "bootctl", "set-oneshot", "", NULL }

#endif
