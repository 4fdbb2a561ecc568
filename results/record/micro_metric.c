/* micro_metric.c: the microbenchmark metric table (a micro record's schema) and the lmbench 2.0 summary section titles. */
#include "results/record/micro_metric.h"

#include <string.h>

const char *const micro_sections[MS_COUNT] = {
	[MS_PROC] = "Processor, Processes - times in microseconds - smaller is better",
	[MS_CTX] = "Context switching - times in microseconds - smaller is better",
	[MS_LAT] = "*Local* Communication latencies in microseconds - smaller is better",
	[MS_FS] = "File & VM system latencies in microseconds - smaller is better",
	[MS_BW] = "*Local* Communication bandwidths in MB/s - bigger is better",
	[MS_MEM] = ("Memory latencies in nanoseconds - smaller is better\n"
	            "    (WARNING - may not be correct, check graphs)"),
	[MS_EXT] = ("contest's own figures, not lmbench's methods (see contest(1), MICROBENCHMARKS)\n"
	            "ns: random-chase latencies; us: mmap"),
};

#define P MS_BIT(MS_PROC)
#define C MS_BIT(MS_CTX)
#define L MS_BIT(MS_LAT)
#define F MS_BIT(MS_FS)
#define B MS_BIT(MS_BW)
#define M MS_BIT(MS_MEM)
#define X MS_BIT(MS_EXT)

/* name, unit, family, sections, top, bottom, width, format */
const struct micro_def micro_metrics[MID_COUNT] = {
	[MID_MHZ]            = { "mhz",            "MHz",   0, P | M, "Mhz",      "",        4, MF_NUM },
	[MID_NULL_CALL]      = { "null_call",      "us",    0, P,     "null",     "call",    4, MF_NUM },
	[MID_NULL_IO]        = { "null_io",        "us",    0, P,     "null",     "I/O",     4, MF_NUM },
	[MID_STAT]           = { "stat",           "us",    0, P,     "",         "stat",    4, MF_NUM },
	[MID_OPEN_CLOSE]     = { "open_close",     "us",    0, P,     "open",     "clos",    4, MF_NUM },
	[MID_SELECT_TCP]     = { "select_tcp",     "us",    0, P,     "selct",    "TCP",     5, MF_NUM },
	[MID_SIG_INST]       = { "sig_inst",       "us",    0, P,     "sig",      "inst",    4, MF_NUM },
	[MID_SIG_HNDL]       = { "sig_hndl",       "us",    0, P,     "sig",      "hndl",    4, MF_NUM },
	[MID_FORK_PROC]      = { "fork_proc",      "us",    0, P,     "fork",     "proc",    4, MF_NUM },
	[MID_EXEC_PROC]      = { "exec_proc",      "us",    0, P,     "exec",     "proc",    4, MF_NUM },
	[MID_SH_PROC]        = { "sh_proc",        "us",    0, P,     "sh",       "proc",    4, MF_NUM },
	[MID_CTX_2P_0K]      = { "ctx_2p_0k",      "us",    0, C | L, "2p/0K",    "ctxsw",   5, MF_NUM },
	[MID_CTX_2P_16K]     = { "ctx_2p_16k",     "us",    0, C,     "2p/16K",   "ctxsw",   6, MF_NUM },
	[MID_CTX_2P_64K]     = { "ctx_2p_64k",     "us",    0, C,     "2p/64K",   "ctxsw",   6, MF_NUM },
	[MID_CTX_8P_16K]     = { "ctx_8p_16k",     "us",    0, C,     "8p/16K",   "ctxsw",   6, MF_NUM },
	[MID_CTX_8P_64K]     = { "ctx_8p_64k",     "us",    0, C,     "8p/64K",   "ctxsw",   6, MF_NUM },
	[MID_CTX_16P_16K]    = { "ctx_16p_16k",    "us",    0, C,     "16p/16K",  "ctxsw",   7, MF_NUM },
	[MID_CTX_16P_64K]    = { "ctx_16p_64k",    "us",    0, C,     "16p/64K",  "ctxsw",   7, MF_NUM },
	[MID_LAT_PIPE]       = { "lat_pipe",       "us",    0, L,     "Pipe",     "",        5, MF_NUM },
	[MID_LAT_UNIX]       = { "lat_unix",       "us",    0, L,     "AF",       "UNIX",    4, MF_NUM },
	[MID_LAT_UDP]        = { "lat_udp",        "us",    0, L,     "UDP",      "",        5, MF_NUM },
	[MID_LAT_RPC_UDP]    = { "lat_rpc_udp",    "us",    0, L,     "RPC/",     "UDP",     5, MF_NUM },
	[MID_LAT_TCP]        = { "lat_tcp",        "us",    0, L,     "TCP",      "",        5, MF_NUM },
	[MID_LAT_RPC_TCP]    = { "lat_rpc_tcp",    "us",    0, L,     "RPC/",     "TCP",     5, MF_NUM },
	[MID_LAT_TCP_CONN]   = { "lat_tcp_conn",   "us",    0, L,     "TCP",      "conn",    4, MF_NUM },
	[MID_FS_CREATE_0K]   = { "fs_create_0k",   "us",    0, F,     "0K File",  "Create",  6, MF_NUM },
	[MID_FS_DELETE_0K]   = { "fs_delete_0k",   "us",    0, F,     "",         "Delete",  6, MF_NUM },
	[MID_FS_CREATE_10K]  = { "fs_create_10k",  "us",    0, F,     "10K File", "Create",  6, MF_NUM },
	[MID_FS_DELETE_10K]  = { "fs_delete_10k",  "us",    0, F,     "",         "Delete",  6, MF_NUM },
	[MID_MMAP_LAT]       = { "mmap_lat",       "us",    0, F,     "Mmap",     "Latency", 7, MF_NUM },
	[MID_PROT_FAULT]     = { "prot_fault",     "us",    0, F,     "Prot",     "Fault",   5, MF_NUM },
	[MID_PAGE_FAULT]     = { "page_fault",     "us",    0, F,     "Page",     "Fault",   5, MF_NUM },
	[MID_BW_PIPE]        = { "bw_pipe",        "MB/s",  0, B,     "Pipe",     "",        4, MF_NUM },
	[MID_BW_UNIX]        = { "bw_unix",        "MB/s",  0, B,     "AF",       "UNIX",    4, MF_NUM },
	[MID_BW_TCP]         = { "bw_tcp",         "MB/s",  0, B,     "TCP",      "",        4, MF_NUM },
	[MID_BW_FILE_REREAD] = { "bw_file_reread", "MB/s",  0, B,     "File",     "reread",  6, MF_NUM },
	[MID_BW_MMAP_REREAD] = { "bw_mmap_reread", "MB/s",  0, B,     "Mmap",     "reread",  6, MF_NUM },
	[MID_BW_BCOPY_LIBC]  = { "bw_bcopy_libc",  "MB/s",  0, B,     "Bcopy",    "(libc)",  6, MF_NUM },
	[MID_BW_BCOPY_HAND]  = { "bw_bcopy_hand",  "MB/s",  0, B,     "Bcopy",    "(hand)",  6, MF_NUM },
	[MID_BW_MEM_FRD]     = { "bw_mem_frd",     "MB/s",  0, B,     "Mem",      "read",    4, MF_NUM },
	[MID_BW_MEM_FWR]     = { "bw_mem_fwr",     "MB/s",  0, B,     "Mem",      "write",   5, MF_NUM },
	[MID_LAT_1K]         = { "lat_1k",         "ns",    0, M,     "L1 $",     "",        5, MF_NUM },
	[MID_LAT_128K]       = { "lat_128k",       "ns",    0, M,     "L2 $",     "",        6, MF_NUM },
	[MID_LAT_LARGEST]    = { "lat_largest",    "ns",    0, M,     "Main mem", "",        8, MF_NUM },
	[MID_CACHE_L1]       = { "cache_l1",       "bytes", 0, M,     "Guesses",  "",        7, MF_CACHE },
	[MID_CACHE_L2]       = { "cache_l2",       "bytes", 0, M,     "Guesses",  "",        7, MF_CACHE },
	[MID_CACHE_L3]       = { "cache_l3",       "bytes", 0, M,     "Guesses",  "",        7, MF_CACHE },
	[MID_CACHE_SRC]      = { "cache_src",      "bits",  0, 0,     "",         "",        0, MF_NUM },
	[MID_FS_NOJOURNAL]   = { "fs_nojournal",   "bool",  0, 0,     "",         "",        0, MF_NUM },
	[MID_MB_DECIMAL]     = { "mb_decimal",     "bool",  0, 0,     "",         "",        0, MF_NUM },
	[MID_RAND_L1]        = { "rand_l1",        "ns",    0, X,     "L1 $",     "rand",    5, MF_NUM },
	[MID_RAND_L2]        = { "rand_l2",        "ns",    0, X,     "L2 $",     "rand",    5, MF_NUM },
	[MID_RAND_L3]        = { "rand_l3",        "ns",    0, X,     "L3 $",     "rand",    5, MF_NUM },
	[MID_RAND_MAIN]      = { "rand_main",      "ns",    0, X,     "Main",     "rand",    5, MF_NUM },
	[MID_GUESS_L1]       = { "guess_l1",       "bytes", 0, X,     "Curve",    "guesses", 7, MF_CACHE },
	[MID_GUESS_L2]       = { "guess_l2",       "bytes", 0, X,     "Curve",    "guesses", 7, MF_CACHE },
	[MID_GUESS_L3]       = { "guess_l3",       "bytes", 0, X,     "Curve",    "guesses", 7, MF_CACHE },
	[MID_MMAP_READ]      = { "mmap_read",      "us",    0, X,     "Mmap",     "read us", 7, MF_NUM },
	[MID_CURVE]          = { "curve_",         "ns",    1, 0,     "",         "",        0, MF_NUM },
	[MID_STRIDE]         = { "stride_",        "ns",    1, 0,     "",         "",        0, MF_NUM },
};

#undef P
#undef C
#undef L
#undef F
#undef B
#undef M
#undef X

int micro_metric_find(const char *name)
{
	for (int id = 0; id < MID_COUNT; id++) {
		const struct micro_def *d = &micro_metrics[id];
		size_t n = strlen(d->name);
		if (d->family ? strncmp(name, d->name, n) == 0 && name[n] != '\0'
		              : strcmp(name, d->name) == 0)
			return id;
	}
	return -1;
}
