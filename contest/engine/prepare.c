/* prepare.c: what runs before the timed compile in a child an interrupt ends at once: a load's files, the built-in tree. */
#include "contest/engine/prepare.h"
#include "contest/engine/sig.h"
#include "contest/sys/lock.h"
#include "lib/text.h"
#include "workload/builtin.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

/* What a child preparing a load shares with contest. */
struct prep_job {
	const struct load_desc *d;
	const struct load_env *env;
	struct load_prep prep;
	char why[256];
};

/* prep_fn: in the child: the load's prepare. */
static int prep_fn(void *arg)
{
	struct prep_job *j = arg;
	return j->d->prepare(j->env, &j->prep, j->why, sizeof j->why);
}

int prepare_load(const struct load_desc *d, const struct load_env *env, struct load_prep *prep,
                 char *why, size_t len)
{
	struct prep_job *j = mmap(NULL, sizeof *j, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int rc;

	if (j == MAP_FAILED) {
		text_fmt(why, len, "%s: cannot prepare it: %s", d->name, strerror(errno));
		return -1;
	}
	j->d = d;
	j->env = env;
	j->prep = *prep;
	j->why[0] = '\0';
	rc = sig_in_child(prep_fn, j, j->why, sizeof j->why);
	*prep = j->prep;
	if (rc == -2)
		text_fmt(why, len, "%s: preparing it: %s", d->name, j->why);
	else
		text_copy(why, j->why, len);
	munmap(j, sizeof *j);
	return rc == -2 ? -1 : rc;
}

int prepare_load_shown(const struct load_desc *d, const struct load_env *env, struct load_prep *prep,
                       struct progress *prog, char *why, size_t len)
{
	int rc;

	progress_wait_begin(prog);
	rc = prepare_load(d, env, prep, why, len);
	progress_wait_end(prog);
	return rc;
}

void prepare_cleanup(const struct load_desc *d, const struct load_env *env, const struct load_prep *prep,
                     struct progress *prog)
{
	if (d->cleanup == NULL)
		return;
	progress_wait_begin(prog);
	d->cleanup(env, prep);
	progress_wait_end(prog);
}

/* What the child generating the built-in tree shares with contest. */
struct tree_job {
	const char *testbed, *scale;
	char dir[PATH_MAX];
	char why[512];
	int generating;           /* set by the child once the check found no tree to reuse */
};

/* tree_fn: in the child: check for a complete tree, generate it when missing. */
static int tree_fn(void *arg)
{
	struct tree_job *j = arg;

	if (!builtin_ready(j->testbed, j->scale))
		j->generating = 1;
	return builtin_prepare(j->testbed, j->scale, j->dir, sizeof j->dir, j->why, sizeof j->why);
}

int prepare_tree(const char *testbed, const char *scale, char *dir, size_t dirlen, char *why,
                 size_t len)
{
	struct tree_job *j = mmap(NULL, sizeof *j, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	time_t t0;
	int rc;

	if (j == MAP_FAILED) {
		text_fmt(why, len, "cannot generate the built-in workload: %s", strerror(errno));
		return -1;
	}
	j->testbed = testbed;
	j->scale = scale;
	j->dir[0] = j->why[0] = '\0';
	j->generating = 0;
	t0 = time(NULL);
	rc = sig_in_child(tree_fn, j, j->why, sizeof j->why);
	if (rc == 1)
		lock_sweep(testbed, 0, t0 - 1);  /* the half-generated tree */
	if (rc == 1)
		text_copy(why, j->generating ? "generating the built-in workload" :
		          "checking the existing built-in workload", len);
	else if (rc == -2)
		text_fmt(why, len, "generating the built-in workload in %s: %s", testbed, j->why);
	else
		text_copy(why, j->why, len);
	text_copy(dir, j->dir, dirlen);
	munmap(j, sizeof *j);
	return rc == -2 ? -1 : rc;
}
