/* boot_sim_stub.c: a stand-in for the simulated boot driver so the drivers build and test alone; deleted when boot_sim.c is merged. */
#include "contest/series/boot.h"

const struct boot_driver boot_sim = { .name = "sim" };
