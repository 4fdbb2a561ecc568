/* test_confine.c: where --confine makes its memory group, from fixed /proc/self/mountinfo and /proc/self/cgroup texts. */
#include "contest/sys/confine.h"
#include "contest/sys/undo.h"
#include "tests/unit/t.h"

#include <string.h>

/* a v1 machine: memory on its own hierarchy, cgroup2 without memory */
static const char mi_v1[] =
	"30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
	"31 30 0:28 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
	"34 30 0:31 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
	"40 30 0:37 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
static const char cg_v1[] =
	"4:cpu:/a\n"
	"3:memory:/process_api/abc\n"
	"0::/user.slice\n";

/* a v2-only machine */
static const char mi_v2[] =
	"25 22 0:22 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n";
static const char cg_v2[] = "0::/user.slice/user-0.slice/session-1.scope\n";

/* in a cgroup namespace: the mount's root is a group, the path is below it */
static const char mi_ns[] =
	"34 30 0:31 /docker/x /sys/fs/cgroup/memory ro - cgroup cgroup rw,cpuset,memory\n";
static const char cg_ns[] = "7:cpuset,memory:/docker/x/inner\n";

static void test_locate(void)
{
	char dir[4096];

	/* v1: under the process's own memory group */
	T_CHECK(confine_locate(mi_v1, cg_v1, 0, dir, sizeof dir) == 1);
	T_STREQ(dir, "/sys/fs/cgroup/memory/process_api/abc");
	/* v2 with memory: the top of the hierarchy (it may hold processes) */
	T_CHECK(confine_locate(mi_v2, cg_v2, 1, dir, sizeof dir) == 2);
	T_STREQ(dir, "/sys/fs/cgroup");
	/* v2 preferred where both exist and v2 has memory */
	T_CHECK(confine_locate(mi_v1, cg_v1, 1, dir, sizeof dir) == 2);
	T_STREQ(dir, "/sys/fs/cgroup/unified");
	/* v2 without memory and no v1 memory hierarchy: none */
	T_CHECK(confine_locate(mi_v2, cg_v2, 0, dir, sizeof dir) == 0);
	/* a namespace: relative to the mount's root; controllers listed together */
	T_CHECK(confine_locate(mi_ns, cg_ns, 0, dir, sizeof dir) == 1);
	T_STREQ(dir, "/sys/fs/cgroup/memory/inner");
	/* the process at the root of the hierarchy */
	T_CHECK(confine_locate(mi_v1, "3:memory:/\n", 0, dir, sizeof dir) == 1);
	T_STREQ(dir, "/sys/fs/cgroup/memory");
	/* no memory line in /proc/self/cgroup, empty or torn texts */
	T_CHECK(confine_locate(mi_v1, "4:cpu:/a\n", 0, dir, sizeof dir) == 0);
	T_CHECK(confine_locate("", "", 1, dir, sizeof dir) == 0);
	T_CHECK(confine_locate("34 30 0:31 / /sys/fs/cgroup/memory", cg_v1, 0, dir, sizeof dir) == 0);
	T_CHECK(confine_locate(mi_v1, "3:memory", 0, dir, sizeof dir) == 0);
	/* a directory that does not fit */
	T_CHECK(confine_locate(mi_v1, cg_v1, 0, dir, 8) == 0);
}

static void test_idle(void)
{
	struct confine_usage u;
	char buf[64] = "x";

	/* no group in force: nothing to join, describe or read, and nothing to end */
	T_CHECK(confine_join() == 0);
	T_CHECK(confine_follow(buf, sizeof buf) == 0);
	confine_describe(buf, sizeof buf);
	T_STREQ(buf, "");
	T_CHECK(confine_usage(&u) == -1);
	T_CHECK(undo_all() == 0);
}

int main(void)
{
	test_locate();
	test_idle();
	return t_done();
}
