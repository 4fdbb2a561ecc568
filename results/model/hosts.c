/* hosts.c: the hosts of a report's records: labels of several hosts kept apart as HOST:LABEL, or merged with --merge-hosts. */
#include "results/model/hosts.h"
#include "lib/array.h"
#include "lib/text.h"

#include <stdlib.h>
#include <string.h>

/* host_of: r's host, HOSTS_UNNAMED when it has none. */
static const char *host_of(const struct rec *r)
{
	return r->host[0] != '\0' ? r->host : HOSTS_UNNAMED;
}

size_t hosts_index(const struct host_map *map, const char *h)
{
	for (size_t i = 0; i < map->nhosts; i++)
		if (strcmp(map->hosts[i], h) == 0)
			return i;
	return 0;
}

/* see_host: add h to map's hosts unless it is there. -1 on ENOMEM. */
static int see_host(struct host_map *map, const char *h)
{
	char **v;

	for (size_t i = 0; i < map->nhosts; i++)
		if (strcmp(map->hosts[i], h) == 0)
			return 0;
	if ((v = array_grow(map->hosts, &map->hcap, map->nhosts + 1, sizeof *v, 4)) == NULL)
		return -1;
	map->hosts = v;
	if ((map->hosts[map->nhosts] = strdup(h)) == NULL)
		return -1;
	map->nhosts++;
	return 0;
}

const struct host_label *hosts_find(const struct host_map *map, const char *shown)
{
	for (size_t i = 0; i < map->n; i++)
		if (strcmp(map->v[i].shown, shown) == 0)
			return &map->v[i];
	return NULL;
}

/* see_label: add the entry of record r (renamed to shown, stored as label)
 * from directory dir unless its name is there. -1 on ENOMEM. */
static int see_label(struct host_map *map, const struct rec *r, const char *label, size_t dir)
{
	struct host_label *v, e;

	if (hosts_find(map, r->label) != NULL)
		return 0;
	if ((v = array_grow(map->v, &map->cap, map->n + 1, sizeof *v, 16)) == NULL)
		return -1;
	map->v = v;
	e = (struct host_label){ strdup(r->label), strdup(label), strdup(host_of(r)), dir };
	if (e.shown == NULL || e.label == NULL || e.host == NULL) {
		free(e.shown);
		free(e.label);
		free(e.host);
		return -1;
	}
	map->v[map->n++] = e;
	return 0;
}

int hosts_split(struct host_map *map, struct rec_set *set, const size_t *dir_end, size_t ndirs,
                int merge)
{
	char label[REC_LABEL_MAX + 1];
	size_t d = 0;

	memset(map, 0, sizeof *map);
	for (size_t i = 0; i < set->n; i++)
		if (see_host(map, host_of(&set->v[i])) != 0)
			goto fail;
	map->apart = !merge && map->nhosts > 1;
	for (size_t i = 0; i < set->n; i++) {
		struct rec *r = &set->v[i];
		while (d + 1 < ndirs && i >= dir_end[d])
			d++;
		text_copy(label, r->label, sizeof label);
		if (map->apart) {
			char shown[sizeof r->label];
			text_fmt(shown, sizeof shown, "%s:%s", host_of(r), label);
			text_copy(r->label, shown, sizeof r->label);
		}
		if (see_label(map, r, label, d) != 0)
			goto fail;
	}
	return 0;
fail:
	hosts_free(map);
	return -1;
}

void hosts_free(struct host_map *map)
{
	for (size_t i = 0; i < map->n; i++) {
		free(map->v[i].shown);
		free(map->v[i].label);
		free(map->v[i].host);
	}
	for (size_t i = 0; i < map->nhosts; i++)
		free(map->hosts[i]);
	free(map->v);
	free(map->hosts);
	memset(map, 0, sizeof *map);
}
