/* swapfile.h: --swap SIZE: a swap file in the testbed, active for the invocation, always deactivated and removed afterwards. */
#ifndef CONTEST_SWAPFILE_H
#define CONTEST_SWAPFILE_H

#include <stddef.h>
#include <stdint.h>

#define SWAP_FILE "contest.swap"

/* swap_header: fill page (pagesize bytes) with the header of a version 1
 * swap area of bytes (what mkswap writes: the version, the last page, no
 * bad pages, a random UUID, and "SWAPSPACE2" at the end of the page). 0, or
 * -1 when bytes holds fewer than 10 pages. */
int swap_header(unsigned char *page, size_t pagesize, uint64_t bytes);

/* swap_start: create TESTBED/contest.swap of bytes (new, written through),
 * make it a swap area and activate it (swapon(2)); in the undo table
 * (contest/sys/undo.h) from its creation, which deactivates and removes it
 * on every way out. 0, or -1 with one line in why (not root; a file system
 * that cannot hold swap, named; no space). */
int swap_start(const char *testbed, uint64_t bytes, char *why, size_t len);

/* swap_describe: "536870912 bytes in TESTBED/contest.swap" while active, "". */
void swap_describe(char *buf, size_t len);

#endif
