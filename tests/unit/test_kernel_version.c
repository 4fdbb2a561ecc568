/* test_kernel_version.c: unit tests of results/model/kernel_version.c: kernel version labels parsed and ordered (rc, -pre, -test, -mm, -ac, 2.6.8.1, distribution suffixes, garbage). */
#include "results/model/kernel_version.h"
#include "tests/unit/t.h"

#include <stdlib.h>

/* lt: a sorts strictly before b, and b after a. */
static int lt(const char *a, const char *b)
{
	return kernel_version_label_cmp(a, b) < 0 && kernel_version_label_cmp(b, a) > 0;
}

/* test_parse: what a label reads as. */
static void test_parse(void)
{
	struct kernel_version v;

	T_CHECK(kernel_version_parse("2.6.0-test4-mm4", &v) == 0);
	T_CHECK(v.nnums == 3 && v.nums[0] == 2 && v.nums[1] == 6 && v.nums[2] == 0);
	T_CHECK(v.pre == 2 && v.prenum == 4);
	T_STREQ(v.tail, "-mm4");
	T_CHECK(kernel_version_parse("2.6.8.1", &v) == 0 && v.nnums == 4 && v.nums[3] == 1 && v.pre == 4);
	T_STREQ(v.tail, "");
	T_CHECK(kernel_version_parse("v6.1-rc3", &v) == 0 && v.nnums == 2 && v.pre == 3 && v.prenum == 3);
	T_CHECK(kernel_version_parse("6.18.44-fc-v1045", &v) == 0 && v.pre == 4);
	T_STREQ(v.tail, "-fc-v1045");
	T_CHECK(kernel_version_parse("2.4.20-pre11", &v) == 0 && v.pre == 1 && v.prenum == 11);
	T_CHECK(kernel_version_parse("6.1.0-rc3+", &v) == 0 && v.pre == 3);
	T_STREQ(v.tail, "+");
	T_CHECK(kernel_version_parse("6.18.44-generic+vm.swappiness=10", &v) == 0);
	T_STREQ(v.tail, "-generic+vm.swappiness=10");
	T_CHECK(kernel_version_parse("2.6.9-rcu1", &v) == 0 && v.pre == 4);   /* a patch set named rcu */
	T_STREQ(v.tail, "-rcu1");
	T_CHECK(kernel_version_parse("5.4.0-rc", &v) == 0 && v.pre == 3 && v.prenum == 0);
	/* garbage */
	static const char *const bad[] = { "a", "b", "dflt", "", "2", "v", "2.", "2.6.", ".2.6", "2..6",
	                                   "2.6x", "2.6.x", "x2.6", "2.6:a", "1234567890.1", "1.2.3.4.5.6.7",
	                                   "-2.6", "vv2.6", "2,6" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = kernel_version_parse(bad[i], &v);
		if (rc != -1)
			fprintf(stderr, "parsed: '%s'\n", bad[i]);
		T_CHECK(rc == -1);
	}
	T_CHECK(kernel_version_parse("1.2.3.4.5.6", &v) == 0 && v.nnums == 6);
}

/* test_order: the orders docs/trend.md documents, pair by pair. */
static void test_order(void)
{
	/* the example */
	T_CHECK(lt("2.5.41", "2.5.41-mm1"));
	T_CHECK(lt("2.5.41-mm1", "2.5.42-rc1"));
	T_CHECK(lt("2.5.42-rc1", "2.5.42"));
	T_CHECK(lt("2.5.41", "2.5.42"));
	/* numbers as numbers, missing components first */
	T_CHECK(lt("2.5.9", "2.5.10"));
	T_CHECK(lt("2.6", "2.6.0"));
	T_CHECK(lt("2.6.8", "2.6.8.1"));
	T_CHECK(lt("2.6.8.1", "2.6.9-rc1"));
	T_CHECK(lt("2.6.8.1", "2.6.8.1-mm4"));
	T_CHECK(lt("3.0", "10.0"));
	T_CHECK(lt("6.9.12", "6.10-rc1"));
	/* pre-releases: pre < test < rc < release, by number */
	T_CHECK(lt("2.4.20-pre3", "2.4.20-pre11"));
	T_CHECK(lt("2.4.20-pre11", "2.4.20-rc1"));
	T_CHECK(lt("2.6.0-test4", "2.6.0-test11"));
	T_CHECK(lt("2.6.0-test11", "2.6.0"));
	T_CHECK(lt("2.6.0-rc2", "2.6.0-rc10"));
	T_CHECK(lt("5.4.0-rc", "5.4.0-rc1"));
	T_CHECK(lt("v6.1-rc3", "v6.1"));
	/* a patch set on a pre-release sits between it and the next */
	T_CHECK(lt("2.6.0-test4", "2.6.0-test4-mm4"));
	T_CHECK(lt("2.6.0-test4-mm4", "2.6.0-test5"));
	T_CHECK(lt("2.6.0-rc1-mm1", "2.6.0-rc2"));
	/* patch sets: in natural order, by name first */
	T_CHECK(lt("2.5.41-mm1", "2.5.41-mm2"));
	T_CHECK(lt("2.5.41-mm3", "2.5.41-mm3s"));
	T_CHECK(lt("2.5.41-mm3s", "2.5.41-mm10"));
	T_CHECK(lt("2.4.21-ac1", "2.4.21-mm1"));
	T_CHECK(lt("2.4.21-ac2", "2.4.21-ac10"));
	T_CHECK(lt("2.5.59", "2.5.59-mjb3"));
	/* distribution kernels */
	T_CHECK(lt("5.15.0-45-generic", "5.15.0-105-generic"));
	T_CHECK(lt("6.18.44-fc-v999", "6.18.44-fc-v1045"));
	T_CHECK(lt("6.18.44-fc-v1045", "6.18.45"));
	T_CHECK(lt("6.18.44", "6.18.44-generic"));
	T_CHECK(lt("6.1.0-rc3", "6.1.0-rc3+"));
	T_CHECK(lt("6.18.44-generic+vm.swappiness=10", "6.18.44-generic+vm.swappiness=100"));
	/* a v before it changes nothing; equal versions compare 0 */
	T_CHECK(kernel_version_label_cmp("v2.6.8", "2.6.8") == 0);
	T_CHECK(kernel_version_label_cmp("2.6.8", "2.6.8") == 0);
	/* versions before labels that are not; those compare 0 among themselves */
	T_CHECK(lt("99.0", "a"));
	T_CHECK(lt("2.6.8", "2.6.x"));
	T_CHECK(kernel_version_label_cmp("a", "b") == 0);
	T_CHECK(kernel_version_label_cmp("dflt", "2.6") > 0);
}

/* test_natcmp: natural order of tails. */
static void test_natcmp(void)
{
	T_CHECK(kernel_version_natcmp("", "") == 0);
	T_CHECK(kernel_version_natcmp("", "a") < 0);
	T_CHECK(kernel_version_natcmp("mm9", "mm10") < 0);
	T_CHECK(kernel_version_natcmp("mm010", "mm10") == 0);
	T_CHECK(kernel_version_natcmp("mm10", "mm9") > 0);
	T_CHECK(kernel_version_natcmp("ab", "abc") < 0);
	T_CHECK(kernel_version_natcmp("a1b2", "a1b10") < 0);
	T_CHECK(kernel_version_natcmp("99999999999999999999", "100000000000000000000") < 0);   /* longer than a long */
}

static int cmp_labels(const void *a, const void *b)
{
	return kernel_version_label_cmp(*(const char *const *)a, *(const char *const *)b);
}

/* test_sort: a shuffled series sorts into its release order. */
static void test_sort(void)
{
	const char *v[] = { "2.5.42", "2.5.41-mm3s", "2.5.42-rc1", "2.5.41", "2.5.41-mm10", "2.5.41-mm1",
	                    "2.5.42-rc2", "2.5.41-mm3", "2.5.41-mm2" };
	const char *want[] = { "2.5.41", "2.5.41-mm1", "2.5.41-mm2", "2.5.41-mm3", "2.5.41-mm3s",
	                       "2.5.41-mm10", "2.5.42-rc1", "2.5.42-rc2", "2.5.42" };
	size_t n = sizeof v / sizeof v[0];

	qsort(v, n, sizeof v[0], cmp_labels);
	for (size_t i = 0; i < n; i++)
		T_STREQ(v[i], want[i]);
}

int main(void)
{
	test_parse();
	test_order();
	test_natcmp();
	test_sort();
	return t_done();
}
