/* evidence.h: per-run system evidence: reclaim, swap and fault counters, pressure stall totals, context switches. */
#ifndef CONTEST_EVIDENCE_H
#define CONTEST_EVIDENCE_H

#include <stddef.h>
#include "results/record/evnames.h"

/* Use: ev_snap_read(&a, "/proc") before a run, ev_snap_read(&b, "/proc")
 * after it, ev_delta(&a, &b, &d): d holds what happened during the run.
 * Every figure is a double; NaN means "not available" (file missing or
 * unreadable, field absent or malformed, counter went backwards), never 0.
 * ev_fields[] names the figures in a fixed order, for records and reports:
 * for (size_t i = 0; i < EV_NFIELDS; i++)
 *         printf("%s=%g\n", ev_fields[i].name, ev_get(&d, i));
 * The parsers take a file's whole text (NULL for a missing file), so tests
 * can feed fixed text. Nothing here keeps state; all of it is thread-safe. */

/* The figures, one double each, named by REC_EV_SYS of results/record/evnames.h
 * (what each one counts is said there): /proc/vmstat event counts, the
 * total= of /proc/pressure/{cpu,memory,io}'s some and full lines in
 * microseconds, and /proc/stat's context switches. */
#define EV_MEMBER(id, name) double name;
struct ev_snap {
	REC_EV_SYS(EV_MEMBER)
};
#undef EV_MEMBER

/* One figure: its name ("pgmajfault", "psi_mem_full", ...) and place. */
struct ev_field {
	const char *name;
	size_t off;              /* offsetof(struct ev_snap, ...) */
};

#define EV_NFIELDS REC_EV_SYS_N
extern const struct ev_field ev_fields[EV_NFIELDS];

/* ev_get: figure i (index into ev_fields) of s; NaN when i is out of range. */
double ev_get(const struct ev_snap *s, size_t i);

/* ev_snap_init: every figure NaN. */
void ev_snap_init(struct ev_snap *s);

/* ev_parse_vmstat: the vmstat figures of s from the text of /proc/vmstat
 * ("name value" lines). Figures whose line is absent or malformed become
 * NaN; allocstall is the sum of every line whose name starts with
 * "allocstall" (allocstall_dma32, allocstall_normal, ... or the single
 * allocstall of kernels before 4.10), NaN when there is none or one of them
 * is malformed. text NULL: all NaN. Other figures of s are left alone. */
void ev_parse_vmstat(const char *text, struct ev_snap *s);

/* ev_parse_psi: the total= values (microseconds) of the "some" and "full"
 * lines of a /proc/pressure/ file's text into *some and *full; NaN for a
 * line that is absent or malformed, or when text is NULL. */
void ev_parse_psi(const char *text, double *some, double *full);

/* ev_parse_stat: s->ctxt from the text of /proc/stat ("ctxt N" line); NaN
 * when absent or malformed or text is NULL. Other figures are left alone. */
void ev_parse_stat(const char *text, struct ev_snap *s);

/* ev_snap_read: fill s from procroot's vmstat, pressure/cpu, pressure/memory,
 * pressure/io and stat (procroot "/proc" in the product). Never fails as a
 * whole: the figures of a file that cannot be read are NaN. Returns the
 * number of those five files that could not be read (0 when all were). */
int ev_snap_read(struct ev_snap *s, const char *procroot);

/* ev_delta: out = b - a per figure; NaN where either side is NaN or the
 * counter went backwards (b < a: a reset or a wrapped counter). out may be
 * a or b. */
void ev_delta(const struct ev_snap *a, const struct ev_snap *b, struct ev_snap *out);

#endif
