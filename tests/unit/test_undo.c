/* test_undo.c: the undo table of machine changes: walked last made first, each forgotten after its undo, shared with a forked watcher. */
#include "contest/sys/undo.h"
#include "tests/unit/t.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char trail[64];   /* the undo actions run, in order */

/* one: an undo action that notes its state's letter (and fails for 'x'). */
static int one(void *state)
{
	const char *c = state;
	size_t n = strlen(trail);

	if (n + 1 < sizeof trail) {
		trail[n] = *c;
		trail[n + 1] = '\0';
	}
	return *c == 'x' ? -1 : 0;
}

/* other: another kind of change, to find apart from one's. */
static int other(void *state)
{
	return one(state);
}

static void test_order(void)
{
	char *b;

	trail[0] = '\0';
	T_CHECK(undo_push(one, "a", 2) != NULL);
	T_CHECK((b = undo_push(other, "b", 2)) != NULL);
	T_CHECK(undo_push(one, "c", 2) != NULL);
	T_STREQ(undo_find(one, 1), "c");
	T_STREQ(undo_find(other, 0), "b");
	T_CHECK(undo_find(other, 1) == NULL);
	T_CHECK(undo_push(one, "d", UNDO_STATE_MAX + 1) == NULL);   /* too big */
	T_CHECK(undo_one(b) == 0);                                   /* one now, from the middle */
	T_STREQ(trail, "b");
	T_CHECK(undo_find(other, 0) == NULL);
	T_CHECK(undo_push(one, "x", 2) != NULL);
	T_CHECK(undo_all() == 1);                                    /* the failed one counted */
	T_STREQ(trail, "bxca");                                      /* last made first */
	T_CHECK(undo_all() == 0 && undo_find(one, 0) == NULL);       /* each forgotten */
	trail[0] = '\0';
	undo_forget(undo_push(one, "f", 2));                         /* a change that did not come */
	T_CHECK(undo_all() == 0);
	T_STREQ(trail, "");
}

static void test_full(void)
{
	size_t n = 0;

	while (undo_push(one, "n", 2) != NULL)
		n++;
	T_CHECK(n == UNDO_MAX);
	trail[0] = '\0';
	T_CHECK(undo_all() == 0 && strlen(trail) == UNDO_MAX);
}

/* test_shared: a forked child (the watcher) walks the shared table; the
 * parent then finds nothing left, and a child that exits undoes nothing. */
static void test_shared(void)
{
	int st = -1;
	pid_t kid;

	T_CHECK(undo_share() == 0);
	T_CHECK(undo_push(one, "s", 2) != NULL);
	fflush(stdout);
	if ((kid = fork()) == 0)
		exit(0);                                             /* no walk at a child's exit */
	waitpid(kid, &st, 0);
	T_STREQ(undo_find(one, 0), "s");
	if ((kid = fork()) == 0)
		_exit(undo_all() == 0 ? 0 : 1);                      /* as the watcher does */
	waitpid(kid, &st, 0);
	T_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	T_CHECK(undo_find(one, 0) == NULL);
}

int main(void)
{
	test_order();
	test_full();
	test_shared();
	return t_done();
}
