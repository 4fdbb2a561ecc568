/* version.h: line 1 of a result file, "NAME<TAB>VERSION", checked against this build's. */
#ifndef RESULTS_VERSION_H
#define RESULTS_VERSION_H

/* version_check: line (line 1 of path, without its newline; NULL when the
 * file has none) against "name<TAB>version". 0 when it is exactly this
 * build's; otherwise -1, reported in one line naming path, and when line is
 * name and a version, both versions ("01" is not "1"); then ends with
 * "; " and verdict ("file refused", "ignored"). */
int version_check(const char *path, const char *line, const char *name, int version,
                  const char *verdict);

#endif
