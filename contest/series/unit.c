/* unit.c: the boot unit that runs "contest series resume" at every boot of a series: a systemd service, or an init script without systemd. */
#include "contest/series/unit.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define UNIT     "contest-series.service"
#define SCRIPT   "contest-series"
#define SD_DIR   "/etc/systemd/system"
#define WANTS    SD_DIR "/multi-user.target.wants"
#define TEXT_MAX 8192
#define TAG_JOURNAL "# contest-series-journal: "   /* the unit's own lines: what a stop without */
#define TAG_DRIVER  "# contest-series-driver: "    /* its journal reads (series_unit_read) */

/* rc_dirs: the runlevels whose folders get the script's S99 link. */
static const char *const rc_dirs[] = { "/etc/rc2.d", "/etc/rc3.d", "/etc/rc4.d", "/etc/rc5.d" };

/* path_ok: path may be written into the unit: absolute, UTF-8, no control
 * byte. 0, or -1 with why naming what (the contest program, the journal). */
static int path_ok(const char *what, const char *path, char *why, size_t len)
{
	char q[TEXT_QUOTED];
	const unsigned char *s = (const unsigned char *)path;
	size_t n = strlen(path), k;

	if (path[0] != '/') {
		text_fmt(why, len, "the boot unit needs %s as an absolute path, not '%s'", what, text_quote(path, q, sizeof q));
		return -1;
	}
	for (size_t i = 0; i < n; i += k) {
		if (s[i] < 0x20 || s[i] == 0x7f || (k = text_utf8_len(s + i, n - i)) == 0) {
			text_fmt(why, len, "the boot unit cannot name %s '%s': a control byte or not UTF-8",
			         what, text_quote(path, q, sizeof q));
			return -1;
		}
	}
	return 0;
}

/* sd_program_ok: path can be systemd's executable: no quote, backslash
 * or '$' (systemd takes the executable's name as it is, refusing quotes
 * and backslashes, and "$$" would stay doubled). 0, or -1 with why. */
static int sd_program_ok(const char *path, char *why, size_t len)
{
	char q[TEXT_QUOTED];

	if (strpbrk(path, "\"'\\$") == NULL)
		return 0;
	text_fmt(why, len, "systemd cannot run the contest program '%s' from a unit: its path holds a quote, "
	         "a backslash or a '$'", text_quote(path, q, sizeof q));
	return -1;
}

/* sd_quote: s as one word of a systemd ExecStart= line into buf at *n:
 * in double quotes, \ and " escaped with a backslash, % as %% (a
 * specifier otherwise), $ as $$ (a variable otherwise; the executable
 * holds none: sd_program_ok). */
static void sd_quote(char *buf, size_t len, size_t *n, const char *s)
{
	text_put(buf, len, n, "\"");
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			text_put(buf, len, n, "\\%c", *s);
		else if (*s == '%' || *s == '$')
			text_put(buf, len, n, "%c%c", *s, *s);
		else
			text_put(buf, len, n, "%c", *s);
	}
	text_put(buf, len, n, "\"");
}

/* sh_quote: s as one sh word into buf at *n: in single quotes, each '
 * as '\''. */
static void sh_quote(char *buf, size_t len, size_t *n, const char *s)
{
	text_put(buf, len, n, "'");
	for (; *s; s++)
		if (*s == '\'')
			text_put(buf, len, n, "'\\''");
		else
			text_put(buf, len, n, "%c", *s);
	text_put(buf, len, n, "'");
}

/* tags: the unit's journal folder and driver, a comment line each. */
static void tags(char *buf, size_t len, size_t *n, const char *journal, const char *driver)
{
	text_put(buf, len, n, "%s%s\n%s%s\n", TAG_JOURNAL, journal, TAG_DRIVER, driver);
}

/* service_text: the systemd unit into buf; its length (>= len: cut). */
static size_t service_text(char *buf, size_t len, const char *contest, const char *journal, const char *driver)
{
	size_t n = 0;

	text_put(buf, len, &n, "# %s: written by contest series, removed when the series ends.\n", UNIT);
	tags(buf, len, &n, journal, driver);
	text_put(buf, len, &n, "[Unit]\nDescription=contest series: the next step after a reboot\n"
	         "After=local-fs.target network.target\n\n[Service]\nType=oneshot\nExecStart=");
	sd_quote(buf, len, &n, contest);
	text_put(buf, len, &n, " series resume --journal ");
	sd_quote(buf, len, &n, journal);
	text_put(buf, len, &n, "\nTimeoutStartSec=infinity\n\n[Install]\nWantedBy=multi-user.target\n");
	return n;
}

/* script_text: the init script into buf; its length (>= len: cut). The
 * resume appends its output to its folder's series-resume.log itself
 * (--log: opened without following a link, once the folder is trusted). */
static size_t script_text(char *buf, size_t len, const char *contest, const char *journal, const char *driver)
{
	size_t n = 0;

	text_put(buf, len, &n, "#!/bin/sh\n# %s: written by contest series, removed when the series ends.\n", SCRIPT);
	tags(buf, len, &n, journal, driver);
	text_put(buf, len, &n, "### BEGIN INIT INFO\n# Provides:          %s\n"
	         "# Required-Start:    $local_fs $remote_fs $network\n# Required-Stop:\n"
	         "# Default-Start:     2 3 4 5\n# Default-Stop:\n"
	         "# Short-Description: contest series: the next step after a reboot\n"
	         "### END INIT INFO\n\ncase \"$1\" in\nstart)\n\t", SCRIPT);
	sh_quote(buf, len, &n, contest);
	text_put(buf, len, &n, " series resume --journal ");
	sh_quote(buf, len, &n, journal);
	text_put(buf, len, &n, " --log </dev/null >/dev/null 2>&1 &\n\t;;\nstop|restart|force-reload|status)\n\t;;\n"
	         "*)\n\techo \"Usage: $0 {start|stop}\" >&2\n\texit 3\n\t;;\nesac\nexit 0\n");
	return n;
}

/* put_file: text as file dir/name (mode, exactly), or target non-NULL a
 * symbolic link to target, replaced all at once (fs_replace_at: a hidden
 * temporary file in dir written, fsynced and renamed over name, then dir
 * fsynced). 0, or -1 with why. */
static int put_file(const char *dir, const char *name, const char *text, mode_t mode, const char *target,
                    char *why, size_t len)
{
	int dfd, rc;

	if (fs_mkdirs(dir) != 0) {
		text_fmt(why, len, "cannot make %s: %s", dir, strerror(errno));
		return -1;
	}
	if ((dfd = fs_dir_open(dir, why, len)) < 0)
		return -1;
	if ((rc = fs_replace_at(dfd, name, text, text ? strlen(text) : 0, mode, target)) != 0)
		text_fmt(why, len, "cannot write %s/%s: %s", dir, name, strerror(errno));
	close(dfd);
	return rc;
}

/* under: root/rel into buf (PATH_MAX); 0, or -1 with why. */
static int under(const char *root, const char *rel, char *buf, size_t len, char *why, size_t wlen)
{
	if (fs_path(buf, len, "%s%s", root ? root : "", rel) != 0) {
		text_fmt(why, wlen, "%s%s: path too long", root ? root : "", rel);
		return -1;
	}
	return 0;
}

/* install_systemd: the service and its wants link under root; 0 or -1. */
static int install_systemd(const char *root, const char *text, char *why, size_t len)
{
	char dir[PATH_MAX];

	if (under(root, SD_DIR, dir, sizeof dir, why, len) != 0 ||
	    put_file(dir, UNIT, text, 0644, NULL, why, len) != 0 ||
	    under(root, WANTS, dir, sizeof dir, why, len) != 0)
		return -1;
	return put_file(dir, UNIT, NULL, 0, "../" UNIT, why, len);
}

/* install_sysv: the init script and its S99 links under root; 0 or -1. */
static int install_sysv(const char *root, const char *text, char *why, size_t len)
{
	char dir[PATH_MAX];

	if (under(root, "/etc/init.d", dir, sizeof dir, why, len) != 0 ||
	    put_file(dir, SCRIPT, text, 0755, NULL, why, len) != 0)
		return -1;
	for (size_t i = 0; i < sizeof rc_dirs / sizeof rc_dirs[0]; i++)
		if (under(root, rc_dirs[i], dir, sizeof dir, why, len) != 0 ||
		    put_file(dir, "S99" SCRIPT, NULL, 0, "../init.d/" SCRIPT, why, len) != 0)
			return -1;
	return 0;
}

/* series_unit_install: the boot unit under root; 0, or -1 with why. */
int series_unit_install(const char *root, const char *contest_path, const char *journal_dir, const char *driver,
                        char *why, size_t len)
{
	char *text, probe[PATH_MAX];
	struct stat st;
	int systemd, rc;

	if (path_ok("the contest program", contest_path, why, len) != 0 ||
	    path_ok("the journal folder", journal_dir, why, len) != 0 ||
	    under(root, "/run/systemd/system", probe, sizeof probe, why, len) != 0)
		return -1;
	systemd = stat(probe, &st) == 0 && S_ISDIR(st.st_mode);
	if (systemd && sd_program_ok(contest_path, why, len) != 0)
		return -1;
	if ((text = malloc(TEXT_MAX)) == NULL) {
		text_fmt(why, len, "out of memory");
		return -1;
	}
	if ((systemd ? service_text : script_text)(text, TEXT_MAX, contest_path, journal_dir, driver) >= TEXT_MAX) {
		text_fmt(why, len, "the boot unit's paths are too long");
		free(text);
		return -1;
	}
	rc = systemd ? install_systemd(root, text, why, len) : install_sysv(root, text, why, len);
	free(text);
	return rc;
}

/* gone: remove root/dir/name (a file or link; missing is fine) and fsync
 * dir. 0, or -1 with why. */
static int gone(const char *root, const char *dir, const char *name, char *why, size_t len)
{
	char path[PATH_MAX], d[PATH_MAX];
	int fd;

	if (under(root, dir, d, sizeof d, why, len) != 0 || fs_path(path, sizeof path, "%s/%s", d, name) != 0)
		return -1;
	if (unlink(path) != 0) {
		struct stat st;
		if (errno == ENOENT || errno == ENOTDIR || (errno == EROFS && lstat(path, &st) != 0))
			return 0;   /* not there (a read-only file system says so only to lstat) */
		text_fmt(why, len, "cannot remove %s: %s", path, strerror(errno));
		return -1;
	}
	if ((fd = open(d, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		fsync(fd);
		close(fd);
	}
	return 0;
}

/* series_unit_remove: both forms of the unit removed; 0 when none is left. */
int series_unit_remove(const char *root, char *why, size_t len)
{
	static const char *const what[][2] = {
		{ WANTS, UNIT }, { SD_DIR, UNIT }, { "/etc/rc2.d", "S99" SCRIPT }, { "/etc/rc3.d", "S99" SCRIPT },
		{ "/etc/rc4.d", "S99" SCRIPT }, { "/etc/rc5.d", "S99" SCRIPT }, { "/etc/init.d", SCRIPT },
	};
	char one[512];
	int bad = 0;

	for (size_t i = 0; i < sizeof what / sizeof what[0]; i++)   /* the links first, then what they name */
		if (gone(root, what[i][0], what[i][1], one, sizeof one) != 0 && bad++ == 0)
			text_copy(why, one, len);
	return bad ? -1 : 0;
}

/* series_unit_installed: 1 when the service or the init script is in place. */
int series_unit_installed(const char *root)
{
	char path[PATH_MAX], why[64];
	struct stat st;

	if (under(root, SD_DIR "/" UNIT, path, sizeof path, why, sizeof why) == 0 && lstat(path, &st) == 0)
		return 1;
	return under(root, "/etc/init.d/" SCRIPT, path, sizeof path, why, sizeof why) == 0 && lstat(path, &st) == 0;
}

/* tag_line: the rest of the line of text that begins with tag, into out; 0, or -1. */
static int tag_line(const char *text, const char *tag, char *out, size_t len)
{
	const char *l = strstr(text, tag), *e;

	if (l == NULL || (l != text && l[-1] != '\n'))
		return -1;
	l += strlen(tag);
	e = strchr(l, '\n');
	if ((size_t)(e ? e - l : (long)strlen(l)) >= len)
		return -1;
	text_fmt(out, len, "%.*s", (int)(e ? e - l : (long)strlen(l)), l);
	return 0;
}

int series_unit_read(const char *root, char *unit, size_t ulen, char *journal, size_t jlen, char *driver,
                     size_t dlen)
{
	static const char *const where[] = { SD_DIR "/" UNIT, "/etc/init.d/" SCRIPT };
	char path[PATH_MAX], why[64], *text;
	int rc;

	for (size_t i = 0; i < sizeof where / sizeof where[0]; i++) {
		if (under(root, where[i], path, sizeof path, why, sizeof why) != 0 ||
		    (text = text_read("", path, TEXT_MAX, NULL, NULL)) == NULL)
			continue;
		text_copy(unit, path, ulen);
		rc = tag_line(text, TAG_JOURNAL, journal, jlen) == 0 && tag_line(text, TAG_DRIVER, driver, dlen) == 0;
		free(text);
		return rc ? 0 : -1;
	}
	unit[0] = '\0';
	return -1;
}
