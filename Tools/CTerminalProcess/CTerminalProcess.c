#define _GNU_SOURCE
#include "CTerminalProcess.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

int tp_set_window_size(int fd, unsigned short rows, unsigned short columns) {
  struct winsize size;
  memset(&size, 0, sizeof size);
  size.ws_row = rows;
  size.ws_col = columns;
  return ioctl(fd, TIOCSWINSZ, &size);
}

int tp_window_size(int fd, unsigned short *rows, unsigned short *columns) {
  struct winsize size;
  memset(&size, 0, sizeof size);
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

int tp_unread_input(int fd) {
  int count = 0;
  if (ioctl(fd, TIOCINQ, &count) != 0) return -1;
  return count;
}

int tp_openpty(int *leader, int *follower, unsigned short rows, unsigned short columns) {
  int primary = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (primary < 0) return -1;
  char name[128];
  int secondary = -1;
  if (grantpt(primary) != 0 || unlockpt(primary) != 0 ||
      ptsname_r(primary, name, sizeof name) != 0 ||
      (secondary = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)) < 0 ||
      fcntl(primary, F_SETFL, O_NONBLOCK) != 0 ||
      tp_set_window_size(primary, rows, columns) != 0) {
    int saved = errno;
    if (secondary >= 0) close(secondary);
    close(primary);
    errno = saved;
    return -1;
  }
  *leader = primary;
  *follower = secondary;
  return 0;
}

int tp_pipe(int descriptors[2]) {
  if (pipe2(descriptors, O_CLOEXEC) != 0) return -1;
  return fcntl(descriptors[0], F_SETFL, O_NONBLOCK);
}

int tp_memory_file(const char *name) { return memfd_create(name, MFD_CLOEXEC); }

const char *tp_signal_abbreviation(int signal_number) { return sigabbrev_np(signal_number); }

// MARK: The session leader and its job
//
// Everything below runs in a forked copy of a multithreaded process: only async-signal-safe
// calls, and no memory allocation, until the job's execve.

// The descriptors the session leader arranges for itself and its job.
enum { TP_FD_TERMINAL = 0, TP_FD_ERROR = 2, TP_FD_REPORT = 3, TP_FD_RELEASE = 4 };

static void tp_report(int fd, int32_t kind, int32_t value) {
  int32_t record[2] = {kind, value};
  const char *bytes = (const char *)record;
  size_t done = 0;
  while (done < sizeof record) {
    ssize_t count = write(fd, bytes + done, sizeof record - done);
    if (count > 0) {
      done += (size_t)count;
    } else if (!(count < 0 && errno == EINTR)) {
      return;
    }
  }
}

static void tp_set_all_dispositions(void (*handler)(int)) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  // NB: fails harmlessly for SIGKILL, SIGSTOP and the C library's reserved signals.
  for (int signal_number = 1; signal_number < NSIG; signal_number++) {
    sigaction(signal_number, &action, NULL);
  }
}

static void tp_set_disposition(int signal_number, void (*handler)(int)) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigfillset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(signal_number, &action, NULL);
}

// Moves the descriptors to fixed numbers and closes every other one: the session leader
// must not keep the pty's leader side open (closing it is how a test hangs up).
static int tp_arrange(int follower, int error_fd, int report_fd, int release_fd) {
  // Copies above the targets first, so no dup2 overwrites a source still to be copied.
  int terminal = fcntl(follower, F_DUPFD, 10);
  int error = fcntl(error_fd, F_DUPFD, 10);
  int report = fcntl(report_fd, F_DUPFD, 10);
  int release = fcntl(release_fd, F_DUPFD, 10);
  if (terminal < 0 || error < 0 || report < 0 || release < 0) return -1;
  if (dup2(terminal, TP_FD_TERMINAL) < 0 || dup2(terminal, 1) < 0 ||
      dup2(error, TP_FD_ERROR) < 0 || dup2(report, TP_FD_REPORT) < 0 ||
      dup2(release, TP_FD_RELEASE) < 0) {
    return -1;
  }
  if (close_range(TP_FD_RELEASE + 1, ~0U, 0) != 0) return -1;
  // The leader blocks on the release pipe until the caller closes its end.
  return fcntl(TP_FD_RELEASE, F_SETFL, 0);
}

static _Noreturn void tp_run_job(const char *path, char *const argv[], char *const envp[],
                                  int exec_report) {
  // Both this and the session leader set the group and the foreground: whichever runs first
  // wins the race a shell has too. SIGTTOU is still ignored here, as in the leader.
  setpgid(0, 0);
  tcsetpgrp(TP_FD_TERMINAL, getpid());
  tp_set_all_dispositions(SIG_DFL);
  fcntl(TP_FD_REPORT, F_SETFD, FD_CLOEXEC);
  close(TP_FD_RELEASE);
  // Signals that dump core (SIGQUIT, SIGXCPU, ...) must not write core files into the tree.
  struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  execve(path, argv, envp);
  int failure = errno;
  ssize_t ignored = write(exec_report, &failure, sizeof failure);
  (void)ignored;
  _exit(127);
}

static _Noreturn void tp_lead_session(const char *path, char *const argv[], char *const envp[],
                                      int follower, int error_fd, int report_fd,
                                      int release_fd, int hangup) {
  // Every signal is blocked (the caller did it before fork) until the handlers are in place.
  tp_set_all_dispositions(SIG_DFL);
  if (tp_arrange(follower, error_fd, report_fd, release_fd) != 0) {
    tp_report(report_fd, TP_REPORT_FAILED, errno);
    _exit(126);
  }
  // NB: as the subreaper, the leader gets what the job leaves behind when it ends and reaps
  // it as an init would; left to a container's pid 1, an exited orphan may stay a zombie.
  if (setsid() < 0 || ioctl(TP_FD_TERMINAL, TIOCSCTTY, 0) != 0 ||
      prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) {
    tp_report(TP_FD_REPORT, TP_REPORT_FAILED, errno);
    _exit(126);
  }
  // As an interactive shell: job control and keyboard signals are for the job, not for it.
  tp_set_disposition(SIGTTOU, SIG_IGN);
  tp_set_disposition(SIGTTIN, SIG_IGN);
  tp_set_disposition(SIGTSTP, SIG_IGN);
  tp_set_disposition(SIGINT, SIG_IGN);
  tp_set_disposition(SIGQUIT, SIG_IGN);
  tp_set_disposition(SIGPIPE, SIG_IGN);
  // A forwarded hangup is taken with sigwaitinfo below, like the job's state changes: no
  // handler runs in the leader. NB: a handler is not enough under the thread sanitizer, which
  // holds a signal arriving in a call it does not know to block (waitpid) until the next call
  // it intercepts, which never comes in the child of a multithreaded fork.
  tp_set_disposition(SIGHUP, hangup == TP_HANGUP_IGNORE ? SIG_IGN : SIG_DFL);
  // The job's execve closes this pipe (close-on-exec); a failed one writes errno to it first.
  int exec_pipe[2];
  if (pipe2(exec_pipe, O_CLOEXEC) != 0) {
    tp_report(TP_FD_REPORT, TP_REPORT_FAILED, errno);
    _exit(126);
  }
  pid_t job = fork();
  if (job < 0) {
    tp_report(TP_FD_REPORT, TP_REPORT_FAILED, errno);
    _exit(126);
  }
  if (job == 0) {
    close(exec_pipe[0]);
    tp_run_job(path, argv, envp, exec_pipe[1]);
  }
  close(exec_pipe[1]);
  setpgid(job, job);
  tcsetpgrp(TP_FD_TERMINAL, job);
  int failure = 0;
  ssize_t count;
  do {
    count = read(exec_pipe[0], &failure, sizeof failure);
  } while (count < 0 && errno == EINTR);
  close(exec_pipe[0]);
  tp_report(TP_FD_REPORT, count > 0 ? TP_REPORT_FAILED : TP_REPORT_STARTED,
            count > 0 ? failure : job);
  // Everything but what the loop waits for is unblocked, as in a shell.
  sigset_t waited;
  sigemptyset(&waited);
  sigaddset(&waited, SIGCHLD);
  if (hangup != TP_HANGUP_IGNORE) sigaddset(&waited, SIGHUP);
  sigprocmask(SIG_SETMASK, &waited, NULL);
  int ended = 0;
  while (!ended) {
    int signal_number = sigwaitinfo(&waited, NULL);
    if (signal_number < 0) {
      if (errno == EINTR) continue;
      tp_report(TP_FD_REPORT, TP_REPORT_FAILED, errno);
      break;
    }
    if (signal_number == SIGHUP) {
      // What an interactive shell does with the SIGHUP of a hangup: pass it on to its job.
      kill(-job, SIGHUP);
      kill(-job, SIGCONT);
      continue;
    }
    // NB: SIGCHLDs merge, and orphans the leader inherits send them too: take every change.
    for (;;) {
      int status = 0;
      pid_t result = waitpid(job, &status, WNOHANG | WUNTRACED | WCONTINUED);
      if (result == 0) break;
      if (result < 0) {
        if (errno == EINTR) continue;
        tp_report(TP_FD_REPORT, TP_REPORT_FAILED, errno);
        ended = 1;
        break;
      }
      tp_report(TP_FD_REPORT, TP_REPORT_STATUS, status);
      if (WIFEXITED(status) || WIFSIGNALED(status)) {
        ended = 1;
        break;
      }
    }
  }
  // Until released, reap orphans as they end, so only live ones are seen as left behind.
  for (;;) {
    while (waitpid(-1, NULL, WNOHANG) > 0) {
    }
    struct pollfd release = {.fd = TP_FD_RELEASE, .events = POLLIN, .revents = 0};
    if (poll(&release, 1, 10) > 0) {
      char byte;
      ssize_t count = read(TP_FD_RELEASE, &byte, 1);
      if (count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN)) break;
    }
  }
  _exit(0);
}

pid_t tp_spawn_job(const char *path, char *const argv[], char *const envp[], int follower,
                   int error_fd, int report_fd, int release_fd, int hangup) {
  sigset_t all;
  sigset_t previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  pid_t leader = fork();
  if (leader == 0) {
    tp_lead_session(path, argv, envp, follower, error_fd, report_fd, release_fd, hangup);
  }
  int saved = errno;
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  errno = saved;
  return leader;
}
