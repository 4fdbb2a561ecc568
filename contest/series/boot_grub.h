/* boot_grub.h: GRUB as the oneshot driver reads it: its tools and folder, grub.cfg's menu entries (submenus as "Submenu>Entry"), its default, and whether it can write its environment block. */
#ifndef CONTEST_SERIES_BOOT_GRUB_H
#define CONTEST_SERIES_BOOT_GRUB_H

#include "contest/series/boot.h"

#include <stddef.h>

/* A GRUB found: its tools' names (grub- or grub2-) and its folder. */
struct grub {
	char reboot[16];    /* grub-reboot or grub2-reboot */
	char editenv[16];   /* grub-editenv or grub2-editenv */
	char dir[16];       /* /boot/grub or /boot/grub2 (under the root) */
};

/* grub_find: GRUB is here: grub-reboot (or grub2-reboot) in PATH and
 * root/boot/grub/grub.cfg (or grub2/) a file. 0 and *g, or -1 with why
 * saying what is missing. */
int grub_find(const struct boot_ctx *c, struct grub *g, char *why, size_t len);

/* grub_entry_release: entry (a title, an $menuentry_id_option id or a
 * number, submenus' first and joined by '>', as grub-reboot takes it) must
 * be a menu entry of grub.cfg; its release, from its linux line, into rel
 * (rel NULL: only the entry's existence is checked). 0; -1 with why when
 * there is no such entry or grub.cfg cannot be read; -2 with why when the
 * entry is there but its linux line names no release. */
int grub_entry_release(const struct boot_ctx *c, const struct grub *g, const char *entry,
                       char *rel, size_t rlen, char *why, size_t len);

/* grub_default_release: the release of the entry GRUB boots when nothing
 * is armed: grub.cfg's "set default=", which is grubenv's saved_entry
 * under GRUB_DEFAULT=saved, else the first entry. "" when it cannot be told. */
void grub_default_release(const struct boot_ctx *c, const struct grub *g, char *out, size_t len);

/* grub_check_env: warn (stderr, one line each) when GRUB cannot clear
 * next_entry after a boot, so that the armed entry would stay the default:
 * the file system holding root/boot/grub (its mount in root/proc/self/
 * mountinfo) on Linux RAID (root/sys/dev/block/MAJ:MIN/md) or
 * device-mapper (.../dm: LVM, dm-crypt), or on btrfs or ZFS; and when
 * grub.cfg never reads next_entry. Returns the number of warnings. */
int grub_check_env(const struct boot_ctx *c, const struct grub *g);

#endif
