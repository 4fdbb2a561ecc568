/* t.h: a minimal unit-test harness; each test program ends with "N passed, N failed". */
#ifndef CONTEST_T_H
#define CONTEST_T_H

#include <stdio.h>
#include <string.h>

static int t_pass, t_fail;

/* T_CHECK: count one assertion; print where it failed. */
#define T_CHECK(cond) do { \
	if (cond) t_pass++; \
	else { t_fail++; fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); } \
} while (0)

/* T_STREQ: two strings equal; prints both when not. */
#define T_STREQ(a, b) do { \
	const char *t_a = (a), *t_b = (b); \
	if (t_a && t_b && strcmp(t_a, t_b) == 0) t_pass++; \
	else { t_fail++; fprintf(stderr, "FAIL %s:%d: %s == %s\n--- got:\n%s\n--- want:\n%s\n", \
		__FILE__, __LINE__, #a, #b, t_a ? t_a : "(null)", t_b ? t_b : "(null)"); } \
} while (0)

/* T_NEAR: |a - b| <= eps. */
#define T_NEAR(a, b, eps) do { \
	double t_x = (a), t_y = (b); \
	if (t_x - t_y <= (eps) && t_y - t_x <= (eps)) t_pass++; \
	else { t_fail++; fprintf(stderr, "FAIL %s:%d: %s = %.6g, want %.6g\n", __FILE__, __LINE__, #a, t_x, t_y); } \
} while (0)

/* t_done: print the closing line and return the exit status for main. */
static inline int t_done(void)
{
	printf("%d passed, %d failed\n", t_pass, t_fail);
	return t_fail ? 1 : 0;
}

#endif
