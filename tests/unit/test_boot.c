/* test_boot.c: the oneshot and kexec boot drivers and the boot unit under a temporary root, with fake grub-reboot, bootctl, systemctl, reboot and kexec first and alone in PATH, recording their arguments. */
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

static char base[] = "/tmp/contest-boot.XXXXXX";
static char root[PATH_MAX], bin[PATH_MAX], calls[PATH_MAX];
static struct boot_ctx ctx;
static char why[512];

/* put: text into base/rel (folders made), with mode. */
static void put(const char *rel, const char *text, mode_t mode)
{
	char p[PATH_MAX], *slash;
	FILE *f;

	text_fmt(p, sizeof p, "%s/%s", base, rel);
	slash = strrchr(p, '/');
	*slash = '\0';
	fs_mkdirs(p);
	*slash = '/';
	f = fopen(p, "w");
	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
	chmod(p, mode);
}

/* in_root: base/root/rel made as a folder. */
static void in_root_dir(const char *rel)
{
	char p[PATH_MAX];

	text_fmt(p, sizeof p, "%s%s", root, rel);
	fs_mkdirs(p);
}

/* gone: base/rel removed (a file, a link or a folder). */
static void gone(const char *rel)
{
	char p[PATH_MAX];

	text_fmt(p, sizeof p, "%s/%s", base, rel);
	fs_rm_at(AT_FDCWD, p);
}

/* fake: the script bin/name: it appends "name|arg|arg..." to calls, then runs body. */
static void fake(const char *name, const char *body)
{
	char rel[64], text[4096];

	text_fmt(rel, sizeof rel, "bin/%s", name);
	text_fmt(text, sizeof text, "#!/bin/sh\n{ printf '%%s' '%s'; for a in \"$@\"; do printf '|%%s' \"$a\"; done; "
	         "printf '\\n'; } >>'%s'\n%s\n", name, calls, body);
	put(rel, text, 0755);
}

/* taken: what the fakes recorded since the last call, then forgotten. */
static const char *taken(void)
{
	static char buf[8192];
	char *s = text_read("", calls, sizeof buf - 1, NULL, NULL);

	text_copy(buf, s ? s : "", sizeof buf);
	free(s);
	if (truncate(calls, 0) != 0)
		buf[0] = '\0';
	return buf;
}

static char errbuf[4096];
static int saved_err = -1;

/* cap_begin: stderr into base/err until cap_end. */
static void cap_begin(void)
{
	char p[PATH_MAX];
	int fd;

	text_fmt(p, sizeof p, "%s/err", base);
	fflush(stderr);
	saved_err = dup(2);
	fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(fd, 2);
	close(fd);
}

/* cap_end: stderr back; what it got since cap_begin. */
static const char *cap_end(void)
{
	char p[PATH_MAX], *s;

	fflush(stderr);
	dup2(saved_err, 2);
	close(saved_err);
	text_fmt(p, sizeof p, "%s/err", base);
	s = text_read("", p, sizeof errbuf - 1, NULL, NULL);
	text_copy(errbuf, s ? s : "", sizeof errbuf);
	free(s);
	return errbuf;
}

/* path_is_fake: PATH's first folder is bin: no real tool can run. */
static int path_is_fake(void)
{
	const char *p = getenv("PATH");
	size_t n = strlen(bin);

	return p != NULL && strncmp(p, bin, n) == 0 && (p[n] == '\0' || p[n] == ':');
}

/* resolve: d's resolve of spec; its release, or "ERR: why". */
static const char *resolve(const struct boot_driver *d, const char *spec)
{
	static char out[BOOT_RELEASE_MAX + sizeof why + 8];
	struct boot_kernel k = { .label = "t" };

	text_copy(k.spec, spec, sizeof k.spec);
	if (d->resolve(&ctx, &k, why, sizeof why) != 0)
		text_fmt(out, sizeof out, "ERR: %s", why);
	else
		text_copy(out, k.release, sizeof out);
	return out;
}

static const char grub_cfg[] =
	"if [ -s $prefix/grubenv ]; then\n  load_env\nfi\n"
	"if [ \"${next_entry}\" ] ; then\n   set default=\"${next_entry}\"\n   set next_entry=\n"
	"   save_env next_entry\n   set boot_once=true\nelse\n   set default=\"${saved_entry}\"\nfi\n"
	"function savedefault {\n  if [ -z \"${boot_once}\" ]; then\n    saved_entry=\"${chosen}\"\n"
	"    save_env saved_entry\n  fi\n}\n"
	"menuentry 'Debian GNU/Linux' --class debian --class gnu-linux $menuentry_id_option 'gnulinux-simple-1234' {\n"
	"\tload_video\n\techo\t'Loading Linux 6.1.0-13-amd64 ...'\n"
	"\tlinux\t/boot/vmlinuz-6.1.0-13-amd64 root=UUID=1234 ro  quiet\n\tinitrd\t/boot/initrd.img-6.1.0-13-amd64\n}\n"
	"submenu 'Advanced options for Debian GNU/Linux' $menuentry_id_option 'gnulinux-advanced-1234' {\n"
	"\tmenuentry 'Debian GNU/Linux, with Linux 6.6.0-test' --class debian $menuentry_id_option "
	"'gnulinux-6.6.0-test-advanced-1234' {\n\t\tlinux\t/boot/vmlinuz-6.6.0-test root=UUID=1234 ro quiet\n\t}\n"
	"\tmenuentry 'Debian GNU/Linux, with Linux 6.6.0-test (recovery mode)' {\n"
	"\t\tlinux\t/boot/vmlinuz-6.6.0-test root=UUID=1234 ro single\n\t}\n}\n"
	"menuentry 'It'\\''s \"mine\"' {\n\tlinux /vmlinuz-5.10.0-custom root=/dev/sda1\n}\n"
	"menuentry 'UEFI Firmware Settings' $menuentry_id_option 'uefi-firmware' {\n\tfwsetup\n}\n"
	"insmod blscfg\nblscfg\n";

#define SUB "Advanced options for Debian GNU/Linux>Debian GNU/Linux, with Linux 6.6.0-test"

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

/* bzimage: a fake kernel image at root/rel: 1 KiB, "HdrS" at 0x202 and the
 * kernel_version string at 0x300 when hdr, else no header. */
static void bzimage(const char *rel, int hdr)
{
	unsigned char img[1024] = { 0 };
	char p[PATH_MAX];
	FILE *f;

	if (hdr) {
		memcpy(img + 0x202, "HdrS", 4);
		img[0x20E] = 0x00;   /* 0x300 - 0x200, little-endian */
		img[0x20F] = 0x01;
		strcpy((char *)img + 0x300, "6.8.0-kx (me@box) #1 SMP PREEMPT_DYNAMIC");
	}
	text_fmt(p, sizeof p, "%s%s", root, rel);
	f = fopen(p, "wb");
	if (f != NULL) {
		fwrite(img, 1, sizeof img, f);
		fclose(f);
	}
}

/* test_kexec: the release from a bzImage header, kexec -l's arguments
 * with and without initrd and append, kexec -u, the reboot. */
static void test_kexec(void)
{
	struct boot_kernel k = { .label = "a" };
	struct boot_running r;
	char out[BOOT_RELEASE_MAX];

	T_CHECK(boot_kexec.check(&ctx, why, sizeof why) == -1 && strstr(why, "kexec_loaded"));
	put("root/sys/kernel/kexec_loaded", "0\n", 0644);
	T_CHECK(boot_kexec.check(&ctx, why, sizeof why) == 0);
	put("root/sys/kernel/security/lockdown", "none [integrity] confidentiality\n", 0644);
	T_CHECK(boot_kexec.check(&ctx, why, sizeof why) == -1 && strstr(why, "locked down"));
	put("root/sys/kernel/security/lockdown", "[none] integrity confidentiality\n", 0644);
	T_CHECK(boot_kexec.check(&ctx, why, sizeof why) == 0);
	bzimage("/boot/bz", 1);
	bzimage("/boot/Image", 0);
	put("root/boot/initrd.img", "x", 0644);
	T_STREQ(resolve(&boot_kexec, "/boot/bz"), "6.8.0-kx");
	T_STREQ(resolve(&boot_kexec, "/boot/bz,initrd=/boot/initrd.img,append=a=b c,d"), "6.8.0-kx");
	T_CHECK(strstr(resolve(&boot_kexec, "/boot/Image"), "release=R") != NULL);
	T_STREQ(resolve(&boot_kexec, "/boot/Image,release=6.9.0-arm"), "6.9.0-arm");
	T_CHECK(strstr(resolve(&boot_kexec, "/boot/none"), "no readable file") != NULL);
	T_CHECK(strstr(resolve(&boot_kexec, "/boot/bz,initrd=/boot/none"), "initrd") != NULL);
	T_CHECK(strstr(resolve(&boot_kexec, "boot/bz"), "absolute") != NULL);
	T_CHECK(strstr(resolve(&boot_kexec, "/boot/bz,cmdline=x"), "not initrd=FILE") != NULL);

	put("root/proc/cmdline", "BOOT_IMAGE=/boot/vmlinuz-6.1.0 root=/dev/sda1 ro quiet\n", 0644);
	taken();
	text_copy(k.spec, "/boot/bz,initrd=/boot/initrd.img,append=root=/dev/sda1 console=ttyS0,115200 x=y", sizeof k.spec);
	T_CHECK(boot_kexec.arm(&ctx, &k, why, sizeof why) == 0);
	T_STREQ(taken(), "kexec|-l|/boot/bz|--initrd=/boot/initrd.img|--append=root=/dev/sda1 console=ttyS0,115200 x=y\n");
	text_copy(k.spec, "/boot/bz", sizeof k.spec);
	T_CHECK(boot_kexec.arm(&ctx, &k, why, sizeof why) == 0);
	T_STREQ(taken(), "kexec|-l|/boot/bz|--append=root=/dev/sda1 ro quiet\n");
	text_copy(k.spec, "/boot/bz,append=", sizeof k.spec);
	T_CHECK(boot_kexec.arm(&ctx, &k, why, sizeof why) == 0);
	T_STREQ(taken(), "kexec|-l|/boot/bz|--append=\n");
	T_CHECK(boot_kexec.disarm(&ctx, why, sizeof why) == 0);
	T_STREQ(taken(), "kexec|-u\n");
	T_CHECK(path_is_fake());
	if (path_is_fake()) {
		T_CHECK(boot_kexec.reboot(&ctx, why, sizeof why) == 0);
		T_STREQ(taken(), "systemctl|kexec\n");
		gone("root/run/systemd");
		T_CHECK(boot_kexec.reboot(&ctx, why, sizeof why) == 0);
		T_STREQ(taken(), "kexec|-e\n");
		in_root_dir("/run/systemd/system");
	}
	T_CHECK(boot_kexec.default_release(&ctx, out, sizeof out, why, sizeof why) == 0);
	T_STREQ(out, "");   /* no boot loader in the root now */
	put("root/boot/grub/grub.cfg", grub_cfg, 0644);
	T_CHECK(boot_kexec.default_release(&ctx, out, sizeof out, why, sizeof why) == 0);
	T_STREQ(out, "6.1.0-13-amd64");

	put("root/proc/sys/kernel/osrelease", "6.8.0-kx\n", 0644);
	put("root/proc/sys/kernel/random/boot_id", "0c2d7a0e-1111-2222-3333-444455556666\n", 0644);
	T_CHECK(boot_kexec.running(&ctx, &r, why, sizeof why) == 0);
	T_STREQ(r.release, "6.8.0-kx");
	T_STREQ(r.boot_id, "0c2d7a0e-1111-2222-3333-444455556666");
	T_CHECK(boot_oneshot.running == boot_kexec.running);
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

/* setup: the root, the fakes, PATH holding only their folder. */
static void setup(void)
{
	text_fmt(root, sizeof root, "%s/root", base);
	text_fmt(bin, sizeof bin, "%s/bin", base);
	text_fmt(calls, sizeof calls, "%s/calls", base);
	fs_mkdirs(root);
	fs_mkdirs(bin);
	fake("grub-reboot", "");
	fake("grub-editenv", "");
	fake("systemctl", "");
	fake("reboot", "");
	fake("kexec", "");
	put("bin/bootctl", "#!/bin/sh\ncase \"$1\" in\n"
	    "set-oneshot) { printf 'bootctl'; for a in \"$@\"; do printf '|%s' \"$a\"; done; printf '\\n'; } >>\"$CALLS\";;\n"
	    "is-installed) [ -f \"$BASE/sdboot\" ] && { echo yes; exit 0; }; echo no; exit 1;;\n"
	    "-p) echo /efi;;\n-x) echo 'no XBOOTLDR' >&2; exit 1;;\n"
	    "list) printf 'Boot Loader Entries:\\n        title: Debian\\n           id: debian-6.6.conf\\n"
	    "        linux: /vmlinuz-6.6.0-test\\n\\n        title: L\\n           id: listed.conf\\n"
	    "      version: 6.8.0-rc1\\n        linux: /EFI/Linux/l.efi\\n';;\n"
	    "status) printf 'System:\\n  Firmware: UEFI\\n\\nDefault Boot Loader Entry:\\n        title: Debian\\n"
	    "           id: debian-6.6.conf\\n        linux: /vmlinuz-6.6.0-test\\n\\n';;\n"
	    "*) exit 1;;\nesac\n", 0755);
	setenv("CALLS", calls, 1);
	setenv("BASE", base, 1);
	setenv("PATH", bin, 1);   /* the fakes only: nothing real can reboot this machine */
	ctx.root = root;
}

int main(void)
{
	char *was = getenv("PATH") ? strdup(getenv("PATH")) : NULL;

	if (mkdtemp(base) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	setup();
	T_CHECK(boot_driver_find("oneshot") == &boot_oneshot);
	T_CHECK(boot_driver_find("kexec") == &boot_kexec);
	T_CHECK(boot_driver_find("sim") == &boot_sim);
	T_CHECK(boot_driver_find("grub") == NULL && boot_driver_find(NULL) == NULL);
	test_grub();
	test_grub_env();
	test_sdboot();
	test_kexec();
	test_unit_systemd();
	test_unit_sysv();
	if (was != NULL)
		setenv("PATH", was, 1);
	free(was);
	T_CHECK(fs_rm_at(AT_FDCWD, base) == 0);
	return t_done();
}
