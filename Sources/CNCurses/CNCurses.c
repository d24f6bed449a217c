// NB: _GNU_SOURCE must come before any system header for pipe2.
#define _GNU_SOURCE 1
#include "CNCurses.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <string.h>
#include <unistd.h>

// MARK: Globals and macros

WINDOW *sk_stdscr(void) { return stdscr; }
WINDOW *sk_curscr(void) { return curscr; }
int sk_lines(void) { return LINES; }
int sk_cols(void) { return COLS; }
int sk_colors(void) { return COLORS; }
int sk_color_pairs(void) { return COLOR_PAIRS; }
int sk_getmaxy(WINDOW *window) { return getmaxy(window); }
int sk_getmaxx(WINDOW *window) { return getmaxx(window); }
int sk_getbegy(WINDOW *window) { return getbegy(window); }
int sk_getbegx(WINDOW *window) { return getbegx(window); }

attr_t sk_a_normal(void) { return A_NORMAL; }
attr_t sk_a_bold(void) { return A_BOLD; }
attr_t sk_a_dim(void) { return A_DIM; }
attr_t sk_a_reverse(void) { return A_REVERSE; }
attr_t sk_a_underline(void) { return A_UNDERLINE; }

int sk_key_code_yes(void) { return KEY_CODE_YES; }
int sk_key_f0(void) { return KEY_F0; }
int sk_key_resize(void) { return KEY_RESIZE; }

int sk_setcchar(cchar_t *cell, const wchar_t *characters, attr_t attributes, int pair) {
  // NB: the short argument must stay 0 when the pair travels in opts, or large pairs wrap.
  return setcchar(cell, characters, attributes, 0, &pair);
}

int sk_getcchar(const cchar_t *cell, wchar_t *characters, int capacity, attr_t *attributes,
                int *pair) {
  wchar_t buffer[CCHARW_MAX + 1];
  short small_pair = 0;
  memset(buffer, 0, sizeof buffer);
  int result = getcchar(cell, buffer, attributes, &small_pair, pair);
  int i = 0;
  for (; i + 1 < capacity && i < CCHARW_MAX && buffer[i] != 0; i++) characters[i] = buffer[i];
  if (capacity > 0) characters[i] = 0;
  return result;
}

int sk_init_pair(int pair, int foreground, int background) {
  return init_extended_pair(pair, foreground, background);
}

// MARK: Restore on signals
//
// Everything a handler touches is prepared beforehand; handlers only call write, tcsetattr,
// sigaction, sigprocmask and raise, which are async-signal-safe.

#define SK_BYTES_MAX 512

static volatile sig_atomic_t sk_prepared = 0;
static int sk_fd = -1;
static int sk_have_modes = 0;
static struct termios sk_modes;
static char sk_bytes[SK_BYTES_MAX];
static size_t sk_count = 0;
static int sk_event_pipe = -1;
static volatile sig_atomic_t sk_restores = 0;

static const int sk_terminating[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int sk_fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE};
#define SK_COUNT(array) (sizeof(array) / sizeof((array)[0]))

static struct sigaction sk_previous[NSIG];
static int sk_saved[NSIG];
static int sk_installed = 0;
static char sk_alt_stack[64 * 1024];
static int sk_alt_stack_ours = 0;

void sk_restore_prepare(int fd, const struct termios *modes, const char *bytes, size_t count) {
  sk_prepared = 0;
  sk_fd = fd;
  sk_have_modes = modes != NULL;
  if (modes != NULL) sk_modes = *modes;
  sk_count = count < SK_BYTES_MAX ? count : SK_BYTES_MAX;
  if (sk_count > 0) memcpy(sk_bytes, bytes, sk_count);
  sk_prepared = 1;
}

void sk_restore_now(void) {
  if (!sk_prepared) return;
  sk_restores++;
  size_t done = 0;
  while (done < sk_count) {
    ssize_t n = write(sk_fd, sk_bytes + done, sk_count - done);
    if (n > 0) {
      done += (size_t)n;
    } else if (!(n < 0 && errno == EINTR)) {
      break;
    }
  }
  if (sk_have_modes) tcsetattr(sk_fd, TCSANOW, &sk_modes);
}

int sk_restore_count(void) { return sk_restores; }

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
  sk_restore_now();
  sk_reraise(signal_number);
}

static void sk_on_fatal(int signal_number, siginfo_t *info, void *context) {
  sk_restore_now();
  // Swift's runtime backtracer may have been there first: let it print, then die truthfully.
  struct sigaction previous = sk_previous[signal_number];
  if (sk_saved[signal_number] && (previous.sa_flags & SA_SIGINFO) &&
      previous.sa_sigaction != NULL) {
    previous.sa_sigaction(signal_number, info, context);
  } else if (sk_saved[signal_number] && previous.sa_handler != SIG_DFL &&
             previous.sa_handler != SIG_IGN && previous.sa_handler != NULL) {
    previous.sa_handler(signal_number);
  }
  sk_reraise(signal_number);
}

static void sk_on_stop(int signal_number) {
  int saved_errno = errno;
  sk_restore_now();
  struct sigaction mine;
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal_number, &fallback, &mine);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal_number);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(signal_number);  // stops here until SIGCONT
  sigprocmask(SIG_BLOCK, &set, NULL);
  sigaction(signal_number, &mine, NULL);
  sk_notify('C');
  errno = saved_errno;
}

static void sk_on_winch(int signal_number) {
  (void)signal_number;
  int saved_errno = errno;
  sk_notify('W');
  errno = saved_errno;
}

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

static void sk_at_exit(void) { sk_restore_now(); }

int sk_restore_install(int pipe_fd) {
  static int registered = 0;
  if (sk_installed) return -1;
  // exit() from anywhere (even a library) restores too; it is a no-op once uninstalled.
  if (!registered) registered = atexit(sk_at_exit) == 0;
  sk_event_pipe = pipe_fd;
  stack_t current;
  if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = sk_alt_stack;
    stack.ss_size = sizeof sk_alt_stack;
    if (sigaltstack(&stack, NULL) == 0) sk_alt_stack_ours = 1;
  }
  int result = 0;
  for (size_t i = 0; i < SK_COUNT(sk_terminating); i++) {
    result |= sk_install_one(sk_terminating[i], sk_on_terminate, NULL);
  }
  for (size_t i = 0; i < SK_COUNT(sk_fatal); i++) {
    result |= sk_install_one(sk_fatal[i], NULL, sk_on_fatal);
  }
  result |= sk_install_one(SIGTSTP, sk_on_stop, NULL);
  result |= sk_install_one(SIGWINCH, sk_on_winch, NULL);
  // A program started with these signals blocked (a parent's mask is inherited) would never
  // restore the terminal on them, nor resize.
  sigset_t handled;
  sigemptyset(&handled);
  for (size_t i = 0; i < SK_COUNT(sk_terminating); i++) sigaddset(&handled, sk_terminating[i]);
  for (size_t i = 0; i < SK_COUNT(sk_fatal); i++) sigaddset(&handled, sk_fatal[i]);
  sigaddset(&handled, SIGTSTP);
  sigaddset(&handled, SIGCONT);
  sigaddset(&handled, SIGWINCH);
  pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
  sk_installed = 1;
  return result;
}

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
  sk_prepared = 0;
  sk_event_pipe = -1;
  sk_installed = 0;
}

int sk_window_size(int fd, int *rows, int *columns) {
  struct winsize size;
  memset(&size, 0, sizeof size);
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

int sk_pipe(int descriptors[2]) { return pipe2(descriptors, O_CLOEXEC | O_NONBLOCK); }

int sk_openpty(int *leader, int *follower) {
  int primary = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (primary < 0) return -1;
  char name[128];
  if (grantpt(primary) != 0 || unlockpt(primary) != 0 ||
      ptsname_r(primary, name, sizeof name) != 0) {
    close(primary);
    return -1;
  }
  int secondary = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (secondary < 0) {
    close(primary);
    return -1;
  }
  *leader = primary;
  *follower = secondary;
  return 0;
}
