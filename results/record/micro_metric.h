/* micro_metric.h: a micro record's schema, the one table of microbenchmark metrics: id, stored name, unit, lmbench summary section, column heading, format. */
#ifndef CONTEST_RECORD_MICRO_METRIC_H
#define CONTEST_RECORD_MICRO_METRIC_H

/* The sections of the lmbench 2.0 summary, in print order. */
enum micro_section {
	MS_PROC,  /* Processor, Processes */
	MS_CTX,   /* Context switching */
	MS_LAT,   /* *Local* Communication latencies */
	MS_FS,    /* File & VM system latencies */
	MS_BW,    /* *Local* Communication bandwidths */
	MS_MEM,   /* Memory latencies */
	MS_EXT,   /* contest's own figures: not lmbench's methods, never under its headings */
	MS_COUNT
};

/* micro_sections[s]: the title of section s (may hold a newline; the rule
 * under it is as long as its last line). */
extern const char *const micro_sections[MS_COUNT];

/* The section bit of a metric. */
#define MS_BIT(s) (1u << (s))

/* How a metric's cell is printed. */
enum micro_fmt {
	MF_NUM,    /* the classic significant digits (render_micro_num), right-aligned */
	MF_CACHE,  /* a cache size: all MF_CACHE metrics of a section share one left-aligned
	            * column, "L1 48K L2 1M", numbered in table order */
};

/* The metrics, in summary column order. A new metric: an id here and its
 * row in micro_metrics[] (results/record/micro_metric.c), then the code that measures it. */
enum micro_id {
	MID_MHZ,
	MID_NULL_CALL, MID_NULL_IO, MID_STAT, MID_OPEN_CLOSE, MID_SELECT_TCP,
	MID_SIG_INST, MID_SIG_HNDL, MID_FORK_PROC, MID_EXEC_PROC, MID_SH_PROC,
	MID_CTX_2P_0K, MID_CTX_2P_16K, MID_CTX_2P_64K, MID_CTX_8P_16K, MID_CTX_8P_64K,
	MID_CTX_16P_16K, MID_CTX_16P_64K,
	MID_LAT_PIPE, MID_LAT_UNIX, MID_LAT_UDP, MID_LAT_RPC_UDP, MID_LAT_TCP, MID_LAT_RPC_TCP,
	MID_LAT_TCP_CONN,
	MID_FS_CREATE_0K, MID_FS_DELETE_0K, MID_FS_CREATE_10K, MID_FS_DELETE_10K,
	MID_MMAP_LAT, MID_PROT_FAULT, MID_PAGE_FAULT,
	MID_BW_PIPE, MID_BW_UNIX, MID_BW_TCP, MID_BW_FILE_REREAD, MID_BW_MMAP_REREAD,
	MID_BW_BCOPY_LIBC, MID_BW_BCOPY_HAND, MID_BW_MEM_FRD, MID_BW_MEM_FWR,
	MID_LAT_1K, MID_LAT_128K, MID_LAT_LARGEST,
	MID_CACHE_L1, MID_CACHE_L2, MID_CACHE_L3,
	MID_CACHE_SRC,  /* which of cache_l1..l3 the system reported: bits, 1 = L1 */
	MID_FS_NOJOURNAL, /* 1: the files were on ext4 without a journal (File Create moves) */
	MID_MB_DECIMAL,   /* 1: this run's MB/s are of 10^6 bytes; a run without it used 2^20 */
	MID_RAND_L1, MID_RAND_L2, MID_RAND_L3, MID_RAND_MAIN,
	MID_GUESS_L1, MID_GUESS_L2, MID_GUESS_L3,
	MID_MMAP_READ,
	MID_CURVE,  /* a family: stored as curve_<bytes>, one per working set (random chase) */
	MID_STRIDE, /* a family: stride_<bytes>, lmbench 3's forward 128-byte stride walk */
	MID_COUNT
};

/* One metric. */
struct micro_def {
	const char *name;      /* as stored in LABEL.micro (a family: the prefix) */
	const char *unit;      /* "us", "ns", "MB/s", "MHz" or "bytes" */
	int family;            /* 1: name is a prefix, a number follows */
	unsigned sections;     /* MS_BIT of each summary section showing it; 0: none */
	const char *top, *bottom;  /* the two header words of its column */
	int width;             /* the column's least width; widened to fit the values */
	enum micro_fmt fmt;
};

/* The megabyte of runs recorded without an MID_MB_DECIMAL line (2^20
 * bytes) over the one of MB/s figures now (10^6, lmbench 3's): their MB/s
 * are multiplied by it when shown. */
#define MICRO_MB_OLD (1048576.0 / 1e6)

/* micro_metrics[id]: the row of metric id. */
extern const struct micro_def micro_metrics[MID_COUNT];

/* micro_metric_find: the id of the metric stored as name (a family's
 * member too), or -1. */
int micro_metric_find(const char *name);

#endif
