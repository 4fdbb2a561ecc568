/* gen_headers.c: header templates of the builtin workload generator (header model, shared and core headers). */
#include "workload/gen_code.h"

#include <string.h>


static const char *const hdr_names[] = {
	"sched", "mm_types", "fs", "blkdev", "netdevice", "skbuff", "slab", "workqueue",
	"timer", "interrupt", "device", "pci", "usb", "kobject", "cred", "crypto",
	"wait", "mutex", "rcupdate", "percpu", "cpumask", "gfp", "vmstat", "signal",
	"pid", "ktime", "socket", "tcp", "dcache", "buffer_head", "bio", "elevator",
	"idr", "xarray", "scatterlist", "dma_mapping", "iommu", "kvm_host", "module", "seq_file",
	"sysfs", "swap", "writeback", "memcontrol", "cgroup", "nsproxy", "irqdesc", "hrtimer",
};
static const char *const nouns[] = {
	"entity", "desc", "queue", "stats", "ctx", "info", "map", "req",
	"slot", "group", "pool", "range", "cache", "chip", "work", "area",
};
static const char *const fields[] = {
	"refcnt", "seq", "mask", "prio", "weight", "cookie", "index", "offset",
	"len", "gen", "hits", "misses", "budget", "vruntime", "deadline", "owner",
	"cpu", "order", "pgoff", "nr_pages", "tail", "head", "limit", "credits",
	"epoch", "hashval", "mode", "type", "id", "level", "shift", "quota",
	"latency", "slack", "quirks", "cur", "start", "end", "lo_mark", "hi_mark",
};
static const char *const states[] = {
	"IDLE", "RUNNING", "BLOCKED", "DIRTY", "CLEAN", "LOCKED", "FREE", "ACTIVE", "INACTIVE",
	"PENDING", "DONE", "ERROR", "SUSPENDED", "ONLINE", "OFFLINE", "DYING", "NEW", "QUEUED",
};

unsigned gen_nheaders(void)
{
	return NELEM(hdr_names);
}

void gen_header_model(struct gen_header *h, unsigned idx)
{
	static const enum gen_kind kinds[] = {
		GEN_U64, GEN_U64, GEN_U32, GEN_U32, GEN_U32, GEN_U16, GEN_U8, GEN_ARR32, GEN_ARR64,
	};
	struct gen_rng r;
	unsigned ni[GEN_MAXSTRUCT], fi[GEN_MAXFIELD];
	int s, k;

	memset(h, 0, sizeof *h);
	gen_seed(&r, 0x68656164, idx);
	snprintf(h->name, sizeof h->name, "%s", hdr_names[idx]);
	h->idx = idx;
	gen_upcase(h->upper, h->name, sizeof h->upper);
	h->nstates = 6 + (int)gen_below(&r, 7);
	h->state_base = (int)gen_below(&r, NELEM(states));
	h->nstruct = 2 + (int)gen_below(&r, 2);
	gen_pick(&r, NELEM(nouns), (unsigned)h->nstruct, ni);
	for (s = 0; s < h->nstruct; s++) {
		struct gen_struct *st = &h->st[s];

		snprintf(st->name, sizeof st->name, "%s_%s", h->name, nouns[ni[s]]);
		st->nfield = 4 + (int)gen_below(&r, GEN_MAXFIELD - 3);
		gen_pick(&r, NELEM(fields), (unsigned)st->nfield, fi);
		st->arr = -1;
		for (k = 0; k < st->nfield; k++) {
			snprintf(st->field[k], sizeof st->field[k], "%s", fields[fi[k]]);
			st->kind[k] = kinds[gen_below(&r, NELEM(kinds))];
			if (st->arr < 0 && st->kind[k] >= GEN_ARR32)
				st->arr = k;
		}
		if (st->arr < 0) {
			st->arr = st->nfield - 1;
			st->kind[st->arr] = GEN_ARR32;
		}
	}
}

const char *gen_state_name(const struct gen_header *h, int k)
{
	return states[(h->state_base + k) % (int)NELEM(states)];
}

/* ---- shared headers ---- */

static const char *const kind_type[] = { "u64", "u32", "u16", "u8", "u32", "u64" };

/* arr_len: elements of an array field kind; 0 for scalars. */
static int arr_len(enum gen_kind k)
{
	return k == GEN_ARR32 ? 8 : k == GEN_ARR64 ? 4 : 0;
}

/* emit_struct_helpers: the static inline helpers of one struct of header h. */
static void emit_struct_helpers(FILE *f, struct gen_rng *r, const struct gen_header *h,
				const struct gen_struct *st)
{
	const struct gen_header *self[1] = { h };
	struct gen_ex e = { .f = f, .r = r, .h = self, .nh = 1 };
	const char *lv[1];
	char arr[64];
	int k;

	gen_ex_struct(&e, st, "p");
	gen_ex_add(&e, "h%s%s", "", "");
	fprintf(f, "static inline u32 %s_hash(const struct %s *p)\n{\n\tu32 h = %s_MAGIC;\n\n",
		st->name, st->name, h->upper);
	lv[0] = "h";
	for (k = 0; k < 3; k++)
		gen_ex_stmt(&e, lv, 1, 1, 0);
	fprintf(f, "\treturn h ^ (h >> %u);\n}\n\n", 7 + gen_below(r, 10));
	e.nv--;         /* drop "h" */

	fprintf(f, "static inline void %s_set_flag(struct %s *p, unsigned int bit)\n{\n"
		"\tp->flags |= 1ULL << (bit & 63);\n}\n\n", st->name, st->name);
	fprintf(f, "static inline bool %s_test_flag(const struct %s *p, unsigned int bit)\n{\n"
		"\treturn (p->flags >> (bit & 63)) & 1;\n}\n\n", st->name, st->name);

	fprintf(f, "static inline u32 %s_advance(struct %s *p, u32 v)\n{\n\tp->count++;\n",
		st->name, st->name);
	fprintf(f, "\tp->state = (p->state * 0x%08xu + v + %s_FIELD(p->count)) %% %s_NR_STATES;\n",
		(unsigned)gen_next(r) | 1u, h->upper, h->upper);
	snprintf(arr, sizeof arr, "p->%s[p->count & %d]", st->field[st->arr], arr_len(st->kind[st->arr]) - 1);
	lv[0] = arr;
	gen_ex_stmt(&e, lv, 1, 1, 0);
	fputs("\treturn p->state ^ (u32)p->flags;\n}\n\n", f);

	fprintf(f, "static inline void %s_reset(struct %s *p, u32 seed)\n{\n\tunsigned int i = 0;\n\n"
		"\tp->flags = (u64)seed << %u;\n\tp->state = seed %% %s_NR_STATES;\n\tp->count = 0;\n"
		"\tINIT_LIST_HEAD(&p->node);\n", st->name, st->name, gen_below(r, 32), h->upper);
	e.nv = 0;
	gen_ex_add(&e, "seed", NULL, NULL);
	gen_ex_add(&e, "i", NULL, NULL);
	for (k = 0; k < st->nfield; k++) {
		if (st->kind[k] >= GEN_ARR32) {
			fprintf(f, "\tfor (i = 0; i < %d; i++)\n\t\tp->%s[i] = ", arr_len(st->kind[k]), st->field[k]);
			gen_ex_gen(&e, 2);
		} else {
			fprintf(f, "\tp->%s = ", st->field[k]);
			gen_ex_gen(&e, 1);
		}
		fputs(";\n", f);
	}
	fputs("}\n\n", f);
}

void gen_emit_header(FILE *f, const struct gen_header *h)
{
	const struct gen_header *self[1] = { h };
	struct gen_rng r;
	struct gen_ex e = { .f = f, .r = &r, .h = self, .nh = 0 };
	const char *lv[2] = { "a", "b" };
	int s, k;

	gen_seed(&r, 0x68647274, h->idx);
	fprintf(f, "/* SPDX-License-Identifier: GPL-2.0 */\n/* include/linux/%s.h: generated by contest"
		" (builtin workload). */\n#ifndef _LINUX_%s_H\n#define _LINUX_%s_H\n\n#include <linux/kernel.h>\n\n",
		h->name, h->upper, h->upper);
	fprintf(f, "#define %s_MAGIC\t0x%08xu\n#define %s_SHIFT\t%u\n#define %s_MASK\t0x%xu\n"
		"#define %s_FIELD(x)\t(((x) >> %s_SHIFT) & %s_MASK)\n#define %s_SCALE(x)\t((x) * %s_MAGIC)\n\n",
		h->upper, (unsigned)gen_next(&r), h->upper, 1 + gen_below(&r, 20),
		h->upper, (1u << (4 + gen_below(&r, 12))) - 1, h->upper, h->upper, h->upper,
		h->upper, h->upper);
	fprintf(f, "enum %s_state {\n", h->name);
	for (k = 0; k < h->nstates; k++)
		fprintf(f, "\t%s_ST_%s,\n", h->upper, gen_state_name(h, k));
	fprintf(f, "\t%s_NR_STATES\n};\n\n", h->upper);
	for (s = 0; s < h->nstruct; s++) {
		const struct gen_struct *st = &h->st[s];

		fprintf(f, "struct %s {\n\tu64 flags;\n\tu32 state;\n\tu32 count;\n\tstruct list_head node;\n", st->name);
		for (k = 0; k < st->nfield; k++) {
			if (st->kind[k] >= GEN_ARR32)
				fprintf(f, "\t%s %s[%d];\n", kind_type[st->kind[k]], st->field[k], arr_len(st->kind[k]));
			else
				fprintf(f, "\t%s %s;\n", kind_type[st->kind[k]], st->field[k]);
		}
		fputs("};\n\n", f);
	}
	fprintf(f, "static inline u64 %s_mix(u64 a, u64 b)\n{\n", h->name);
	gen_ex_add(&e, "a", NULL, NULL);
	gen_ex_add(&e, "b", NULL, NULL);
	for (k = 0; k < 3; k++)
		gen_ex_stmt(&e, lv, 2, 1, 0);
	fprintf(f, "\treturn a ^ rol64(b, %u);\n}\n\n", 1 + gen_below(&r, 63));
	fprintf(f, "static inline u32 %s_fold(u64 v)\n{\n\treturn (u32)(v ^ (v >> 32)) * 0x%08xu;\n}\n\n",
		h->name, (unsigned)gen_next(&r) | 1u);
	for (s = 0; s < h->nstruct; s++)
		emit_struct_helpers(f, &r, h, &h->st[s]);
	fprintf(f, "#endif /* _LINUX_%s_H */\n", h->upper);
}

/* ---- core headers (fixed text) ---- */

static const char core_types[] =
	"/* SPDX-License-Identifier: GPL-2.0 */\n"
	"#ifndef _LINUX_TYPES_H\n#define _LINUX_TYPES_H\n\n"
	"typedef unsigned char u8;\ntypedef unsigned short u16;\ntypedef unsigned int u32;\n"
	"typedef unsigned long long u64;\ntypedef signed char s8;\ntypedef short s16;\n"
	"typedef int s32;\ntypedef long long s64;\ntypedef _Bool bool;\n\n"
	"#define true\t1\n#define false\t0\n#ifndef NULL\n#define NULL\t((void *)0)\n#endif\n\n"
	"typedef u64 (*initcall_t)(void);\n\n"
	"struct list_head {\n\tstruct list_head *next, *prev;\n};\n\n"
	"struct kref {\n\tu32 refcount;\n};\n\n#endif /* _LINUX_TYPES_H */\n";

static const char core_compiler[] =
	"/* SPDX-License-Identifier: GPL-2.0 */\n"
	"#ifndef _LINUX_COMPILER_H\n#define _LINUX_COMPILER_H\n\n"
	"#define likely(x)\t__builtin_expect(!!(x), 1)\n"
	"#define unlikely(x)\t__builtin_expect(!!(x), 0)\n"
	"#define __always_inline\tinline __attribute__((__always_inline__))\n"
	"#define noinline\t__attribute__((__noinline__))\n"
	"#define __maybe_unused\t__attribute__((__unused__))\n"
	"#define __pure\t\t__attribute__((__pure__))\n"
	"#define barrier()\t__asm__ __volatile__(\"\" : : : \"memory\")\n"
	"#define READ_ONCE(x)\t(*(const volatile __typeof__(x) *)&(x))\n"
	"#define WRITE_ONCE(x, v)\tdo { *(volatile __typeof__(x) *)&(x) = (v); } while (0)\n"
	"#define offsetof(T, m)\t__builtin_offsetof(T, m)\n"
	"#define container_of(ptr, type, member) \\\n"
	"\t((type *)((char *)(ptr) - offsetof(type, member)))\n"
	"#define BUILD_BUG_ON(c)\t((void)sizeof(char[1 - 2 * !!(c)]))\n\n"
	"#endif /* _LINUX_COMPILER_H */\n";

static const char core_bits[] =
	"/* SPDX-License-Identifier: GPL-2.0 */\n"
	"#ifndef _LINUX_BITS_H\n#define _LINUX_BITS_H\n\n#include <linux/types.h>\n\n"
	"#define BIT(n)\t\t(1u << (n))\n#define BIT_ULL(n)\t(1ULL << (n))\n"
	"#define GENMASK(h, l)\t(((~0u) << (l)) & (~0u >> (31 - (h))))\n"
	"#define GOLDEN_RATIO_32\t0x61C88647u\n#define GOLDEN_RATIO_64\t0x61C8864680B583EBull\n\n"
	"static inline u32 rol32(u32 w, unsigned int s)\n{\n"
	"\treturn (w << (s & 31)) | (w >> ((0u - s) & 31));\n}\n\n"
	"static inline u32 ror32(u32 w, unsigned int s)\n{\n"
	"\treturn (w >> (s & 31)) | (w << ((0u - s) & 31));\n}\n\n"
	"static inline u64 rol64(u64 w, unsigned int s)\n{\n"
	"\treturn (w << (s & 63)) | (w >> ((0u - s) & 63));\n}\n\n"
	"static inline unsigned int hweight32(u32 w)\n{\n"
	"\tw = w - ((w >> 1) & 0x55555555u);\n"
	"\tw = (w & 0x33333333u) + ((w >> 2) & 0x33333333u);\n"
	"\tw = (w + (w >> 4)) & 0x0f0f0f0fu;\n"
	"\treturn (w * 0x01010101u) >> 24;\n}\n\n"
	"static inline unsigned int hweight64(u64 w)\n{\n"
	"\treturn hweight32((u32)w) + hweight32((u32)(w >> 32));\n}\n\n"
	"static inline unsigned int fls32(u32 x)\n{\n\tunsigned int r = 32;\n\n"
	"\tif (!x)\n\t\treturn 0;\n"
	"\tif (!(x & 0xffff0000u)) {\n\t\tx <<= 16;\n\t\tr -= 16;\n\t}\n"
	"\tif (!(x & 0xff000000u)) {\n\t\tx <<= 8;\n\t\tr -= 8;\n\t}\n"
	"\tif (!(x & 0xf0000000u)) {\n\t\tx <<= 4;\n\t\tr -= 4;\n\t}\n"
	"\tif (!(x & 0xc0000000u)) {\n\t\tx <<= 2;\n\t\tr -= 2;\n\t}\n"
	"\tif (!(x & 0x80000000u))\n\t\tr -= 1;\n\treturn r;\n}\n\n"
	"static inline u32 swab32(u32 x)\n{\n"
	"\treturn (x << 24) | ((x & 0xff00u) << 8) | ((x >> 8) & 0xff00u) | (x >> 24);\n}\n\n"
	"static inline u32 hash_32(u32 val, unsigned int bits)\n{\n"
	"\treturn (val * GOLDEN_RATIO_32) >> (32 - bits);\n}\n\n"
	"static inline u32 hash_64(u64 val, unsigned int bits)\n{\n"
	"\treturn (u32)((val * GOLDEN_RATIO_64) >> (64 - bits));\n}\n\n"
	"#endif /* _LINUX_BITS_H */\n";

static const char core_list[] =
	"/* SPDX-License-Identifier: GPL-2.0 */\n"
	"#ifndef _LINUX_LIST_H\n#define _LINUX_LIST_H\n\n#include <linux/types.h>\n#include <linux/compiler.h>\n\n"
	"#define LIST_HEAD_INIT(name) { &(name), &(name) }\n"
	"#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)\n\n"
	"static inline void INIT_LIST_HEAD(struct list_head *list)\n{\n"
	"\tlist->next = list;\n\tlist->prev = list;\n}\n\n"
	"static inline void __list_add(struct list_head *new, struct list_head *prev,\n"
	"\t\t\t      struct list_head *next)\n{\n"
	"\tnext->prev = new;\n\tnew->next = next;\n\tnew->prev = prev;\n\tprev->next = new;\n}\n\n"
	"static inline void list_add(struct list_head *new, struct list_head *head)\n{\n"
	"\t__list_add(new, head, head->next);\n}\n\n"
	"static inline void list_add_tail(struct list_head *new, struct list_head *head)\n{\n"
	"\t__list_add(new, head->prev, head);\n}\n\n"
	"static inline void list_del(struct list_head *entry)\n{\n"
	"\tentry->next->prev = entry->prev;\n\tentry->prev->next = entry->next;\n"
	"\tentry->next = NULL;\n\tentry->prev = NULL;\n}\n\n"
	"static inline bool list_empty(const struct list_head *head)\n{\n"
	"\treturn head->next == head;\n}\n\n"
	"#define list_entry(ptr, type, member) container_of(ptr, type, member)\n"
	"#define list_first_entry(ptr, type, member) list_entry((ptr)->next, type, member)\n"
	"#define list_next_entry(pos, member) \\\n"
	"\tlist_entry((pos)->member.next, __typeof__(*(pos)), member)\n"
	"#define list_for_each_entry(pos, head, member) \\\n"
	"\tfor (pos = list_first_entry(head, __typeof__(*pos), member); \\\n"
	"\t     &pos->member != (head); \\\n"
	"\t     pos = list_next_entry(pos, member))\n"
	"#define list_for_each_entry_safe(pos, n, head, member) \\\n"
	"\tfor (pos = list_first_entry(head, __typeof__(*pos), member), \\\n"
	"\t\tn = list_next_entry(pos, member); \\\n"
	"\t     &pos->member != (head); \\\n"
	"\t     pos = n, n = list_next_entry(n, member))\n\n"
	"#endif /* _LINUX_LIST_H */\n";

static const char core_page[] =
	"/* SPDX-License-Identifier: GPL-2.0 */\n"
	"#ifndef _ASM_PAGE_H\n#define _ASM_PAGE_H\n\n"
	"#define PAGE_SHIFT\t12\n#define PAGE_SIZE\t(1ul << PAGE_SHIFT)\n"
	"#define PAGE_MASK\t(~(PAGE_SIZE - 1))\n#define L1_CACHE_SHIFT\t6\n"
	"#define L1_CACHE_BYTES\t(1 << L1_CACHE_SHIFT)\n"
	"#define PFN_UP(x)\t(((x) + PAGE_SIZE - 1) >> PAGE_SHIFT)\n"
	"#define PFN_DOWN(x)\t((x) >> PAGE_SHIFT)\n\n"
	"#endif /* _ASM_PAGE_H */\n";

static const char core_kernel[] =
	"/* SPDX-License-Identifier: GPL-2.0 */\n"
	"#ifndef _LINUX_KERNEL_H\n#define _LINUX_KERNEL_H\n\n"
	"#include <linux/types.h>\n#include <linux/compiler.h>\n#include <linux/bits.h>\n"
	"#include <linux/list.h>\n#include <asm/page.h>\n\n"
	"#define ARRAY_SIZE(a)\t(sizeof(a) / sizeof((a)[0]))\n"
	"#define DIV_ROUND_UP(n, d)\t(((n) + (d) - 1) / (d))\n"
	"#define ALIGN(x, a)\t(((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))\n"
	"#define min(x, y) ({ \\\n\t__typeof__(x) _min1 = (x); \\\n"
	"\t__typeof__(y) _min2 = (y); \\\n\t_min1 < _min2 ? _min1 : _min2; })\n"
	"#define max(x, y) ({ \\\n\t__typeof__(x) _max1 = (x); \\\n"
	"\t__typeof__(y) _max2 = (y); \\\n\t_max1 > _max2 ? _max1 : _max2; })\n"
	"#define clamp(val, lo, hi) min(max(val, lo), hi)\n"
	"#define swap(a, b) do { __typeof__(a) _t = (a); (a) = (b); (b) = _t; } while (0)\n\n"
	"static inline void kref_init(struct kref *kref)\n{\n\tkref->refcount = 1;\n}\n\n"
	"static inline void kref_get(struct kref *kref)\n{\n\tkref->refcount++;\n}\n\n"
	"static inline bool kref_put(struct kref *kref)\n{\n\treturn --kref->refcount == 0;\n}\n\n"
	"#endif /* _LINUX_KERNEL_H */\n";

static const struct {
	const char *path, *text;
} core[] = {
	{ "include/linux/types.h", core_types },
	{ "include/linux/compiler.h", core_compiler },
	{ "include/linux/bits.h", core_bits },
	{ "include/linux/list.h", core_list },
	{ "include/linux/kernel.h", core_kernel },
	{ "include/asm/page.h", core_page },
};

unsigned gen_ncore(void)
{
	return NELEM(core);
}

const char *gen_core(unsigned i, const char **text)
{
	*text = core[i].text;
	return core[i].path;
}
