/* test_settle.c: the quiet start's judgement: which windows count as quiet, and what is said of one that does not. */
#include "contest/engine/settle.h"
#include "tests/unit/t.h"

#include <math.h>

int main(void)
{
	char buf[160];
	struct settle_window w = { .foreign_pct = 1.0, .io_pct = 0.5, .dirty = 1 << 20 };

	T_CHECK(settle_quiet(&w));
	w.foreign_pct = -2.0;                       /* accounting noise below 0 */
	T_CHECK(settle_quiet(&w));
	w.foreign_pct = 5.0;                        /* at the threshold: not quiet */
	T_CHECK(!settle_quiet(&w));
	T_STREQ(settle_describe(&w, buf, sizeof buf), "other programs took 5% of one CPU");
	w.foreign_pct = 33.4;
	w.io_pct = 12.0;
	w.dirty = 120.0 * (1 << 20);
	T_CHECK(!settle_quiet(&w));
	T_STREQ(settle_describe(&w, buf, sizeof buf),
	        "other programs took 33% of one CPU; tasks waited on io 12% of the time; "
	        "120M dirty or under writeback");
	w = (struct settle_window){ .foreign_pct = 0, .io_pct = 0, .dirty = (double)SETTLE_DIRTY };
	T_CHECK(!settle_quiet(&w));
	T_STREQ(settle_describe(&w, buf, sizeof buf), "32M dirty or under writeback");
	/* a figure that is not available holds nothing back */
	w = (struct settle_window){ .foreign_pct = NAN, .io_pct = NAN, .dirty = NAN };
	T_CHECK(settle_quiet(&w));
	T_STREQ(settle_describe(&w, buf, sizeof buf), "");
	/* no bound: no wait, quiet by definition, figures NaN */
	double waited = 1;
	T_CHECK(settle_wait(0, &waited, &w) == 1 && waited == 0 && isnan(w.foreign_pct));
	return t_done();
}
