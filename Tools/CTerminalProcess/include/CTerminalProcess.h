// The C side of TerminalProcess: what Swift cannot do safely between fork and exec (a session
// of its own with a controlling terminal, job control), and the variadic ioctls.
#ifndef SCREENKIT_CTERMINALPROCESS_H
#define SCREENKIT_CTERMINALPROCESS_H

#include <sys/types.h>

/// Opens a pseudo-terminal pair of `rows` x `columns`, both ends close-on-exec, the leader
/// non-blocking, the follower without becoming this process's controlling terminal.
/// Returns 0, or -1 with errno set.
int tp_openpty(int *leader, int *follower, unsigned short rows, unsigned short columns);

/// Sets the window size of the terminal on `fd` (the foreground process group gets SIGWINCH).
int tp_set_window_size(int fd, unsigned short rows, unsigned short columns);

/// Reads the window size of the terminal on `fd`.
int tp_window_size(int fd, unsigned short *rows, unsigned short *columns);

/// How many typed bytes wait in the terminal's input queue, not yet read by the program on
/// `fd` (a follower side), or -1.
int tp_unread_input(int fd);

/// A pipe whose ends are close-on-exec; the read end is non-blocking.
int tp_pipe(int descriptors[2]);

/// An anonymous, close-on-exec file in memory (for a child's standard error), or -1.
int tp_memory_file(const char *name);

/// The signal's abbreviation without "SIG" ("USR1"), or NULL for an unknown number.
const char *tp_signal_abbreviation(int signal_number);

/// What the session leader writes to the report pipe: records of two int32 values.
enum {
  /// The job's execve succeeded; the value is its process id (also its process group id).
  TP_REPORT_STARTED = 1,
  /// The job changed state; the value is the raw `waitpid` status (stopped, continued, ended).
  TP_REPORT_STATUS = 2,
  /// Setting up or executing failed; the value is errno. After a failed execve the job's
  /// exit status 127 is still reported.
  TP_REPORT_FAILED = 3,
};

/// How the session leader answers the SIGHUP a hangup sends it.
enum {
  /// Like an interactive shell: it sends SIGHUP and SIGCONT to the job's process group.
  TP_HANGUP_FORWARD = 0,
  /// The job is left to find out from its terminal alone (end of file, EIO).
  TP_HANGUP_IGNORE = 1,
};

/// Starts `path` as the foreground job of a new session whose controlling terminal is
/// `follower`, as a login shell would run it: a forked session leader (the "shell") takes the
/// terminal, forks the job into a process group of its own, makes that group the foreground
/// one and waits for it, writing every state change to `report_fd`. The job gets `follower` as
/// standard input and output, `error_fd` as standard error, no other descriptor, an empty
/// signal mask, default dispositions and no core dumps. The leader stays until `release_fd`
/// (a pipe's read end) reaches end of file, so that whatever the job left behind in the
/// session can be seen before the session ends; as the session's subreaper it reaps what the
/// job leaves behind once that ends, so only live processes are left to be seen.
///
/// `argv` and `envp` are NULL-terminated. Returns the session leader's pid (the caller reaps
/// it), or -1 with errno set.
pid_t tp_spawn_job(const char *path, char *const argv[], char *const envp[], int follower,
                   int error_fd, int report_fd, int release_fd, int hangup);

#endif
