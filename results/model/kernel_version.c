/* kernel_version.c: kernel version labels read and ordered as kernel versions (numbers, pre-releases, patch sets). */
#include "results/model/kernel_version.h"

#include <string.h>

#define KVER_DIGITS 9   /* digits of one component: fits unsigned long anywhere */

/* digits: the decimal number at *s (1 to KVER_DIGITS digits) into *out,
 * *s moved past it; -1 when there is none or it is too long. */
static int digits(const char **s, unsigned long *out)
{
	size_t n = strspn(*s, "0123456789");

	if (n == 0 || n > KVER_DIGITS)
		return -1;
	*out = 0;
	for (size_t i = 0; i < n; i++)
		*out = *out * 10 + (unsigned long)((*s)[i] - '0');
	*s += n;
	return 0;
}

/* prerelease: when s (after a '-') starts with "pre", "test" or "rc"
 * followed by digits or the end of the token, its kind and number into v
 * and the rest of the token returned; NULL when it is no pre-release. */
static const char *prerelease(const char *s, struct kernel_version *v)
{
	static const char *const kind[] = { "pre", "test", "rc" };

	for (int k = 0; k < 3; k++) {
		size_t n = strlen(kind[k]);
		const char *p = s + n;
		if (strncmp(s, kind[k], n) != 0)
			continue;
		v->prenum = 0;
		if (*p >= '0' && *p <= '9' && digits(&p, &v->prenum) != 0)
			return NULL;
		if (*p != '\0' && *p != '-' && *p != '+' && *p != '.' && *p != '_' && *p != '~')
			return NULL;   /* "-precise", "-rcu": a patch set's name */
		v->pre = k + 1;
		return p;
	}
	return NULL;
}

int kernel_version_parse(const char *label, struct kernel_version *v)
{
	const char *s = label, *rest;

	memset(v, 0, sizeof *v);
	v->pre = 4;
	if (*s == 'v')
		s++;
	for (;;) {
		if (v->nnums == KVER_NUMS || digits(&s, &v->nums[v->nnums]) != 0)
			return -1;
		v->nnums++;
		if (*s != '.')
			break;
		s++;
	}
	if (v->nnums < 2 || (*s != '\0' && strchr("-+_~", *s) == NULL))
		return -1;
	if (*s == '-' && (rest = prerelease(s + 1, v)) != NULL)
		s = rest;
	v->tail = s;
	return 0;
}

/* run_cmp: the digit runs at *a and *b (both start with a digit) as
 * numbers, both moved past theirs. */
static int run_cmp(const char **a, const char **b)
{
	while (**a == '0' && (*a)[1] >= '0' && (*a)[1] <= '9')
		(*a)++;
	while (**b == '0' && (*b)[1] >= '0' && (*b)[1] <= '9')
		(*b)++;
	size_t na = strspn(*a, "0123456789"), nb = strspn(*b, "0123456789");
	int c = na != nb ? (na < nb ? -1 : 1) : strncmp(*a, *b, na);

	*a += na;
	*b += nb;
	return c;
}

int kernel_version_natcmp(const char *a, const char *b)
{
	while (*a && *b) {
		int da = *a >= '0' && *a <= '9', db = *b >= '0' && *b <= '9';
		if (da && db) {
			int c = run_cmp(&a, &b);
			if (c != 0)
				return c;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return (*a != '\0') - (*b != '\0');
}

int kernel_version_cmp(const struct kernel_version *a, const struct kernel_version *b)
{
	for (int i = 0; i < a->nnums || i < b->nnums; i++) {
		if (i >= a->nnums || i >= b->nnums)
			return i >= a->nnums ? -1 : 1;
		if (a->nums[i] != b->nums[i])
			return a->nums[i] < b->nums[i] ? -1 : 1;
	}
	if (a->pre != b->pre)
		return a->pre < b->pre ? -1 : 1;
	if (a->prenum != b->prenum)
		return a->prenum < b->prenum ? -1 : 1;
	if ((a->tail[0] == '\0') != (b->tail[0] == '\0'))
		return a->tail[0] == '\0' ? -1 : 1;
	return kernel_version_natcmp(a->tail, b->tail);
}

int kernel_version_label_cmp(const char *a, const char *b)
{
	struct kernel_version x, y;
	int okx = kernel_version_parse(a, &x) == 0, oky = kernel_version_parse(b, &y) == 0;

	if (okx && oky)
		return kernel_version_cmp(&x, &y);
	return okx == oky ? 0 : okx ? -1 : 1;
}
