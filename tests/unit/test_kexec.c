/* test_kexec.c: the kexec boot driver under a temporary root (tests/unit/tboot.h): the release from a bzImage header, kexec -l's arguments, and the image and initrd refused when anyone but root can change them. */
#include "contest/series/boot.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "tests/unit/t.h"
#include "tests/unit/tboot.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* kexec_refused: resolve and arm of spec both refuse it, naming name,
 * as a file root alone may not be the only one to change; kexec not run. */
static int kexec_refused(const char *spec, const char *name)
{
	struct boot_kernel k = { .label = "t" };
	const char *r = resolve(&boot_kexec, spec);
	int ok = strstr(r, "ERR: kexec's") == r && strstr(r, name) && strstr(r, "root alone");

	taken();
	text_copy(k.spec, spec, sizeof k.spec);
	ok = ok && boot_kexec.arm(&ctx, &k, why, sizeof why) == -1 && strstr(why, name) != NULL;
	return ok && strcmp(taken(), "") == 0;
}

/* test_kexec_trust: what kexec -l loads as root at every boot, refused at
 * resolve (start) and every arm when another user can change it: a folder
 * or file writable by others, a link, a file of another owner. */
static void test_kexec_trust(void)
{
	char d[PATH_MAX], f[PATH_MAX];

	in_root_dir("/srv");
	bzimage("/srv/bz", 1);
	put("root/srv/initrd.img", "x", 0644);
	text_fmt(d, sizeof d, "%s/srv", root);
	text_fmt(f, sizeof f, "%s/srv/initrd.img", root);
	T_STREQ(resolve(&boot_kexec, "/srv/bz,initrd=/srv/initrd.img"), "6.8.0-kx");
	T_CHECK(chmod(d, 0777) == 0 && kexec_refused("/srv/bz", "/srv"));
	T_CHECK(chmod(d, 01777) == 0 && strcmp(resolve(&boot_kexec, "/srv/bz"), "6.8.0-kx") == 0);   /* sticky */
	T_CHECK(chmod(d, 0755) == 0 && chmod(f, 0666) == 0 && kexec_refused("/srv/bz,initrd=/srv/initrd.img", "initrd"));
	T_CHECK(chmod(f, 0644) == 0 && (geteuid() != 0 || (chown(f, 65534, 65534) == 0 &&
	        kexec_refused("/srv/bz,initrd=/srv/initrd.img", "initrd") && chown(f, 0, 0) == 0)));
	T_CHECK(symlink("bz", (text_fmt(f, sizeof f, "%s/srv/ln", root), f)) == 0 && kexec_refused("/srv/ln", "/srv/ln"));
	gone("root/srv");
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

int main(void)
{
	char *was;

	if (tboot_begin(&was) != 0)
		return 1;
	in_root_dir("/boot");
	in_root_dir("/run/systemd/system");   /* under systemd: systemctl kexec */
	T_CHECK(boot_driver_find("kexec") == &boot_kexec);
	test_kexec();
	test_kexec_trust();
	T_CHECK(tboot_end(was) == 0);
	return t_done();
}
