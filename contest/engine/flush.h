/* flush.h: the cache flush before a run (sync, then drop_caches), in a child an interrupt need not wait for. */
#ifndef CONTEST_FLUSH_H
#define CONTEST_FLUSH_H

/* What flush_run did. */
enum flush_result {
	FLUSH_DONE,    /* synced and dropped page cache, dentries and inodes */
	FLUSH_FAILED,  /* not flushed: the child, or drop_caches, failed (errno in err) */
	FLUSH_INTR,    /* interrupted before the flush started */
	FLUSH_LEFT     /* interrupted while it ran: the sync goes on in the background */
};

/* flush_run: sync, then write 3 to /proc/sys/vm/drop_caches, in a child
 * (own process group, guarded, outside the memory group of --confine,
 * dying with contest, in / with stdio on /dev/null), waited for until it
 * ends or an interrupt comes (sig_caught). On an interrupt the child is
 * not waited for: the sync, which no signal ends, finishes on its own, and
 * the child exits when it returns (it is reaped once contest is gone).
 * With CONTEST_SELFTEST_FLUSH=SECONDS set, the child first sleeps that
 * long (a slow sync, for tests/e2e/flushintr.sh). */
enum flush_result flush_run(int *err);

#endif
