/* boot_qemu.c: the qemu boot driver: each run of the series boots its kernel in a fresh QEMU guest on this machine (contest/series/guest.c), which never reboots; its state, the guests' machine (accelerator, vCPUs, memory, pinning), one line of the journal. */
#include "contest/series/boot.h"
#include "contest/series/boot_util.h"
#include "contest/series/guest.h"
#include "contest/series/guest_pin.h"
#include "contest/series/trusted.h"
#include "lib/text.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* qemu_resolve: SPEC read (KDIR, or IMAGE,modules=DIR; append= last), its
 * files there, the release from the image's name or header unless
 * ",release=R" gave it. */
static int qemu_resolve(const struct boot_ctx *c, struct boot_kernel *k, char *why, size_t len)
{
	static struct guest_kernel g;

	(void)c;
	if (boot_spec_release(k, why, len) != 0)
		return -1;
	return guest_spec(k->spec, k->release, sizeof k->release, &g, why, len);
}

/* qemu_check: QEMU and mkfs.ext4 in PATH, contest-init beside contest. */
static int qemu_check(struct boot_ctx *c, char *why, size_t len)
{
	char path[PATH_MAX], self[PATH_MAX];

	(void)c;
	if (boot_which("qemu-system-x86_64", path, sizeof path) != 0) {
		text_fmt(why, len, "--boot qemu: qemu-system-x86_64 is not in PATH (apt-get install qemu-system-x86)");
		return -1;
	}
	if (boot_which("mkfs.ext4", path, sizeof path) != 0) {
		text_fmt(why, len, "--boot qemu: mkfs.ext4 is not in PATH, for the guests' scratch disk (e2fsprogs)");
		return -1;
	}
	if (realpath("/proc/self/exe", self) == NULL || guest_init_path(self, path, sizeof path) != 0) {
		text_fmt(why, len, "--boot qemu: no contest-init beside this contest nor in ../lib/contest (make "
		         "builds it, make install installs it)");
		return -1;
	}
	return 0;
}

/* qemu_default: the machine never reboots: what boots by default is what
 * runs. */
static int qemu_default(const struct boot_ctx *c, char *out, size_t outlen, char *why, size_t len)
{
	struct boot_running r;

	if (boot_running_read(c, &r, why, len) != 0)
		return -1;
	text_copy(out, r.release, outlen);
	return 0;
}

#define VCPUS_MAX 65536
#define MIB_MAX   (LONG_MAX < (1LL << 44) ? LONG_MAX : (1LL << 44))   /* a 64-bit size in MiB */

/* opts_put: o as the driver's state line: "accel=A vcpus=N mib=M[ pinned]". */
static void opts_put(const struct guest_opts *o, char *out, size_t len)
{
	text_fmt(out, len, "accel=%s vcpus=%d mib=%ld%s", o->accel, o->vcpus, o->mib, o->pin ? " pinned" : "");
}

/* number: s, digits only, from 1 to hi, into *v; -1 when it is not one. */
static int number(const char *s, long long hi, long long *v)
{
	char *end;

	if (s[0] < '0' || s[0] > '9')
		return -1;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return *end != '\0' || errno != 0 || *v < 1 || *v > hi ? -1 : 0;
}

/* opts_get: the state line opts into o (its accelerator "" when not
 * picked yet, unless picked); 0, or -1 with why. */
static int opts_get(const char *opts, struct guest_opts *o, int picked, char *why, size_t len)
{
	char buf[BOOT_OPTS_MAX], *w[5], *save = NULL;
	long long v, m;
	int n = 0;

	memset(o, 0, sizeof *o);
	text_copy(buf, opts, sizeof buf);
	for (char *t = strtok_r(buf, " ", &save); t != NULL && n < 5; t = strtok_r(NULL, " ", &save))
		w[n++] = t;
	if ((n != 3 && !(n == 4 && strcmp(w[3], "pinned") == 0)) || strncmp(w[0], "accel=", 6) != 0 ||
	    strncmp(w[1], "vcpus=", 6) != 0 || strncmp(w[2], "mib=", 4) != 0) {
		text_fmt(why, len, "not accel=ACCEL vcpus=N mib=N or the same and pinned");
		return -1;
	}
	if (text_copy(o->accel, w[0] + 6, sizeof o->accel) >= sizeof o->accel ||
	    ((picked || o->accel[0]) && strcmp(o->accel, "kvm") != 0 && strcmp(o->accel, "tcg") != 0)) {
		text_fmt(why, len, "its accelerator is not kvm or tcg");
		return -1;
	}
	if (number(w[1] + 6, VCPUS_MAX, &v) != 0 || number(w[2] + 4, MIB_MAX, &m) != 0) {
		text_fmt(why, len, "not a number of vCPUs from 1 to %d and a size in MiB from 1 to %lld", VCPUS_MAX,
		         (long long)MIB_MAX);
		return -1;
	}
	o->vcpus = (int)v;
	o->mib = (long)m;
	o->pin = n == 4;
	return 0;
}

/* qemu_configure: --accel, --vcpus (this machine's CPUs), --guest-mem
 * (2048 MiB), --pin (no more vCPUs than CPUs contest may run on). */
static int qemu_configure(struct boot_ctx *c, const struct boot_options *opt, char *why, size_t len)
{
	static int cpus[4096];
	struct guest_opts o = { .pin = opt->pin };
	int ncpu;

	text_copy(o.accel, opt->accel ? opt->accel : "", sizeof o.accel);
	o.vcpus = opt->vcpus > 0 ? opt->vcpus : (int)sysconf(_SC_NPROCESSORS_ONLN);
	o.vcpus = o.vcpus > 0 ? o.vcpus : 1;
	o.mib = opt->guest_mib > 0 ? opt->guest_mib : 2048;
	if (o.pin && o.vcpus > (ncpu = guest_pin_cpus(cpus, (int)(sizeof cpus / sizeof cpus[0])))) {
		text_fmt(why, len, "--pin: %d vCPUs but contest may run on %d CPUs of this machine: one vCPU a CPU "
		         "(--vcpus N)", o.vcpus, ncpu);
		return -1;
	}
	opts_put(&o, c->opts, sizeof c->opts);
	return 0;
}

/* qemu_opts_check: opts as qemu_configure and qemu_begin leave them. */
static int qemu_opts_check(const char *opts, char *why, size_t len)
{
	struct guest_opts o;

	return opts_get(opts, &o, 1, why, len);
}

/* qemu_begin: the accelerator picked, when --accel did not say it. */
static void qemu_begin(struct boot_ctx *c, const struct series_run *r)
{
	struct guest_opts o;
	char why[256];

	if (opts_get(c->opts, &o, 0, why, sizeof why) != 0)
		return;
	guest_accel_pick(&o, r);
	opts_put(&o, c->opts, sizeof c->opts);
}

/* qemu_run: r in a guest of its own (guest_run). */
static int qemu_run(const struct boot_ctx *c, const struct series_run *r, char *why, size_t len)
{
	struct guest_opts o;

	if (opts_get(c->opts, &o, 1, why, len) != 0)
		return LAUNCH_ERROR;
	return guest_run(r, &o, why, len);
}

/* qemu_describe: "tcg 2 vcpus 2G[ pinned]"; the plan's line "guests: ..."
 * (the accelerator, when not picked yet, said as it will be). */
static void qemu_describe(const struct boot_ctx *c, int plan, char *out, size_t len)
{
	struct guest_opts o;
	char g[64], why[256];

	out[0] = '\0';
	if (opts_get(c->opts, &o, 0, why, sizeof why) != 0)
		return;
	guest_describe(&o, g, sizeof g);
	if (!plan)
		text_copy(out, g, len);
	else
		text_fmt(out, len, "guests: %s%s", g + (g[0] == ' '),
		         o.accel[0] ? "" : ", on kvm when a probe guest boots under it, else tcg (emulated)");
}

/* qemu_emulated: 1 under tcg. */
static int qemu_emulated(const struct boot_ctx *c)
{
	struct guest_opts o;
	char why[256];

	return opts_get(c->opts, &o, 0, why, sizeof why) == 0 && strcmp(o.accel, "tcg") == 0;
}

/* qemu_trust: the guests' contest-init (their /init, run as root in each
 * guest, beside program or in PREFIX/lib/contest), root's alone. */
static int qemu_trust(const char *program, char *why, size_t len)
{
	char init[PATH_MAX];

	if (guest_init_path(program, init, sizeof init) != 0)
		return 0;   /* none: each guest's start says so */
	return series_trust("the guests' contest-init", init, TRUST_FILE, why, len);
}

const struct boot_driver boot_qemu = {
	.name = "qemu",
	.unit = 0,
	.configure = qemu_configure,
	.opts_check = qemu_opts_check,
	.resolve = qemu_resolve,
	.check = qemu_check,
	.begin = qemu_begin,
	.default_release = qemu_default,
	.running = boot_running_read,
	.run = qemu_run,
	.describe = qemu_describe,
	.emulated = qemu_emulated,
	.trust = qemu_trust,
};
