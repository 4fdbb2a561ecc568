/* trust.h: whether a path can be changed only by root (and one more owner): each folder from / down, and the path itself, owned by them, writable by no group or other, no symbolic link on the way; a sticky folder (such as /tmp) only when its next entry is theirs. */
#ifndef LIB_TRUST_H
#define LIB_TRUST_H

#include <stddef.h>
#include <sys/types.h>

/* What the path's last part must be. */
enum trust_kind {
	TRUST_DIR,        /* a folder */
	TRUST_FILE,       /* a regular file with one link */
	TRUST_PARENT      /* a regular file (any number of links: in a folder only root can change,
	                   * only root made them) or a folder, or missing: then only the folders
	                   * above it that are there count (the rest is to be made, by whoever checks) */
};

/* trust_path: 0 when path (absolute) can be changed by no one but root and
 * owner (pass 0 for root alone): every folder from / down to it is a real
 * folder, not a symbolic link, owned by root or owner and writable by no
 * group or other, except a sticky folder (a /tmp), allowed when the entry
 * below it is root's or owner's; the path itself is of kind k, owned so and
 * writable by no group or other. -1 with why, one line naming the first
 * part that fails, its owner and its mode (errno ENOENT when a part is
 * missing, EPERM otherwise). */
int trust_path(const char *path, enum trust_kind k, uid_t owner, char *why, size_t len);

#endif
