/* test_guest.c: the qemu driver's pieces: lib/cpio.c's newc archive read back, guest_mods.c's modules of a fake module tree (depends= fields, modules.dep, built-ins, an optional module, a .ko.xz, a missing one), and guest_pin.c's vCPU threads of a fake /proc. */
#include "contest/series/guest.h"
#include "contest/series/guest_mods.h"
#include "contest/series/guest_pin.h"
#include "contest/series/boot_util.h"
#include "lib/cpio.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "tests/unit/t.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char base[] = "/tmp/contest-guest.XXXXXX";
static char tree[PATH_MAX];

/* hex8: the 8 hex digits at p as a number. */
static unsigned long hex8(const char *p)
{
	char b[9];

	memcpy(b, p, 8);
	b[8] = '\0';
	return strtoul(b, NULL, 16);
}

/* test_cpio: a folder, a file and the trailer, read back field by field. */
static void test_cpio(void)
{
	char *buf = NULL;
	size_t n = 0, at = 0;
	FILE *f = open_memstream(&buf, &n);
	struct cpio w;

	cpio_init(&w, f);
	T_CHECK(cpio_add(&w, "dev", S_IFDIR | 0755, NULL, 0) == 0);
	T_CHECK(cpio_add(&w, "init", S_IFREG | 0755, "abcde", 5) == 0);
	T_CHECK(cpio_end(&w) == 0);
	fclose(f);
	T_CHECK(n % 4 == 0);
	const char *want[] = { "dev", "init", "TRAILER!!!" };
	unsigned long mode[] = { 040755, 0100755, 0 }, size[] = { 0, 5, 0 };
	for (int e = 0; e < 3 && at + 110 <= n; e++) {
		const char *h = buf + at;
		T_CHECK(memcmp(h, "070701", 6) == 0);
		T_CHECK(hex8(h + 14) == mode[e]);
		T_CHECK(hex8(h + 22) == 0 && hex8(h + 30) == 0);   /* root's */
		T_CHECK(hex8(h + 54) == size[e]);
		unsigned long ns = hex8(h + 94);
		T_CHECK(ns == strlen(want[e]) + 1);
		T_STREQ(h + 110, want[e]);
		at += (110 + ns + 3) / 4 * 4;
		if (size[e])
			T_CHECK(memcmp(buf + at, "abcde", 5) == 0);
		at += (size[e] + 3) / 4 * 4;
	}
	T_CHECK(at == n);
	free(buf);
}

/* ko: a fake module at tree/rel whose .modinfo says depends=deps. */
static void ko(const char *rel, const char *deps)
{
	char p[PATH_MAX], body[256];
	FILE *f;
	int len = snprintf(body, sizeof body, "\177ELF fake%cname=x%cdepends=%s%cvermagic=9.9%c", 0, 0, deps, 0, 0);

	text_fmt(p, sizeof p, "%s/%s", tree, rel);
	*strrchr(p, '/') = '\0';
	fs_mkdirs(p);
	text_fmt(p, sizeof p, "%s/%s", tree, rel);
	if ((f = fopen(p, "w")) != NULL) {
		fwrite(body, 1, (size_t)len, f);
		fclose(f);
	}
}

/* put: text into tree/name. */
static void put(const char *name, const char *text)
{
	char p[PATH_MAX];
	FILE *f;

	text_fmt(p, sizeof p, "%s/%s", tree, name);
	if ((f = fopen(p, "w")) != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

/* names: m's names, blank-separated. */
static const char *names(const struct mods *m)
{
	static char s[1024];
	size_t n = 0;

	s[0] = '\0';
	for (size_t i = 0; i < m->n; i++)
		text_put(s, sizeof s, &n, "%s%s", i ? " " : "", m->name[i]);
	return s;
}

/* test_mods: the dependency order from depends=, then from modules.dep. */
static void test_mods(void)
{
	static struct mods m;
	char why[512], p[PATH_MAX];

	ko("kernel/net/9p/9pnet.ko", "");
	ko("kernel/net/9p/9pnet_virtio.ko", "9pnet,virtio_ring");
	ko("kernel/drivers/virtio/virtio_ring.ko", "");
	ko("kernel/fs/9p/9p.ko", "9pnet,netfs");
	ko("kernel/fs/netfs/netfs.ko", "");
	ko("kernel/drivers/block/virtio_blk.ko", "virtio_ring");
	ko("kernel/fs/jbd2/jbd2.ko", "");
	ko("kernel/fs/mb-cache.ko", "");   /* its name is mb_cache: '-' as '_' */
	put("modules.order", "kernel/net/9p/9pnet.ko\nkernel/net/9p/9pnet_virtio.ko\nkernel/drivers/virtio/virtio_ring.ko\n"
	    "kernel/fs/9p/9p.ko\nkernel/fs/netfs/netfs.ko\nkernel/drivers/block/virtio_blk.ko\n"
	    "kernel/fs/ext4/ext4.ko\nkernel/fs/jbd2/jbd2.ko\nkernel/fs/mb-cache.ko\n");
	put("modules.builtin", "kernel/drivers/virtio/virtio_pci.ko\n");
	ko("kernel/fs/ext4/ext4.ko", "jbd2,mb-cache");
	T_CHECK(mods_resolve(tree, GUEST_MODS_WANT, &m, why, sizeof why) == 0);
	T_STREQ(names(&m), "9pnet virtio_ring 9pnet_virtio netfs 9p virtio_blk jbd2 mb_cache ext4");
	text_fmt(p, sizeof p, "%s/kernel/fs/mb-cache.ko", tree);
	T_STREQ(m.path[7], p);

	T_CHECK(mods_resolve(tree, "ext4 nosuch", &m, why, sizeof why) == -1);
	T_CHECK(strstr(why, "no module nosuch") != NULL);

	/* modules.dep, when there, says the dependencies (not depends=) */
	put("modules.dep", "kernel/fs/ext4/ext4.ko: kernel/fs/jbd2/jbd2.ko\nkernel/fs/jbd2/jbd2.ko:\n"
	    "kernel/fs/9p/9p.ko: kernel/net/9p/9pnet.ko\nkernel/net/9p/9pnet.ko:\n");
	T_CHECK(mods_resolve(tree, "9p ext4", &m, why, sizeof why) == 0);
	T_STREQ(names(&m), "9pnet 9p jbd2 ext4");
	text_fmt(p, sizeof p, "%s/modules.dep", tree);
	unlink(p);

	/* a .ko.xz that modules.order names as .ko, decompressed */
	char xz[PATH_MAX], cmd[PATH_MAX + 32];
	if (boot_which("xz", xz, sizeof xz) == 0) {
		text_fmt(cmd, sizeof cmd, "xz %s/kernel/fs/jbd2/jbd2.ko", tree);
		T_CHECK(system(cmd) == 0);
		T_CHECK(mods_resolve(tree, "jbd2", &m, why, sizeof why) == 0);
		T_CHECK(m.n == 1 && strstr(m.path[0], "jbd2.ko.xz") != NULL);
		size_t n = 0;
		char *b = m.n == 1 ? mods_read(m.path[0], &n, why, sizeof why) : NULL;
		T_CHECK(b != NULL && n > 8 && memcmp(b, "\177ELF fake", 9) == 0);
		free(b);
	} else
		printf("# no xz: the .ko.xz case not run\n");
}

/* task: a fake thread tid of pid under base/proc named comm. */
static void task(long pid, long tid, const char *comm)
{
	char p[PATH_MAX];
	FILE *f;

	text_fmt(p, sizeof p, "%s/proc/%ld/task/%ld", base, pid, tid);
	fs_mkdirs(p);
	text_fmt(p, sizeof p, "%s/proc/%ld/task/%ld/comm", base, pid, tid);
	if ((f = fopen(p, "w")) != NULL) {
		fprintf(f, "%s\n", comm);
		fclose(f);
	}
}

/* test_pin: vCPU threads by name, found in a fake /proc; the record's words. */
static void test_pin(void)
{
	static struct series_journal j;
	char proc[PATH_MAX], g[64];
	pid_t tid[3];
	int cpu[8];

	T_CHECK(guest_pin_vcpu("CPU 0/TCG") == 0 && guest_pin_vcpu("CPU 12/KVM\n") == 12);
	T_CHECK(guest_pin_vcpu("ALL CPUs/TCG") == -1 && guest_pin_vcpu("qemu-system-x86") == -1);
	T_CHECK(guest_pin_vcpu("CPU 1/TCGx") == -1 && guest_pin_vcpu("CPU /TCG") == -1);
	T_CHECK(guest_pin_vcpu("CPU -1/TCG") == -1 && guest_pin_vcpu("CPU 1/XEN") == -1);
	task(123, 123, "qemu-system-x86");
	task(123, 124, "CPU 1/TCG");
	task(123, 125, "CPU 0/TCG");
	task(123, 126, "vhost-worker");
	text_fmt(proc, sizeof proc, "%s/proc", base);
	T_CHECK(guest_pin_find(proc, 123, 2, tid) == 2 && tid[0] == 125 && tid[1] == 124);
	T_CHECK(guest_pin_find(proc, 123, 3, tid) == 2 && tid[2] == 0);   /* vCPU 2 not there (yet) */
	T_CHECK(guest_pin_find(proc, 123, 1, tid) == 1 && tid[0] == 125);
	T_CHECK(guest_pin_find(proc, 999, 2, tid) == -1);
	T_CHECK(guest_pin_cpus(cpu, 8) >= 1);
	text_copy(j.accel, "tcg", sizeof j.accel);
	j.vcpus = 2;
	j.guest_mib = 2048;
	guest_describe(&j, g, sizeof g);
	T_CHECK(strcmp(g, "tcg 2 vcpus 2G") == 0);
	j.pin = 1;
	guest_describe(&j, g, sizeof g);
	T_CHECK(strcmp(g, "tcg 2 vcpus 2G pinned") == 0);
}

int main(void)
{
	char cmd[PATH_MAX + 16];

	if (mkdtemp(base) == NULL)
		return 1;
	text_fmt(tree, sizeof tree, "%s/lib/modules/9.9", base);
	fs_mkdirs(tree);
	test_cpio();
	test_mods();
	test_pin();
	text_fmt(cmd, sizeof cmd, "rm -rf %s", base);
	T_CHECK(system(cmd) == 0);
	return t_done();
}
