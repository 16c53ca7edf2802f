// The Linux interfaces that Swift's Glibc module does not export: epoll, eventfd, accept4,
// malloc_trim.
#ifndef SKELETON_CLINUX_SHIM_H
#define SKELETON_CLINUX_SHIM_H

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <malloc.h>

// accept4 is declared by <sys/socket.h> only under _GNU_SOURCE; declare it here so that the
// module does not depend on how the including translation unit was configured.
extern int accept4(int fd, struct sockaddr *addr, socklen_t *addrlen, int flags);

/// Accepts a connection and writes its peer's address into `peer`.
static inline int clinux_accept4(int fd, int flags, struct sockaddr_storage *peer) {
    socklen_t length = sizeof(*peer);
    return accept4(fd, (struct sockaddr *)peer, &length, flags);
}

/// Bytes received on a socket and not yet read (FIONREAD: ioctl is variadic, which Swift cannot call).
static inline int clinux_unread_bytes(int fd) {
    int count = 0;
    return ioctl(fd, FIONREAD, &count) == 0 ? count : 0;
}

/// The number of CPUs in this process's affinity mask (sched_getaffinity needs _GNU_SOURCE; the
/// raw system call does not); 0 when it cannot be read.
static inline int clinux_available_cpus(void) {
    unsigned long mask[16] = {0};
    long bytes = syscall(SYS_sched_getaffinity, 0, sizeof(mask), mask);
    int count = 0;
    for (long i = 0; i < bytes / (long)sizeof(unsigned long); i++) count += __builtin_popcountl(mask[i]);
    return count;
}

#endif
