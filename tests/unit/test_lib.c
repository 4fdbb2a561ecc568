/* test_lib.c: unit tests of the ground floor lib/: the growable array. */
#include "lib/array.h"
#include "tests/unit/t.h"

#include <stdint.h>
#include <stdlib.h>

/* test_array_grow: room as asked, doubling from first, contents kept, overflow refused. */
static void test_array_grow(void)
{
	int *v = NULL, *nv;
	size_t cap = 0;

	nv = array_grow(v, &cap, 1, sizeof *v, 4);
	T_CHECK(nv != NULL && cap == 4);
	v = nv;
	for (int i = 0; i < 4; i++)
		v[i] = i * 10;
	T_CHECK(array_grow(v, &cap, 4, sizeof *v, 4) == v && cap == 4);
	nv = array_grow(v, &cap, 5, sizeof *v, 4);
	T_CHECK(nv != NULL && cap == 8);
	v = nv;
	T_CHECK(v[0] == 0 && v[3] == 30);
	nv = array_grow(v, &cap, 33, sizeof *v, 4);
	T_CHECK(nv != NULL && cap == 64);
	v = nv;
	T_CHECK(v[3] == 30);
	T_CHECK(array_grow(v, &cap, SIZE_MAX / 2 + 2, sizeof *v, 4) == NULL && cap == 64);
	T_CHECK(array_grow(v, &cap, SIZE_MAX / 4, sizeof *v, 4) == NULL && cap == 64);
	free(v);

	cap = 0;
	v = array_grow(NULL, &cap, 3, sizeof *v, 0);
	T_CHECK(v != NULL && cap == 4);
	free(v);
}

int main(void)
{
	test_array_grow();
	return t_done();
}
