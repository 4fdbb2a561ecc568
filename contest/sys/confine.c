/* confine.c: --confine: the compile and the loads in a memory cgroup limited to MEM, as on a machine booted with mem=MEM. */
#include "contest/sys/confine.h"
#include "contest/sys/undo.h"
#include "lib/cgroup.h"
#include "lib/clock.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The group in force: its entry in the undo table (undo.h). */
struct group {
	int version;              /* 1 or 2 */
	char dir[PATH_MAX];       /* the group made */
	int swappiness;           /* v1: the group's memory.swappiness, -1 unset */
	uint64_t bytes;
};
_Static_assert(sizeof(struct group) <= UNDO_STATE_MAX, "the group fits an undo entry");

static int group_end(void *state);

/* group: the group in force, or NULL. */
static struct group *group(void)
{
	return undo_find(group_end, 0);
}

int confine_locate(const char *mountinfo, const char *cgroup, int has_v2_memory, char *dir,
                   size_t len)
{
	char point[PATH_MAX], root[PATH_MAX];

	/* v2: at the top of the hierarchy in view, which alone may both hold
	 * processes and hand the memory controller to its children */
	if (has_v2_memory && cg_mount_of(mountinfo, "cgroup2", NULL, point, root, sizeof point) == 0)
		return fs_path(dir, len, "%s", point) == 0 ? 2 : 0;
	/* v1: under this process's own memory group */
	return cg_group_dir(mountinfo, cgroup, "memory", dir, NULL, len) == 0 ? 1 : 0;
}

/* slurp: the first line of path into buf ("" when unreadable); buf. */
static char *slurp(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, buf, len - 1) : -1;

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

/* put: write text into dir/name; 0 or -1 with errno. */
static int put(const char *dir, const char *name, const char *text)
{
	char path[PATH_MAX];
	int fd, rc = 0;

	if (fs_path(path, sizeof path, "%s/%s", dir, name) != 0)
		return -1;
	if ((fd = open(path, O_WRONLY | O_CLOEXEC)) < 0)
		return -1;
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		rc = -1;
	if (close(fd) != 0)
		rc = -1;
	return rc;
}

/* where: the hierarchy and directory groups are made in (confine_locate
 * on this process's own files): 2 or 1 with dir, v2 only when allow_v2;
 * 0 none. */
static int where(int allow_v2, char *dir, size_t len)
{
	char mi[65536], cg[4096], ctl[512], v2ctl[PATH_MAX], point[PATH_MAX], root[PATH_MAX];

	slurp("/proc/self/mountinfo", mi, sizeof mi);
	slurp("/proc/self/cgroup", cg, sizeof cg);
	ctl[0] = '\0';
	if (allow_v2 && cg_mount_of(mi, "cgroup2", NULL, point, root, sizeof point) == 0 &&
	    fs_path(v2ctl, sizeof v2ctl, "%s/cgroup.controllers", point) == 0)
		slurp(v2ctl, ctl, sizeof ctl);
	return confine_locate(mi, cg, cg_has_word(ctl, "memory", ' '), dir, len);
}

/* make_group: the group contest-PID-N in dir (hierarchy version), limited
 * to bytes (0: no limit); it becomes the group in force. 0, or -1 with one
 * line in why. */
static int make_group(int version, const char *dir, uint64_t bytes, char *why, size_t len)
{
	char num[32], ctl[512], path[PATH_MAX];
	struct group g, *cur;
	struct timespec ts;

	/* v2: the top hands memory down (it may hold processes: no conflict) */
	if (version == 2 && fs_path(path, sizeof path, "%s/cgroup.subtree_control", dir) == 0 &&
	    !cg_has_word(slurp(path, ctl, sizeof ctl), "memory", ' ') &&
	    put(dir, "cgroup.subtree_control", "+memory") != 0) {
		text_fmt(why, len, "--confine: cannot enable memory in %s/cgroup.subtree_control: %s", dir,
		         strerror(errno));
		return -1;
	}
	/* the pid and a clock reading: PID namespaces repeat pids (contest-1) */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	if (fs_path(path, sizeof path, "%s/contest-%ld-%lx", dir, (long)getpid(),
	              (unsigned long)ts.tv_nsec) != 0) {
		text_fmt(why, len, "--confine: cannot make a group in %s: name too long", dir);
		return -1;
	}
	/* in the undo table before mkdir: a kill -9 right after it still has the watcher remove it */
	g = (struct group){ .version = version, .swappiness = -1, .bytes = bytes };
	text_copy(g.dir, path, sizeof g.dir);
	if ((cur = undo_push(group_end, &g, sizeof g)) == NULL) {
		text_fmt(why, len, "--confine: too many changes to undo");
		return -1;
	}
	if (mkdir(path, 0755) != 0) {
		text_fmt(why, len, "--confine: cannot make %s: %s", path, strerror(errno));
		undo_forget(cur);
		return -1;
	}
	snprintf(num, sizeof num, "%" PRIu64, bytes);
	if (bytes > 0 && put(cur->dir, version == 2 ? "memory.max" : "memory.limit_in_bytes", num) != 0) {
		text_fmt(why, len, "--confine: cannot limit %s to %s bytes: %s", cur->dir, num, strerror(errno));
		undo_one(cur);
		return -1;
	}
	return 0;
}

int confine_available(void)
{
	char dir[PATH_MAX];
	return where(1, dir, sizeof dir);
}

int confine_start(uint64_t bytes, char *why, size_t len)
{
	char dir[PATH_MAX];
	int version;

	if (geteuid() != 0) {
		text_fmt(why, len, "--confine needs root (it makes a memory cgroup)");
		return -1;
	}
	if ((version = where(1, dir, sizeof dir)) == 0) {
		text_fmt(why, len, "--confine needs the memory cgroup controller (cgroup v2 with memory "
		         "in cgroup.controllers, or a v1 memory hierarchy); this system has neither");
		return -1;
	}
	return make_group(version, dir, bytes, why, len);
}

int confine_swappiness_group(char *why, size_t len)
{
	char dir[PATH_MAX];

	if (group() != NULL || where(0, dir, sizeof dir) != 1)
		return 0;
	return make_group(1, dir, 0, why, len);
}

int confine_own_swappiness(void)
{
	char dir[PATH_MAX];

	if (where(0, dir, sizeof dir) != 1)
		return -1;
	return (int)cg_number(dir, "memory.swappiness", NULL);
}

int confine_follow(char *why, size_t len)
{
	struct group *cur = group();
	char text[32], num[16];
	long v;

	if (cur == NULL || cur->version != 1)
		return 0;
	slurp("/proc/sys/vm/swappiness", text, sizeof text);
	v = strtol(text, NULL, 10);
	/* a v1 group at 0 never swaps and OOM-kills instead, where a machine at
	 * 0 still swaps once its page cache runs out: 1 is the nearest */
	snprintf(num, sizeof num, "%ld", v == 0 ? 1 : v);
	if (text[0] == '\0' || v < 0 || v > 200 || put(cur->dir, "memory.swappiness", num) != 0) {
		text_fmt(why, len, "--confine: cannot set %s/memory.swappiness from vm.swappiness (%s): %s",
		         cur->dir, text[0] ? num : "unreadable", strerror(errno));
		return -1;
	}
	cur->swappiness = v == 0 ? 1 : (int)v;
	return 0;
}

int confine_join(void)
{
	const struct group *cur = group();
	char num[32];

	if (cur == NULL)
		return 0;
	snprintf(num, sizeof num, "%ld", (long)getpid());
	return put(cur->dir, "cgroup.procs", num);
}

/* group_end: the group's undo action: remove it (retrying while its last
 * processes exit). 0, or -1 (said on stderr). */
static int group_end(void *state)
{
	const struct group *cur = state;

	/* its last processes may still be exiting: retry for up to 5 s */
	for (int i = 0; rmdir(cur->dir) != 0; i++) {
		if (errno == ENOENT)
			break;
		if (i == 50) {
			warn("--confine: cannot remove %s; remove it by hand (rmdir)", cur->dir);
			return -1;
		}
		mono_sleep(0.1);
	}
	return 0;
}

void confine_describe(char *buf, size_t len)
{
	const struct group *cur = group();
	char lim[64] = "", sw[32] = "";

	if (cur == NULL) {
		text_fmt(buf, len, "%s", "");
		return;
	}
	if (cur->bytes > 0)
		snprintf(lim, sizeof lim, " %s=%" PRIu64, cur->version == 2 ? "memory.max" :
		         "memory.limit_in_bytes", cur->bytes);
	if (cur->swappiness >= 0)
		snprintf(sw, sizeof sw, " memory.swappiness=%d", cur->swappiness);
	text_fmt(buf, len, "cgroup v%d%s%s", cur->version, lim[0] ? lim : " no limit", sw);
}

int confine_usage(struct confine_usage *u)
{
	const struct group *cur = group();

	if (cur == NULL)
		return -1;
	if (cur->version == 2) {
		u->peak = cg_number(cur->dir, "memory.peak", NULL);
		u->hits = cg_number(cur->dir, "memory.events", "max");
		u->ooms = cg_number(cur->dir, "memory.events", "oom_kill");
	} else {
		u->peak = cg_number(cur->dir, "memory.max_usage_in_bytes", NULL);
		u->hits = cg_number(cur->dir, "memory.failcnt", NULL);
		u->ooms = cg_number(cur->dir, "memory.oom_control", "oom_kill");
	}
	return 0;
}
