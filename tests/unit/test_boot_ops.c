/* test_boot_ops.c: the boot drivers' ops table as boot.h states it: which ops each driver has, and the qemu and oneshot drivers' state lines. */
#include "contest/series/boot.h"
#include "tests/unit/t.h"

#include <string.h>

/* test_table: every driver resolves, checks, tells its default and what
 * runs, and runs; arm, disarm and reboot all three or none, and a boot
 * unit exactly with them. */
static void test_table(void)
{
	const struct boot_driver *all[] = { &boot_oneshot, &boot_kexec, &boot_qemu, &boot_sim };

	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		const struct boot_driver *d = all[i];
		int arms = d->arm != NULL;
		T_CHECK(boot_driver_find(d->name) == d);
		T_CHECK(d->resolve && d->check && d->default_release && d->running && d->run);
		T_CHECK((d->disarm != NULL) == arms && (d->reboot != NULL) == arms && d->unit == arms);
	}
	T_CHECK(boot_qemu.arm == NULL && boot_sim.arm != NULL);
}

/* test_qemu_state: qemu's state line written by its configure, checked
 * (a journal's has its accelerator picked), and said by describe and
 * emulated; oneshot's names a loader or none. */
static void test_qemu_state(void)
{
	struct boot_ctx c = { .root = "" };
	struct boot_options o = { .accel = "tcg", .vcpus = 2, .guest_mib = 1536 };
	char why[256], out[256];

	T_CHECK(boot_qemu.configure(&c, &o, why, sizeof why) == 0);
	T_STREQ(c.opts, "accel=tcg vcpus=2 mib=1536");
	T_CHECK(boot_qemu.opts_check(c.opts, why, sizeof why) == 0 && boot_qemu.emulated(&c) == 1);
	boot_qemu.describe(&c, 0, out, sizeof out);
	T_STREQ(out, "tcg 2 vcpus 1536M");
	o.accel = NULL;   /* not picked yet: the plan says how it will be */
	T_CHECK(boot_qemu.configure(&c, &o, why, sizeof why) == 0 && boot_qemu.emulated(&c) == 0);
	boot_qemu.describe(&c, 1, out, sizeof out);
	T_STREQ(out, "guests: 2 vcpus 1536M, on kvm when a probe guest boots under it, else tcg (emulated)");
	T_CHECK(boot_qemu.opts_check(c.opts, why, sizeof why) == -1);
	T_CHECK(boot_qemu.opts_check("accel=kvm vcpus=2 mib=1536 pinned", why, sizeof why) == 0);
	T_CHECK(boot_qemu.opts_check("accel=kvm vcpus=2", why, sizeof why) == -1);
	T_CHECK(boot_qemu.opts_check("accel=kvm vcpus=0 mib=1536", why, sizeof why) == -1);
	T_CHECK(boot_oneshot.opts_check("grub", why, sizeof why) == 0);
	T_CHECK(boot_oneshot.opts_check("systemd-boot", why, sizeof why) == 0);
	T_CHECK(boot_oneshot.opts_check("", why, sizeof why) == 0);
	T_CHECK(boot_oneshot.opts_check("lilo", why, sizeof why) == -1);
}

int main(void)
{
	test_table();
	test_qemu_state();
	return t_done();
}
