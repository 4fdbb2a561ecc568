/* unit.h: the boot unit that runs "contest series resume" at every boot of a series: a systemd service, or an init script without systemd. */
#ifndef CONTEST_SERIES_UNIT_H
#define CONTEST_SERIES_UNIT_H

#include <stddef.h>

/* series_unit_install: under root ("" or NULL: the machine), make the boot
 * run "CONTEST series resume --journal DIR" (contest_path and journal_dir
 * absolute) for a series of boot driver driver. The unit names the journal
 * folder and the driver on comment lines of its own, so that a series can
 * be taken down through its unit when its journal is gone. With systemd (root/run/systemd/system): root/etc/systemd/
 * system/contest-series.service (Type=oneshot) enabled by its link in
 * multi-user.target.wants, made here, not by systemctl. Without: the init
 * script root/etc/init.d/contest-series (start runs the resume in the
 * background with --log: contest appends its output to
 * DIR/series-resume.log itself, never through a link) and its
 * S99 links in rc2.d to rc5.d. Each file is written atomically (a
 * temporary file in its folder, fsync, rename, the folder fsynced); paths
 * are quoted for systemd and for sh; a path that is not absolute, not
 * UTF-8 or holds a control byte is refused, and under systemd a contest
 * program whose path holds a quote, a backslash or a '$' (systemd cannot
 * name it). 0, or -1 with a one-line why. */
int series_unit_install(const char *root, const char *contest_path, const char *journal_dir, const char *driver,
                        char *why, size_t len);

/* series_unit_remove: remove what series_unit_install made, both forms,
 * what is gone already too. 0 when nothing of it is left, else -1 with why. */
int series_unit_remove(const char *root, char *why, size_t len);

/* series_unit_read: the unit installed under root: its file into unit, the
 * journal folder and driver it names. 0; -1 when no unit is there (unit
 * "") or it does not name them (a unit of an older contest; unit set). */
int series_unit_read(const char *root, char *unit, size_t ulen, char *journal, size_t jlen, char *driver,
                     size_t dlen);

/* series_unit_installed: 1 when the service or the init script is in place under root, else 0. */
int series_unit_installed(const char *root);

#endif
