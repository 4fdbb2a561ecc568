/* tresults.h: the scaffolding the results tests share (test_results, test_store): scratch directory, stderr capture, a sample record. */
#ifndef CONTEST_TRESULTS_H
#define CONTEST_TRESULTS_H

#include "lib/text.h"
#include "results/record/record.h"
#include "tests/unit/t.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The scratch directory, made by main with mkdtemp. */
static char tmpdir[] = "/tmp/contest-test-results.XXXXXX";
static char errpath[PATH_MAX];
static int saved_stderr = -1;

/* write_file: create path with content s. */
static inline void write_file(const char *path, const char *s)
{
	FILE *f = fopen(path, "w");
	T_CHECK(f != NULL);
	if (f) {
		fputs(s, f);
		fclose(f);
	}
}

/* read_text: the whole file into a static buffer ("" when unreadable). */
static inline const char *read_text(const char *path)
{
	static char buf[65536];
	size_t n = 0;
	FILE *f = fopen(path, "r");
	if (f) {
		n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
	}
	buf[n] = '\0';
	return buf;
}

/* capture_begin: send stderr into a temp file until capture_end. */
static inline void capture_begin(void)
{
	int fd;
	fflush(stderr);
	snprintf(errpath, sizeof errpath, "%s/stderr.txt", tmpdir);
	fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	saved_stderr = dup(2);
	dup2(fd, 2);
	close(fd);
}

/* capture_end: restore stderr; returns what was written to it. */
static inline const char *capture_end(void)
{
	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
	const char *s = read_text(errpath);
	unlink(errpath);
	return s;
}

/* sample: a filled-in record. */
static inline void sample(struct rec *r, const char *label, int run)
{
	rec_init(r);
	text_copy(r->label, label, sizeof r->label);
	text_copy(r->load, "no_load", sizeof r->load);
	r->run = run;
	text_copy(r->timestamp, "2026-11-30T13:18:49.123456Z", sizeof r->timestamp);
	text_copy(r->host, "box", sizeof r->host);
	text_copy(r->kernel, "6.1.0", sizeof r->kernel);
	text_copy(r->version, "0.1.0", sizeof r->version);
	text_copy(r->workload, "builtin-1:tiny", sizeof r->workload);
	r->jobs = 8;
	r->mem = 2147483648ULL;
	r->flushed = 1;
	r->time = 79.25;
	r->cpu_pct = 93.7;
	r->loads = 0;
	r->lcpu_pct = 0;
}

/* The columns of the first contest-loads 1 files, and those added since. */
#define OLD_COLS "label\tload\trun\ttimestamp\thost\tkernel\tversion\tworkload\tjobs\tmem\t" \
                 "flushed\tstatus\treason\ttime\tcpu_pct\tloads\tlcpu_pct\tdetail"
#define EV_COLS  "pgmajfault\tpswpin\tpswpout\tpgscan_kswapd\tpgscan_direct\tpgsteal_kswapd\t" \
                 "pgsteal_direct\tallocstall\tpsi_cpu_some\tpsi_cpu_full\tpsi_mem_some\t" \
                 "psi_mem_full\tpsi_io_some\tpsi_io_full\tctxt\tc_majflt\tc_minflt\tc_nvcsw\t" \
                 "c_nivcsw\tprobe_n\tprobe_p50_us\tprobe_p99_us\tprobe_max_us"
/* the interference, quiet-start, canary and stop columns after them (files before them read them as na) */
#define INTF_COLS "\tforeign_pct\tsteal_pct\tsettle_s\tquiet\tcanary_s\tcanary_after_s" \
	"\tcanary_spread_pct\tcanary_after_spread_pct\tcpu_limit\tthrottled_pct\tstopped_s\tgap_s"

/* tr_end: remove the scratch directory; main's exit status (t_done). */
static inline int tr_end(void)
{
	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return t_done();
}

#endif
