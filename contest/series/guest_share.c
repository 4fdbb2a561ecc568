/* guest_share.c: what a guest is given and what is taken back from it: paths escaped for QEMU's option lists, the random token of its init's lines, its exit status read from its console by that token alone, and its results share: a fresh staging folder from which only the run's own record is imported into the results. */
#include "contest/series/guest_share.h"
#include "contest/series/launch.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "results/record/store.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#define MARK "contest-guest: "

int guest_opt_escape(const char *in, char *out, size_t len)
{
	size_t n = 0;

	for (; *in; in++) {
		if (n + (*in == ',' ? 2 : 1) >= len)
			return -1;
		if (*in == ',')
			out[n++] = ',';
		out[n++] = *in;
	}
	if (n >= len)
		return -1;
	out[n] = '\0';
	return 0;
}

int guest_token(char *out)
{
	unsigned char b[GUEST_TOKEN_LEN / 2];
	size_t got = 0;
	ssize_t r;

	while (got < sizeof b) {
		if ((r = getrandom(b + got, sizeof b - got, 0)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		got += (size_t)r;
	}
	for (size_t i = 0; i < sizeof b; i++)
		snprintf(out + 2 * i, 3, "%02x", b[i]);
	return 0;
}

/* exit_of: the N of "N" at p up to the line's end (CRs and blanks
 * allowed before it): 0 to 255, else -1. */
static int exit_of(const char *p)
{
	int n = 0, digits = 0;

	for (; *p >= '0' && *p <= '9'; p++, digits++)
		if ((n = n * 10 + (*p - '0')) > 255)
			return -1;
	while (*p == '\r' || *p == ' ')
		p++;
	return digits > 0 && digits <= 3 && (*p == '\n' || *p == '\0') ? n : -1;
}

int guest_console_scan(const char *console, const char *token, int *booted)
{
	char mark[sizeof MARK + GUEST_TOKEN_LEN + 8];
	size_t ml;
	int status = -1;

	*booted = 0;
	ml = (size_t)snprintf(mark, sizeof mark, MARK "%s ", token);
	if (token[0] == '\0' || ml >= sizeof mark)
		return -1;
	for (const char *l = console; l != NULL && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		while (*l == '\r')
			l++;
		if (strncmp(l, mark, ml) != 0)
			continue;
		if (strncmp(l + ml, "command at ", 11) == 0)
			*booted = 1;
		else if (strncmp(l + ml, "exit ", 5) == 0)
			status = exit_of(l + ml + 5);
	}
	return status;
}

int guest_run_status(int status)
{
	if (status < 0 || status > 255)
		return LAUNCH_ERROR;
	return status == 130 ? 1 : status;
}

int guest_stage_make(const char *gdir, char *out, size_t olen, char *why, size_t len)
{
	char err[200] = "";
	int fd = fs_dir_open(gdir, err, sizeof err), sfd = -1;

	if (fd < 0 || fs_rm_at(fd, GUEST_STAGE) != 0 || (sfd = fs_mkdir_at(fd, GUEST_STAGE, 0700)) < 0 ||
	    fchmod(sfd, 0700) != 0 || fs_path(out, olen, "%s/" GUEST_STAGE, gdir) != 0) {
		text_fmt(why, len, "cannot make the guest's results share %s/" GUEST_STAGE ": %s", gdir,
		         err[0] ? err : strerror(errno));
		if (sfd >= 0)
			close(sfd);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(sfd);
	close(fd);
	return 0;
}

/* stage_remove: DIR/guest/stage removed, never following a link. */
static void stage_remove(const char *gdir)
{
	char err[200];
	int fd = fs_dir_open(gdir, err, sizeof err);

	if (fd >= 0) {
		fs_rm_at(fd, GUEST_STAGE);
		close(fd);
	}
}

/* last_run: the label's last run of load in dir (0 none); -1 unreadable. */
static int last_run(const char *dir, const char *label, const char *load)
{
	struct rec_set s = { 0 };
	int last = 0;

	if (store_read_label(dir, label, &s) != 0)
		return -1;
	for (size_t i = 0; i < s.n; i++)
		if (strcmp(s.v[i].load, load) == 0 && s.v[i].run > last)
			last = s.v[i].run;
	rec_set_free(&s);
	return last;
}

/* env_import: the last environment block the run left in the staging
 * folder stage, its key=value lines only, appended to the results' for
 * label at timestamp ts. Nothing when there is none (it is no record). */
static void env_import(const char *stage, const char *results, const char *label, const char *ts)
{
	char *text = NULL, *out, *l, *save = NULL;
	size_t n = 0;

	if (store_env_last(stage, label, &text) != 0 || text == NULL || (out = malloc(strlen(text) + 2)) == NULL) {
		free(text);
		return;
	}
	for (l = strtok_r(text, "\n", &save); l != NULL; l = strtok_r(NULL, "\n", &save))
		if (l[0] != '@' && strchr(l, '=') != NULL && l[0] != '=')
			n += (size_t)sprintf(out + n, "%s\n", l);
	if (n > 0 && store_env_append(results, label, ts, out) != 0)
		fprintf(stderr, "contest: cannot record the environment of %s's guest run in %s\n", label, results);
	free(out);
	free(text);
}

int guest_stage_import(const struct series_run *run, const char *gdir, int take, char *why, size_t len)
{
	const char *label = run->kernel->label, *load = run->load, *results = run->results;
	char stage[PATH_MAX];
	struct rec_set s = { 0 };
	const struct rec *got = NULL;
	struct rec r;
	struct utsname u;
	int last, rc = 0;

	if (fs_path(stage, sizeof stage, "%s/" GUEST_STAGE, gdir) != 0)
		return 0;
	if (take && store_read_label(stage, label, &s) == 0)
		for (size_t i = 0; i < s.n; i++)
			if (strcmp(s.v[i].label, label) == 0 && strcmp(s.v[i].load, load) == 0 &&
			    strcmp(s.v[i].series, run->id) == 0 && s.v[i].round == run->round)
				got = &s.v[i];
	if (got != NULL) {
		r = *got;
		if (uname(&u) == 0)   /* the machine it ran on, not the guest's own name ("(none)") */
			text_copy(r.host, u.nodename, sizeof r.host);
		if ((last = last_run(results, label, load)) < 0) {
			text_fmt(why, len, "cannot read %s's records in %s", label, results);
			rc = -1;
		} else {
			r.run = last + 1;
			if (store_append(results, &r) != 0) {
				text_fmt(why, len, "cannot record %s's %s run from its guest in %s: %s", label, load,
				         results, strerror(errno));
				rc = -1;
			} else {
				env_import(stage, results, label, r.timestamp);
				rc = 1;
			}
		}
	}
	rec_set_free(&s);
	stage_remove(gdir);
	return rc;
}
