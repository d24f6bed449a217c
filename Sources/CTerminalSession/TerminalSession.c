// NB: _GNU_SOURCE must come before any system header for pipe2, memfd_create and mkostemp
// (Linux); on Darwin, _DARWIN_C_SOURCE keeps the BSD API visible.
#define _GNU_SOURCE 1
#define _DARWIN_C_SOURCE 1
#include "CTerminalSession.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif
// MARK: Descriptors

#ifndef __linux__
/// Adds `flag` to the descriptor flags (F_GETFD/F_SETFD) or the status flags (F_GETFL/F_SETFL).
static int sk_add_flag(int fd, int get, int set, int flag) {
  int flags = fcntl(fd, get);
  return flags < 0 ? -1 : fcntl(fd, set, flags | flag);
}
#endif

int sk_pipe(int descriptors[2]) {
#ifdef __linux__
  return pipe2(descriptors, O_CLOEXEC | O_NONBLOCK);
#else
  // NB: not atomic with respect to a fork on another thread, which pipe2 is.
  if (pipe(descriptors) != 0) return -1;
  for (int i = 0; i < 2; i++) {
    if (sk_add_flag(descriptors[i], F_GETFD, F_SETFD, FD_CLOEXEC) != 0 ||
        sk_add_flag(descriptors[i], F_GETFL, F_SETFL, O_NONBLOCK) != 0) {
      close(descriptors[0]);
      close(descriptors[1]);
      return -1;
    }
  }
  return 0;
#endif
}

int sk_window_size(int fd, int *rows, int *columns) {
  struct winsize size;
  memset(&size, 0, sizeof size);
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

// MARK: Prepared state
//
// Everything a handler or the guardian touches is set up beforehand; they only call write,
// read, poll, clock_gettime, send, recv, pread, tcsetattr, tcgetattr, sigaction, sigprocmask,
// raise, pipe, dup, dup2, close and _exit, which are async-signal-safe.

#define SK_BYTES_MAX 1024

/// A prepared restore: the bytes a handler writes, where, and the modes it sets after them.
struct sk_restore {
  int fd;
  int have_modes;
  struct termios modes;
  size_t count;
  char bytes[SK_BYTES_MAX];
};

// NB: two slots. A handler may run on any thread while the session prepares again on its own
// (an inline region's height changed): blocking signals there keeps only that thread's
// handlers out. So a prepare fills the slot that is not published, waiting while a handler
// still reads it (published before the last prepare), and then publishes it; a handler
// counts itself a reader of the published slot before it reads. One thread prepares at a time.
static struct sk_restore sk_slots[2];
/// The slot a handler writes out, or -1 when nothing is prepared.
static atomic_int sk_current = -1;
/// The handlers reading each slot now.
static atomic_int sk_readers[2];
static int sk_event_pipe = -1;
static volatile int sk_divert_fd = -1;
/// Set once a handler began ending the process: the terminal is the shell's for good.
static volatile sig_atomic_t sk_dying = 0;
static int sk_null_fd = -1;
static volatile sig_atomic_t sk_restores = 0;
/// The answers the terminal still owes the session, where they come from, and how long a
/// handler waits for them.
static atomic_int sk_answers_due = 0;
static atomic_int sk_answer_fd = -1;
static atomic_int sk_answer_wait = 0;

static struct sigaction sk_previous[NSIG];
static int sk_saved[NSIG];
static int sk_installed = 0;
static char sk_alt_stack[64 * 1024];
static int sk_alt_stack_ours = 0;

static volatile int sk_capture_fd = -1;
static volatile int sk_real_stderr = -1;
static _Atomic int64_t sk_replayed = 0;

static pid_t sk_guardian = -1;
static volatile int sk_guardian_fd = -1;

static void sk_write_all(int fd, const char *bytes, size_t count) {
  size_t done = 0;
  while (done < count) {
    ssize_t n = write(fd, bytes + done, count - done);
    if (n > 0) {
      done += (size_t)n;
    } else if (!(n < 0 && errno == EINTR)) {
      break;
    }
  }
}

void sk_restore_prepare(int fd, const struct termios *modes, const char *bytes, size_t count) {
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &previous);
  int next = atomic_load(&sk_current) == 0 ? 1 : 0;
  // NB: a handler writing the slot out holds it for as long as the terminal takes the bytes;
  // a process that is ending needs no new restore.
  struct timespec pause = {0, 1000000};
  while (atomic_load(&sk_readers[next]) > 0 && !sk_dying) nanosleep(&pause, NULL);
  if (!sk_dying) {
    struct sk_restore *slot = &sk_slots[next];
    slot->fd = fd;
    slot->have_modes = modes != NULL;
    if (modes != NULL) slot->modes = *modes;
    slot->count = count < SK_BYTES_MAX ? count : SK_BYTES_MAX;
    if (slot->count > 0) memcpy(slot->bytes, bytes, slot->count);
    atomic_store(&sk_current, next);
  }
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

/// The published slot, counted as read until sk_release_slot; -1 when nothing is prepared.
static int sk_acquire_slot(void) {
  // NB: a publish between the load and the count sends the handler round again; one thread
  // prepares, a few times a second at most, so this ends in a round or two.
  for (int round = 0; round < 1000; round++) {
    int current = atomic_load(&sk_current);
    if (current < 0) return -1;
    atomic_fetch_add(&sk_readers[current], 1);
    if (atomic_load(&sk_current) == current) return current;
    atomic_fetch_sub(&sk_readers[current], 1);
  }
  return -1;
}

static void sk_release_slot(int slot) { atomic_fetch_sub(&sk_readers[slot], 1); }

/// The descriptor of the prepared restore, or -1.
static int sk_prepared_fd(void) {
  int current = atomic_load(&sk_current);
  return current < 0 ? -1 : sk_slots[current].fd;
}

void sk_restore_expect_answers(int input, int count, int milliseconds) {
  atomic_store(&sk_answer_fd, input);
  atomic_store(&sk_answer_wait, milliseconds > 0 ? milliseconds : 0);
  atomic_store(&sk_answers_due, input >= 0 && count > 0 ? count : 0);
}

static long sk_milliseconds_since(const struct timespec *start) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long)(now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000;
}

/// Reads and drops the answers the terminal still owes the session, for at most the time
/// given: with the session's modes still on (no echo, no line editing), so that an answer on
/// its way (over ssh, 150 ms late) reaches neither the shell nor the screen. An answer ends
/// with `R` after a digit; the start of one may have been read before (the session holds an
/// answer cut between reads), so an `R` read first ends one too. The count is checked every
/// 10 ms: another thread of the process may read the answer meanwhile.
static void sk_drain_answers(void) {
  int fd = atomic_load(&sk_answer_fd);
  if (fd < 0 || atomic_load(&sk_answers_due) <= 0) return;
  long wait = atomic_load(&sk_answer_wait);
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  char previous = 0;
  int first = 1;
  for (;;) {
    if (atomic_load(&sk_answers_due) <= 0) return;
    long elapsed = sk_milliseconds_since(&start);
    if (elapsed >= wait) return;
    struct pollfd ready;
    ready.fd = fd;
    ready.events = POLLIN;
    ready.revents = 0;
    int polled = poll(&ready, 1, (int)(wait - elapsed < 10 ? wait - elapsed : 10));
    if (polled < 0 && errno != EINTR) return;
    if (polled <= 0) continue;
    // NB: a terminal that hung up owes nothing any more.
    if (!(ready.revents & POLLIN)) return;
    char buffer[256];
    ssize_t count = read(fd, buffer, sizeof buffer);
    if (count < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (count <= 0) return;
    for (ssize_t i = 0; i < count; i++) {
      if (buffer[i] == 'R' && (first || (previous >= '0' && previous <= '9'))) {
        atomic_fetch_sub(&sk_answers_due, 1);
      }
      previous = buffer[i];
      first = 0;
    }
  }
}

void sk_restore_now(void) {
  int slot = sk_acquire_slot();
  if (slot < 0) return;
  const struct sk_restore *restore = &sk_slots[slot];
  sk_restores++;
  sk_write_all(restore->fd, restore->bytes, restore->count);
  // NB: before the termios: once echo and line editing are back, an answer that comes is
  // shown and left for the shell to read.
  sk_drain_answers();
  if (restore->have_modes) tcsetattr(restore->fd, TCSANOW, &restore->modes);
  sk_release_slot(slot);
}

int sk_restore_count(void) { return sk_restores; }

void sk_restore_divert(int fd) {
  if (fd >= 0 && sk_null_fd < 0) sk_null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
  sk_divert_fd = fd;
}

/// Points the frames' descriptor at /dev/null: a write another thread starts from now on goes
/// nowhere, and one under way finishes before the restore's own write gets the terminal.
static void sk_divert_frames(void) {
  int fd = sk_divert_fd;
  if (fd >= 0 && sk_null_fd >= 0) dup2(sk_null_fd, fd);
}

void sk_frames_reconnect(int fd, int saved) {
  dup2(saved, fd);
  // NB: a handler that diverted meanwhile had its dup2 undone by the one above.
  if (sk_dying) sk_divert_frames();
}

// MARK: Standard error

static int64_t sk_copy_capture(int64_t from) {
  if (sk_capture_fd < 0 || sk_real_stderr < 0) return from;
  char buffer[4096];
  for (;;) {
    ssize_t n = pread(sk_capture_fd, buffer, sizeof buffer, (off_t)from);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    sk_write_all(sk_real_stderr, buffer, (size_t)n);
    from += n;
  }
  return from;
}

void sk_stderr_replay(void) {
  atomic_store(&sk_replayed, sk_copy_capture(atomic_load(&sk_replayed)));
}

static int sk_anonymous_file(void) {
  int file = -1;
#ifdef __linux__
  file = memfd_create("screenkit-stderr", MFD_CLOEXEC);
  if (file >= 0) return file;
#endif
  // Elsewhere (and on kernels without memfd), an unlinked temporary file does the same.
  const char *directory = getenv("TMPDIR");
  char path[4096];
  snprintf(path, sizeof path, "%s/screenkit-stderr-XXXXXX",
           directory != NULL && directory[0] != 0 ? directory : "/tmp");
  file = mkostemp(path, O_CLOEXEC);
  if (file >= 0) unlink(path);
  return file;
}

int sk_stderr_capture_begin(int fd) {
  if (sk_capture_fd >= 0) return 1;
  struct stat error_status;
  struct stat terminal_status;
  if (fstat(2, &error_status) != 0 || fstat(fd, &terminal_status) != 0) return 0;
  if (!S_ISCHR(error_status.st_mode) || error_status.st_rdev != terminal_status.st_rdev) return 0;
  int file = sk_anonymous_file();
  if (file < 0) return -1;
  int real = fcntl(2, F_DUPFD_CLOEXEC, 3);
  if (real < 0 || dup2(file, 2) < 0) {
    close(file);
    if (real >= 0) close(real);
    return -1;
  }
  atomic_store(&sk_replayed, 0);
  sk_real_stderr = real;
  sk_capture_fd = file;
  return 1;
}

void sk_stderr_capture_end(void) {
  if (sk_capture_fd < 0) return;
  sk_stderr_replay();
  int real = sk_real_stderr;
  int file = sk_capture_fd;
  // NB: forgotten before closed, so a handler running meanwhile does not use reused fds.
  sk_capture_fd = -1;
  sk_real_stderr = -1;
  dup2(real, 2);
  close(real);
  close(file);
}

// MARK: Guardian
//
// A child forked at session open that outlives this process by a moment: it blocks reading a
// close-on-exec socket whose other end only this process holds. When this process ends however
// it ends, the socket reaches end of file; unless the last report said the terminal was put
// back, the guardian puts it back, then copies what is left of captured standard error.

#ifdef MSG_NOSIGNAL
#define SK_SEND_FLAGS MSG_NOSIGNAL
#else
#define SK_SEND_FLAGS 0
#endif

// Linux has whole messages on a local socket pair; elsewhere (macOS has no SOCK_SEQPACKET for
// AF_UNIX) a stream carries the fixed-size reports and recv waits for each whole one.
#ifdef __linux__
#define SK_CHANNEL_TYPE SOCK_SEQPACKET
#define SK_RECV_FLAGS 0
#else
#define SK_CHANNEL_TYPE SOCK_STREAM
#define SK_RECV_FLAGS MSG_WAITALL
#endif

/// One report to the guardian; one message, so it arrives whole.
struct sk_report {
  int32_t state;
  int32_t unused;
  int64_t replayed;
};

enum { SK_ACTIVE = 'A', SK_RESTORED = 'R' };

static void sk_guardian_tell(int state) {
  if (sk_guardian_fd < 0) return;
  struct sk_report report = {state, 0, atomic_load(&sk_replayed)};
  // NB: MSG_NOSIGNAL (SO_NOSIGPIPE on the socket where it is missing), so a guardian that is
  // gone costs no SIGPIPE.
  while (send(sk_guardian_fd, &report, sizeof report, SK_SEND_FLAGS) < 0 && errno == EINTR) {
  }
}

static int sk_default_terminates(int signal_number) {
  switch (signal_number) {
    case SIGKILL:
    case SIGSTOP:
    case SIGCHLD:
    case SIGCONT:
    case SIGURG:
    case SIGWINCH:
    case SIGTSTP:
    case SIGTTIN:
    case SIGTTOU:
#if !defined(__linux__) && defined(SIGIO)
    case SIGIO:  // terminates on Linux (as SIGPOLL), discarded by default on BSD and macOS
#endif
#ifdef SIGINFO
    case SIGINFO:  // BSD and macOS: Ctrl-T asks for a status line
#endif
      return 0;
    default:
      return 1;
  }
}

/// The signals of a crash, for which Swift's backtracer (or the program) may have a handler
/// that should still run once the terminal is back.
static int sk_is_crash(int signal_number) {
  switch (signal_number) {
    case SIGQUIT:
    case SIGILL:
    case SIGTRAP:
    case SIGABRT:
    case SIGBUS:
    case SIGFPE:
    case SIGSEGV:
      return 1;
    default:
      return 0;
  }
}

/// The C library keeps the first real-time signals for itself.
static int sk_is_reserved(int signal_number) {
#ifdef __SIGRTMIN
  return signal_number >= __SIGRTMIN && signal_number < SIGRTMIN;
#else
  (void)signal_number;
  return 0;
#endif
}

static void sk_close_from(unsigned first, unsigned last) {
  if (first > last) return;
#ifdef SYS_close_range
  if (syscall(SYS_close_range, first, last, 0) == 0) return;
#endif
  for (unsigned fd = first; fd <= last && fd < 65536; fd++) close((int)fd);
}

static void sk_guardian_run(int channel) __attribute__((noreturn));
static void sk_guardian_run(int channel) {
  // NB: what the process owed at the fork says nothing of what it read since.
  atomic_store(&sk_answers_due, 0);
  // Keyboard signals reach the whole foreground group, the guardian too; it must outlive
  // them, and may write to the terminal from a background group (SIGTTOU).
  for (int signal_number = 1; signal_number < NSIG; signal_number++) {
    if (signal_number == SIGKILL || signal_number == SIGSTOP) continue;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    int stops = signal_number == SIGTSTP || signal_number == SIGTTIN || signal_number == SIGTTOU;
    int ignore = (sk_default_terminates(signal_number) || stops) && !sk_is_crash(signal_number);
    action.sa_handler = ignore ? SIG_IGN : SIG_DFL;
    sigaction(signal_number, &action, NULL);
  }
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);

  // Hold nothing of the parent's but what the restore needs: a pipe's reader must still see
  // end of file when the parent closes its end.
  int keep[4] = {channel, sk_prepared_fd(), sk_capture_fd, sk_real_stderr};
  for (int i = 1; i < 4; i++) {
    for (int j = i; j > 0 && keep[j - 1] > keep[j]; j--) {
      int swap = keep[j];
      keep[j] = keep[j - 1];
      keep[j - 1] = swap;
    }
  }
  unsigned next = 0;
  for (int i = 0; i < 4; i++) {
    if (keep[i] < 0 || (unsigned)keep[i] < next) continue;
    if ((unsigned)keep[i] > next) sk_close_from(next, (unsigned)keep[i] - 1);
    next = (unsigned)keep[i] + 1;
  }
  sk_close_from(next, ~0U);
  if (chdir("/") != 0) {
    // Keeping the parent's directory busy is harmless.
  }
#ifdef PR_SET_NAME
  prctl(PR_SET_NAME, "screenkit-guard", 0, 0, 0);
#endif

  int state = SK_ACTIVE;
  int64_t replayed = 0;
  for (;;) {
    struct sk_report report;
    ssize_t n = recv(channel, &report, sizeof report, SK_RECV_FLAGS);
    if (n == (ssize_t)sizeof report) {
      state = report.state;
      replayed = report.replayed;
    } else if (!(n < 0 && errno == EINTR)) {
      break;
    }
  }
  if (state != SK_RESTORED) sk_restore_now();
  sk_copy_capture(replayed);
  _exit(0);
}

int sk_guardian_start(void) {
  if (atomic_load(&sk_current) < 0 || sk_guardian > 0) return -1;
  int ends[2];
#ifdef SOCK_CLOEXEC
  if (socketpair(AF_UNIX, SK_CHANNEL_TYPE | SOCK_CLOEXEC, 0, ends) != 0) return -1;
#else
  // NB: not atomic with respect to a fork on another thread, which SOCK_CLOEXEC is.
  if (socketpair(AF_UNIX, SK_CHANNEL_TYPE, 0, ends) != 0) return -1;
  for (int i = 0; i < 2; i++) fcntl(ends[i], F_SETFD, FD_CLOEXEC);
#endif
#if !defined(MSG_NOSIGNAL) && defined(SO_NOSIGPIPE)
  int on = 1;
  setsockopt(ends[0], SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
  pid_t pid = fork();
  if (pid < 0) {
    close(ends[0]);
    close(ends[1]);
    return -1;
  }
  if (pid == 0) {
    close(ends[0]);
    sk_guardian_run(ends[1]);
  }
  close(ends[1]);
  sk_guardian_fd = ends[0];
  sk_guardian = pid;
  return 0;
}

void sk_guardian_stop(void) {
  if (sk_guardian <= 0) return;
  sk_guardian_tell(SK_RESTORED);
  // NB: forgotten before closed, so a handler running meanwhile does not send to a reused fd.
  int channel = sk_guardian_fd;
  sk_guardian_fd = -1;
  close(channel);
  pid_t pid = sk_guardian;
  sk_guardian = -1;
  while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
  }
}

int sk_guardian_pid(void) { return sk_guardian; }

// MARK: Handlers

/// What a handler does before the process ends: frames silenced, terminal back, messages
/// shown, guardian told.
static void sk_finish_in_handler(void) {
  sk_dying = 1;
  sk_divert_frames();
  sk_restore_now();
  sk_stderr_replay();
  sk_guardian_tell(SK_RESTORED);
}

static void sk_notify(char byte) {
  if (sk_event_pipe >= 0) {
    ssize_t ignored = write(sk_event_pipe, &byte, 1);
    (void)ignored;
  }
}

static void sk_reraise(int signal_number) {
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal_number, &fallback, NULL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal_number);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(signal_number);
}

static void sk_on_terminate(int signal_number) {
  sk_finish_in_handler();
  sk_reraise(signal_number);
}

/// Swift's backtracer asks for a key when standard input and output were terminals at
/// start-up; by now that terminal is the user's shell again. It gets a newline to read instead.
static int sk_feed_input(void) {
  struct termios probe;
  if (tcgetattr(0, &probe) != 0) return -1;
  int ends[2];
  if (pipe(ends) != 0) return -1;
  char feed = '\n';
  ssize_t ignored = write(ends[1], &feed, 1);
  (void)ignored;
  close(ends[1]);
  int saved = dup(0);
  if (saved < 0 || dup2(ends[0], 0) < 0) {
    if (saved >= 0) close(saved);
    close(ends[0]);
    return -1;
  }
  close(ends[0]);
  return saved;
}

static void sk_on_crash(int signal_number, siginfo_t *info, void *context) {
  sk_finish_in_handler();
  // Swift's backtracer may have been there first: let it print, then die truthfully.
  struct sigaction previous = sk_previous[signal_number];
  int chained = 0;
  if (sk_saved[signal_number]) {
    if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction != NULL) {
      int input = sk_feed_input();
      previous.sa_sigaction(signal_number, info, context);
      chained = 1;
      if (input >= 0) {
        dup2(input, 0);
        close(input);
      }
    } else if (!(previous.sa_flags & SA_SIGINFO) && previous.sa_handler != SIG_DFL &&
               previous.sa_handler != SIG_IGN && previous.sa_handler != NULL) {
      previous.sa_handler(signal_number);
      chained = 1;
    }
  }
  if (chained) {
    sk_stderr_replay();
    sk_guardian_tell(SK_RESTORED);
  }
  sk_reraise(signal_number);
}

// MARK: Frames and stops
//
// A stop (SIGTSTP) that arrives while a frame is being written waits for the frame's end, so
// the rest of the frame never lands on the shell's screen after `fg`. Lock-free atomics, no
// system call per frame.

enum {
  SK_IN_FRAME = 1,
  SK_STOP_PENDING = 2,
  SK_STOPPING = 4,
  SK_CONTINUED = 8,
};

static atomic_int sk_frame_state = 0;

/// Puts the terminal back, stops the process, and on SIGCONT comes back to carry on.
static void sk_stop_here(int signal_number) {
  int saved_errno = errno;
  sk_restore_now();
  sk_guardian_tell(SK_RESTORED);
  struct sigaction mine;
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal_number, &fallback, &mine);
  sigset_t set;
  sigset_t previous;
  sigemptyset(&set);
  sigaddset(&set, signal_number);
  sigprocmask(SIG_UNBLOCK, &set, &previous);
  raise(signal_number);  // stops here until SIGCONT
  sigprocmask(SIG_SETMASK, &previous, NULL);
  sigaction(signal_number, &mine, NULL);
  atomic_fetch_or(&sk_frame_state, SK_CONTINUED);
  atomic_fetch_and(&sk_frame_state, ~SK_STOPPING);
  sk_notify('C');
  errno = saved_errno;
}

static void sk_on_stop(int signal_number) {
  int state = atomic_load(&sk_frame_state);
  for (;;) {
    if (state & (SK_STOPPING | SK_STOP_PENDING)) return;
    int next = (state & SK_IN_FRAME) ? (state | SK_STOP_PENDING) : (state | SK_STOPPING);
    if (atomic_compare_exchange_weak(&sk_frame_state, &state, next)) break;
  }
  if (state & SK_IN_FRAME) return;
  sk_stop_here(signal_number);
}

int sk_take_continued(void) {
  if (!(atomic_load(&sk_frame_state) & SK_CONTINUED)) return 0;
  if (!(atomic_fetch_and(&sk_frame_state, ~SK_CONTINUED) & SK_CONTINUED)) return 0;
  sk_guardian_tell(SK_ACTIVE);
  return 1;
}

int sk_continue_pending(void) {
  return (atomic_load(&sk_frame_state) & (SK_STOPPING | SK_CONTINUED)) != 0;
}

int sk_frame_begin(void) {
  // NB: the process is ending (a crash handler may still run for seconds): no frame may set
  // the terminal up again, even after a stop and continue meanwhile.
  while (sk_dying) pause();
  int state = atomic_fetch_or(&sk_frame_state, SK_IN_FRAME);
  // NB: a stop under way on another thread is about to stop the whole process.
  while (state & SK_STOPPING) {
    sched_yield();
    state = atomic_load(&sk_frame_state);
  }
  return sk_take_continued();
}

void sk_frame_end(void) {
  int state = atomic_load(&sk_frame_state);
  int next;
  do {
    next = state & ~(SK_IN_FRAME | SK_STOP_PENDING);
    if (state & SK_STOP_PENDING) next |= SK_STOPPING;
  } while (!atomic_compare_exchange_weak(&sk_frame_state, &state, next));
  if (state & SK_STOP_PENDING) sk_stop_here(SIGTSTP);
}

static void sk_on_winch(int signal_number) {
  (void)signal_number;
  int saved_errno = errno;
  sk_notify('W');
  errno = saved_errno;
}

// MARK: Installing

static int sk_install_one(int signal_number, void (*handler)(int),
                          void (*action)(int, siginfo_t *, void *)) {
  struct sigaction mine;
  memset(&mine, 0, sizeof mine);
  sigemptyset(&mine.sa_mask);
  mine.sa_flags = SA_RESTART | SA_ONSTACK;
  if (action != NULL) {
    mine.sa_sigaction = action;
    mine.sa_flags |= SA_SIGINFO;
  } else {
    mine.sa_handler = handler;
  }
  if (sigaction(signal_number, &mine, &sk_previous[signal_number]) != 0) return -1;
  sk_saved[signal_number] = 1;
  return 0;
}

static void sk_at_exit(void) {
  if (atomic_load(&sk_current) < 0) return;
  sk_finish_in_handler();
}

int sk_restore_install(int pipe_fd) {
  static int registered = 0;
  if (sk_installed) return -1;
  // exit() from anywhere (even a library) restores too; it is a no-op once uninstalled.
  if (!registered) registered = atexit(sk_at_exit) == 0;
  sk_event_pipe = pipe_fd;
  atomic_store(&sk_frame_state, 0);
  stack_t current;
  if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = sk_alt_stack;
    stack.ss_size = sizeof sk_alt_stack;
    if (sigaltstack(&stack, NULL) == 0) sk_alt_stack_ours = 1;
  }
  int result = 0;
#ifdef SIGRTMAX
  const int last_signal = SIGRTMAX;
#else
  const int last_signal = NSIG - 1;  // no real-time signals (macOS)
#endif
  for (int signal_number = 1; signal_number < NSIG && signal_number <= last_signal;
       signal_number++) {
    if (!sk_default_terminates(signal_number) || sk_is_reserved(signal_number)) continue;
    struct sigaction current_action;
    if (sigaction(signal_number, NULL, &current_action) != 0) continue;
    int info = (current_action.sa_flags & SA_SIGINFO) != 0;
    int ignored = !info && current_action.sa_handler == SIG_IGN;
    int untouched = !info && current_action.sa_handler == SIG_DFL;
    // The program's choice stands: an ignored signal (SIGHUP under nohup, SIGPIPE) stays
    // ignored and a handler stays, but a crash's handler runs after the restore.
    if (ignored || (!untouched && !sk_is_crash(signal_number))) continue;
    if (sk_is_crash(signal_number)) {
      result |= sk_install_one(signal_number, NULL, sk_on_crash);
    } else {
      result |= sk_install_one(signal_number, sk_on_terminate, NULL);
    }
  }
  struct sigaction stop;
  if (sigaction(SIGTSTP, NULL, &stop) == 0 &&
      ((stop.sa_flags & SA_SIGINFO) || stop.sa_handler != SIG_IGN)) {
    result |= sk_install_one(SIGTSTP, sk_on_stop, NULL);
  }
  result |= sk_install_one(SIGWINCH, sk_on_winch, NULL);
  // A program started with these signals blocked (a parent's mask is inherited) would never
  // restore the terminal on them, nor resize. Other signals keep the mask the program chose:
  // while blocked they cannot end the process either.
  static const int unblocked[] = {SIGINT,  SIGTERM, SIGHUP,  SIGQUIT, SIGSEGV, SIGBUS, SIGILL,
                                  SIGABRT, SIGTRAP, SIGFPE,  SIGTSTP, SIGCONT, SIGWINCH};
  sigset_t handled;
  sigemptyset(&handled);
  for (size_t i = 0; i < sizeof unblocked / sizeof unblocked[0]; i++) {
    sigaddset(&handled, unblocked[i]);
  }
  pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
  sk_installed = 1;
  return result;
}

int sk_restore_installed(void) { return sk_installed; }

void sk_restore_uninstall(void) {
  for (int signal_number = 1; signal_number < NSIG; signal_number++) {
    if (sk_saved[signal_number]) {
      sigaction(signal_number, &sk_previous[signal_number], NULL);
      sk_saved[signal_number] = 0;
    }
  }
  if (sk_alt_stack_ours) {
    stack_t disable;
    memset(&disable, 0, sizeof disable);
    disable.ss_flags = SS_DISABLE;
    sigaltstack(&disable, NULL);
    sk_alt_stack_ours = 0;
  }
  atomic_store(&sk_current, -1);
  atomic_store(&sk_answers_due, 0);
  atomic_store(&sk_answer_fd, -1);
  sk_event_pipe = -1;
  sk_divert_fd = -1;
  if (sk_null_fd >= 0) {
    close(sk_null_fd);
    sk_null_fd = -1;
  }
  sk_installed = 0;
}

void sk_restore_finish(void) {
  sk_stderr_replay();
  sk_guardian_tell(SK_RESTORED);
  sk_stderr_capture_end();
  sk_guardian_stop();
  sk_restore_uninstall();
}
