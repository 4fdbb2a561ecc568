/* confine.h: --confine: the compile and the loads in a memory cgroup limited to MEM, as on a machine booted with mem=MEM. */
#ifndef CONTEST_CONFINE_H
#define CONTEST_CONFINE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

/* confine_locate: from the text of /proc/self/mountinfo and /proc/self/cgroup,
 * the directory of this process's cgroup in the hierarchy that has the
 * memory controller: version 2 (the unified mount, when its
 * cgroup.controllers lists memory: has_v2_memory) or else version 1 (a
 * cgroup mount with the memory option). 2 or 1 with dir filled, or 0 when
 * there is none. */
int confine_locate(const char *mountinfo, const char *cgroup, int has_v2_memory, char *dir,
                   size_t len);

/* confine_available: the version (2 or 1) of the memory hierarchy
 * confine_start would make its group in, or 0 when there is none. */
int confine_available(void);

/* confine_start: make the group contest-PID-N (v2: at the top of the
 * hierarchy; v1: under this process's memory cgroup) and limit it to bytes
 * (memory.max, or memory.limit_in_bytes). contest itself stays outside, so
 * the limit's OOM killer never picks the controller; its children join
 * (confine_join). In the undo table (contest/sys/undo.h) from before its
 * mkdir, which removes it on every way out. 0, or -1 with
 * one line in why naming what is missing (root, a memory controller). */
int confine_start(uint64_t bytes, char *why, size_t len);

/* confine_swappiness_group: on a v1 memory hierarchy, when no group is in
 * force: make one without a limit under this process's memory group, for
 * confine_follow (a v1 group reclaims its pages with its own
 * memory.swappiness, whatever vm.swappiness says). 0 (also when there is
 * nothing to do), or -1 with one line in why. */
int confine_swappiness_group(char *why, size_t len);

/* confine_own_swappiness: the memory.swappiness of this process's own v1
 * memory group, or -1 (no v1 memory hierarchy). */
int confine_own_swappiness(void);

/* confine_follow: v1 only: give the group's memory.swappiness, which the
 * kernel uses instead of vm.swappiness when the group reaches its limit,
 * the value of vm.swappiness now in force (call after each change); 1 for
 * 0, since a v1 group at 0 never swaps (it OOM-kills) where a machine at 0
 * still swaps once page cache runs out. 0, or -1 with one line in why.
 * Nothing on v2, whose groups follow vm.swappiness. */
int confine_follow(char *why, size_t len);

/* confine_join: in a child of contest, before it starts work: move this
 * process into the group, if there is one. 0, or -1 with errno. */
int confine_join(void);

/* confine_describe: "cgroup v1 memory.limit_in_bytes=268435456
 * memory.swappiness=60" (v2: "cgroup v2 memory.max=268435456"; a group
 * without a limit: "cgroup v1 no limit memory.swappiness=10") for the
 * group in force, "" when none. */
void confine_describe(char *buf, size_t len);

/* What the group's files say so far; -1 where a file or line is missing. */
struct confine_usage {
	int64_t peak;   /* bytes (v2 memory.peak, v1 memory.max_usage_in_bytes) */
	int64_t hits;   /* times the limit was hit (v2 memory.events max, v1 memory.failcnt) */
	int64_t ooms;   /* processes the group's OOM killer killed (oom_kill) */
};

/* confine_usage: fill u for the group in force. 0, or -1 when none. */
int confine_usage(struct confine_usage *u);

#endif
