/* tboot.h: the boot drivers' test fixture: a temporary root and fake grub-reboot, bootctl, systemctl, reboot and kexec first and alone in PATH, recording their arguments (test_boot.c, test_kexec.c). */
#ifndef CONTEST_TBOOT_H
#define CONTEST_TBOOT_H

#include "contest/series/boot.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char base[] = "/tmp/contest-boot.XXXXXX";
static char root[PATH_MAX], bin[PATH_MAX], calls[PATH_MAX];
static struct boot_ctx ctx;
static char why[512];

/* put: text into base/rel (folders made), with mode. */
static inline void put(const char *rel, const char *text, mode_t mode)
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
static inline void in_root_dir(const char *rel)
{
	char p[PATH_MAX];

	text_fmt(p, sizeof p, "%s%s", root, rel);
	fs_mkdirs(p);
}

/* gone: base/rel removed (a file, a link or a folder). */
static inline void gone(const char *rel)
{
	char p[PATH_MAX];

	text_fmt(p, sizeof p, "%s/%s", base, rel);
	fs_rm_at(AT_FDCWD, p);
}

/* fake: the script bin/name: it appends "name|arg|arg..." to calls, then runs body. */
static inline void fake(const char *name, const char *body)
{
	char rel[64], text[4096];

	text_fmt(rel, sizeof rel, "bin/%s", name);
	text_fmt(text, sizeof text, "#!/bin/sh\n{ printf '%%s' '%s'; for a in \"$@\"; do printf '|%%s' \"$a\"; done; "
	         "printf '\\n'; } >>'%s'\n%s\n", name, calls, body);
	put(rel, text, 0755);
}

/* taken: what the fakes recorded since the last call, then forgotten. */
static inline const char *taken(void)
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
static inline void cap_begin(void)
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
static inline const char *cap_end(void)
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
static inline int path_is_fake(void)
{
	const char *p = getenv("PATH");
	size_t n = strlen(bin);

	return p != NULL && strncmp(p, bin, n) == 0 && (p[n] == '\0' || p[n] == ':');
}

/* resolve: d's resolve of spec; its release, or "ERR: why". */
static inline const char *resolve(const struct boot_driver *d, const char *spec)
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

static const char grub_cfg[] __attribute__((unused)) =
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


/* setup: the root, the fakes, PATH holding only their folder. */
static inline void setup(void)
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

/* tboot_begin: the temporary base made and set up, PATH (as it was,
 * malloc'd) into *was; 0, or -1 (said). */
static inline int tboot_begin(char **was)
{
	*was = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
	if (mkdtemp(base) == NULL) {
		perror("mkdtemp");
		free(*was);
		return -1;
	}
	setup();
	return 0;
}

/* tboot_end: PATH as it was, the base removed; 0, or -1. */
static inline int tboot_end(char *was)
{
	if (was != NULL)
		setenv("PATH", was, 1);
	free(was);
	return fs_rm_at(AT_FDCWD, base);
}

#endif
