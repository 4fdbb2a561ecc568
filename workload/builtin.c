/* builtin.c: the built-in reference workload: lays out, writes and caches a generated kernel-like tree. */
#include "builtin.h"
#include "gen_code.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define MARKER ".contest-builtin"

/* Scales: the number of translation units (per-unit cost is the same at every scale). */
static const struct {
	const char *name;
	unsigned units;
} scales[] = {
	{ "tiny", 16 }, { "small", 72 }, { "default", 310 }, { "large", 1150 },
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

/* create: open root/rel for writing as a new 0644 file, making its parent directories. */
static FILE *create(const char *root, const char *rel)
{
	char path[PATH_MAX], *slash;
	FILE *f;
	int fd, e;

	if (util_path(path, sizeof path, "%s/%s", root, rel) < 0)
		return NULL;
	slash = strrchr(path, '/');
	*slash = '\0';
	if (util_mkdirs(path) < 0)
		return NULL;
	*slash = '/';
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
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

/* write_text: root/rel holding text. */
static int write_text(const char *root, const char *rel, const char *text)
{
	FILE *f = create(root, rel);

	if (f == NULL)
		return -1;
	fputs(text, f);
	return finish(f);
}

/* write_makefile: compile every unit and init/main.c, link vmlinux; immune to the caller's CC/CFLAGS. */
static int write_makefile(const char *root, const struct gen_unit *units, unsigned n)
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

int builtin_generate(const char *dir, const char *scale)
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
		if (util_path(rel, sizeof rel, "include/linux/%s.h", hdrs[i].name) < 0 ||
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
		if (util_path(rel, sizeof rel, "%s/internal.h", dirs[i].path) < 0 ||
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

/* marker_ok: 1 when dir/MARKER holds exactly want. */
static int marker_ok(const char *dir, const char *want)
{
	char path[PATH_MAX], buf[128];
	ssize_t n;
	int fd;

	if (util_path(path, sizeof path, "%s/%s", dir, MARKER) < 0)
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n < 0)
		return 0;
	buf[n] = '\0';
	return strcmp(buf, want) == 0;
}

int builtin_prepare(const char *testbed, const char *scale, char *dir, size_t dirlen,
		    char *errbuf, size_t errlen)
{
	char id[64], want[72], name[96], tmpname[128], tmp[PATH_MAX];
	struct stat st;

	if (!builtin_scale_valid(scale)) {
		snprintf(errbuf, errlen, "unknown builtin scale '%s'", scale ? scale : "(null)");
		return -1;
	}
	builtin_identity(scale, id, sizeof id);
	snprintf(want, sizeof want, "%s\n", id);
	snprintf(name, sizeof name, "builtin-%d-%s", BUILTIN_VERSION, scale);
	snprintf(tmpname, sizeof tmpname, ".%s.tmp.%ld", name, (long)getpid());
	if (util_path(dir, dirlen, "%s/%s", testbed, name) < 0 ||
	    util_path(tmp, sizeof tmp, "%s/%s", testbed, tmpname) < 0) {
		snprintf(errbuf, errlen, "%s/%s: %s", testbed, name, strerror(errno));
		return -1;
	}
	if (marker_ok(dir, want))
		return 0;
	if (mkdir(tmp, 0755) != 0 && (errno != EEXIST || util_rm_in(testbed, tmpname) != 0 ||
				      mkdir(tmp, 0755) != 0)) {
		snprintf(errbuf, errlen, "cannot create %s: %s", tmp, strerror(errno));
		return -1;
	}
	if (builtin_generate(tmp, scale) != 0 || write_text(tmp, MARKER, want) != 0) {
		snprintf(errbuf, errlen, "cannot generate the builtin tree in %s: %s", tmp, strerror(errno));
		goto fail;
	}
	if (marker_ok(dir, want)) {             /* another contest finished first */
		util_rm_in(testbed, tmpname);
		return 0;
	}
	if (lstat(dir, &st) == 0 && util_rm_in(testbed, name) != 0) {
		snprintf(errbuf, errlen, "cannot remove the stale %s: %s", dir, strerror(errno));
		goto fail;
	}
	if (rename(tmp, dir) != 0) {
		int e = errno;

		if ((e == EEXIST || e == ENOTEMPTY) && marker_ok(dir, want)) {
			util_rm_in(testbed, tmpname);        /* another contest won the race */
			return 0;
		}
		snprintf(errbuf, errlen, "cannot rename %s to %s: %s", tmp, dir, strerror(e));
		goto fail;
	}
	return 0;
fail:
	util_rm_in(testbed, tmpname);
	return -1;
}
