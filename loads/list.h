/* list.h: every load contest knows, one LOAD(NAME) line each, in the default order (hidden ones last); NAME's descriptor is load_NAME. */
/* No include guard: each includer defines LOAD(NAME), includes this file and undefines LOAD (loads/registry.h, loads/registry.c). */
LOAD(no_load)
LOAD(cacherun)
LOAD(process_load)
LOAD(ctar_load)
LOAD(xtar_load)
LOAD(io_load)
LOAD(io_other)
LOAD(read_load)
LOAD(list_load)
LOAD(mem_load)
LOAD(dbench_load)
LOAD(selftest)
