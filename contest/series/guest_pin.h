/* guest_pin.h: a QEMU guest's vCPU threads, found by their names in /proc, each pinned to a CPU of its own. */
#ifndef CONTEST_SERIES_GUEST_PIN_H
#define CONTEST_SERIES_GUEST_PIN_H

#include <stddef.h>
#include <sys/types.h>

#define GUEST_PIN_WAIT 10   /* seconds QEMU has to start its vCPU threads */

/* guest_pin_vcpu: the vCPU number of a QEMU thread named comm ("CPU 3/TCG",
 * "CPU 0/KVM": QEMU names them so with -name ...,debug-threads=on); -1 for
 * any other thread (QEMU's main loop, its I/O workers, "ALL CPUs/TCG" when
 * one thread runs every vCPU). */
int guest_pin_vcpu(const char *comm);

/* guest_pin_find: the thread of each of QEMU pid's vcpus vCPUs from
 * procroot's PID/task/TID/comm into tid[0..vcpus-1] (0: not found). The
 * number found, or -1 when pid's tasks cannot be read. */
int guest_pin_find(const char *procroot, pid_t pid, int vcpus, pid_t *tid);

/* guest_pin_cpus: the CPUs contest may run on (its affinity), ascending,
 * into cpu[0..max-1]; how many. */
int guest_pin_cpus(int *cpu, int max);

/* guest_pin: QEMU pid's vcpus vCPU threads, waited for up to GUEST_PIN_WAIT
 * seconds, vCPU n pinned to the n-th CPU of guest_pin_cpus. 0; 1 when QEMU
 * (a child of the caller) ended first, left unreaped; or -1 with why (a
 * thread never seen, more vCPUs than CPUs, sched_setaffinity refused). */
int guest_pin(pid_t pid, int vcpus, char *why, size_t len);

#endif
