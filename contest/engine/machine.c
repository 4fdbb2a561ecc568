/* machine.c: the machine the runs emulate when --mem is not given: a memory group of MACHINE_MEM, or the whole machine. */
#include "contest/engine/machine.h"
#include "lib/parse.h"
#include "lib/text.h"

void machine_size(struct opts *o, uint64_t total, int root, int has_group, char *note, size_t len)
{
	char mem[32], all[32];

	text_copy(note, "", len);
	if (o->mem_given)
		return;
	if (o->whole_machine || (total > 0 && total <= MACHINE_MEM)) {
		o->mem = total;
		return;
	}
	o->mem = MACHINE_MEM;
	parse_fmt_size(o->mem, mem, sizeof mem);
	parse_fmt_size(total, all, sizeof all);
	if (root && has_group && !o->confine) {
		o->confine = 1;
		o->machine_auto = 1;
		text_fmt(note, len, "emulating a %s machine: the compile and the loads run in a memory group "
		         "of %s (of %s), the loads scaled to it; --whole-machine for the classic run at MemTotal",
		         mem, mem, total ? all : "an unknown MemTotal");
	} else if (!o->confine) {
		text_fmt(note, len, "loads scaled to %s but not confined to it (%s): the compile may use all "
		         "%s, so mem_load and io_load press less than on a %s machine; --whole-machine scales "
		         "them to MemTotal", mem, root ? "no memory cgroup controller" : "not root",
		         total ? all : "the memory", mem);
	}
}
