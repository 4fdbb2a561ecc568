/* gen_code.h: code templates of the builtin workload generator (gen_expr.c: rng, expressions; gen_code.c: units, main; gen_headers.c: headers). */
#ifndef CONTEST_GEN_CODE_H
#define CONTEST_GEN_CODE_H

#include <stdint.h>
#include <stdio.h>

/* NELEM: the number of elements of array a. */
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* A splitmix64 stream: the only source of variety in the generated tree. */
struct gen_rng {
	uint64_t s;
};

/* gen_seed: start a stream determined only by the two keys. */
void gen_seed(struct gen_rng *r, uint64_t a, uint64_t b);
/* gen_next: next 64 random bits. */
uint64_t gen_next(struct gen_rng *r);
/* gen_below: uniform-ish integer in [0, n); n > 0. */
unsigned gen_below(struct gen_rng *r, unsigned n);
/* gen_pick: k distinct indices below n into out (k <= n). */
void gen_pick(struct gen_rng *r, unsigned n, unsigned k, unsigned *out);
/* gen_upcase: src in capitals into dst (len bytes). */
void gen_upcase(char *dst, const char *src, size_t len);

enum { GEN_MAXFIELD = 8, GEN_MAXSTRUCT = 3, GEN_NAME = 48, GEN_PATH = 96 };

/* Field kinds of a generated struct. */
enum gen_kind { GEN_U64, GEN_U32, GEN_U16, GEN_U8, GEN_ARR32, GEN_ARR64 };

/* One struct of a shared header, besides the fixed flags/state/count/node. */
struct gen_struct {
	char name[GEN_NAME];             /* "sched_entity" */
	int nfield;
	char field[GEN_MAXFIELD][24];
	enum gen_kind kind[GEN_MAXFIELD];
	int arr;                         /* index of the first array field */
};

/* One shared header include/linux/NAME.h. */
struct gen_header {
	char name[24];                   /* "sched" */
	char upper[24];                  /* "SCHED" */
	unsigned idx;                    /* position among the shared headers */
	int nstates;                     /* entries of enum NAME_state before NR */
	int state_base;                  /* first state name */
	int nstruct;
	struct gen_struct st[GEN_MAXSTRUCT];
};

/* One translation unit of the tree. */
struct gen_unit {
	char path[GEN_PATH];             /* "fs/ext4/inode.c" */
	char stem[GEN_NAME];             /* "inode": prefix of static names */
	char sym[2 * GEN_NAME];          /* "ext4_inode": prefix of exported names */
	unsigned dir;                    /* index of its directory */
};

/* gen_nheaders: number of shared headers (fixed for every scale). */
unsigned gen_nheaders(void);
/* gen_header_model: describe shared header idx (< gen_nheaders()). */
void gen_header_model(struct gen_header *h, unsigned idx);
/* gen_state_name: name of entry k (< h->nstates) of enum NAME_state, without the NAME_ST_ prefix. */
const char *gen_state_name(const struct gen_header *h, int k);

/* gen_ncore: number of fixed core headers; gen_core: relative path and text of core header i. */
unsigned gen_ncore(void);
const char *gen_core(unsigned i, const char **text);

/* An expression context: the unsigned atoms in scope and the headers whose helpers may appear. */
struct gen_ex {
	FILE *f;
	struct gen_rng *r;
	const char *v[16];
	unsigned nv;
	const struct gen_header *const *h;
	unsigned nh;
	const char *last;               /* the atom emitted last */
	char buf[16][40];
};

/* gen_ex_add: one more atom, printf(fmt, a, b), while there is room. */
void gen_ex_add(struct gen_ex *e, const char *fmt, const char *a, const char *b);
/* gen_ex_struct: add the scalar fields of st, reached through pointer expression p, as atoms. */
void gen_ex_struct(struct gen_ex *e, const struct gen_struct *st, const char *p);
/* gen_ex_gen: an unsigned expression of at most depth levels, free of undefined behaviour. */
void gen_ex_gen(struct gen_ex *e, int depth);
/* gen_ex_cond: a condition over the atoms, for if statements. */
void gen_ex_cond(struct gen_ex *e);
/* gen_ex_stmt: one statement (maybe an if/else) assigning to one of the lvalues lv[]. */
void gen_ex_stmt(struct gen_ex *e, const char *const *lv, unsigned nlv, int ind, int nest);

/* The emitters write one file each; errors show up in ferror(f). */

/* gen_tabs: n tabs of indentation. */
void gen_tabs(FILE *f, int n);

/* gen_emit_header: include/linux/NAME.h for h. */
void gen_emit_header(FILE *f, const struct gen_header *h);
/* gen_emit_unit: translation unit i of units[], which may call exports of units before it. */
void gen_emit_unit(FILE *f, const struct gen_unit *units, unsigned i,
                   const struct gen_header *hdrs, unsigned nhdrs);
/* gen_emit_internal: DIR/internal.h declaring the exports of the units of directory dir. */
void gen_emit_internal(FILE *f, const char *dirpath, const struct gen_unit *units, unsigned n,
                       unsigned dir);
/* gen_emit_main: init/main.c, which runs every unit's init and prints the checksum. */
void gen_emit_main(FILE *f, const struct gen_unit *units, unsigned n);

#endif
