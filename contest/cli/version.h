/* version.h: contest's version, recorded with every result and printed by --version. */
#ifndef CONTEST_VERSION_H
#define CONTEST_VERSION_H

#define CONTEST_VERSION "0.1.0"

#endif
