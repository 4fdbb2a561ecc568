/* lmbench_summary.h: lmbench's own results read as microbenchmark runs: its summary (as printed, or pasted into a mail with its spacing or line breaks lost) or lmbench 3's results file. */
#ifndef CONTEST_LMSUM_H
#define CONTEST_LMSUM_H

#include <stddef.h>
#include "results/record/micro_record.h"

/* lmbench_summary_parse: the lmbench figures of text (n bytes; NUL bytes count as
 * blanks) appended to out as runs of label. A summary row is one run; the
 * rows of one Host and OS in one summary are the runs of one label: label
 * itself when the text holds one such group, else label.1, label.2, ... in
 * the order they first appear. lmbench 3's results file (it starts with
 * "[lmbench3.0 results for") is one run of label. Run numbers continue
 * after the label's runs already in out. Each run has a line for every
 * metric of the summary sections the text has for it, NaN with the reason
 * where the cell is blank; none for sections it lacks. 0, or -1 with what
 * is wrong in msg (size len): not an lmbench summary or results file, a
 * label too long, out of memory. */
int lmbench_summary_parse(const char *text, size_t n, const char *label, struct micro_record_set *out, char *msg,
                size_t len);

/* lmbench_summary_read: lmbench_summary_parse of the file at path (at most 16 MiB); -1 also
 * when it cannot be read (errno's words in msg). */
int lmbench_summary_read(const char *path, const char *label, struct micro_record_set *out, char *msg, size_t len);

/* lmbench_summary_is: 1 when m was read from lmbench's results (its mode "lmbench";
 * its placement "as lmbench ran"). */
int lmbench_summary_is(const struct micro_record *m);

#endif
