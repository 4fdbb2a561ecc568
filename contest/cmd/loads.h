/* loads.h: the loads command: every load contest knows, described. */
#ifndef CONTEST_LOADSCMD_H
#define CONTEST_LOADSCMD_H

/* loads_main: contest loads: every load, what it does, its unit, its needs. */
int loads_main(void);

#endif
