/* hosts.h: the hosts of a report's records: labels of several hosts kept apart as HOST:LABEL (or merged), each with its host and results directory. */
#ifndef RESULTS_HOSTS_H
#define RESULTS_HOSTS_H

#include <stddef.h>
#include "results/record/record.h"

/* What a host without a name (a record of an early version) is called. */
#define HOSTS_UNNAMED "unknown"

/* One label of the report. */
struct host_label {
	char *shown;    /* the report's name of it: "HOST:LABEL" when kept apart, else LABEL */
	char *label;    /* the label as stored (DIR/LABEL.loads) */
	char *host;     /* the host of its records (merged: of its first record) */
	size_t dir;     /* the results directory of its first record */
};

struct host_map {
	struct host_label *v;   /* in the order first met */
	size_t n, cap;
	char **hosts;           /* the distinct hosts, in the order first met */
	size_t nhosts, hcap;
	int apart;              /* several hosts and not merged: labels are HOST:LABEL */
};

/* hosts_split: note the hosts of set's records, which came from ndirs
 * results directories (records [dir_end[d-1], dir_end[d]) from directory
 * d); unless merge, when they hold more than one host, rename every
 * record's label to "HOST:LABEL" (each host's runs of a label are then
 * summarised apart). map gets a host_label per name of the report. 0, or
 * -1 on allocation failure (map freed). */
int hosts_split(struct host_map *map, struct rec_set *set, const size_t *dir_end, size_t ndirs,
                int merge);

/* hosts_find: the entry of the name shown, or NULL. */
const struct host_label *hosts_find(const struct host_map *map, const char *shown);

/* hosts_index: the index in map->hosts of host h; 0 when it is not there. */
size_t hosts_index(const struct host_map *map, const char *h);

/* hosts_free: free what map owns; map is empty afterwards. */
void hosts_free(struct host_map *map);

#endif
