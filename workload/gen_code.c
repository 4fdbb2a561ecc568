/* gen_code.c: code templates of the builtin workload generator (translation units, internal headers, main; gen_expr.c: rng, expressions). */
#include "workload/gen_code.h"

#include <string.h>

#define NR_INC 8        /* shared headers included by each unit */
#define NR_TYPES 3      /* struct types each unit works on */
#define FN_MIN 10       /* static functions per unit: FN_MIN + [0, FN_SPREAD) */
#define FN_SPREAD 7
#define MAX_FN (FN_MIN + FN_SPREAD)

/* ---- translation units ---- */

static const char *const ops[] = {
	"READ", "WRITE", "FLUSH", "SYNC", "OPEN", "CLOSE", "MAP", "UNMAP",
	"LOCK", "UNLOCK", "QUEUE", "DEQUEUE", "WAKE", "SLEEP", "PROBE", "REMOVE",
};
static const char *const verbs[] = {
	"scan", "walk", "flush", "update", "check", "balance", "reclaim", "resolve",
	"commit", "prepare", "submit", "drain", "refill", "select", "rotate", "merge",
	"split", "probe", "sync", "charge", "evict", "track", "shrink", "grow",
};
static const char *const objs[] = {
	"entries", "pages", "slots", "ranges", "bits", "batch", "chain", "window",
	"quota", "tree", "buckets", "hints", "events", "deltas", "extents", "runs",
};

/* Function signatures: tier 0 (leaves) and the tier 1 composite. */
enum sig { S_BUF, S_STATE, S_OBJ, S_DATA, S_WORD, S_LIST, S_MAT, S_MIX };

struct fn {
	char name[2 * GEN_NAME];
	enum sig sig;
	int type;                       /* index into uctx.ty for S_OBJ, S_LIST, S_MIX */
};

/* Everything one unit's emitters share. */
struct uctx {
	FILE *f;
	struct gen_rng r;
	const struct gen_unit *u;
	char upper[GEN_NAME];
	const struct gen_header *inc[NR_INC];
	const struct gen_struct *ty[NR_TYPES];
	int nops, ops_base;
	struct fn fn[MAX_FN];
	int nfn, ntier0;
};

/* A call site: the names available to pass to a static function (NULL: not available). */
struct site {
	const char *acc, *buf, *nbuf, *data, *ndata, *hint, *m;
	const char *p[NR_TYPES], *objs[NR_TYPES];
};

/* ex_init: an empty expression context of unit c, using its included headers. */
static void ex_init(struct gen_ex *e, struct uctx *c)
{
	memset(e, 0, sizeof *e);
	e->f = c->f;
	e->r = &c->r;
	e->h = c->inc;
	e->nh = NR_INC;
}

/* ex_vars: the n names v[] as atoms. */
static void ex_vars(struct gen_ex *e, const char *const *v, unsigned n)
{
	while (n-- > 0)
		gen_ex_add(e, "%s%s", *v++, "");
}

/* stmts: lo + [0, spread) statements assigning to lv[]. */
static void stmts(struct gen_ex *e, const char *const *lv, unsigned nlv, int ind, unsigned lo, unsigned spread)
{
	unsigned n = lo + gen_below(e->r, spread);

	while (n-- > 0)
		gen_ex_stmt(e, lv, nlv, ind, 1);
}

/* emit_buf: a loop transforming a u32 buffer in place. */
static void emit_buf(struct uctx *c, const struct fn *fn)
{
	static const char *const v[] = { "acc", "v", "prev", "i", "seed" };
	struct gen_ex e;

	ex_init(&e, c);
	ex_vars(&e, v, NELEM(v));
	fprintf(c->f, "static u32 %s(u32 *buf, unsigned int n, u32 seed)\n{\n\tunsigned int i;\n"
		"\tu32 acc = seed ^ 0x%08xu;\n\tu32 prev = 0x%08xu;\n\n\tfor (i = 0; i < n; i++) {\n"
		"\t\tu32 v = buf[i & (%s_SLOTS - 1)];\n\n", fn->name, (unsigned)gen_next(&c->r),
		(unsigned)gen_next(&c->r), c->upper);
	stmts(&e, v, 3, 2, 3, 4);
	fprintf(c->f, "\t\tbuf[i & (%s_SLOTS - 1)] = v;\n\t\tprev = v;\n\t}\n\treturn acc ^ prev;\n}\n\n",
		c->upper);
}

/* emit_state: a state machine switching over the unit's or a header's enum. */
static void emit_state(struct uctx *c, const struct fn *fn)
{
	static const char *const v[] = { "out", "input", "state" };
	const struct gen_header *h = gen_below(&c->r, 2) ? c->inc[gen_below(&c->r, NR_INC)] : NULL;
	int n = h ? h->nstates : c->nops, k;
	struct gen_ex e;

	ex_init(&e, c);
	ex_vars(&e, v, NELEM(v));
	fprintf(c->f, "static u32 %s(u32 state, u32 input)\n{\n\tu32 out = 0x%08xu;\n\n"
		"\tswitch (state %% %s_NR_%s) {\n", fn->name, (unsigned)gen_next(&c->r),
		h ? h->upper : c->upper, h ? "STATES" : "OPS");
	for (k = 0; k < n; k++) {
		if (h)
			fprintf(c->f, "\tcase %s_ST_%s:\n", h->upper, gen_state_name(h, k));
		else
			fprintf(c->f, "\tcase %s_OP_%s:\n", c->upper, ops[(c->ops_base + k) % (int)NELEM(ops)]);
		stmts(&e, v, 2, 2, 1, 3);
		if (k + 1 < n && gen_below(&c->r, 5) == 0)
			fputs("\t\t/* fall through */\n", c->f);
		else
			fputs("\t\tbreak;\n", c->f);
	}
	fprintf(c->f, "\tdefault:\n\t\tout ^= input;\n\t\tbreak;\n\t}\n\treturn out ^ rol32(input, %u);\n}\n\n",
		1 + gen_below(&c->r, 31));
}

/* struct_lvalues: "acc" and the scalar fields of st through p, as assignment targets. */
static unsigned struct_lvalues(const struct gen_struct *st, const char *p, char buf[][40], const char **lv)
{
	unsigned n = 0;
	int k;

	lv[n++] = "acc";
	for (k = 0; k < st->nfield; k++) {
		if (st->kind[k] >= GEN_ARR32)
			continue;
		snprintf(buf[n], 40, "%s->%s", p, st->field[k]);
		lv[n] = buf[n];
		n++;
	}
	return n;
}

/* emit_obj: field updates of one struct through its header helpers. */
static void emit_obj(struct uctx *c, const struct fn *fn)
{
	const struct gen_struct *st = c->ty[fn->type];
	char lvbuf[GEN_MAXFIELD + 1][40];
	const char *lv[GEN_MAXFIELD + 1];
	unsigned nlv = struct_lvalues(st, "p", lvbuf, lv);
	struct gen_ex e;

	ex_init(&e, c);
	gen_ex_struct(&e, st, "p");
	gen_ex_add(&e, "acc%s%s", "", "");
	gen_ex_add(&e, "seed%s%s", "", "");
	fprintf(c->f, "static u64 %s(struct %s *p, u64 seed)\n{\n\tunsigned int i;\n\tu64 acc = seed;\n\n"
		"\tif (%s_test_flag(p, %u)) {\n", fn->name, st->name, st->name, gen_below(&c->r, 64));
	stmts(&e, lv, nlv, 2, 1, 2);
	fputs("\t}\n", c->f);
	stmts(&e, lv, nlv, 1, 2, 3);
	gen_ex_add(&e, "i%s%s", "", "");
	fprintf(c->f, "\tfor (i = 0; i < ARRAY_SIZE(p->%s); i++)\n\t\tp->%s[i] ^= ",
		st->field[st->arr], st->field[st->arr]);
	gen_ex_gen(&e, 3);
	fprintf(c->f, ";\n\t%s_set_flag(p, %u);\n\tacc += %s_advance(p, (u32)acc);\n"
		"\treturn acc ^ %s_hash(p);\n}\n\n", st->name, gen_below(&c->r, 64), st->name, st->name);
}

/* emit_data: a table-driven checksum over a byte buffer. */
static void emit_data(struct uctx *c, const struct fn *fn)
{
	static const char *const v[] = { "crc", "c", "i" };
	struct gen_ex e;

	ex_init(&e, c);
	ex_vars(&e, v, NELEM(v));
	fprintf(c->f, "static u64 %s(const u8 *data, unsigned int len, u64 crc)\n{\n\tunsigned int i;\n"
		"\tu32 a = 1, b = 0;\n\n\tfor (i = 0; i < len; i++) {\n\t\tu32 c = (u32)data[i];\n\n"
		"\t\tcrc = %s_table[(crc ^ c) & 0xff] ^ (crc >> 8);\n", fn->name, c->u->stem);
	if (gen_below(&c->r, 2))
		fputs("\t\ta = (a + c) % 65521u;\n\t\tb = (b + a) % 65521u;\n", c->f);
	stmts(&e, v, 1, 2, 1, 2);
	fputs("\t}\n\treturn crc ^ ((u64)b << 16 | a);\n}\n\n", c->f);
}

/* emit_word: bit twiddling over a 64-bit word. */
static void emit_word(struct uctx *c, const struct fn *fn)
{
	static const char *const v[] = { "pos", "cnt", "(u32)low", "seed" };
	static const char *const lv[] = { "pos" };
	struct gen_ex e;

	ex_init(&e, c);
	ex_vars(&e, v, NELEM(v));
	fprintf(c->f, "static u32 %s(u64 word, u32 seed)\n{\n\tu32 cnt = 0, pos = seed, rev = 0;\n"
		"\tunsigned int i;\n\n\twhile (word) {\n\t\tu64 low = word & (~word + 1);\n\n"
		"\t\tword &= word - 1;\n\t\tcnt++;\n", fn->name);
	stmts(&e, lv, 1, 2, 1, 2);
	fprintf(c->f, "\t}\n\tfor (i = 0; i < 32; i++) {\n\t\trev = (rev << 1) | (pos & 1u);\n"
		"\t\tpos >>= 1;\n\t}\n\treturn rev ^ (cnt << %u) ^ hweight32(seed) ^ fls32(rev | seed);\n}\n\n",
		gen_below(&c->r, 26));
}

/* emit_list: build, walk and prune a list_head list of structs. */
static void emit_list(struct uctx *c, const struct fn *fn)
{
	const struct gen_struct *st = c->ty[fn->type];
	char lvbuf[GEN_MAXFIELD + 1][40];
	const char *lv[GEN_MAXFIELD + 1];
	unsigned nlv = struct_lvalues(st, "pos", lvbuf, lv);
	struct gen_ex e;

	ex_init(&e, c);
	gen_ex_struct(&e, st, "pos");
	gen_ex_add(&e, "acc%s%s", "", "");
	fprintf(c->f, "static u64 %s(struct %s *objs, unsigned int n, u64 seed)\n{\n\tLIST_HEAD(head);\n"
		"\tstruct %s *pos, *tmp;\n\tunsigned int i;\n\tu64 acc = seed;\n\n\tfor (i = 0; i < n; i++) {\n"
		"\t\tif ((objs[i].count ^ i) & 1u)\n\t\t\tlist_add(&objs[i].node, &head);\n\t\telse\n"
		"\t\t\tlist_add_tail(&objs[i].node, &head);\n\t}\n\tlist_for_each_entry(pos, &head, node) {\n",
		fn->name, st->name, st->name);
	stmts(&e, lv, nlv, 2, 2, 3);
	fputs("\t}\n\tlist_for_each_entry_safe(pos, tmp, &head, node) {\n\t\tif (", c->f);
	gen_ex_cond(&e);
	fprintf(c->f, ")\n\t\t\tlist_del(&pos->node);\n\t\telse\n\t\t\tacc ^= %s_hash(pos);\n\t}\n"
		"\treturn acc;\n}\n\n", st->name);
}

/* emit_mat: an 8x8 matrix product with a mixing step. */
static void emit_mat(struct uctx *c, const struct fn *fn)
{
	static const char *const v[] = { "x", "y", "i", "j", "acc", "seed" };
	static const char *const lv[] = { "x" };
	struct gen_ex e;

	ex_init(&e, c);
	ex_vars(&e, v, NELEM(v));
	fprintf(c->f, "static u32 %s(u32 m[8][8], u32 seed)\n{\n\tu32 t[8][8];\n\tunsigned int i, j, k;\n"
		"\tu32 acc = seed;\n\n\tfor (i = 0; i < 8; i++) {\n\t\tfor (j = 0; j < 8; j++) {\n"
		"\t\t\tu32 x = 0, y = m[j][i];\n\n\t\t\tfor (k = 0; k < 8; k++)\n"
		"\t\t\t\tx += m[i][k] * m[k][j];\n", fn->name);
	stmts(&e, lv, 1, 3, 1, 2);
	fputs("\t\t\tt[i][j] = x;\n\t\t\tacc += y;\n\t\t}\n\t}\n\tfor (i = 0; i < 8; i++)\n"
		"\t\tfor (j = 0; j < 8; j++)\n\t\t\tm[i][j] = t[i][j] ^ acc;\n"
		"\treturn acc ^ m[acc & 7][(acc >> 3) & 7];\n}\n\n", c->f);
}

/* emit_call: one statement calling fn with what site offers; 0 when it cannot be called there. */
static int emit_call(struct uctx *c, const struct fn *fn, int ind, const struct site *s)
{
	const char *p = fn->sig == S_OBJ || fn->sig == S_MIX ? s->p[fn->type] : NULL;

	switch (fn->sig) {
	case S_BUF:
		if (!s->buf)
			return 0;
		gen_tabs(c->f, ind);
		fprintf(c->f, "%s ^= %s(%s, %s, (u32)%s);\n", s->acc, fn->name, s->buf, s->nbuf, s->acc);
		return 1;
	case S_STATE:
		gen_tabs(c->f, ind);
		fprintf(c->f, "%s += %s((u32)%s, %s);\n", s->acc, fn->name, s->acc, s->hint);
		return 1;
	case S_OBJ:
		if (!p)
			return 0;
		gen_tabs(c->f, ind);
		fprintf(c->f, "%s ^= %s(%s, %s);\n", s->acc, fn->name, p, s->acc);
		return 1;
	case S_DATA:
		if (!s->data)
			return 0;
		gen_tabs(c->f, ind);
		fprintf(c->f, "%s = %s(%s, %s, %s);\n", s->acc, fn->name, s->data, s->ndata, s->acc);
		return 1;
	case S_WORD:
		gen_tabs(c->f, ind);
		fprintf(c->f, "%s += %s(%s, %s);\n", s->acc, fn->name, s->acc, s->hint);
		return 1;
	case S_LIST:
		if (!s->objs[fn->type])
			return 0;
		gen_tabs(c->f, ind);
		fprintf(c->f, "%s ^= %s(%s, %s_NR_OBJS, %s);\n", s->acc, fn->name, s->objs[fn->type],
			c->upper, s->acc);
		return 1;
	case S_MAT:
		if (!s->m)
			return 0;
		gen_tabs(c->f, ind);
		fprintf(c->f, "%s += %s(%s, (u32)%s);\n", s->acc, fn->name, s->m, s->acc);
		return 1;
	default:
		if (!p || !s->buf)
			return 0;
		gen_tabs(c->f, ind);
		fprintf(c->f, "%s ^= %s(%s, %s, %s);\n", s->acc, fn->name, p, s->buf, s->acc);
		return 1;
	}
}

/* call_some: calls of up to n random tier-0 functions callable at site s. */
static void call_some(struct uctx *c, int ind, const struct site *s, unsigned n)
{
	unsigned tries;

	for (tries = 0; n > 0 && tries < 4 * n + 8; tries++)
		if (emit_call(c, &c->fn[gen_below(&c->r, (unsigned)c->ntier0)], ind, s))
			n--;
}

/* emit_mix: tier 1, rounds of calls to tier-0 functions plus field updates. */
static void emit_mix(struct uctx *c, const struct fn *fn)
{
	const struct gen_struct *st = c->ty[fn->type];
	char lvbuf[GEN_MAXFIELD + 1][40];
	const char *lv[GEN_MAXFIELD + 1];
	unsigned nlv = struct_lvalues(st, "p", lvbuf, lv);
	struct site s = { .acc = "acc", .buf = "buf", .nbuf = "16", .data = "(const u8 *)buf",
			  .ndata = "64", .hint = "p->count" };
	struct gen_ex e;

	s.p[fn->type] = "p";
	ex_init(&e, c);
	gen_ex_struct(&e, st, "p");
	gen_ex_add(&e, "acc%s%s", "", "");
	gen_ex_add(&e, "round%s%s", "", "");
	fprintf(c->f, "static u64 %s(struct %s *p, u32 *buf, u64 seed)\n{\n\tunsigned int round;\n"
		"\tu64 acc = seed;\n\n\tfor (round = 0; round < %s_BATCH; round++) {\n",
		fn->name, st->name, c->upper);
	call_some(c, 2, &s, 2 + gen_below(&c->r, 2));
	stmts(&e, lv, nlv, 2, 1, 2);
	fputs("\t}\n\treturn acc;\n}\n\n", c->f);
}

/* emit_export: SYM_lookup or SYM_account, leaves as far as other units are concerned. */
static void emit_export(struct uctx *c, const char *what, int with_obj)
{
	static const char *const v[] = { "i", "hint", "key" };
	struct site s = { .acc = "acc", .buf = "buf", .data = "(const u8 *)buf",
			  .ndata = "sizeof(buf)", .hint = "hint" };
	char nbuf[GEN_NAME + 8];
	struct gen_ex e;

	snprintf(nbuf, sizeof nbuf, "%s_SLOTS", c->upper);
	s.nbuf = nbuf;
	ex_init(&e, c);
	ex_vars(&e, v, NELEM(v));
	fprintf(c->f, "u64 %s_%s(u64 key, u32 hint)\n{\n\tu32 buf[%s_SLOTS];\n", c->u->sym, what, c->upper);
	if (with_obj)
		fprintf(c->f, "\tstruct %s obj;\n", c->ty[0]->name);
	fprintf(c->f, "\tunsigned int i;\n\tu64 acc = key;\n\n\tfor (i = 0; i < %s_SLOTS; i++)\n\t\tbuf[i] = ",
		c->upper);
	gen_ex_gen(&e, 2);
	fputs(";\n", c->f);
	if (with_obj) {
		fprintf(c->f, "\t%s_reset(&obj, hint);\n", c->ty[0]->name);
		s.p[0] = "&obj";
	}
	call_some(c, 1, &s, 2 + gen_below(&c->r, 2));
	fputs("\treturn acc;\n}\n\n", c->f);
}

/* emit_init: SYM_init, which sets up local objects and calls every function of the unit. */
static void emit_init(struct uctx *c, const unsigned *callee, unsigned ncallee,
		      const struct gen_unit *units)
{
	static const char *const v[] = { "i", "j", "csum" };
	char objs[NR_TYPES][16], ptr[NR_TYPES][24], nbuf[GEN_NAME + 8];
	struct site s = { .acc = "csum", .buf = "buf", .data = "data", .ndata = "sizeof(data)",
			  .hint = "buf[i & 7]", .m = "m" };
	struct gen_ex e;
	int t, k;
	unsigned j;

	snprintf(nbuf, sizeof nbuf, "%s_SLOTS", c->upper);
	s.nbuf = nbuf;
	ex_init(&e, c);
	ex_vars(&e, v, NELEM(v));
	fprintf(c->f, "u64 %s_init(void)\n{\n", c->u->sym);
	for (t = 0; t < NR_TYPES; t++) {
		snprintf(objs[t], sizeof objs[t], "objs%d", t);
		snprintf(ptr[t], sizeof ptr[t], "&objs%d[%u]", t, gen_below(&c->r, 8));
		s.objs[t] = objs[t];
		s.p[t] = ptr[t];
		fprintf(c->f, "\tstruct %s objs%d[%s_NR_OBJS];\n", c->ty[t]->name, t, c->upper);
	}
	fprintf(c->f, "\tu32 buf[%s_SLOTS];\n\tu8 data[128];\n\tu32 m[8][8];\n\tunsigned int i, j;\n"
		"\tu64 csum = %s_SEED;\n\n\tfor (i = 0; i < %s_NR_OBJS; i++) {\n",
		c->upper, c->upper, c->upper);
	for (t = 0; t < NR_TYPES; t++)
		fprintf(c->f, "\t\t%s_reset(&objs%d[i], i * 0x%08xu);\n", c->ty[t]->name, t,
			(unsigned)gen_next(&c->r));
	fprintf(c->f, "\t}\n\tfor (i = 0; i < %s_SLOTS; i++)\n\t\tbuf[i] = ", c->upper);
	e.nv = 1;               /* only i */
	gen_ex_gen(&e, 2);
	fputs(";\n\tfor (i = 0; i < sizeof(data); i++)\n\t\tdata[i] = (u8)", c->f);
	gen_ex_gen(&e, 2);
	fputs(";\n\tfor (i = 0; i < 8; i++)\n\t\tfor (j = 0; j < 8; j++)\n\t\t\tm[i][j] = ", c->f);
	e.nv = 2;               /* i and j */
	gen_ex_gen(&e, 2);
	fputs(";\n\n\ti = (u32)csum;\n", c->f);
	for (k = 0; k < c->nfn; k++)
		emit_call(c, &c->fn[k], 1, &s);
	for (j = 0; j < ncallee; j++)
		fprintf(c->f, "\tcsum ^= %s_lookup(csum, 0x%08xu);\n\tcsum += %s_account(csum, (u32)csum);\n",
			units[callee[j]].sym, (unsigned)gen_next(&c->r), units[callee[j]].sym);
	fprintf(c->f, "\tcsum ^= %s_lookup(csum, buf[3]);\n\tcsum += %s_account(csum, (u32)(csum >> 32));\n"
		"\treturn csum;\n}\n", c->u->sym, c->u->sym);
}

/* fn_name: a fresh "stem_verb_obj" name for function k of the unit. */
static void fn_name(struct uctx *c, int k)
{
	int j;

again:
	snprintf(c->fn[k].name, sizeof c->fn[k].name, "%s_%s_%s", c->u->stem,
		 verbs[gen_below(&c->r, NELEM(verbs))], objs[gen_below(&c->r, NELEM(objs))]);
	for (j = 0; j < k; j++)
		if (strcmp(c->fn[j].name, c->fn[k].name) == 0)
			goto again;
}

/* plan: choose the headers, struct types and functions of the unit. */
static void plan(struct uctx *c, const struct gen_header *hdrs, unsigned nhdrs)
{
	static const enum sig tier0[] = {
		S_OBJ, S_OBJ, S_OBJ, S_BUF, S_BUF, S_STATE, S_STATE, S_DATA, S_WORD, S_LIST, S_MAT,
	};
	unsigned hi[NR_INC];
	int k;

	gen_pick(&c->r, nhdrs, NR_INC, hi);
	for (k = 0; k < NR_INC; k++)
		c->inc[k] = &hdrs[hi[k]];
	for (k = 0; k < NR_TYPES; k++) {
		const struct gen_header *h = c->inc[k];

		c->ty[k] = &h->st[gen_below(&c->r, (unsigned)h->nstruct)];
	}
	c->nops = 8 + (int)gen_below(&c->r, 9);
	c->ops_base = (int)gen_below(&c->r, NELEM(ops));
	c->nfn = FN_MIN + (int)gen_below(&c->r, FN_SPREAD);
	c->ntier0 = c->nfn * 2 / 3;
	for (k = 0; k < c->nfn; k++) {
		fn_name(c, k);
		c->fn[k].sig = k < c->ntier0 ? tier0[gen_below(&c->r, NELEM(tier0))] : S_MIX;
		c->fn[k].type = (int)gen_below(&c->r, NR_TYPES);
	}
}

void gen_emit_unit(FILE *f, const struct gen_unit *units, unsigned i,
		   const struct gen_header *hdrs, unsigned nhdrs)
{
	struct uctx c;
	unsigned callee[2], ncallee = 0, j;
	int k;

	memset(&c, 0, sizeof c);
	c.f = f;
	c.u = &units[i];
	gen_seed(&c.r, 0x756e6974, i);
	gen_upcase(c.upper, c.u->stem, sizeof c.upper);
	plan(&c, hdrs, nhdrs);
	if (i > 0)
		ncallee = i > 1 ? 2 : 1;
	gen_pick(&c.r, i, ncallee, callee);

	fprintf(f, "// SPDX-License-Identifier: GPL-2.0\n/*\n * %s: generated by contest (builtin workload).\n"
		" */\n#include <linux/kernel.h>\n", c.u->path);
	for (k = 0; k < NR_INC; k++)
		fprintf(f, "#include <linux/%s.h>\n", c.inc[k]->name);
	fprintf(f, "\n#include \"internal.h\"\n\n#define %s_SLOTS\t64\n#define %s_NR_OBJS\t8\n#define %s_BATCH\t%u\n"
		"#define %s_SEED\t0x%016llxULL\n\nenum %s_op {\n", c.upper, c.upper, c.upper,
		2 + gen_below(&c.r, 3), c.upper, (unsigned long long)gen_next(&c.r), c.u->stem);
	for (k = 0; k < c.nops; k++)
		fprintf(f, "\t%s_OP_%s,\n", c.upper, ops[(c.ops_base + k) % (int)NELEM(ops)]);
	fprintf(f, "\t%s_NR_OPS\n};\n\n", c.upper);
	for (j = 0; j < ncallee; j++) {
		const struct gen_unit *o = &units[callee[j]];

		if (o->dir != c.u->dir)
			fprintf(f, "extern u64 %s_lookup(u64 key, u32 hint);\nextern u64 %s_account(u64 key, u32 hint);\n",
				o->sym, o->sym);
	}
	fprintf(f, "%sstatic const u32 %s_table[256] = {\n", ncallee ? "\n" : "", c.u->stem);
	for (k = 0; k < 256; k++)
		fprintf(f, "%s0x%08x,%s", k % 8 ? " " : "\t", (unsigned)gen_next(&c.r), k % 8 == 7 ? "\n" : "");
	fputs("};\n\n", f);
	for (k = 0; k < c.nfn; k++) {
		switch (c.fn[k].sig) {
		case S_BUF: emit_buf(&c, &c.fn[k]); break;
		case S_STATE: emit_state(&c, &c.fn[k]); break;
		case S_OBJ: emit_obj(&c, &c.fn[k]); break;
		case S_DATA: emit_data(&c, &c.fn[k]); break;
		case S_WORD: emit_word(&c, &c.fn[k]); break;
		case S_LIST: emit_list(&c, &c.fn[k]); break;
		case S_MAT: emit_mat(&c, &c.fn[k]); break;
		default: emit_mix(&c, &c.fn[k]); break;
		}
	}
	emit_export(&c, "lookup", 0);
	emit_export(&c, "account", 1);
	emit_init(&c, callee, ncallee, units);
}

/* protos: the three exported prototypes of unit u. */
static void protos(FILE *f, const struct gen_unit *u)
{
	fprintf(f, "u64 %s_init(void);\nu64 %s_lookup(u64 key, u32 hint);\nu64 %s_account(u64 key, u32 hint);\n",
		u->sym, u->sym, u->sym);
}

void gen_emit_internal(FILE *f, const char *dirpath, const struct gen_unit *units, unsigned n,
		       unsigned dir)
{
	char guard[GEN_PATH];
	unsigned i;

	gen_upcase(guard, dirpath, sizeof guard);
	for (i = 0; guard[i]; i++)
		if (guard[i] == '/')
			guard[i] = '_';
	fprintf(f, "/* SPDX-License-Identifier: GPL-2.0 */\n/* %s/internal.h: generated by contest"
		" (builtin workload); exports of %s. */\n#ifndef _%s_INTERNAL_H\n#define _%s_INTERNAL_H\n\n"
		"#include <linux/types.h>\n\n", dirpath, dirpath, guard, guard);
	for (i = 0; i < n; i++)
		if (units[i].dir == dir)
			protos(f, &units[i]);
	fprintf(f, "\n#endif /* _%s_INTERNAL_H */\n", guard);
}

void gen_emit_main(FILE *f, const struct gen_unit *units, unsigned n)
{
	unsigned i;

	fputs("// SPDX-License-Identifier: GPL-2.0\n/*\n * init/main.c: generated by contest (builtin workload);"
	      " runs every initcall.\n */\n#include <stdio.h>\n#include <linux/types.h>\n\n", f);
	for (i = 0; i < n; i++)
		fprintf(f, "u64 %s_init(void);\n", units[i].sym);
	fputs("\nstatic const initcall_t initcalls[] = {\n", f);
	for (i = 0; i < n; i++)
		fprintf(f, "\t%s_init,\n", units[i].sym);
	fputs("};\n\nint main(void)\n{\n\tu64 csum = 0x636f6e74657374ULL;\n\tunsigned int i;\n\n"
	      "\tfor (i = 0; i < sizeof(initcalls) / sizeof(initcalls[0]); i++)\n"
	      "\t\tcsum = ((csum << 7) | (csum >> 57)) ^ initcalls[i]();\n"
	      "\tprintf(\"contest builtin workload checksum 0x%016llx (%u initcalls)\\n\",\n"
	      "\t       (unsigned long long)csum, i);\n\treturn 0;\n}\n", f);
}
