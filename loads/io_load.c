/* io_load.c: repeatedly writes a MEM-sized file of zeros in the testbed, like copying /dev/zero. */
#include "loads/io_common.h"
#include "loads/load.h"

#define IO_LOAD_FILE "io_load.dat"

/* io_load_prepare: remove a stale file; MEM must be free in the testbed. */
static int io_load_prepare(const struct load_env *env, struct load_prep *prep, char *errbuf,
                           size_t errlen)
{
	(void)prep;
	return io_prepare_in("io_load", env->testbed, IO_LOAD_FILE, env->mem, errbuf, errlen);
}

/* io_load_body: write testbed/io_load.dat over and over until killed. */
static void io_load_body(const struct load_env *env, const struct load_prep *prep,
                         struct load_counter *c)
{
	(void)prep;
	io_write_forever(env->testbed, IO_LOAD_FILE, env->mem, c);
}

/* io_load_cleanup: remove testbed/io_load.dat. */
static void io_load_cleanup(const struct load_env *env, const struct load_prep *prep)
{
	(void)prep;
	load_cleanup("io_load", env->testbed, IO_LOAD_FILE);
}

const struct load_desc load_io_load = {
	.name = "io_load",
	.what = "repeatedly writes a file of MEM bytes of zeros in the testbed (1 MiB writes, "
	        "fdatasync after each pass), like copying /dev/zero",
	.unit = "100 MiB written",
	.per_unit = 100.0 * 1024 * 1024,
	.work = "bytes written",
	.needs = "disk space: MEM in the testbed",
	.flags = 0,
	.cost = 1.15,
	.disk_pct = 100,
	.files = { IO_LOAD_FILE },
	.prepare = io_load_prepare,
	.body = io_load_body,
	.cleanup = io_load_cleanup,
};
