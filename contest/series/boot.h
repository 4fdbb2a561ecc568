/* boot.h: the boot drivers of a kernel series behind one seam: what each kernel is, arm it for the next boot only, reboot, and tell which kernel runs. */
#ifndef CONTEST_SERIES_BOOT_H
#define CONTEST_SERIES_BOOT_H

#include <stddef.h>

#define BOOT_SPEC_MAX    512
#define BOOT_RELEASE_MAX 128

/* One kernel of a series, from --kernel LABEL=SPEC. What SPEC says is the
 * driver's: a boot entry (oneshot), IMAGE[,initrd=FILE][,append=ARGS]
 * (kexec), a release (sim); any driver takes ",release=R" at its end to say
 * the kernel's uname -r when it cannot be read from the entry or image. */
struct boot_kernel {
	char label[72];                  /* the label its runs are recorded under */
	char spec[BOOT_SPEC_MAX];        /* SPEC as given, without ",release=R" */
	char release[BOOT_RELEASE_MAX];  /* its uname -r, resolved by the driver */
};

/* What runs now. */
struct boot_running {
	char release[BOOT_RELEASE_MAX];  /* uname -r */
	char boot_id[64];                /* /proc/sys/kernel/random/boot_id: new at every boot */
};

/* Where a driver acts. Real drivers take root "" (the machine); tests give a
 * folder. sim is the simulated firmware's folder (the sim driver only). */
struct boot_ctx {
	const char *sim;
	const char *root;   /* every path a real driver reads is under it: "" or NULL, the machine */
};

struct series_journal;

/* A boot driver. Every function returns 0, or -1 with why (one line, no
 * trailing newline) filled. */
struct boot_driver {
	const char *name;   /* oneshot, kexec, qemu, sim: recorded in each run's boot column */
	/* resolve: k->release from k->spec (k->release already set by
	 * ",release=R" is kept, but checked where it can be); the entry or image
	 * must exist. */
	int (*resolve)(const struct boot_ctx *c, struct boot_kernel *k, char *why, size_t len);
	/* check: the driver can work here (its tools, its boot loader); warn
	 * (stderr, one line each) about what a user must know, such as GRUB's
	 * environment block on RAID or LVM. */
	int (*check)(const struct boot_ctx *c, char *why, size_t len);
	/* default_release: the release the machine boots when nothing is armed
	 * (after a failed boot, a hang, a crash); "" when it cannot be told. */
	int (*default_release)(const struct boot_ctx *c, char *out, size_t outlen, char *why, size_t len);
	/* arm: k boots next, once; the default entry is never changed. */
	int (*arm)(const struct boot_ctx *c, const struct boot_kernel *k, char *why, size_t len);
	/* disarm: nothing armed any more (a series stopped between arm and reboot). */
	int (*disarm)(const struct boot_ctx *c, char *why, size_t len);
	/* reboot: into what is armed, now. Returns only when it could not start
	 * the reboot (the sim driver returns 0: its firmware boots afterwards). */
	int (*reboot)(const struct boot_ctx *c, char *why, size_t len);
	/* running: the release and boot id of the kernel that runs. */
	int (*running)(const struct boot_ctx *c, struct boot_running *r, char *why, size_t len);
	/* run_in_guest: NULL for a driver that boots the machine. A driver
	 * whose runs happen in guests (qemu) is never armed and never reboots
	 * the machine: each run of load for kernel k of j (its journal in dir)
	 * boots the kernel in a guest of its own, runs there and ends with it.
	 * Returns as launch_run (contest/series/launch.h), or LAUNCH_NOBOOT when
	 * the guest never reached the run (a failed boot); why says how. */
	int (*run_in_guest)(const struct series_journal *j, const char *dir, size_t k, const char *load, long round,
	                    char *why, size_t len);
};

extern const struct boot_driver boot_oneshot, boot_kexec, boot_sim, boot_qemu;

/* boot_driver_find: the driver named name; NULL when none is. */
const struct boot_driver *boot_driver_find(const char *name);

#endif
