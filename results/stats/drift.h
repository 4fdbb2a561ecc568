/* drift.h: a trend through a series of measurements in the order they were made: Spearman's rank correlation with the run order, its p-value, and how far the series moved. */
#ifndef CONTEST_DRIFT_H
#define CONTEST_DRIFT_H

/* The fewest values a trend is tested on. */
#define DRIFT_MIN_N 5
/* The two-sided level of the test, shared by every series tested together
 * (Bonferroni: each of k series is judged at DRIFT_ALPHA / k). */
#define DRIFT_ALPHA 0.05

struct drift {
	int n;          /* values tested (finite ones) */
	double rho;     /* Spearman's rank correlation with the order, NaN when n < DRIFT_MIN_N */
	double p;       /* its two-sided p-value: exact (every order of the ranks) up to
	                 * DRIFT_EXACT_N values, Student's t with n - 2 degrees of freedom beyond */
	double pct;     /* the move over the series: the Theil-Sen slope (the median of the
	                 * pairwise slopes) x (n - 1), in percent of the median; NaN when n < 2 */
};
#define DRIFT_EXACT_N 8

/* drift_test: the trend of v[0..n) (NaN values left out, the others in the
 * order given) into d. */
void drift_test(const double *v, int n, struct drift *d);

/* drift_sig: 1 when d is a trend at DRIFT_ALPHA shared by k series. */
int drift_sig(const struct drift *d, int k);

#endif
