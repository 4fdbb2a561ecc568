/* cgroup.h: cgroup places from the text of /proc/self/mountinfo and /proc/self/cgroup: a hierarchy's mount, a process's group in it, and a group file's numbers. */
#ifndef LIB_CGROUP_H
#define LIB_CGROUP_H

#include <stddef.h>

/* cg_has_word: 1 when list (words separated by sep) holds word. */
int cg_has_word(const char *list, const char *word, char sep);

/* cg_mount_of: in mountinfo, the mount point and the root (the group the
 * mount shows as its top) of the first mount of fstype ("cgroup",
 * "cgroup2") whose super options hold opt (NULL: any); 0 or -1. */
int cg_mount_of(const char *mountinfo, const char *fstype, const char *opt, char *point, char *root,
                size_t len);

/* cg_group_path: the process's path in the hierarchy of the cgroup line
 * whose controller list holds ctl (cgroup v1), or of the "0::" line (ctl
 * NULL: cgroup v2); 0 or -1. */
int cg_group_path(const char *cgroup, const char *ctl, char *path, size_t len);

/* cg_group_dir: the directory of the process's group: in the v1 hierarchy
 * mounted with option ctl, or in the cgroup2 mount (ctl NULL); its path is
 * taken relative to the mount's root (cgroup namespaces, bind mounts).
 * With top, that hierarchy's mount point too. 0 or -1. */
int cg_group_dir(const char *mountinfo, const char *cgroup, const char *ctl, char *dir, char *top,
                 size_t len);

/* cg_number: the number after "key " in the file dir/name (key NULL: the
 * file's first number; "max" reads as -2); -1 when the file, the line or
 * the number is missing. */
long long cg_number(const char *dir, const char *name, const char *key);

/* cg_read: the start of the file dir/name into buf (at most len - 1
 * bytes, NUL-terminated; "" when unreadable); buf. */
char *cg_read(const char *dir, const char *name, char *buf, size_t len);

#endif
