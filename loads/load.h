/* load.h: the load descriptor every background load exports, and helpers for load bodies. */
#ifndef CONTEST_LOAD_H
#define CONTEST_LOAD_H

#include <limits.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* What a load may use. Strings are absolute or testbed-relative paths. */
struct load_env {
	const char *testbed;   /* directory for the load's own files */
	const char *other;     /* -o directory, or NULL */
	const char *tree;      /* source tree of the workload being compiled */
	uint64_t mem;          /* MEM in bytes */
	int cpus;              /* online CPUs */
};

/* Shared between the load's processes and the controller (MAP_SHARED). */
struct load_counter {
	_Atomic uint64_t work;  /* fine-grained work units done so far */
	_Atomic int failed;     /* set once by load_fail */
	char reason[200];       /* why the load failed, written before failed is set */
};

/* What prepare decided for this run; the body and cleanup see it too. */
struct load_prep {
	char detail[96];        /* what ran when it varies ("built-in emulation"); "" otherwise; recorded */
	double per_unit;        /* counter work per Loads unit; preset to the descriptor's */
	int mode;               /* load-private choice */
	char path[PATH_MAX];    /* load-private file, directory or tool */
};

enum {
	LOAD_F_NOPROC = 1 << 0,  /* no load process (no_load, cacherun) */
	LOAD_F_WARM   = 1 << 1,  /* caches stay warm: no flush, follows a compile */
	LOAD_F_HIDDEN = 1 << 2,  /* for tests: not listed, not in the default set */
	LOAD_F_OTHER  = 1 << 3,  /* needs -o: in the default set only when -o is given */
	LOAD_F_TREE   = 1 << 4,  /* uses the workload's source tree */
	LOAD_F_DISK   = 1 << 5,  /* writes files whose size is no multiple of MEM (disk_pct 0) */
	LOAD_F_KEEPS  = 1 << 6,  /* its file of disk_pct stays in the testbed for later runs */
	LOAD_F_EXTRA  = 1 << 7,  /* listed and run when named, but not in the default set (all) */
	LOAD_F_MAPFILE = 1 << 8, /* without swap, its memory is a shared mapping of a testbed
	                          * file, which the kernel reclaims by writing it back */
};

#define LOAD_FILES_MAX 4  /* names in load_desc.files */

struct load_desc {
	const char *name;
	const char *alias;      /* classic name, or NULL */
	const char *what;       /* one line: what it does */
	const char *unit;       /* one Loads unit, e.g. "100 MiB written" */
	double per_unit;        /* counter work per Loads unit */
	const char *work;       /* what one count of the counter is, e.g. "bytes written" */
	const char *needs;      /* what it needs, e.g. "disk space: MEM" */
	unsigned flags;
	unsigned disk_pct;      /* disk it needs in percent of MEM (100: MEM), in the testbed
	                         * (-o for LOAD_F_OTHER); 0: none, or see LOAD_F_DISK */
	/* files: the names the load makes in its directory (the testbed; the -o
	 * directory for LOAD_F_OTHER) and removes when it ends, temporary ones
	 * too, but not a documented reusable file: only a contest killed
	 * outright leaves them, and the next one removes them (lock_sweep in
	 * contest/sys/lock.c walks these). Ends at the first NULL. */
	const char *files[LOAD_FILES_MAX];
	/* kept: the documented reusable file (LOAD_F_KEEPS) it leaves in the
	 * testbed for later runs, of disk_pct of MEM, or NULL: what the plan
	 * finds already there and contest clean removes. */
	const char *kept;
	/* For the plan's first guess before a run of the workload is recorded
	 * (contest/estimate.h), as measured on the main job
	 * (docs/measurements.md: first guess):
	 * cost: the compile's Time under the load over its Time under no_load
	 * (0: taken as 1); prep_s: the seconds its prepare takes per GiB of
	 * MEM (writing its file; a kept file only when it is not there yet). */
	double cost;
	double prep_s;
	/* prepare: in the controller, untimed, before the load starts (and
	 * before caches are flushed): check needs (disk space, tools), create
	 * input files, fill prep. 0, or -1 with a one-line reason in errbuf
	 * (the run fails with it). May be NULL. */
	int (*prepare)(const struct load_env *env, struct load_prep *prep, char *errbuf, size_t errlen);
	/* body: in the load's own process (group leader); works until killed,
	 * adding to c->work. On any failure it calls load_fail. */
	void (*body)(const struct load_env *env, const struct load_prep *prep, struct load_counter *c);
	/* cleanup: in the controller after the load stopped (also after a
	 * failed prepare); removes every file of the run except documented
	 * reusable ones. May be NULL. */
	void (*cleanup)(const struct load_env *env, const struct load_prep *prep);
};

/* load_add: count n units of work done. */
static inline void load_add(struct load_counter *c, uint64_t n)
{
	atomic_fetch_add_explicit(&c->work, n, memory_order_relaxed);
}

/* load_fork: fork a worker process of the load that dies with its parent
 * (PR_SET_PDEATHSIG SIGKILL). Returns as fork() does. */
int load_fork(void);

/* load_fail: in a load's process: record why the load cannot go on
 * (formatted, first caller wins) and exit 1. The run is then failed with it. */
_Noreturn void load_fail(struct load_counter *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* load_supervise: in the leader after forking its workers (which work
 * forever): wait; when any worker ends, fail the load naming how. */
_Noreturn void load_supervise(struct load_counter *c);

/* load_run_tool: fork and exec argv (PATH search) as a worker with stdin
 * from /dev/null, stdout to out_fd (or /dev/null when -1), stderr to
 * /dev/null, and wait for it. Returns its wait status, or -1 (errno) when it
 * could not be started. */
int load_run_tool(char *const argv[], int out_fd);

/* load_run_logged: load_run_tool with its stdout and stderr both to log_fd
 * (a log the caller reads when it fails). */
int load_run_logged(char *const argv[], int log_fd);

/* load_spawn: fork and exec argv (PATH search) as a worker with stdin
 * from in_fd (-1: /dev/null), stdout to out_fd (-1: a new pipe) and stderr
 * to that pipe, whose read end goes to *rfd, in the working directory
 * dir_fd (-1: unchanged): a tool is given descriptors contest opened,
 * never a testbed path to resolve. Returns the pid, or -1 (errno) when it
 * could not be started. */
int load_spawn(char *const argv[], int in_fd, int out_fd, int dir_fd, int *rfd);

/* Files in the testbed (or -o): every load opens the directory with
 * load_dir and works relative to it: new files with O_CREAT|O_EXCL|
 * O_NOFOLLOW, new directories with fs_mkdir_at, never following a link
 * that is in the way, removing only its own entries (lib/fs.h). */

/* load_dir: fs_dir_open(dir) for load NAME; the descriptor, or -1 with
 * "NAME: reason" in errbuf. */
int load_dir(const char *name, const char *dir, char *errbuf, size_t errlen);

/* load_clear: remove the stale file or directory dir/file (dir open as dfd)
 * left by a killed run: a symbolic link goes (not its target), an entry of
 * contest's own goes, another user's is left. 0 (also when there is none),
 * or -1 with a one-line reason naming dir/file in errbuf. */
int load_clear(const char *name, int dfd, const char *dir, const char *file, char *errbuf,
               size_t errlen);

/* load_fresh: for load NAME about to make dir/file: open dir (load_dir),
 * remove a stale dir/file (load_clear) and check that bytes are free there
 * (load_need_space). The directory's descriptor, or -1 with the one-line
 * reason in errbuf. */
int load_fresh(const char *name, const char *dir, const char *file, uint64_t bytes, char *errbuf,
               size_t errlen);

/* load_cleanup: for a load's cleanup: remove dir/file as load_clear does,
 * with a warning naming it when that fails (not for another user's entry,
 * which prepare refused already). */
void load_cleanup(const char *name, const char *dir, const char *file);

/* load_need_space: 0 when dir's file system has bytes free (plus 5% and
 * 16 MiB of margin); else -1 with "NAME needs SIZE free in DIR, only SIZE
 * is" (or the statvfs error) in errbuf. */
int load_need_space(const char *name, const char *dir, uint64_t bytes, char *errbuf, size_t errlen);

/* load_space_need: the free bytes that writing bytes asks for: bytes plus
 * the margin load_need_space adds (5% and 16 MiB). */
uint64_t load_space_need(uint64_t bytes);

/* load_space_free: the bytes free for an unprivileged user in dir's file
 * system into *avail; 0, or -1 with errno (statvfs). */
int load_space_free(const char *dir, uint64_t *avail);

/* load_swap_active: 1 when /proc/swaps lists a swap area or sysinfo(2)
 * reports swap; else 0. */
int load_swap_active(void);

/* load_write_all: write len bytes of buf to fd at its offset, retrying
 * short writes and EINTR; 0, or -1 with errno (ENOSPC for a write of 0). */
int load_write_all(int fd, const void *buf, size_t len);

#endif
