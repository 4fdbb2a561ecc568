/* boot_grub.c: GRUB as the oneshot driver reads it: its tools and folder, grub.cfg's menu entries (submenus as "Submenu>Entry"), its default, and whether it can write its environment block. */
#include "contest/series/boot_grub.h"
#include "contest/series/boot_util.h"
#include "lib/err.h"
#include "lib/fs.h"
#include "lib/text.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define CFG_MAX   (8u << 20)   /* grub.cfg read up to this */
#define WORDS     24           /* words of a line looked at */
#define WORD_MAX  512
#define DEPTH     32           /* braces nested */

/* A menu entry or submenu of grub.cfg. */
struct gentry {
	int parent;               /* the submenu it is in, -1 at the top */
	int submenu;              /* 1: a submenu */
	int index;                /* its number among its siblings, from 0 */
	char title[WORD_MAX];
	char id[WORD_MAX];        /* after $menuentry_id_option or --id; "" */
	char linux[WORD_MAX];     /* the first linux/linux16/linuxefi's path; "" */
};

/* grub.cfg read. */
struct gcfg {
	struct gentry *e;
	int n, cap;
	char deflt[WORD_MAX];     /* the first "set default=" but ${next_entry}'s */
	int next_entry;           /* 1: grub.cfg reads next_entry */
	int blscfg;               /* 1: its entries are also loader entry files (blscfg) */
};

/* grub_find: grub-reboot (or grub2-reboot) in PATH and a grub.cfg; 0 or -1. */
int grub_find(const struct boot_ctx *c, struct grub *g, char *why, size_t len)
{
	static const char *const v[] = { "grub", "grub2" };
	char path[PATH_MAX], tool[16], dir[16];
	int tools = 0;

	for (int i = 0; i < 2; i++) {
		text_fmt(tool, sizeof tool, "%s-reboot", v[i]);
		if (boot_which(tool, path, sizeof path) != 0)
			continue;
		tools = 1;
		text_fmt(dir, sizeof dir, "/boot/%s", v[i]);
		for (int j = 0; j < 2; j++) {   /* grub2-reboot with /boot/grub too (some builds) */
			char cfg[32];
			text_fmt(cfg, sizeof cfg, "/boot/%s/grub.cfg", v[(i + j) % 2]);
			if (!boot_exists(c, cfg))
				continue;
			text_copy(g->reboot, tool, sizeof g->reboot);
			text_fmt(g->editenv, sizeof g->editenv, "%s-editenv", v[i]);
			text_fmt(g->dir, sizeof g->dir, "/boot/%s", v[(i + j) % 2]);
			return 0;
		}
	}
	if (!tools)
		text_fmt(why, len, "grub-reboot (or grub2-reboot) is not in PATH");
	else
		text_fmt(why, len, "no %s/boot/grub/grub.cfg (nor grub2/grub.cfg)", boot_root(c));
	return -1;
}

/* words: split line the way GRUB's script does for what is read here:
 * blanks separate, '...' is literal, "..." keeps all but \" \\ \$, a
 * backslash outside quotes takes the next byte; a '#' starting a word
 * ends the line. Up to WORDS words into w; their number. */
static int words(const char *s, char w[][WORD_MAX])
{
	int n = 0;

	for (;;) {
		size_t k = 0;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0' || *s == '\n' || *s == '#' || n == WORDS)
			return n;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n') {
			char q = *s;
			if (q == '\'' || q == '"') {
				for (s++; *s && *s != q; s++) {
					if (q == '"' && *s == '\\' && s[1] && strchr("\"\\$", s[1]))
						s++;
					if (k + 1 < WORD_MAX)
						w[n][k++] = *s;
				}
				if (*s)
					s++;
				continue;
			}
			if (q == '\\' && s[1])
				s++;
			if (k + 1 < WORD_MAX)
				w[n][k++] = *s;
			s++;
		}
		w[n++][k] = '\0';
	}
}

/* add_entry: a new entry of cfg from a menuentry or submenu line's words;
 * its index, or -1 when memory runs out. */
static int add_entry(struct gcfg *cfg, char w[][WORD_MAX], int nw, int parent)
{
	struct gentry *e;

	if (cfg->n == cfg->cap) {
		int cap = cfg->cap ? cfg->cap * 2 : 32;
		struct gentry *ne = realloc(cfg->e, (size_t)cap * sizeof *ne);
		if (ne == NULL)
			return -1;
		cfg->e = ne;
		cfg->cap = cap;
	}
	e = &cfg->e[cfg->n];
	memset(e, 0, sizeof *e);
	e->parent = parent;
	e->submenu = strcmp(w[0], "submenu") == 0;
	for (int i = 0; i < cfg->n; i++)
		if (cfg->e[i].parent == parent)
			e->index++;
	if (nw > 1)
		text_copy(e->title, w[1], sizeof e->title);
	for (int i = 2; i + 1 < nw; i++)
		if (strcmp(w[i], "$menuentry_id_option") == 0 || strcmp(w[i], "--id") == 0)
			text_copy(e->id, w[i + 1], sizeof e->id);
		else if (strncmp(w[i], "--id=", 5) == 0)
			text_copy(e->id, w[i] + 5, sizeof e->id);
	return cfg->n++;
}

/* enclosing: the submenu the innermost open block is in (or is): -1 at the top. */
static int enclosing(const struct gcfg *cfg, const int *stack, int depth)
{
	for (int i = depth - 1; i >= 0; i--)
		if (stack[i] >= 0)
			return cfg->e[stack[i]].submenu ? stack[i] : cfg->e[stack[i]].parent;
	return -1;
}

/* line: one line of grub.cfg into cfg; the block stack (entry index, or
 * -2 for another block) in stack and *depth. 0, or -1 out of memory. */
static int line(struct gcfg *cfg, const char *s, int *stack, int *depth)
{
	char w[WORDS][WORD_MAX];
	int nw = words(s, w), top = *depth > 0 ? stack[*depth - 1] : -2;

	if (nw == 0)
		return 0;
	if (strcmp(w[0], "menuentry") == 0 || strcmp(w[0], "submenu") == 0) {
		int i = add_entry(cfg, w, nw, enclosing(cfg, stack, *depth));
		if (i < 0)
			return -1;
		if (strcmp(w[nw - 1], "{") == 0 && *depth < DEPTH)
			stack[(*depth)++] = i;
	} else if (w[0][0] == '}') {
		if (*depth > 0)
			(*depth)--;
	} else if (strcmp(w[nw - 1], "{") == 0) {
		if (*depth < DEPTH)
			stack[(*depth)++] = -2;
	} else if (top >= 0 && !cfg->e[top].submenu && nw > 1 && cfg->e[top].linux[0] == '\0' &&
	           (strcmp(w[0], "linux") == 0 || strcmp(w[0], "linux16") == 0 || strcmp(w[0], "linuxefi") == 0)) {
		text_copy(cfg->e[top].linux, w[1], sizeof cfg->e[top].linux);
	} else if (strcmp(w[0], "set") == 0 && nw > 1 && strncmp(w[1], "default=", 8) == 0 &&
	           strcmp(w[1] + 8, "${next_entry}") != 0 && cfg->deflt[0] == '\0') {
		text_copy(cfg->deflt, w[1] + 8, sizeof cfg->deflt);
	}
	return 0;
}

/* cfg_read: grub.cfg of g into cfg (free cfg->e after); 0, or -1 with why. */
static int cfg_read(const struct boot_ctx *c, const struct grub *g, struct gcfg *cfg, char *why, size_t len)
{
	char rel[64], *text, *s, *nl;
	int stack[DEPTH], depth = 0, rc = 0;

	memset(cfg, 0, sizeof *cfg);
	text_fmt(rel, sizeof rel, "%s/grub.cfg", g->dir);
	if ((text = text_read(boot_root(c), rel, CFG_MAX, NULL, NULL)) == NULL) {
		text_fmt(why, len, "cannot read %s%s", boot_root(c), rel);
		return -1;
	}
	cfg->next_entry = strstr(text, "next_entry") != NULL;
	cfg->blscfg = strstr(text, "blscfg") != NULL;
	for (s = text; rc == 0 && *s; s = nl ? nl + 1 : s + strlen(s)) {
		if ((nl = strchr(s, '\n')) != NULL)
			*nl = '\0';
		rc = line(cfg, s, stack, &depth);
	}
	free(text);
	if (rc != 0) {
		text_fmt(why, len, "%s%s: out of memory", boot_root(c), rel);
		free(cfg->e);
		cfg->e = NULL;
	}
	return rc;
}

/* component: the next component of a '>'-joined path from *p into out
 * ('>>' is a literal '>'); *p moves past it and its '>'. */
static void component(const char **p, char *out, size_t len)
{
	size_t k = 0;
	const char *s = *p;

	for (; *s; s++) {
		if (*s == '>' && s[1] == '>')
			s++;
		else if (*s == '>') {
			s++;
			break;
		}
		if (k + 1 < len)
			out[k++] = *s;
	}
	out[k] = '\0';
	*p = s;
}

/* matches: 1 when entry e is named by name: its title, its id, or its number. */
static int matches(const struct gentry *e, const char *name)
{
	char *end;
	long i;

	if (strcmp(e->title, name) == 0 || (e->id[0] && strcmp(e->id, name) == 0))
		return 1;
	i = strtol(name, &end, 10);
	return *name >= '0' && *name <= '9' && *end == '\0' && i == e->index;
}

/* lookup: the menu entry (not a submenu) path names in cfg; -1 when none. */
static int lookup(const struct gcfg *cfg, const char *path)
{
	char name[WORD_MAX];
	int at = -1;

	while (*path) {
		int found = -1;
		component(&path, name, sizeof name);
		for (int i = 0; i < cfg->n && found < 0; i++)
			if (cfg->e[i].parent == at && matches(&cfg->e[i], name))
				found = i;
		if (found < 0 || (*path && !cfg->e[found].submenu))
			return -1;
		at = found;
	}
	return at >= 0 && !cfg->e[at].submenu ? at : -1;
}

/* bls_find: with blscfg (Fedora, RHEL), the loader entry name names in
 * root/boot/loader/entries: its id (the file name without .conf) or its
 * title. 0 and its release in rel ("" when it names none), or -1. */
static int bls_find(const struct boot_ctx *c, const char *name, char *rel, size_t len)
{
	char path[PATH_MAX], title[WORD_MAX], r[BOOT_RELEASE_MAX];
	struct dirent *e;
	DIR *d;
	int rc = -1;

	if (strchr(name, '/') == NULL && fs_path(path, sizeof path, "/boot/loader/entries/%s.conf", name) == 0 &&
	    boot_bls_read(c, path, NULL, 0, rel, len) == 0)
		return 0;
	if (boot_path(c, path, sizeof path, "/boot/loader/entries") != 0 || (d = opendir(path)) == NULL)
		return -1;
	while (rc != 0 && (e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		if (n > 5 && strcmp(e->d_name + n - 5, ".conf") == 0 &&
		    fs_path(path, sizeof path, "/boot/loader/entries/%s", e->d_name) == 0 &&
		    boot_bls_read(c, path, title, sizeof title, r, sizeof r) == 0 && strcmp(title, name) == 0) {
			text_copy(rel, r, len);
			rc = 0;
		}
	}
	closedir(d);
	return rc;
}

/* hint: for an entry named without its submenu, its whole name
 * (" (did you mean 'Submenu>Entry'?)") into out; "" when there is none. */
static void hint(const struct gcfg *cfg, const char *entry, char *out, size_t len)
{
	char q[TEXT_QUOTED], full[2 * WORD_MAX + 2];

	out[0] = '\0';
	for (int i = 0; i < cfg->n; i++) {
		const struct gentry *e = &cfg->e[i];
		if (e->parent < 0 || e->submenu || (strcmp(e->title, entry) != 0 && strcmp(e->id, entry) != 0))
			continue;
		text_fmt(full, sizeof full, "%s>%s", cfg->e[e->parent].title, e->title);
		text_fmt(out, len, " (did you mean '%s'?)", text_quote(full, q, sizeof q));
		return;
	}
}

/* grub_entry_release: entry's release from its linux line; 0, -1 or -2. */
int grub_entry_release(const struct boot_ctx *c, const struct grub *g, const char *entry,
                       char *rel, size_t rlen, char *why, size_t len)
{
	struct gcfg cfg;
	char q[TEXT_QUOTED], h[TEXT_QUOTED + 32], r[BOOT_RELEASE_MAX] = "";
	const char *lin = NULL;
	int i, rc = 0;

	if (cfg_read(c, g, &cfg, why, len) != 0)
		return -1;
	if ((i = lookup(&cfg, entry)) >= 0)
		lin = cfg.e[i].linux;
	else if (cfg.blscfg && bls_find(c, entry, r, sizeof r) == 0)
		lin = "";   /* the loader entry's release is in r */
	if (lin == NULL) {
		hint(&cfg, entry, h, sizeof h);
		text_fmt(why, len, "no menu entry '%s' in %s%s/grub.cfg%s%s", text_quote(entry, q, sizeof q),
		         boot_root(c), g->dir, cfg.blscfg ? " nor in /boot/loader/entries" : "",
		         h[0] ? h : " (a submenu's entries are \"Submenu>Entry\", by titles or ids)");
		rc = -1;
	} else if (rel != NULL && r[0]) {
		text_copy(rel, r, rlen);
	} else if (rel != NULL && boot_release_of_path(lin, rel, rlen) != 0) {
		text_fmt(why, len, "menu entry '%s' has %s%s: give the kernel's release as ,release=R",
		         text_quote(entry, q, sizeof q), lin[0] ? "a linux line that names no release: " :
		         "no linux line with a release", lin);
		rc = -2;
	}
	free(cfg.e);
	return rc;
}

/* grubenv_get: key's value in g's grubenv into out; "" when absent. */
static void grubenv_get(const struct boot_ctx *c, const struct grub *g, const char *key, char *out, size_t len)
{
	char rel[64], *text, *s, *nl;
	size_t kl = strlen(key);

	out[0] = '\0';
	text_fmt(rel, sizeof rel, "%s/grubenv", g->dir);
	if ((text = text_read(boot_root(c), rel, 65536, NULL, NULL)) == NULL)
		return;
	for (s = text; *s; s = nl ? nl + 1 : s + strlen(s)) {
		if ((nl = strchr(s, '\n')) != NULL)
			*nl = '\0';
		if (strncmp(s, key, kl) == 0 && s[kl] == '=') {
			text_copy(out, s + kl + 1, len);
			break;
		}
	}
	free(text);
}

/* grub_default_release: the default entry's release; "" when unknown. */
void grub_default_release(const struct boot_ctx *c, const struct grub *g, char *out, size_t len)
{
	struct gcfg cfg;
	char deflt[WORD_MAX], why[256];
	int i;

	out[0] = '\0';
	if (cfg_read(c, g, &cfg, why, sizeof why) != 0)
		return;
	text_copy(deflt, cfg.deflt[0] ? cfg.deflt : "0", sizeof deflt);
	if (strcmp(deflt, "${saved_entry}") == 0) {
		grubenv_get(c, g, "saved_entry", deflt, sizeof deflt);
		if (deflt[0] == '\0')
			text_copy(deflt, "0", sizeof deflt);
	}
	if ((i = lookup(&cfg, deflt)) >= 0) {
		if (boot_release_of_path(cfg.e[i].linux, out, len) != 0)
			out[0] = '\0';
	} else if (!cfg.blscfg || bls_find(c, deflt, out, len) != 0)
		out[0] = '\0';
	free(cfg.e);
}

/* unescape: mountinfo's octal escapes (\040 for a space) undone in place. */
static void unescape(char *s)
{
	char *d = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*d++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else
			*d++ = *s;
	}
	*d = '\0';
}

/* holds: how long mount point mp is when it holds path, else 0 ("/" is 1). */
static size_t holds(const char *mp, const char *path)
{
	size_t n = strlen(mp);

	if (strcmp(mp, "/") == 0)
		return 1;
	return strncmp(path, mp, n) == 0 && (path[n] == '\0' || path[n] == '/') ? n : 0;
}

/* mount_of: the device (MAJ:MIN) and file system type of the mount holding
 * path, from root/proc/self/mountinfo (the longest mount point; the last
 * of those mounted over each other). 0, or -1 when it cannot be told. */
static int mount_of(const struct boot_ctx *c, const char *path, char *dev, size_t dlen, char *type, size_t tlen)
{
	char *text = text_read(boot_root(c), "/proc/self/mountinfo", 1u << 22, NULL, NULL), *s, *nl;
	size_t best = 0;

	if (text == NULL)
		return -1;
	for (s = text; *s; s = nl ? nl + 1 : s + strlen(s)) {
		char *f[5], *save = NULL, *dash;
		int n = 0;
		if ((nl = strchr(s, '\n')) != NULL)
			*nl = '\0';
		if ((dash = strstr(s, " - ")) == NULL)
			continue;
		*dash = '\0';
		for (char *t = strtok_r(s, " ", &save); t && n < 5; t = strtok_r(NULL, " ", &save))
			f[n++] = t;
		if (n < 5)
			continue;
		unescape(f[4]);
		size_t h = holds(f[4], path);
		if (h == 0 || h < best)
			continue;
		best = h;
		text_copy(dev, f[2], dlen);
		char *sp = strchr(dash + 3, ' ');
		if (sp)
			*sp = '\0';
		text_copy(type, dash + 3, tlen);
	}
	free(text);
	return best > 0 ? 0 : -1;
}

/* grub_check_env: warn where GRUB cannot clear next_entry; the warnings' number. */
int grub_check_env(const struct boot_ctx *c, const struct grub *g)
{
	static const char *const stays = "grub-reboot's entry would stay the default for every later boot, "
	                                 "not the next one only";
	char dev[32], type[64], rel[PATH_MAX], why[256];
	const char *what = NULL;
	struct gcfg cfg;
	int n = 0;

	if (mount_of(c, g->dir, dev, sizeof dev, type, sizeof type) == 0) {
		if (fs_path(rel, sizeof rel, "/sys/dev/block/%s/md", dev) == 0 && boot_exists(c, rel))
			what = "Linux RAID (md)";
		else if (fs_path(rel, sizeof rel, "/sys/dev/block/%s/../md", dev) == 0 && boot_exists(c, rel))
			what = "a partition of Linux RAID (md)";
		else if (fs_path(rel, sizeof rel, "/sys/dev/block/%s/dm", dev) == 0 && boot_exists(c, rel))
			what = "device-mapper (LVM or dm-crypt)";
		else if (strcmp(type, "btrfs") == 0 || strcmp(type, "zfs") == 0)
			what = strcmp(type, "btrfs") == 0 ? "btrfs" : "ZFS";
	}
	if (what != NULL) {
		warnx("warning: %s is on %s, where GRUB cannot write its environment block (grubenv) at boot: %s",
		      g->dir, what, stays);
		n++;
	}
	if (cfg_read(c, g, &cfg, why, sizeof why) == 0) {
		if (!cfg.next_entry) {
			warnx("warning: %s/grub.cfg never reads next_entry (not made by grub-mkconfig?): "
			      "grub-reboot would change nothing", g->dir);
			n++;
		}
		free(cfg.e);
	}
	return n;
}
