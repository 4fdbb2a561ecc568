/* undo.h: one table of the machine changes in force (sysctl values, the memory group, the swap file), each undoing itself; walked last first at the end, after a failure, on a signal, and by the watcher. */
#ifndef CONTEST_UNDO_H
#define CONTEST_UNDO_H

#include <limits.h>
#include <stddef.h>

#define UNDO_MAX       24              /* changes in force at once */
#define UNDO_STATE_MAX (PATH_MAX + 512) /* bytes of what one change needs to undo itself */

/* An undo action: put the machine back from state (what the change
 * registered, kept in the table); 0, or -1 when it cannot (said on stderr
 * with what to do by hand). It must be safe to run again on a change half
 * undone (the watcher repeats the one a kill -9 cut short). */
typedef int (*undo_fn)(void *state);

/* undo_push: register a change before making it (a kill -9 right after the
 * change then still has the watcher undo it): fn undoes it from a copy of
 * the size bytes at state. The first push makes the table walked at exit
 * by this process (never by a forked child). Returns the table's copy, to
 * keep up to date as the change goes on, or NULL when the table is full or
 * size is over UNDO_STATE_MAX. */
void *undo_push(undo_fn fn, const void *state, size_t size);

/* undo_find: the state of the i-th change in force made with fn (oldest
 * first), or NULL past the last. Valid until the next undo_share. */
void *undo_find(undo_fn fn, size_t i);

/* undo_one: undo the change whose state (from undo_push or undo_find) is
 * given, now, and forget it (after its undo ran). fn's result. */
int undo_one(void *state);

/* undo_forget: forget a change without undoing it (it did not come). */
void undo_forget(void *state);

/* undo_all: undo every change in force, last made first, each forgotten
 * only after its undo ran. The number that failed. */
int undo_all(void);

/* undo_share: keep the table in memory shared with processes forked from
 * now on (the watcher, which walks it if contest is killed outright:
 * guard.c). 0, or -1 when it cannot be mapped. */
int undo_share(void);

#endif
