/* gen_code.h: code templates of the builtin workload generator (headers, translation units, main). */
#ifndef CONTEST_GEN_CODE_H
#define CONTEST_GEN_CODE_H

#include <stdint.h>
#include <stdio.h>

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

/* gen_ncore: number of fixed core headers; gen_core: relative path and text of core header i. */
unsigned gen_ncore(void);
const char *gen_core(unsigned i, const char **text);

/* The emitters write one file each; errors show up in ferror(f). */

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
