/* test_guest.c: the qemu driver's pieces: lib/cpio.c's newc archive read back, guest_mods.c's modules of a fake module tree (depends= fields, modules.dep, built-ins, an optional module, a .ko.xz, a missing one, links refused), guest_initrd.c's cache key, guest_share.c's QEMU option escaping, console token and staging import, and guest_pin.c's vCPU threads of a fake /proc, and what a qemu SPEC names trusted. */
#include "contest/series/guest.h"
#include "contest/series/guest_initrd.h"
#include "contest/series/guest_mods.h"
#include "contest/series/guest_share.h"
#include "contest/series/launch.h"
#include "results/record/store.h"
#include "contest/series/guest_pin.h"
#include "contest/series/boot_util.h"
#include "lib/cpio.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "tests/unit/t.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
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
	T_CHECK(mods_resolve(base, tree, GUEST_MODS_WANT, &m, why, sizeof why) == 0);
	T_STREQ(names(&m), "9pnet virtio_ring 9pnet_virtio netfs 9p virtio_blk jbd2 mb_cache ext4");
	text_fmt(p, sizeof p, "%s/kernel/fs/mb-cache.ko", tree);
	T_STREQ(m.path[7], p);

	T_CHECK(mods_resolve(base, tree, "ext4 nosuch", &m, why, sizeof why) == -1);
	T_CHECK(strstr(why, "no module nosuch") != NULL);

	/* modules.dep, when there, says the dependencies (not depends=) */
	put("modules.dep", "kernel/fs/ext4/ext4.ko: kernel/fs/jbd2/jbd2.ko\nkernel/fs/jbd2/jbd2.ko:\n"
	    "kernel/fs/9p/9p.ko: kernel/net/9p/9pnet.ko\nkernel/net/9p/9pnet.ko:\n");
	T_CHECK(mods_resolve(base, tree, "9p ext4", &m, why, sizeof why) == 0);
	T_STREQ(names(&m), "9pnet 9p jbd2 ext4");
	text_fmt(p, sizeof p, "%s/modules.dep", tree);
	unlink(p);

	/* a .ko.xz that modules.order names as .ko, decompressed */
	char xz[PATH_MAX], cmd[PATH_MAX + 32];
	if (boot_which("xz", xz, sizeof xz) == 0) {
		text_fmt(cmd, sizeof cmd, "xz %s/kernel/fs/jbd2/jbd2.ko", tree);
		T_CHECK(system(cmd) == 0);
		T_CHECK(mods_resolve(base, tree, "jbd2", &m, why, sizeof why) == 0);
		T_CHECK(m.n == 1 && strstr(m.path[0], "jbd2.ko.xz") != NULL);
		size_t n = 0;
		char *b = m.n == 1 ? mods_read(m.path[0], &n, why, sizeof why) : NULL;
		T_CHECK(b != NULL && n > 8 && memcmp(b, "\177ELF fake", 9) == 0);
		free(b);
	} else
		printf("# no xz: the .ko.xz case not run\n");
}

/* test_links: a module file that is a link out of the kernel folder, and
 * a module folder that is one, refused; a link inside it never read. */
static void test_links(void)
{
	static struct mods m;
	char why[512], p[PATH_MAX], q[PATH_MAX], secret[PATH_MAX];
	FILE *f;
	size_t n;

	text_fmt(secret, sizeof secret, "%s/secret", base);   /* outside the kernel folder below */
	if ((f = fopen(secret, "w")) != NULL) {
		fputs("root only\n", f);
		fclose(f);
	}
	chmod(secret, 0600);
	text_fmt(p, sizeof p, "%s/k/lib/modules/1.0/kernel", base);
	fs_mkdirs(p);
	text_fmt(p, sizeof p, "%s/k/lib/modules/1.0/modules.order", base);
	if ((f = fopen(p, "w")) != NULL) {
		fputs("kernel/evil.ko\nkernel/near.ko\nkernel/plain.ko\n", f);
		fclose(f);
	}
	text_fmt(p, sizeof p, "%s/k/lib/modules/1.0/kernel/evil.ko", base);
	T_CHECK(symlink(secret, p) == 0);
	text_fmt(q, sizeof q, "%s/k", base);
	text_fmt(p, sizeof p, "%s/k/lib/modules/1.0", base);
	T_CHECK(mods_resolve(q, p, "evil", &m, why, sizeof why) == -1);
	T_CHECK(strstr(why, "evil.ko") != NULL && strstr(why, "outside the kernel folder") != NULL);
	/* a link that stays inside resolves, and is still never read through */
	text_fmt(p, sizeof p, "%s/k/lib/modules/1.0/kernel/plain.ko", base);
	if ((f = fopen(p, "w")) != NULL) {
		fputs("\177ELF plain", f);
		fclose(f);
	}
	text_fmt(p, sizeof p, "%s/k/lib/modules/1.0/kernel/near.ko", base);
	T_CHECK(symlink("plain.ko", p) == 0);
	text_fmt(p, sizeof p, "%s/k/lib/modules/1.0", base);
	T_CHECK(mods_resolve(q, p, "near", &m, why, sizeof why) == -1);
	T_CHECK(strstr(why, "near.ko") != NULL && strstr(why, "symbolic link") != NULL);
	T_CHECK(mods_read(p, &n, why, sizeof why) == NULL);
	/* the module folder a link out of the kernel folder (to the tree of test_mods) */
	text_fmt(p, sizeof p, "%s/k2/lib/modules", base);
	fs_mkdirs(p);
	text_fmt(p, sizeof p, "%s/k2/lib/modules/9.9", base);
	T_CHECK(symlink(tree, p) == 0);
	text_fmt(q, sizeof q, "%s/k2", base);
	T_CHECK(mods_resolve(q, p, "9p", &m, why, sizeof why) == -1);
	T_CHECK(strstr(why, "not inside the kernel folder") != NULL);
	T_CHECK(mods_resolve(base, p, "9p", &m, why, sizeof why) == 0);   /* inside base: fine */
}

/* put_file: text into path. */
static void put_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f != NULL) {
		fputs(text, f);
		fclose(f);
	}
}

/* spec_of: guest_spec of spec; "" when accepted (g and rel filled), else why. */
static const char *spec_of(const char *spec, struct guest_kernel *g, char *rel, size_t rlen)
{
	static char why[1024];

	rel[0] = '\0';
	return guest_spec(spec, rel, rlen, g, why, sizeof why) == 0 ? "" : why;
}

/* test_spec_trust: a kernel folder, its image and module folder, and each
 * module, are refused when anyone but root (or the user running the test)
 * can change them; a link to a kernel folder is followed, and its real
 * path kept. */
static void test_spec_trust(void)
{
	static struct guest_kernel g;
	static struct mods m;
	char kd[PATH_MAX], p[PATH_MAX], real[PATH_MAX], rel[64], why[512];

	text_fmt(kd, sizeof kd, "%s/kd", base);
	text_fmt(p, sizeof p, "%s/kd/lib/modules/9.9", base);
	fs_mkdirs(p);
	text_fmt(p, sizeof p, "%s/kd/boot", base);
	fs_mkdirs(p);
	text_fmt(p, sizeof p, "%s/kd/boot/vmlinuz-9.9", base);
	put_file(p, "kernel");
	T_STREQ(spec_of(kd, &g, rel, sizeof rel), "");
	T_STREQ(rel, "9.9");
	chmod(p, 0664);
	T_CHECK(strstr(spec_of(kd, &g, rel, sizeof rel), "qemu's kernel image") != NULL);
	chmod(p, 0644);
	if (geteuid() == 0) {
		T_CHECK(chown(p, 65534, 65534) == 0);
		T_CHECK(strstr(spec_of(kd, &g, rel, sizeof rel), "owned by") != NULL);
		T_CHECK(chown(p, 0, 0) == 0);
	}
	text_fmt(p, sizeof p, "%s/kd/lib/modules", base);
	chmod(p, 0777);
	T_CHECK(strstr(spec_of(kd, &g, rel, sizeof rel), "qemu's module folder") != NULL);
	chmod(p, 0755);
	chmod(kd, 0777);
	T_CHECK(strstr(spec_of(kd, &g, rel, sizeof rel), "qemu's kernel image") != NULL);
	chmod(kd, 0755);
	text_fmt(p, sizeof p, "%s/kl", base);   /* a link to the folder: its real path is used */
	T_CHECK(symlink("kd", p) == 0);
	T_STREQ(spec_of(p, &g, rel, sizeof rel), "");
	T_CHECK(realpath(kd, real) != NULL);
	T_STREQ(g.root, real);
	T_CHECK(strncmp(g.image, real, strlen(real)) == 0 && strncmp(g.modules, real, strlen(real)) == 0);

	/* a module someone else can write */
	text_fmt(p, sizeof p, "%s/kernel/fs/netfs/netfs.ko", tree);
	chmod(p, 0646);
	T_CHECK(mods_resolve(base, tree, "9p", &m, why, sizeof why) == -1);
	T_CHECK(strstr(why, "netfs.ko") != NULL && strstr(why, "qemu's module") != NULL);
	chmod(p, 0644);
	T_CHECK(mods_resolve(base, tree, "9p", &m, why, sizeof why) == 0);
}

/* count_initrd: the files of dir whose name begins with prefix. */
static int count_initrd(const char *dir, const char *prefix)
{
	char cmd[PATH_MAX * 2];

	text_fmt(cmd, sizeof cmd, "exit $(ls %s | grep -c '^%s')", dir, prefix);
	return WEXITSTATUS(system(cmd));
}

/* test_initrd: the initramfs's name follows its bytes: the same inputs the
 * same key; a changed module or contest-init another; written 0600, the
 * label's older ones removed. */
static void test_initrd(void)
{
	static struct mods m;
	char why[512], init[PATH_MAX], gdir[PATH_MAX], out[PATH_MAX], first[PATH_MAX], old[PATH_MAX];
	char *b;
	size_t n;
	uint64_t k1, k2, k3, k4;
	struct stat st;

	text_fmt(init, sizeof init, "%s/bin/contest-init", base);
	text_fmt(gdir, sizeof gdir, "%s/guest", base);
	fs_mkdirs(gdir);
	text_fmt(out, sizeof out, "%s/bin", base);
	fs_mkdirs(out);
	put_file(init, "init one");
	T_CHECK(mods_resolve(base, tree, "9p", &m, why, sizeof why) == 0);
	T_CHECK(guest_initrd_build(init, &m, &b, &n, why, sizeof why) == 0);
	k1 = guest_initrd_key(b, n);
	free(b);
	T_CHECK(guest_initrd_build(init, &m, &b, &n, why, sizeof why) == 0);
	T_CHECK(guest_initrd_key(b, n) == k1);   /* the same inputs, the same bytes */
	free(b);
	text_fmt(out, sizeof out, "%s/kernel/fs/netfs/netfs.ko", tree);   /* a module changed */
	FILE *f = fopen(out, "a");
	if (f != NULL) {
		fputs("more", f);
		fclose(f);
	}
	T_CHECK(guest_initrd_build(init, &m, &b, &n, why, sizeof why) == 0);
	k2 = guest_initrd_key(b, n);
	free(b);
	put_file(init, "init two");   /* contest-init changed */
	T_CHECK(guest_initrd_build(init, &m, &b, &n, why, sizeof why) == 0);
	k3 = guest_initrd_key(b, n);
	free(b);
	T_CHECK(k1 != k2 && k2 != k3 && k1 != k3);

	/* the cache: LABEL-KEY.initrd, 0600; a change is a new one, the old removed */
	text_fmt(old, sizeof old, "%s/lab.initrd", gdir);   /* an older contest's */
	put_file(old, "stale");
	T_CHECK(guest_initrd(init, base, tree, gdir, "lab", first, sizeof first, why, sizeof why) == 0);
	T_CHECK(stat(first, &st) == 0 && (st.st_mode & 07777) == 0600);
	T_CHECK(strstr(first, "/lab-") != NULL && access(old, F_OK) != 0);
	T_CHECK(guest_initrd(init, base, tree, gdir, "lab", out, sizeof out, why, sizeof why) == 0 && strcmp(out, first) == 0);
	put_file(init, "init three");
	T_CHECK(guest_initrd(init, base, tree, gdir, "lab", out, sizeof out, why, sizeof why) == 0 && strcmp(out, first) != 0);
	T_CHECK(access(first, F_OK) != 0 && access(out, F_OK) == 0);
	k4 = 0;
	T_CHECK(sscanf(strrchr(out, '-') + 1, "%16" SCNx64, &k4) == 1 && k4 != k3);
	T_CHECK(count_initrd(gdir, "lab") == 1);
}

/* test_escape: commas doubled for QEMU's option lists; too long refused. */
static void test_escape(void)
{
	char out[32];

	T_CHECK(guest_opt_escape("/x,path=/", out, sizeof out) == 0);
	T_STREQ(out, "/x,,path=/");
	T_CHECK(guest_opt_escape("/plain/path", out, sizeof out) == 0);
	T_STREQ(out, "/plain/path");
	T_CHECK(guest_opt_escape(",,", out, sizeof out) == 0);
	T_STREQ(out, ",,,,");
	T_CHECK(guest_opt_escape("/a,b", out, 5) == -1);   /* "/a,,b" needs 6 */
	T_CHECK(guest_opt_escape("/a,b", out, 6) == 0);
}

/* test_token: only the init's lines with this guest's token count; N 0 to
 * 255 only; a guest's 130 is a failed run, never an interrupt. */
static void test_token(void)
{
	char tok[GUEST_TOKEN_LEN + 1], tok2[GUEST_TOKEN_LEN + 1], c[1024];
	int booted;

	T_CHECK(guest_token(tok) == 0 && strlen(tok) == GUEST_TOKEN_LEN && strspn(tok, "0123456789abcdef") == 32);
	T_CHECK(guest_token(tok2) == 0 && strcmp(tok, tok2) != 0);
	T_CHECK(guest_console_scan("contest-guest: command at 5 ms\ncontest-guest: exit 0\n", tok, &booted) == -1);
	T_CHECK(booted == 0);   /* no token: nothing */
	text_fmt(c, sizeof c, "contest-guest: %s command at 5 ms\r\ncontest-guest: %s exit 3\r\n", tok2, tok2);
	T_CHECK(guest_console_scan(c, tok, &booted) == -1 && booted == 0);   /* another token */
	text_fmt(c, sizeof c, "[ 1.0] x\r\ncontest-guest: %s command at 5 ms\r\nload says contest-guest: %s exit 9\n"
	         "contest-guest: exit 130\ncontest-guest: %s exit 7\r\n", tok, tok, tok);
	T_CHECK(guest_console_scan(c, tok, &booted) == 7 && booted == 1);
	const char *bad[] = { "256", "-3", "1000", "0007", "12x", "", " 5", "4294967303" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		text_fmt(c, sizeof c, "contest-guest: %s command at 1 ms\ncontest-guest: %s exit %s\n", tok, tok, bad[i]);
		T_CHECK(guest_console_scan(c, tok, &booted) == -1 && booted == 1);
	}
	text_fmt(c, sizeof c, "contest-guest: %s exit 255\n", tok);
	T_CHECK(guest_console_scan(c, tok, &booted) == 255);
	T_CHECK(guest_console_scan(c, "", &booted) == -1);
	text_fmt(c, sizeof c, "contest-guest: %s command at 1 ms\ncontest-guest: %s exit 130\n", tok, tok);
	T_CHECK(guest_console_scan(c, tok, &booted) == 130);
	T_CHECK(guest_run_status(130) == 1 && guest_run_status(0) == 0 && guest_run_status(2) == 2);
	T_CHECK(guest_run_status(-1) == LAUNCH_ERROR && guest_run_status(-1) != LAUNCH_NOBOOT);
	T_CHECK(guest_run_status(256) == LAUNCH_ERROR);
}

/* rec_of: a record of label's load in series id, round round, run run. */
static void rec_of(struct rec *r, const char *label, const char *load, const char *id, int round, int run)
{
	rec_init(r);
	text_copy(r->label, label, sizeof r->label);
	text_copy(r->load, load, sizeof r->load);
	text_copy(r->series, id, sizeof r->series);
	text_copy(r->timestamp, "2026-12-07T20:00:00Z", sizeof r->timestamp);
	text_copy(r->version, "test", sizeof r->version);
	text_copy(r->reason, "test", sizeof r->reason);
	r->failed = 1;
	r->round = round;
	r->run = run;
}

/* test_stage: a fresh 0700 staging folder; only the run's own record
 * (label, load, series, round) imported, numbered after the results', its
 * host this machine's name and not the guest's "(none)"; the
 * rest (other labels, links, device nodes) left behind and removed. */
static void test_stage(void)
{
	static struct series_journal j;
	struct boot_kernel a = { .label = "a" };
	struct series_run run = { .id = "s1", .round = 2, .kernel = &a, .load = "no_load", .results = j.results };
	struct rec r;
	struct rec_set s = { 0 };
	char gdir[PATH_MAX], stage[PATH_MAX], p[PATH_MAX], why[512];
	struct stat st;
	struct utsname u;

	text_fmt(gdir, sizeof gdir, "%s/sj/guest", base);
	text_fmt(j.results, sizeof j.results, "%s/sj/results", base);
	fs_mkdirs(gdir);
	fs_mkdirs(j.results);
	text_copy(j.id, "s1", sizeof j.id);
	rec_of(&r, "a", "no_load", "s1", 1, 1);
	text_copy(r.host, "(none)", sizeof r.host);   /* imported before the host was the machine's */
	T_CHECK(store_append(j.results, &r) == 0);
	rec_of(&r, "a", "no_load", "s1", 1, 2);
	T_CHECK(store_append(j.results, &r) == 0);
	text_fmt(p, sizeof p, "%s/stage/junk", gdir);
	fs_mkdirs(p);   /* left from before: removed */
	T_CHECK(guest_stage_make(gdir, stage, sizeof stage, why, sizeof why) == 0);
	T_CHECK(stat(stage, &st) == 0 && S_ISDIR(st.st_mode) && (st.st_mode & 0777) == 0700 && access(p, F_OK) != 0);
	rec_of(&r, "a", "no_load", "s1", 2, 1);   /* the run's, named by the guest */
	text_copy(r.host, "(none)", sizeof r.host);
	T_CHECK(store_append(stage, &r) == 0);
	rec_of(&r, "a", "no_load", "s2", 2, 1);   /* another series */
	T_CHECK(store_append(stage, &r) == 0);
	rec_of(&r, "a", "no_load", "s1", 1, 1);   /* another round */
	T_CHECK(store_append(stage, &r) == 0);
	rec_of(&r, "a", "io_load", "s1", 2, 1);   /* another load */
	T_CHECK(store_append(stage, &r) == 0);
	rec_of(&r, "b", "no_load", "s1", 2, 1);   /* another kernel */
	T_CHECK(store_append(stage, &r) == 0);
	text_fmt(p, sizeof p, "%s/node", stage);
	T_CHECK(mknod(p, S_IFIFO | 0600, 0) == 0);
	text_fmt(p, sizeof p, "%s/c.loads", stage);
	T_CHECK(symlink("/etc/passwd", p) == 0);
	T_CHECK(guest_stage_import(&run, gdir, 1, why, sizeof why) == 1);
	T_CHECK(access(stage, F_OK) != 0);   /* removed */
	T_CHECK(store_read_label(j.results, "a", &s) == 0 && s.n == 3);
	if (s.n == 3) {
		T_CHECK(s.v[2].run == 3 && s.v[2].round == 2 && strcmp(s.v[2].series, "s1") == 0);
		T_CHECK(uname(&u) == 0 && strcmp(s.v[2].host, u.nodename) == 0);   /* the machine's name */
		T_CHECK(strcmp(s.v[0].host, "(none)") == 0);   /* an older guest record's, read as it is */
	}
	rec_set_free(&s);
	text_fmt(p, sizeof p, "%s/b.loads", j.results);
	T_CHECK(access(p, F_OK) != 0);
	text_fmt(p, sizeof p, "%s/c.loads", j.results);
	T_CHECK(access(p, F_OK) != 0);
	/* a guest that never reached its run gives nothing; a link as the file, nothing */
	T_CHECK(guest_stage_make(gdir, stage, sizeof stage, why, sizeof why) == 0);
	rec_of(&r, "a", "no_load", "s1", 2, 1);
	T_CHECK(store_append(stage, &r) == 0);
	T_CHECK(guest_stage_import(&run, gdir, 0, why, sizeof why) == 0);
	T_CHECK(guest_stage_make(gdir, stage, sizeof stage, why, sizeof why) == 0);
	text_fmt(p, sizeof p, "%s/a.loads", stage);
	text_fmt(why, sizeof why, "%s/a.loads", j.results);
	T_CHECK(symlink(why, p) == 0);
	T_CHECK(guest_stage_import(&run, gdir, 1, why, sizeof why) == 0);
	T_CHECK(store_read_label(j.results, "a", &s) == 0 && s.n == 3);
	rec_set_free(&s);
	T_CHECK(access(stage, F_OK) != 0);
	(void)errno;
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
	struct guest_opts j = { .accel = "" };
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
	j.mib = 2048;
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
	test_links();
	test_initrd();
	test_spec_trust();
	test_escape();
	test_token();
	test_stage();
	test_pin();
	text_fmt(cmd, sizeof cmd, "rm -rf %s", base);
	T_CHECK(system(cmd) == 0);
	return t_done();
}
