/* test_machine.c: the machine a run emulates by default: MEM 4G in a memory group as root with a controller, MemTotal with --whole-machine or on a smaller machine, --mem as given. */
#include "contest/engine/machine.h"
#include "tests/unit/t.h"

#include <string.h>

#define G (UINT64_C(1) << 30)

/* size: machine_size of fresh options (mem_given, whole, confine as given) into *o. */
static void size(struct opts *o, int mem_given, int whole, uint64_t total, int root, int group,
                 char *note, size_t len)
{
	memset(o, 0, sizeof *o);
	o->mem_given = mem_given;
	o->mem = mem_given ? 512u << 20 : 0;
	o->whole_machine = whole;
	machine_size(o, total, root, group, note, len);
}

int main(void)
{
	struct opts o;
	char note[512];

	size(&o, 0, 0, 24 * G, 1, 1, note, sizeof note);
	T_CHECK(o.mem == 4 * G && o.confine && o.machine_auto);
	T_STREQ(note, "emulating a 4.0G machine: the compile and the loads run in a memory group of 4.0G "
	              "(of 24G), the loads scaled to it; --whole-machine for the classic run at MemTotal");
	size(&o, 0, 0, 24 * G, 0, 1, note, sizeof note);   /* not root */
	T_CHECK(o.mem == 4 * G && !o.confine && !o.machine_auto);
	T_CHECK(strstr(note, "loads scaled to 4.0G but not confined to it (not root): the compile may use all 24G") == note);
	size(&o, 0, 0, 24 * G, 1, 0, note, sizeof note);   /* no memory controller */
	T_CHECK(o.mem == 4 * G && !o.confine && strstr(note, "(no memory cgroup controller)") != NULL);
	size(&o, 0, 1, 24 * G, 1, 1, note, sizeof note);   /* --whole-machine */
	T_CHECK(o.mem == 24 * G && !o.confine && note[0] == '\0');
	size(&o, 0, 0, 3 * G, 1, 1, note, sizeof note);    /* a machine smaller than 4G is itself */
	T_CHECK(o.mem == 3 * G && !o.confine && note[0] == '\0');
	size(&o, 1, 0, 24 * G, 1, 1, note, sizeof note);   /* --mem: as given, no group */
	T_CHECK(o.mem == 512u << 20 && !o.confine && note[0] == '\0');
	size(&o, 0, 0, 0, 1, 1, note, sizeof note);        /* MemTotal unknown */
	T_CHECK(o.mem == 4 * G && o.confine && strstr(note, "(of an unknown MemTotal)") != NULL);
	return t_done();
}
