/* unit_stub.c: TEMPORARY: the boot unit's functions until unit.c lands. */
#include "contest/series/unit.h"

int series_unit_install(const char *root, const char *contest_path, const char *journal_dir, char *why,
                        size_t len)
{
	(void)root; (void)contest_path; (void)journal_dir; (void)why; (void)len;
	return 0;
}

int series_unit_remove(const char *root, char *why, size_t len)
{
	(void)root; (void)why; (void)len;
	return 0;
}

int series_unit_installed(const char *root)
{
	(void)root;
	return 0;
}
