/* safety.c: the series' trust checks (its folder, journal, program and contest-init: root's alone), its own log opened without following links, and a series taken down through its boot unit when its journal cannot be read or trusted. */
#include "contest/series/safety.h"
#include "contest/series/trusted.h"
#include "contest/series/boot.h"
#include "contest/series/unit.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>
#include <unistd.h>

int series_trust_dir(const char *dir, char *why, size_t len)
{
	static const char *const files[] = { "journal", "journal.old", "lock", "stop", SERIES_LOG, "guest" };
	char path[PATH_MAX];
	struct stat st;

	if (lstat(dir, &st) != 0 && errno == ENOENT) {
		text_fmt(why, len, "no series in %s (no such folder)", dir);
		errno = ENOENT;
		return -1;
	}
	if (series_trust("the journal folder", dir, TRUST_DIR, why, len) != 0)
		return -1;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		if (fs_path(path, sizeof path, "%s/%s", dir, files[i]) != 0) {
			text_fmt(why, len, "the journal folder %s: path too long", dir);
			return -1;
		}
		if (series_trust("the journal folder", path, TRUST_PARENT, why, len) != 0)
			return -1;
	}
	return 0;
}

int series_trust_plan(const struct series_journal *j, char *why, size_t len)
{
	const struct boot_driver *d = boot_driver_find(j->driver);

	if (series_trust("the contest program of the series", j->program, TRUST_FILE, why, len) != 0)
		return -1;
	return d != NULL && d->trust != NULL ? d->trust(j->program, why, len) : 0;
}

int series_log_open(const char *dir)
{
	char path[PATH_MAX];
	struct stat st;
	int fd;

	if (fs_path(path, sizeof path, "%s/%s", dir, SERIES_LOG) != 0)
		return -1;
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	fflush(NULL);
	if (dup2(fd, 1) < 0 || dup2(fd, 2) < 0) {
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

/* say: one line on stderr and to syslog. */
static void say(const char *line)
{
	warnx("series: %s", line);
	openlog("contest-series", LOG_PID, LOG_DAEMON);
	syslog(LOG_WARNING, "%s", line);
	closelog();
}

int series_orphan(const char *dir, const char *root, const char *what)
{
	char unit[PATH_MAX], journal[PATH_MAX], driver[32], why[512], line[2 * PATH_MAX + 1024];
	struct boot_ctx bc = { .root = root };
	const struct boot_driver *d;
	int ok = 1;

	if (series_unit_read(root, unit, sizeof unit, journal, sizeof journal, driver, sizeof driver) != 0 ||
	    strcmp(journal, dir) != 0) {
		text_fmt(line, sizeof line, "%s; %s", what, unit[0] ? "the boot unit installed is not this series'"
		         " (it names another journal folder, or none)" : "no boot unit of a series is installed");
		say(line);
		return 2;
	}
	if ((d = boot_driver_find(driver)) != NULL && d->disarm != NULL && d->disarm(&bc, why, sizeof why) != 0) {
		text_fmt(line, sizeof line, "%s; cannot disarm the next boot (%s): %s", what, driver, why);
		say(line);
		ok = 0;
	}
	if (series_unit_remove(root, why, sizeof why) != 0) {
		text_fmt(line, sizeof line, "%s; cannot remove the boot unit %s: %s", what, unit, why);
		say(line);
		return 1;
	}
	text_fmt(line, sizeof line, "%s; removed its boot unit %s%s%s, so the machine boots its default kernel",
	         what, unit, ok && d ? " and disarmed its next boot through " : "", ok && d ? driver : "");
	say(line);
	return ok ? 0 : 1;
}
