/* guest.h: a run of a kernel series in a QEMU guest: the kernel's SPEC read, its initramfs made once, the scratch disk, QEMU started and watched to its end. */
#ifndef CONTEST_SERIES_GUEST_H
#define CONTEST_SERIES_GUEST_H

#include <limits.h>
#include <stddef.h>
#include "contest/series/boot.h"

#define GUEST_APPEND_MAX 1024
#define GUEST_BOOT_TIMEOUT 300   /* seconds a guest has to reach its run */
#define GUEST_DISK_GIB 20        /* the scratch disk's size (a sparse file) */

/* A qemu SPEC: KDIR (a folder as Debian's package unpacks: boot/vmlinuz-R
 * and lib/modules/R), or IMAGE,modules=DIR (a bzImage and the folder of
 * make modules_install INSTALL_MOD_PATH=DIR, or its lib/modules/R itself);
 * either with ,append=ARGS last (the rest of SPEC, commas too). */
struct guest_kernel {
	char image[PATH_MAX];
	char root[PATH_MAX];             /* the kernel folder the modules must lie in: KDIR, or DIR */
	char modules[PATH_MAX];          /* the module tree: .../lib/modules/R */
	char append[GUEST_APPEND_MAX];   /* more of the kernel's command line ("" none) */
};

/* guest_spec: spec into g; the release rel (rlen) is found when it is ""
 * (KDIR: its one boot/vmlinuz-R; IMAGE: its bzImage header). 0, or -1
 * with why. */
int guest_spec(const char *spec, char *rel, size_t rlen, struct guest_kernel *g, char *why, size_t len);

/* guest_init_path: contest-init, the guest's /init, for contest at program:
 * beside it (build/contest-init), else in ../lib/contest/ (make install).
 * 0, or -1 when neither is there. */
int guest_init_path(const char *program, char *out, size_t len);

/* The guests' machine, the qemu driver's options (its state: boot_qemu.c). */
struct guest_opts {
	char accel[8];   /* kvm or tcg ("": not picked yet) */
	int vcpus;
	long mib;        /* memory, MiB */
	int pin;         /* 1: vCPU n pinned to the n-th CPU */
};

/* guest_describe: the guest o as its records say it: "tcg 2 vcpus 2G". */
void guest_describe(const struct guest_opts *o, char *out, size_t len);

/* guest_run: run r in a fresh guest of o; its console in
 * DIR/guest/LABEL.console. The guest writes its results into a fresh
 * staging folder, from which only the run's own record is imported into
 * r->results before this returns (guest_share.h). Returns the run's exit
 * status as the guest's init said it on a line marked with this run's
 * token, except 130 (a guest's own, never the series' interrupt),
 * returned as 1, a failed run; LAUNCH_NOBOOT when the guest never reached
 * the run, LAUNCH_DEADLINE, or LAUNCH_ERROR (no status, or a status not 0
 * to 255). */
int guest_run(const struct series_run *r, const struct guest_opts *o, char *why, size_t len);

/* guest_accel_pick: o->accel when not given: kvm when /dev/kvm opens and a
 * probe guest of r's kernel reaches its command under KVM within 60 s,
 * else tcg; said in one line on stdout. */
void guest_accel_pick(struct guest_opts *o, const struct series_run *r);

#endif
