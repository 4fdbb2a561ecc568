/* gen_expr.c: the builtin workload generator's random stream, and its expressions and statements over unsigned atoms. */
#include "workload/gen_code.h"

void gen_seed(struct gen_rng *r, uint64_t a, uint64_t b)
{
	r->s = 0x636f6e7465737431ULL ^ (a * 0x9e3779b97f4a7c15ULL) ^ (b * 0xc2b2ae3d27d4eb4fULL);
	(void)gen_next(r);
}

uint64_t gen_next(struct gen_rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

unsigned gen_below(struct gen_rng *r, unsigned n)
{
	return (unsigned)((gen_next(r) >> 32) % n);
}

void gen_pick(struct gen_rng *r, unsigned n, unsigned k, unsigned *out)
{
	unsigned i, j;

	for (i = 0; i < k; i++) {
again:
		out[i] = gen_below(r, n);
		for (j = 0; j < i; j++)
			if (out[j] == out[i])
				goto again;
	}
}

void gen_upcase(char *dst, const char *src, size_t len)
{
	size_t i;

	for (i = 0; i + 1 < len && src[i]; i++)
		dst[i] = (char)(src[i] >= 'a' && src[i] <= 'z' ? src[i] - 'a' + 'A' : src[i]);
	dst[i] = '\0';
}

void gen_ex_add(struct gen_ex *e, const char *fmt, const char *a, const char *b)
{
	if (e->nv < NELEM(e->v)) {
		snprintf(e->buf[e->nv], sizeof e->buf[0], fmt, a, b);
		e->v[e->nv] = e->buf[e->nv];
		e->nv++;
	}
}

void gen_ex_struct(struct gen_ex *e, const struct gen_struct *st, const char *p)
{
	int k;

	gen_ex_add(e, "%s->state%s", p, "");
	gen_ex_add(e, "(u32)%s->flags%s", p, "");
	for (k = 0; k < st->nfield; k++) {
		switch (st->kind[k]) {
		case GEN_U64: case GEN_U32: gen_ex_add(e, "%s->%s", p, st->field[k]); break;
		case GEN_U16: case GEN_U8: gen_ex_add(e, "(u32)%s->%s", p, st->field[k]); break;
		default: gen_ex_add(e, "%s->%s[1]", p, st->field[k]); break;
		}
	}
}

/* ex_const: an unsigned literal, small or 32-bit. */
static void ex_const(struct gen_ex *e)
{
	if (gen_below(e->r, 3) == 0)
		fprintf(e->f, "%uu", 1 + gen_below(e->r, 255));
	else
		fprintf(e->f, "0x%08xu", (unsigned)gen_next(e->r));
}

/* ex_two: OPEN x MID y CLOSE of two subexpressions x and y of depth - 1. */
static void ex_two(struct gen_ex *e, int depth, const char *open, const char *mid, const char *close)
{
	fputs(open, e->f);
	gen_ex_gen(e, depth - 1);
	fputs(mid, e->f);
	gen_ex_gen(e, depth - 1);
	fputs(close, e->f);
}

/* ex_lit: OPEN x then fmt of a literal base + [0, n), x of depth - 1. */
static void ex_lit(struct gen_ex *e, int depth, const char *open, const char *fmt, unsigned base,
                   unsigned n)
{
	fputs(open, e->f);
	gen_ex_gen(e, depth - 1);
	fprintf(e->f, fmt, base + gen_below(e->r, n));
}

/* ex_bin: (x OP y) of two subexpressions; op with its spaces, " + ". */
static void ex_bin(struct gen_ex *e, int depth, const char *op)
{
	ex_two(e, depth, "(", op, ")");
}

/* ex_atom: a leaf: one of the atoms (not the one emitted last), or a literal. */
static void ex_atom(struct gen_ex *e)
{
	unsigned k;

	if (e->nv && gen_below(e->r, 4) != 0) {
		k = gen_below(e->r, e->nv);
		if (e->v[k] == e->last)         /* avoid "x ^ x" */
			k = (k + 1) % e->nv;
		e->last = e->v[k];
		fputs(e->v[k], e->f);
	} else {
		ex_const(e);
	}
}

/* ex_arith: operator form k (< 10) of gen_ex_gen: a binary operator, or
 * one with a literal operand or shift count. */
static void ex_arith(struct gen_ex *e, int depth, unsigned k)
{
	switch (k) {
	case 0: case 1: ex_bin(e, depth, " + "); break;
	case 2: ex_bin(e, depth, " - "); break;
	case 3: case 4: ex_bin(e, depth, " ^ "); break;
	case 5: ex_bin(e, depth, " | "); break;
	case 6: case 7:
		fputc('(', e->f);
		gen_ex_gen(e, depth - 1);
		fputs(k == 6 ? " * " : " & ", e->f);
		ex_const(e);
		fputc(')', e->f);
		break;
	default:
		ex_lit(e, depth, "(", k == 8 ? " >> %u)" : " << %u)", 1, 31);
		break;
	}
}

/* ex_func: form k (10 to 17) of gen_ex_gen: a division or remainder that
 * cannot divide by 0, a helper of header h (another operator when h is
 * NULL), a conditional, or a kernel-style function. */
static void ex_func(struct gen_ex *e, int depth, unsigned k, const struct gen_header *h)
{
	switch (k) {
	case 10:
		ex_lit(e, depth, "rol32(", ", %u)", 1, 31);
		break;
	case 11:
		ex_two(e, depth, "(", " / (", " | 1u))");
		break;
	case 12:
		ex_lit(e, depth, "(", " %% %uu)", 3, 1000);
		break;
	case 13:
		if (h) {
			fprintf(e->f, "%s_mix", h->name);
			ex_two(e, depth, "(", ", ", ")");
		} else {
			ex_bin(e, depth, " + ");
		}
		break;
	case 14:
		if (h) {
			fprintf(e->f, "%s_FIELD(", h->upper);
			gen_ex_gen(e, depth - 1);
			fputc(')', e->f);
		} else {
			ex_bin(e, depth, " ^ ");
		}
		break;
	case 15:
		fputs("((", e->f);
		gen_ex_gen(e, depth - 1);
		fputs(gen_below(e->r, 2) ? " > " : " != ", e->f);
		gen_ex_gen(e, depth - 1);
		fputs(") ? ", e->f);
		gen_ex_gen(e, depth - 1);
		fputs(" : ", e->f);
		gen_ex_gen(e, depth - 1);
		fputc(')', e->f);
		break;
	case 16:
		ex_lit(e, depth, "hash_32(", ", %u)", 4, 13);
		break;
	default:
		ex_two(e, depth, gen_below(e->r, 2) ? "min(" : "max(", ", ", ")");
		break;
	}
}

void gen_ex_gen(struct gen_ex *e, int depth)
{
	const struct gen_header *h = e->nh ? e->h[gen_below(e->r, e->nh)] : NULL;
	unsigned k;

	if (depth <= 0 || gen_below(e->r, 10) == 0) {
		ex_atom(e);
		return;
	}
	k = gen_below(e->r, 18);
	if (k < 10)
		ex_arith(e, depth, k);
	else
		ex_func(e, depth, k, h);
}

void gen_tabs(FILE *f, int n)
{
	while (n-- > 0)
		fputc('\t', f);
}

void gen_ex_cond(struct gen_ex *e)
{
	switch (gen_below(e->r, 4)) {
	case 0:
		fputc('(', e->f);
		gen_ex_gen(e, 1);
		fprintf(e->f, " & 0x%xu) > 0x%xu", 0xffu, gen_below(e->r, 256));
		break;
	case 1:
		ex_two(e, 2, "likely(", " != ", ")");
		break;
	case 2:
		fputs("hweight32(", e->f);
		gen_ex_gen(e, 1);
		fputs(") & 1u", e->f);
		break;
	default:
		fputs("unlikely(", e->f);
		gen_ex_gen(e, 1);
		fputs(" < ", e->f);
		gen_ex_gen(e, 2);
		fputc(')', e->f);
		break;
	}
}

void gen_ex_stmt(struct gen_ex *e, const char *const *lv, unsigned nlv, int ind, int nest)
{
	static const char *const aops[] = { "=", "^=", "+=", "=", "-=", "|=" };
	const char *l = lv[gen_below(e->r, nlv)];

	if (nest > 0 && gen_below(e->r, 4) == 0) {
		gen_tabs(e->f, ind);
		fputs("if (", e->f);
		gen_ex_cond(e);
		fputs(") {\n", e->f);
		gen_ex_stmt(e, lv, nlv, ind + 1, nest - 1);
		gen_ex_stmt(e, lv, nlv, ind + 1, nest - 1);
		gen_tabs(e->f, ind);
		fputs("} else {\n", e->f);
		gen_ex_stmt(e, lv, nlv, ind + 1, nest - 1);
		gen_tabs(e->f, ind);
		fputs("}\n", e->f);
		return;
	}
	gen_tabs(e->f, ind);
	fprintf(e->f, "%s %s ", l, aops[gen_below(e->r, NELEM(aops))]);
	gen_ex_gen(e, 2 + (int)gen_below(e->r, 2));
	fputs(";\n", e->f);
}
