/* undo.c: one table of the machine changes in force, each undoing itself, walked last first by every way out. */
#include "contest/sys/undo.h"
#include "lib/shm.h"

#include <stdalign.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One change: its undo action (NULL once undone or forgotten) and what it
 * needs. Function pointers hold in the watcher: it is a fork of contest. */
struct entry {
	undo_fn fn;
	alignas(max_align_t) unsigned char state[UNDO_STATE_MAX];
};

/* The changes in order of making; n is one past the last live one. */
struct table {
	size_t n;
	struct entry e[UNDO_MAX];
};
static struct table own, *tab = &own;
static pid_t owner;

int undo_share(void)
{
	struct table *sh = shm_copy(tab, sizeof *tab);

	if (sh == NULL)
		return -1;
	tab = sh;
	return 0;
}

/* at_exit: undo what this process changed, whatever way it leaves. */
static void at_exit(void)
{
	if (getpid() == owner)
		undo_all();
}

void *undo_push(undo_fn fn, const void *state, size_t size)
{
	struct entry *e;

	if (tab->n == UNDO_MAX || size > UNDO_STATE_MAX)
		return NULL;
	if (owner == 0) {
		owner = getpid();
		atexit(at_exit);
	}
	e = &tab->e[tab->n];
	memset(e->state, 0, sizeof e->state);
	memcpy(e->state, state, size);
	e->fn = fn;
	/* whole before it counts: the watcher may read it after a kill -9 */
	atomic_signal_fence(memory_order_seq_cst);
	tab->n++;
	return e->state;
}

void *undo_find(undo_fn fn, size_t i)
{
	for (size_t k = 0; k < tab->n; k++)
		if (tab->e[k].fn == fn && i-- == 0)
			return tab->e[k].state;
	return NULL;
}

/* entry_of: the live entry whose state is at state, or NULL. */
static struct entry *entry_of(const void *state)
{
	for (size_t k = 0; k < tab->n; k++)
		if (tab->e[k].fn != NULL && (const void *)tab->e[k].state == state)
			return &tab->e[k];
	return NULL;
}

/* drop: forget e (marked, never moved: a kill -9 mid-way leaves no torn
 * entry), and the forgotten ones at the end of the table. */
static void drop(struct entry *e)
{
	e->fn = NULL;
	atomic_signal_fence(memory_order_seq_cst);
	while (tab->n > 0 && tab->e[tab->n - 1].fn == NULL)
		tab->n--;
}

int undo_one(void *state)
{
	struct entry *e = entry_of(state);
	int rc;

	if (e == NULL)
		return 0;
	rc = e->fn(e->state);
	drop(e);  /* after the undo: a kill -9 before it leaves it to the watcher */
	return rc;
}

void undo_forget(void *state)
{
	struct entry *e = entry_of(state);

	if (e != NULL)
		drop(e);
}

int undo_all(void)
{
	int failed = 0;

	for (size_t k = tab->n; k-- > 0;)
		if (tab->e[k].fn != NULL && undo_one(tab->e[k].state) != 0)
			failed++;
	return failed;
}
