/* test_boot.c: the oneshot boot driver (GRUB, systemd-boot) and the boot unit under a temporary root (tests/unit/tboot.h: fake tools alone in PATH, recording their arguments). */
#include "contest/series/boot.h"
#include "contest/series/unit.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "tests/unit/t.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/unit/tboot.h"

/* test_grub: GRUB found, its entries (a submenu's too) resolved, its
 * default read, grub-reboot given the entry alone, systemctl reboot. */
static void test_grub(void)
{
	char out[BOOT_RELEASE_MAX];

	put("root/boot/grub/grub.cfg", grub_cfg, 0644);
	put("root/boot/grub/grubenv", "# GRUB Environment Block\nsaved_entry=gnulinux-advanced-1234>"
	    "gnulinux-6.6.0-test-advanced-1234\n##########\n", 0644);
	put("root/proc/self/mountinfo", "25 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw\n", 0644);
	in_root_dir("/run/systemd/system");
	cap_begin();
	T_CHECK(boot_oneshot.check(&ctx, why, sizeof why) == 0);
	T_STREQ(cap_end(), "");
	T_STREQ(resolve(&boot_oneshot, "Debian GNU/Linux"), "6.1.0-13-amd64");
	T_STREQ(resolve(&boot_oneshot, "gnulinux-simple-1234"), "6.1.0-13-amd64");
	T_STREQ(resolve(&boot_oneshot, SUB), "6.6.0-test");
	T_STREQ(resolve(&boot_oneshot, "gnulinux-advanced-1234>gnulinux-6.6.0-test-advanced-1234"), "6.6.0-test");
	T_STREQ(resolve(&boot_oneshot, "1>0"), "6.6.0-test");
	T_STREQ(resolve(&boot_oneshot, "It's \"mine\""), "5.10.0-custom");
	T_STREQ(resolve(&boot_oneshot, SUB ",release=6.6.0-mine"), "6.6.0-mine");
	T_CHECK(strncmp(resolve(&boot_oneshot, "Debian GNU/Linux, with Linux 6.6.0-test"), "ERR: no menu entry", 18) == 0);
	T_CHECK(strstr(why, "did you mean '" SUB "'?") != NULL);
	put("root/boot/loader/entries/abc-6.5.6-300.fc39.x86_64.conf", "title Fedora Linux (6.5.6-300.fc39.x86_64) 39\n"
	    "version 6.5.6-300.fc39.x86_64\nlinux /vmlinuz-6.5.6-300.fc39.x86_64\noptions root=UUID=1\n", 0644);
	T_STREQ(resolve(&boot_oneshot, "abc-6.5.6-300.fc39.x86_64"), "6.5.6-300.fc39.x86_64");
	T_STREQ(resolve(&boot_oneshot, "Fedora Linux (6.5.6-300.fc39.x86_64) 39"), "6.5.6-300.fc39.x86_64");
	T_CHECK(strstr(resolve(&boot_oneshot, "abc"), "nor in /boot/loader/entries") != NULL);
	T_CHECK(strstr(resolve(&boot_oneshot, "uefi-firmware"), "no linux line") != NULL);
	T_STREQ(resolve(&boot_oneshot, "uefi-firmware,release=6.0.1"), "6.0.1");
	T_CHECK(strncmp(resolve(&boot_oneshot, "Advanced options for Debian GNU/Linux"), "ERR", 3) == 0);
	T_CHECK(strncmp(resolve(&boot_oneshot, SUB ",release=a b"), "ERR", 3) == 0);

	T_CHECK(boot_oneshot.default_release(&ctx, out, sizeof out, why, sizeof why) == 0);
	T_STREQ(out, "6.6.0-test");
	put("root/boot/grub/grubenv", "# GRUB Environment Block\nsaved_entry=abc-6.5.6-300.fc39.x86_64\n", 0644);
	T_CHECK(boot_oneshot.default_release(&ctx, out, sizeof out, why, sizeof why) == 0);
	T_STREQ(out, "6.5.6-300.fc39.x86_64");
	gone("root/boot/grub/grubenv");
	T_CHECK(boot_oneshot.default_release(&ctx, out, sizeof out, why, sizeof why) == 0);
	T_STREQ(out, "6.1.0-13-amd64");

	struct boot_kernel k = { .label = "a", .spec = SUB };
	taken();
	T_CHECK(boot_oneshot.arm(&ctx, &k, why, sizeof why) == 0);
	T_STREQ(taken(), "grub-reboot|" SUB "\n");
	T_CHECK(boot_oneshot.disarm(&ctx, why, sizeof why) == 0);
	T_STREQ(taken(), "grub-editenv|-|unset|next_entry\n");
	fake("grub-reboot", "echo 'grub-editenv: error: cannot write' >&2; exit 1");
	T_CHECK(boot_oneshot.arm(&ctx, &k, why, sizeof why) == -1);
	T_STREQ(why, "grub-reboot exited with status 1: grub-editenv: error: cannot write");
	taken();
	fake("grub-reboot", "");
	T_CHECK(path_is_fake());
	if (path_is_fake()) {
		T_CHECK(boot_oneshot.reboot(&ctx, why, sizeof why) == 0);
		T_STREQ(taken(), "systemctl|reboot\n");
		gone("root/run/systemd");
		T_CHECK(boot_oneshot.reboot(&ctx, why, sizeof why) == 0);
		T_STREQ(taken(), "reboot\n");
		in_root_dir("/run/systemd/system");
	}
}

/* warned: check's warnings with mountinfo (/boot on dev) and the folder
 * sys (a folder under /sys/dev/block, NULL: none). */
static const char *warned(const char *dev, const char *sys)
{
	char mi[512], rel[128];

	gone("root/sys");
	text_fmt(mi, sizeof mi, "25 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw\n"
	         "36 25 %s / /boot rw,relatime shared:15 - ext4 /dev/x rw\n", dev);
	put("root/proc/self/mountinfo", mi, 0644);
	if (sys != NULL) {
		text_fmt(rel, sizeof rel, "/sys/dev/block/%s/%s", dev, sys);
		in_root_dir(rel);
	}
	cap_begin();
	T_CHECK(boot_oneshot.check(&ctx, why, sizeof why) == 0);
	return cap_end();
}

/* test_grub_env: the warning where GRUB cannot write grubenv (md, dm). */
static void test_grub_env(void)
{
	const char *w;

	T_STREQ(warned("8:2", NULL), "");
	w = warned("9:0", "md");
	T_CHECK(strstr(w, "Linux RAID (md)") != NULL && strstr(w, "stay the default") != NULL);
	T_CHECK(strchr(w, '\n') == w + strlen(w) - 1);   /* one line */
	w = warned("253:1", "dm");
	T_CHECK(strstr(w, "device-mapper") != NULL && strstr(w, "stay the default") != NULL);
	T_CHECK(strchr(w, '\n') == w + strlen(w) - 1);
	T_STREQ(warned("8:2", "queue"), "");
	gone("root/sys");
	put("root/proc/self/mountinfo", "25 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw\n", 0644);
}

/* test_sdboot: systemd-boot chosen without GRUB: its entries and default,
 * bootctl set-oneshot; neither loader refused in one line. */
static void test_sdboot(void)
{
	char out[BOOT_RELEASE_MAX];
	struct boot_kernel k = { .label = "a", .spec = "debian-6.6" };

	gone("root/boot/grub");
	put("sdboot", "", 0644);
	put("root/efi/loader/entries/debian-6.6.conf", "title Debian\nversion 6.6.0-test\nlinux /vmlinuz-6.6.0-test\n", 0644);
	put("root/efi/loader/entries/ki.conf", "title KI\nlinux /4c1d/6.7.0-ki/linux\n", 0644);
	cap_begin();
	T_CHECK(boot_oneshot.check(&ctx, why, sizeof why) == 0);
	T_STREQ(cap_end(), "");
	T_STREQ(resolve(&boot_oneshot, "debian-6.6"), "6.6.0-test");
	T_STREQ(resolve(&boot_oneshot, "debian-6.6.conf"), "6.6.0-test");
	T_STREQ(resolve(&boot_oneshot, "ki"), "6.7.0-ki");
	T_STREQ(resolve(&boot_oneshot, "listed"), "6.8.0-rc1");
	T_CHECK(strncmp(resolve(&boot_oneshot, "nope"), "ERR: no systemd-boot entry", 26) == 0);
	T_CHECK(boot_oneshot.default_release(&ctx, out, sizeof out, why, sizeof why) == 0);
	T_STREQ(out, "6.6.0-test");
	taken();
	T_CHECK(boot_oneshot.arm(&ctx, &k, why, sizeof why) == 0);
	T_STREQ(taken(), "bootctl|set-oneshot|debian-6.6\n");
	T_CHECK(boot_oneshot.disarm(&ctx, why, sizeof why) == 0);
	T_STREQ(taken(), "bootctl|set-oneshot|\n");

	gone("sdboot");
	T_CHECK(boot_oneshot.check(&ctx, why, sizeof why) == -1);
	T_CHECK(strchr(why, '\n') == NULL && strstr(why, "grub.cfg") && strstr(why, "is-installed"));
	gone("bin/grub-reboot");
	T_CHECK(boot_oneshot.check(&ctx, why, sizeof why) == -1);
	T_CHECK(strchr(why, '\n') == NULL && strstr(why, "grub-reboot (or grub2-reboot) is not in PATH"));
	T_CHECK(boot_oneshot.default_release(&ctx, out, sizeof out, why, sizeof why) == 0);
	T_STREQ(out, "");
	T_CHECK(boot_oneshot.arm(&ctx, &k, why, sizeof why) == -1);
	T_STREQ(taken(), "");
	fake("grub-reboot", "");
}


/* linkto: where root/rel links to; "" when it is no link. */
static const char *linkto(const char *rel)
{
	static char buf[PATH_MAX];
	char p[PATH_MAX];
	ssize_t n;

	text_fmt(p, sizeof p, "%s%s", root, rel);
	n = readlink(p, buf, sizeof buf - 1);
	buf[n < 0 ? 0 : n] = '\0';
	return buf;
}

/* root_text: root/rel's text, "" when unreadable. */
static const char *root_text(const char *rel)
{
	static char buf[8192];
	char *s = text_read(root, rel, sizeof buf - 1, NULL, NULL);

	text_copy(buf, s ? s : "", sizeof buf);
	free(s);
	return buf;
}

/* no_temp: 1 when folder root/rel holds no temporary file of the unit's. */
static int no_temp(const char *rel)
{
	char p[PATH_MAX];
	struct dirent *e;
	DIR *d;
	int clean = 1;

	text_fmt(p, sizeof p, "%s%s", root, rel);
	if ((d = opendir(p)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL)
		if (strstr(e->d_name, ".tmp") != NULL)
			clean = 0;
	closedir(d);
	return clean;
}

/* test_unit_systemd: the service and its wants link, quoted for systemd;
 * removed; refusals. */
static void test_unit_systemd(void)
{
	const char *u;

	T_CHECK(series_unit_installed(root) == 0);
	T_CHECK(series_unit_install(root, "/usr/local/bin/contest", "/var/lib/contest/s1", "oneshot", why, sizeof why) == 0);
	u = root_text("/etc/systemd/system/contest-series.service");
	T_CHECK(strstr(u, "\nType=oneshot\n") != NULL);
	T_CHECK(strstr(u, "\nAfter=local-fs.target network.target\n") != NULL);
	T_CHECK(strstr(u, "\nExecStart=\"/usr/local/bin/contest\" series resume --journal \"/var/lib/contest/s1\"\n") != NULL);
	T_CHECK(strstr(u, "\nWantedBy=multi-user.target\n") != NULL);
	T_STREQ(linkto("/etc/systemd/system/multi-user.target.wants/contest-series.service"), "../contest-series.service");
	T_CHECK(series_unit_installed(root) == 1);
	char unit[PATH_MAX], jdir[PATH_MAX], drv[32];
	T_CHECK(series_unit_read(root, unit, sizeof unit, jdir, sizeof jdir, drv, sizeof drv) == 0);
	T_STREQ(jdir, "/var/lib/contest/s1");
	T_STREQ(drv, "oneshot");
	T_CHECK(strstr(unit, "/etc/systemd/system/contest-series.service") != NULL);
	T_CHECK(series_unit_install(root, "/opt/my tools/con 100%test", "/var/lib/a \"b\" \\z $x 5%'", "oneshot", why, sizeof why) == 0);
	u = root_text("/etc/systemd/system/contest-series.service");
	T_CHECK(strstr(u, "\nExecStart=\"/opt/my tools/con 100%%test\" series resume --journal "
	               "\"/var/lib/a \\\"b\\\" \\\\z $$x 5%%'\"\n") != NULL);
	T_CHECK(series_unit_install(root, "/opt/it's", "/j", "oneshot", why, sizeof why) == -1 && strstr(why, "systemd cannot"));
	T_CHECK(no_temp("/etc/systemd/system") && no_temp("/etc/systemd/system/multi-user.target.wants"));
	T_CHECK(series_unit_remove(root, why, sizeof why) == 0);
	T_CHECK(series_unit_installed(root) == 0);
	T_CHECK(series_unit_read(root, unit, sizeof unit, jdir, sizeof jdir, drv, sizeof drv) == -1 && unit[0] == 0);
	T_STREQ(linkto("/etc/systemd/system/multi-user.target.wants/contest-series.service"), "");
	T_CHECK(series_unit_remove(root, why, sizeof why) == 0);   /* gone already */
	T_CHECK(series_unit_install(root, "contest", "/j", "oneshot", why, sizeof why) == -1 && strstr(why, "absolute"));
	T_CHECK(strchr(why, '\n') == NULL);
	T_CHECK(series_unit_install(root, "/usr/bin/contest", "/j\nx", "oneshot", why, sizeof why) == -1 && strchr(why, '\n') == NULL);
	T_CHECK(series_unit_installed(root) == 0);
}

/* wait_file: base/rel's text once it is there and ends its line (up to
 * 20 s: the background resume writes it), "" else. */
static const char *wait_file(const char *rel)
{
	static char buf[1024];
	char p[PATH_MAX];
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	char *s = NULL;

	text_fmt(p, sizeof p, "%s/%s", base, rel);
	for (int i = 0; i < 1000; i++) {
		if ((s = text_read("", p, sizeof buf - 1, NULL, NULL)) != NULL && *s && s[strlen(s) - 1] == '\n')
			break;
		free(s);
		s = NULL;
		nanosleep(&ts, NULL);
	}
	text_copy(buf, s ? s : "", sizeof buf);
	free(s);
	return buf;
}

/* test_unit_sysv: the init script and its links without systemd; the
 * script run with paths holding a space and a quote passes them whole. */
static void test_unit_sysv(void)
{
	char prog[PATH_MAX], journal[PATH_MAX], want[PATH_MAX + 64], rel[64];
	int st = -1;
	pid_t pid;

	gone("root/run/systemd");
	text_fmt(prog, sizeof prog, "%s/my bin/con'test", base);
	text_fmt(journal, sizeof journal, "%s/jour nal", base);
	put("my bin/con'test", "#!/bin/sh\n{ for a in \"$@\"; do printf '%s|' \"$a\"; done; echo; } >\"$0.args\"\n", 0755);
	fs_mkdirs(journal);
	T_CHECK(series_unit_install(root, prog, journal, "oneshot", why, sizeof why) == 0);
	T_CHECK(series_unit_installed(root) == 1);
	T_CHECK(strstr(root_text("/etc/init.d/contest-series"), "### BEGIN INIT INFO") != NULL);
	char unit[PATH_MAX], jdir[PATH_MAX], drv[32];
	T_CHECK(series_unit_read(root, unit, sizeof unit, jdir, sizeof jdir, drv, sizeof drv) == 0);
	T_STREQ(jdir, journal);
	T_CHECK(strstr(root_text("/etc/init.d/contest-series"), "series-resume.log") == NULL);   /* contest opens it */
	for (int i = 2; i <= 5; i++) {
		text_fmt(rel, sizeof rel, "/etc/rc%d.d/S99contest-series", i);
		T_STREQ(linkto(rel), "../init.d/contest-series");
	}
	text_fmt(want, sizeof want, "%s/etc/init.d/contest-series", root);
	if ((pid = fork()) == 0) {
		execl("/bin/sh", "sh", want, "start", (char *)NULL);
		_exit(127);
	}
	waitpid(pid, &st, 0);
	T_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	text_fmt(want, sizeof want, "series|resume|--journal|%s|--log|\n", journal);
	T_STREQ(wait_file("my bin/con'test.args"), want);
	T_CHECK(series_unit_remove(root, why, sizeof why) == 0);
	T_CHECK(series_unit_installed(root) == 0);
	T_STREQ(linkto("/etc/rc3.d/S99contest-series"), "");
	T_STREQ(root_text("/etc/init.d/contest-series"), "");
}


int main(void)
{
	char *was;

	if (tboot_begin(&was) != 0)
		return 1;
	T_CHECK(boot_driver_find("oneshot") == &boot_oneshot);
	T_CHECK(boot_driver_find("sim") == &boot_sim);
	T_CHECK(boot_driver_find("grub") == NULL && boot_driver_find(NULL) == NULL);
	test_grub();
	test_grub_env();
	test_sdboot();
	test_unit_systemd();
	test_unit_sysv();
	T_CHECK(tboot_end(was) == 0);
	return t_done();
}
