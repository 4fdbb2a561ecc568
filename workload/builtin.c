/* builtin.c: the built-in reference workload: lays out, writes and caches a generated kernel-like tree. */
#include "workload/builtin.h"
#include "lib/fs.h"
#include "lib/text.h"
#include "workload/gen_code.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MARKER ".contest-builtin"

/* Scales: the number of translation units (per-unit cost is the same at every scale). mini is
 * for checking that contest works (and for its own tests): a compile of a second or so. */
static const struct {
	const char *name;
	unsigned units;
} scales[] = {
	{ "mini", 4 }, { "tiny", 16 }, { "small", 72 }, { "default", 310 }, { "large", 1150 },
};

/* Directories of the tree; unit i goes to dirs[i % NDIRS], named after its stems in turn. */
static const struct {
	const char *path, *tag;
	const char *stems[12];
} dirs[] = {
	{ "kernel", "core", { "fork", "exit", "signal", "sys", "panic", "resource", "softirq",
			      "kthread", "notifier", "params", "capability", "ptrace" } },
	{ "mm", "mm", { "page_alloc", "slub", "vmscan", "memory", "mmap", "filemap", "compaction",
			"rmap", "swapfile", "mprotect", "highmem", "percpu_alloc" } },
	{ "fs", "vfs", { "namei", "inode", "dcache_impl", "file_table", "super", "read_write",
			 "open", "exec", "pipe", "locks", "splice", "xattr" } },
	{ "drivers/net", "netdrv", { "e1000_main", "virtio_net", "tun", "bonding", "ixgbe_main",
				     "r8169_main", "veth" } },
	{ "kernel/sched", "sched", { "fair", "rt", "deadline", "idle", "topology", "loadavg",
				     "cputime", "completion", "clock" } },
	{ "net/core", "net", { "dev", "sock", "skb_impl", "filter", "neighbour", "flow_dissector",
			       "rtnetlink", "datagram" } },
	{ "fs/ext4", "ext4", { "extents", "balloc", "ialloc", "dir", "super", "inode", "mballoc",
			       "journal", "xattr", "namei" } },
	{ "lib", "lib", { "string", "sort", "bitmap", "rbtree_impl", "crc32", "vsprintf",
			  "radix_tree", "idr_impl", "kstrtox", "list_sort", "hexdump", "checksum" } },
	{ "drivers/gpu/drm", "drm", { "drm_gem", "drm_crtc", "drm_atomic", "drm_edid", "drm_fb",
				      "drm_mode", "drm_vblank", "drm_ioctl" } },
	{ "block", "blk", { "blk_core", "blk_mq", "elv_impl", "bio_impl", "genhd", "partitions",
			    "blk_merge", "blk_settings" } },
	{ "net/ipv4", "ipv4", { "tcp_input", "tcp_output", "ip_input", "ip_output", "route", "udp",
				"arp", "icmp", "fib_trie" } },
	{ "kernel/irq", "irq", { "irqdesc_impl", "chip", "handle", "manage", "spurious", "affinity",
				 "msi", "proc" } },
	{ "drivers/base", "drvbase", { "bus", "driver", "platform", "class", "firmware", "devres",
				       "regmap" } },
	{ "arch/x86/kernel", "x86", { "setup", "traps", "process", "smpboot", "apic", "tsc",
				      "alternative", "e820", "cpu_common" } },
	{ "kernel/time", "time", { "timekeeping", "clocksource", "tick", "alarmtimer",
				   "posix_timers", "ntp", "jiffies_impl" } },
	{ "drivers/usb/core", "usb", { "hub", "message", "urb", "hcd", "config", "devio", "quirks" } },
	{ "crypto", "crypto", { "sha256", "aes_generic", "gcm", "cbc", "api", "algapi", "chacha20",
				"poly1305" } },
	{ "fs/proc", "proc", { "base", "generic", "array", "task_mmu", "stat", "meminfo" } },
	{ "drivers/block", "blkdrv", { "loop", "nbd", "zram", "virtio_blk", "brd", "null_blk" } },
	{ "net/ipv6", "ipv6", { "ip6_input", "ip6_output", "addrconf", "ndisc", "route6", "udp6" } },
	{ "drivers/pci", "pcidrv", { "probe", "setup_bus", "quirks", "msi_impl", "pci_driver",
				     "search", "rom" } },
	{ "security", "sec", { "commoncap", "security", "keys", "selinux_hooks", "apparmor_lsm",
			       "integrity" } },
	{ "drivers/char", "chr", { "mem", "random", "tty_io", "serial_core", "hw_random", "misc" } },
	{ "arch/x86/mm", "x86mm", { "init_64", "fault", "pageattr", "ioremap", "tlb", "pat" } },
	{ "drivers/scsi", "scsi", { "scsi_lib", "sd", "scsi_error", "scsi_scan", "sg", "hosts" } },
	{ "ipc", "ipc", { "msg", "sem", "shm", "mqueue", "ipc_util", "namespace" } },
	{ "sound/core", "snd", { "pcm", "pcm_native", "control", "timer_core", "seq", "info", "jack" } },
	{ "virt/kvm", "kvm", { "kvm_main", "eventfd", "irqchip", "coalesced_mmio", "vfio", "async_pf" } },
};

static const char *const suffixes[] = {
	"core", "ops", "sysfs", "debug", "util", "table", "policy", "stats", "hw", "lock", "cache", "queue",
};

/* scale_units: the number of units of scale, or 0 when it is not a scale. */
static unsigned scale_units(const char *scale)
{
	size_t i;

	for (i = 0; scale && i < NELEM(scales); i++)
		if (strcmp(scale, scales[i].name) == 0)
			return scales[i].units;
	return 0;
}

int builtin_scale_valid(const char *scale)
{
	return scale_units(scale) != 0;
}

unsigned builtin_units(const char *scale)
{
	return scale_units(scale);
}

void builtin_identity(const char *scale, char *buf, size_t len)
{
	snprintf(buf, len, "builtin-%d:%s", BUILTIN_VERSION, scale);
}

/* layout: name unit i (its directory, file, static and exported prefixes). */
static void layout(struct gen_unit *u, unsigned i)
{
	unsigned d = i % NELEM(dirs), k = i / NELEM(dirs), nst = 0, round;
	char name[GEN_NAME];

	while (nst < NELEM(dirs[d].stems) && dirs[d].stems[nst])
		nst++;
	round = k / nst;
	if (round == 0)
		snprintf(name, sizeof name, "%s", dirs[d].stems[k]);
	else if (round <= NELEM(suffixes))
		snprintf(name, sizeof name, "%s_%s", dirs[d].stems[k % nst], suffixes[round - 1]);
	else
		snprintf(name, sizeof name, "%s_%s%u", dirs[d].stems[k % nst],
			 suffixes[(round - 1) % NELEM(suffixes)], (round - 1) / (unsigned)NELEM(suffixes));
	u->dir = d;
	snprintf(u->stem, sizeof u->stem, "%s", name);
	snprintf(u->sym, sizeof u->sym, "%s_%s", dirs[d].tag, name);
	snprintf(u->path, sizeof u->path, "%s/%s.c", dirs[d].path, name);
}

/* open_parent: make the directories leading to rel's last component inside
 * directory root (mode 0755, under the umask) and open the last of them,
 * never following a link; *base is set to rel's last component. The
 * descriptor, or -1 with errno. */
static int open_parent(int root, const char *rel, char *buf, size_t len, const char **base)
{
	char *p, *slash;
	int cur, next;

	if (text_copy(buf, rel, len) >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if ((cur = fcntl(root, F_DUPFD_CLOEXEC, 0)) < 0)
		return -1;
	for (p = buf; (slash = strchr(p, '/')) != NULL; p = slash + 1) {
		*slash = '\0';
		if (mkdirat(cur, p, 0755) != 0 && errno != EEXIST)
			next = -1;
		else
			next = openat(cur, p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		int e = errno;
		close(cur);
		errno = e;
		if (next < 0)
			return -1;
		cur = next;
	}
	*base = p;
	return cur;
}

/* create: open rel inside directory root for writing as a new 0644 file
 * (O_EXCL, never through a link), making its parent directories. */
static FILE *create(int root, const char *rel)
{
	char buf[PATH_MAX];
	const char *base;
	FILE *f;
	int dfd, fd, e;

	if ((dfd = open_parent(root, rel, buf, sizeof buf, &base)) < 0)
		return NULL;
	fd = fs_create_at(dfd, base, O_WRONLY, 0644);
	e = errno;
	close(dfd);
	errno = e;
	if (fd < 0)
		return NULL;
	f = fdopen(fd, "w");
	if (f == NULL) {
		e = errno;
		close(fd);
		errno = e;
	}
	return f;
}

/* finish: close f; 0, or -1 with errno when any write failed. */
static int finish(FILE *f)
{
	int bad = ferror(f), e = errno;

	if (fclose(f) != 0) {
		bad = 1;
		e = errno;
	}
	if (bad) {
		errno = e ? e : EIO;
		return -1;
	}
	return 0;
}

/* write_text: rel inside directory root holding text. */
static int write_text(int root, const char *rel, const char *text)
{
	FILE *f = create(root, rel);

	if (f == NULL)
		return -1;
	fputs(text, f);
	return finish(f);
}

/* write_makefile: compile every unit and init/main.c, link vmlinux; immune to the caller's CC/CFLAGS. */
static int write_makefile(int root, const struct gen_unit *units, unsigned n)
{
	FILE *f = create(root, "Makefile");
	unsigned i;

	if (f == NULL)
		return -1;
	fputs("# Makefile: builds the contest builtin workload (generated by contest; do not edit).\n"
	      "# Every .c compiles to a .o, and all of them link into vmlinux.\n\n"
	      "override CC := cc\noverride CFLAGS := -O2 -std=gnu11 -Iinclude -w\n"
	      "override LDFLAGS :=\n\n# Print \"  CC      file.o\" lines like kbuild, unless make -s.\n"
	      "say := @echo\nifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)\nsay := @:\nendif\n\n"
	      ".SUFFIXES:\n.PHONY: all clean\n\nOBJS := \\\n\tinit/main.o", f);
	for (i = 0; i < n; i++)
		fprintf(f, " \\\n\t%.*s.o", (int)strlen(units[i].path) - 2, units[i].path);
	fputs("\n\nall: vmlinux\n\nvmlinux: $(OBJS)\n\t$(say) '  LD      $@'\n"
	      "\t@$(CC) $(LDFLAGS) -o $@ $(OBJS)\n\n%.o: %.c\n\t$(say) '  CC      $@'\n"
	      "\t@$(CC) $(CFLAGS) -c -o $@ $<\n\nclean:\n\t@rm -f vmlinux $(OBJS)\n", f);
	return finish(f);
}

/* generate_at: builtin_generate into the directory open as dir. */
static int generate_at(int dir, const char *scale)
{
	struct gen_header *hdrs = NULL;
	struct gen_unit *units = NULL;
	unsigned n = scale_units(scale), nh = gen_nheaders(), i;
	char rel[PATH_MAX];
	const char *text;
	int rc = -1, e;
	FILE *f;

	if (n == 0) {
		errno = EINVAL;
		return -1;
	}
	hdrs = calloc(nh, sizeof *hdrs);
	units = calloc(n, sizeof *units);
	if (hdrs == NULL || units == NULL)
		goto out;
	for (i = 0; i < gen_ncore(); i++) {
		const char *path = gen_core(i, &text);

		if (write_text(dir, path, text) < 0)
			goto out;
	}
	for (i = 0; i < nh; i++) {
		gen_header_model(&hdrs[i], i);
		if (fs_path(rel, sizeof rel, "include/linux/%s.h", hdrs[i].name) < 0 ||
		    (f = create(dir, rel)) == NULL)
			goto out;
		gen_emit_header(f, &hdrs[i]);
		if (finish(f) < 0)
			goto out;
	}
	for (i = 0; i < n; i++)
		layout(&units[i], i);
	for (i = 0; i < n; i++) {
		if ((f = create(dir, units[i].path)) == NULL)
			goto out;
		gen_emit_unit(f, units, i, hdrs, nh);
		if (finish(f) < 0)
			goto out;
	}
	for (i = 0; i < NELEM(dirs) && i < n; i++) {
		if (fs_path(rel, sizeof rel, "%s/internal.h", dirs[i].path) < 0 ||
		    (f = create(dir, rel)) == NULL)
			goto out;
		gen_emit_internal(f, dirs[i].path, units, n, i);
		if (finish(f) < 0)
			goto out;
	}
	if ((f = create(dir, "init/main.c")) == NULL)
		goto out;
	gen_emit_main(f, units, n);
	if (finish(f) < 0 || write_makefile(dir, units, n) < 0)
		goto out;
	rc = 0;
out:
	e = errno;
	free(hdrs);
	free(units);
	errno = e;
	return rc;
}

/* generate_fn: generate_at for fs_in_dir; arg is the scale. */
static int generate_fn(int dfd, void *arg)
{
	return generate_at(dfd, arg);
}

int builtin_generate(const char *dir, const char *scale)
{
	return fs_in_dir(dir, generate_fn, (void *)scale);
}

/* tree_ok: 1 when name in the testbed (open as tb) is a directory of a
 * trusted owner (fs_trusted), not a link, whose MARKER is its regular
 * file holding exactly want. */
static int tree_ok(int tb, const char *name, const char *want)
{
	char buf[128];
	struct stat st;
	ssize_t n = -1;
	int d, fd;

	d = openat(tb, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (d < 0)
		return 0;
	if (fstat(d, &st) == 0 && fs_trusted(tb, st.st_uid)) {
		fd = openat(d, MARKER, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (fd >= 0) {
			if (fs_own_file(d, fd))
				n = read(fd, buf, sizeof buf - 1);
			close(fd);
		}
	}
	close(d);
	if (n < 0)
		return 0;
	buf[n] = '\0';
	return strcmp(buf, want) == 0;
}

/* make_tmp: a new directory .NAME.tmp.XXXXXX in the testbed (open as tb,
 * path testbed), of contest's user, mode 0755 under the umask; its name in
 * tmpname, its descriptor returned, or -1 with errno. */
static int make_tmp(int tb, const char *testbed, const char *name, char *tmpname, size_t len)
{
	char path[PATH_MAX];
	struct stat st;
	mode_t um;
	int fd;

	if (fs_path(path, sizeof path, "%s/.%s.tmp.XXXXXX", testbed, name) < 0 || mkdtemp(path) == NULL)
		return -1;
	text_copy(tmpname, strrchr(path, '/') + 1, len);
	fd = openat(tb, tmpname, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	um = umask(0);
	umask(um);
	if (fstat(fd, &st) != 0 || st.st_uid != geteuid() || fchmod(fd, 0755 & ~um) != 0) {
		close(fd);
		errno = EPERM;
		return -1;
	}
	return fd;
}

/* place: rename tmpname to name in tb without replacing anything that is
 * there (RENAME_NOREPLACE; a plain rename where the file system lacks it).
 * 0, or -1 with errno. */
static int place(int tb, const char *tmpname, const char *name)
{
	if (renameat2(tb, tmpname, tb, name, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -1;
	return renameat(tb, tmpname, tb, name);
}

/* tree_open: the tree's name (builtin-V-SCALE), its marker's text (want)
 * and path (dir) for scale, and the testbed opened for the *at calls. Its
 * descriptor, or -1 with a one-line reason in errbuf. */
static int tree_open(const char *testbed, const char *scale, char name[96], char want[72], char *dir,
                     size_t dirlen, char *errbuf, size_t errlen)
{
	char id[64], why[512];
	int tb;

	if (!builtin_scale_valid(scale)) {
		snprintf(errbuf, errlen, "unknown builtin scale '%s'", scale ? scale : "(null)");
		return -1;
	}
	builtin_identity(scale, id, sizeof id);
	snprintf(want, 72, "%s\n", id);
	snprintf(name, 96, "builtin-%d-%s", BUILTIN_VERSION, scale);
	if (fs_path(dir, dirlen, "%s/%s", testbed, name) < 0) {
		snprintf(errbuf, errlen, "%s/%s: %s", testbed, name, strerror(errno));
		return -1;
	}
	if ((tb = fs_dir_open(testbed, why, sizeof why)) < 0)
		snprintf(errbuf, errlen, "%s", why);
	return tb;
}

int builtin_ready(const char *testbed, const char *scale)
{
	char want[72], name[96], dir[PATH_MAX], why[512];
	int tb = tree_open(testbed, scale, name, want, dir, sizeof dir, why, sizeof why), ok;

	if (tb < 0)
		return 0;
	ok = tree_ok(tb, name, want);
	close(tb);
	return ok;
}

int builtin_prepare(const char *testbed, const char *scale, char *dir, size_t dirlen,
		    char *errbuf, size_t errlen)
{
	char want[72], name[96], tmpname[128] = "";
	struct stat st;
	int tb, gen = -1, rc = -1;

	if ((tb = tree_open(testbed, scale, name, want, dir, dirlen, errbuf, errlen)) < 0)
		return -1;
	if (tree_ok(tb, name, want)) {
		close(tb);
		return 0;
	}
	if ((gen = make_tmp(tb, testbed, name, tmpname, sizeof tmpname)) < 0) {
		snprintf(errbuf, errlen, "cannot create a directory for the builtin tree in %s: %s",
			 testbed, strerror(errno));
		goto out;
	}
	if (generate_at(gen, scale) != 0 || write_text(gen, MARKER, want) != 0) {
		snprintf(errbuf, errlen, "cannot generate the builtin tree in %s/%s: %s", testbed,
			 tmpname, strerror(errno));
		goto out;
	}
	if (tree_ok(tb, name, want)) {          /* another contest finished first */
		rc = 0;
		goto out;
	}
	/* a stale tree, a link or a file in the way: removed when contest's own */
	if (fs_rm_own(tb, name) != 0) {
		if (errno == EPERM && fstatat(tb, name, &st, AT_SYMLINK_NOFOLLOW) == 0)
			snprintf(errbuf, errlen, "%s is in the way and belongs to uid %u (%s), not to "
				 "contest; remove it or use another testbed", dir, (unsigned)st.st_uid,
				 fs_kind(&st));
		else
			snprintf(errbuf, errlen, "cannot remove the stale %s: %s", dir, strerror(errno));
		goto out;
	}
	if (place(tb, tmpname, name) != 0) {
		int e = errno;

		if ((e == EEXIST || e == ENOTEMPTY) && tree_ok(tb, name, want))
			rc = 0;                    /* another contest won the race */
		else
			snprintf(errbuf, errlen, "cannot rename %s/%s to %s: %s", testbed, tmpname, dir,
				 strerror(e));
		goto out;
	}
	tmpname[0] = '\0';
	rc = 0;
out:
	if (gen >= 0)
		close(gen);
	if (tmpname[0] != '\0')
		fs_rm_own(tb, tmpname);
	close(tb);
	return rc;
}
