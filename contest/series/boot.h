/* boot.h: the boot drivers of a kernel series behind one seam: what each kernel is, how a run of it is made (a reboot into it, or a guest of its own), its own options, and which kernel runs. */
#ifndef CONTEST_SERIES_BOOT_H
#define CONTEST_SERIES_BOOT_H

#include <stddef.h>

#define BOOT_SPEC_MAX    512
#define BOOT_RELEASE_MAX 128
#define BOOT_OPTS_MAX    256

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

/* Where a driver acts, and its own state. Real drivers take root "" (the
 * machine); tests give a folder (the sim driver's firmware folder is its
 * root). opts is the driver's alone: what its configure, check and begin
 * settled, kept as one line of the series' journal and handed back at
 * every resume; no one else reads it. */
struct boot_ctx {
	const char *root;          /* every path a real driver reads is under it: "" or NULL, the machine */
	char opts[BOOT_OPTS_MAX];  /* the driver's state, one line of text ("" none) */
};

/* What the command line said for the drivers (contest series start); each
 * driver takes its own (cmd/series.c refuses the others). */
struct boot_options {
	const char *accel;   /* qemu: kvm or tcg (NULL: picked at the start) */
	int vcpus;           /* qemu: each guest's CPUs (0: this machine's) */
	long guest_mib;      /* qemu: each guest's memory, MiB (0: 2048) */
	int pin;             /* qemu: vCPU n pinned to the n-th CPU */
};

/* One run of a series, as a driver's run gets it: load once for kernel,
 * in round of series id; nothing of the journal but this. */
struct series_run {
	const char *dir;                 /* the journal's folder (a driver may keep files under it) */
	const char *driver;              /* the driver's name, in CONTEST_SERIES */
	const char *program;             /* contest itself */
	const char *cwd;                 /* where the series started; runs start there */
	const char *results;             /* the results directory (absolute) */
	const char *const *args;         /* every run's options, nargs of them */
	size_t nargs;
	const char *id;                  /* the series' id */
	long round;                      /* 1-based */
	const struct boot_kernel *kernel;
	const char *load;
	double deadline;                 /* a run's most seconds (0: none) */
};

/* Run results besides a run's exit status (0 recorded, 1 failed and
 * recorded as failed, 2 refused, 130 interrupted): LAUNCH_ERROR, no status;
 * LAUNCH_DEADLINE, stopped past the deadline; LAUNCH_NOBOOT, the kernel
 * never reached the run (a driver whose run boots it: a failed boot). */
enum { LAUNCH_ERROR = -1, LAUNCH_DEADLINE = -2, LAUNCH_NOBOOT = -3 };

/* A boot driver. Every function returns 0, or -1 with why (one line, no
 * trailing newline) filled. An op marked optional may be NULL; the core
 * asks only whether an op is there, never which driver it holds. */
struct boot_driver {
	const char *name;   /* oneshot, kexec, qemu, sim: recorded in each run's boot column */
	int unit;           /* 1: the series needs a boot unit (it reboots the machine and goes on at boot) */
	/* configure (optional): the start's options o checked and kept in
	 * c->opts; NULL: the driver takes none. */
	int (*configure)(struct boot_ctx *c, const struct boot_options *o, char *why, size_t len);
	/* opts_check (optional): 0 when opts (a journal's driver line) is one
	 * this driver writes; NULL: any line is. */
	int (*opts_check)(const char *opts, char *why, size_t len);
	/* resolve: k->release from k->spec (k->release already set by
	 * ",release=R" is kept, but checked where it can be); the entry or image
	 * must exist. */
	int (*resolve)(const struct boot_ctx *c, struct boot_kernel *k, char *why, size_t len);
	/* check: the driver can work here (its tools, its boot loader, found
	 * once and kept in c->opts for the other ops); warn (stderr, one line
	 * each) about what a user must know, such as GRUB's environment block
	 * on RAID or LVM. */
	int (*check)(struct boot_ctx *c, char *why, size_t len);
	/* begin (optional): once, at the start, after the plan is printed and
	 * before the journal is first written, with the series' first kernel
	 * in r: what the driver settles then (qemu: the accelerator, by a probe
	 * guest), kept in c->opts and said on stdout. Never fails. */
	void (*begin)(struct boot_ctx *c, const struct series_run *r);
	/* default_release: the release the machine boots when nothing is armed
	 * (after a failed boot, a hang, a crash); "" when it cannot be told. */
	int (*default_release)(const struct boot_ctx *c, char *out, size_t outlen, char *why, size_t len);
	/* arm, disarm, reboot: all three, or none (NULL) for a driver whose
	 * run boots the kernel itself (qemu): the machine then never reboots
	 * for a step, and any boot of it may make the step's runs.
	 * arm: k boots next, once; the default entry is never changed.
	 * disarm: nothing armed any more (a series stopped between arm and reboot).
	 * reboot: into what is armed, now. Returns only when it could not start
	 * the reboot (the sim driver returns 0: its firmware boots afterwards). */
	int (*arm)(const struct boot_ctx *c, const struct boot_kernel *k, char *why, size_t len);
	int (*disarm)(const struct boot_ctx *c, char *why, size_t len);
	int (*reboot)(const struct boot_ctx *c, char *why, size_t len);
	/* running: the release and boot id of the kernel that runs. */
	int (*running)(const struct boot_ctx *c, struct boot_running *r, char *why, size_t len);
	/* run: r made once and waited for, up to r->deadline: with arm, on the
	 * machine booted into r->kernel (launch_run, contest/series/launch.h);
	 * without, in a machine of its own that boots r->kernel and ends with
	 * the run. Its exit status or a LAUNCH_ value; why says how it ended. */
	int (*run)(const struct boot_ctx *c, const struct series_run *r, char *why, size_t len);
	/* describe (optional): where c's runs happen, as their records' guest
	 * column says it ("tcg 2 vcpus 2G"), plan 0; plan 1: the plan's line
	 * for it ("guests: ..."). NULL: on this machine (nothing to say). */
	void (*describe)(const struct boot_ctx *c, int plan, char *out, size_t len);
	/* emulated (optional): 1 when c's runs are emulated (their times are
	 * not this machine's; the closing report says so). NULL: never. */
	int (*emulated)(const struct boot_ctx *c);
	/* trust (optional): the files beside program (contest's own path) that
	 * the driver runs as root, root's alone (contest/series/trusted.h): qemu's
	 * contest-init. 0, or -1 with why. NULL: it runs none. */
	int (*trust)(const char *program, char *why, size_t len);
};

extern const struct boot_driver boot_oneshot, boot_kexec, boot_sim, boot_qemu;

/* boot_driver_find: the driver named name; NULL when none is. */
const struct boot_driver *boot_driver_find(const char *name);

#endif
