/* set.h: the option arguments the table cannot take as data (contest/cli/options.c names these in its rows), and the checks they share with the parser. */
#ifndef CONTEST_CLI_SET_H
#define CONTEST_CLI_SET_H

struct opts;

/* Each takes its option's argument arg into o, or exits 2 with a usage
 * error naming it. */
void set_kernel(struct opts *o, const char *arg);    /* -k: a valid label */
void set_runs(struct opts *o, const char *arg);      /* -n: 1 to 100000, or auto */
void set_max_runs(struct opts *o, const char *arg);  /* --max-runs: 3 (bisect: 1) to 100000 */
void set_target(struct opts *o, const char *arg);    /* --target: a make target */
void set_results(struct opts *o, const char *arg);   /* -R: a path, repeatable */
void set_scale(struct opts *o, const char *arg);     /* --scale: a built-in scale */
void set_sysctl(struct opts *o, const char *arg);    /* --sysctl KEY=VALUE, each key once */
void set_only(struct opts *o, const char *arg);      /* --loads L1,L2: known loads */
void set_format(struct opts *o, const char *arg);    /* --format: a format of the table */
void set_lmbench(struct opts *o, const char *arg);   /* --lmbench FILE[=LABEL], repeatable */

/* set_label_check: exit 2 with "OPTbad label 'LABEL'FROM: why", the label
 * quoted, when label is not valid. */
void set_label_check(const char *label, const char *opt, const char *from);

/* set_label: validate label (FROM as in set_label_check) and store it as
 * o's run label. */
void set_label(struct opts *o, const char *label, const char *from);

/* set_path: the path arg of option name (such as "-d"): refused when empty
 * (the message empty, which has no %s) or when it holds a control
 * character (a newline, a tab, ESC...), which every later message naming
 * the path would print raw. */
const char *set_path(const char *arg, const char *name, const char *empty);

/* set_seconds: s as a number of seconds from lo to hi into *out; -1 when it is not one. */
int set_seconds(const char *s, double lo, double hi, double *out);

#endif
