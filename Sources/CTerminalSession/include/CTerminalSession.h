// The process-wide side of a ScreenKit terminal session, with ncurses or without: whatever ends
// the process, the terminal is put back and what the program wrote to standard error meanwhile
// is shown. No ncurses here: the bytes that undo a session are the caller's. Everything a signal
// handler or the guardian process touches is prepared here beforehand, so that they only make
// async-signal-safe calls.
#ifndef SCREENKIT_CTERMINALSESSION_H
#define SCREENKIT_CTERMINALSESSION_H

#include <stddef.h>
#include <termios.h>

// MARK: Descriptors

/// Opens a non-blocking, close-on-exec pipe (fcntl is variadic in Swift); 0 on success.
int sk_pipe(int descriptors[2]);
/// Reads the window size of the terminal on `fd` into `rows` and `columns` (ioctl is variadic
/// in Swift); 0 on success.
int sk_window_size(int fd, int *rows, int *columns);

// MARK: Restore on signals

/// Records what the handlers write and which terminal modes they set back: the bytes
/// (mode resets, sgr0, cnorm, rmcup, ...) go to `fd`, the termios is applied to `fd` with
/// tcsetattr. Passing a NULL `modes` keeps the termios part off.
void sk_restore_prepare(int fd, const struct termios *modes, const char *bytes, size_t count);
/// Installs the restoring handler for every catchable signal whose default action ends the
/// process, unless the program already ignores it or (but for the crash signals, whose
/// previous handler runs after the restore) handles it; also SIGTSTP and SIGWINCH. Adds an
/// alternate signal stack on the calling thread. The write end of `pipe_fd` receives `C` after
/// a SIGTSTP stop is continued and `W` on SIGWINCH. Fails while installed already.
int sk_restore_install(int pipe_fd);
/// Returns 1 from sk_restore_install until sk_restore_uninstall, else 0: one session per
/// process.
int sk_restore_installed(void);
/// Puts back the dispositions saved by sk_restore_install and forgets the prepared state.
void sk_restore_uninstall(void);
/// Ends the session's restore once the caller has put the terminal back: replays captured
/// standard error and points descriptor 2 back, lets the guardian go, then uninstalls.
void sk_restore_finish(void);
/// Names the descriptor the session's frames are written to (-1: none). A handler that ends
/// the process points it at /dev/null before restoring, so a frame another thread is writing
/// meanwhile cannot land on the shell's screen after the restore.
void sk_restore_divert(int fd);
/// Points `fd` back at `saved` (dup2), unless a handler began ending the process: then it
/// stays diverted.
void sk_frames_reconnect(int fd, int saved);
/// Notes that `count` answers to requests the session wrote to the terminal (cursor position
/// reports, `ESC [ row ; column R`) have not been read yet from `input`, the terminal's input
/// descriptor (-1: none). Once a handler has written the prepared bytes, it reads and drops
/// them, waiting at most `milliseconds` in all, before it applies the prepared termios: so the
/// shell never reads an answer still on its way, and the terminal, its echo back on, never
/// shows one. What else it reads meanwhile (keys typed to the program) is dropped with them.
void sk_restore_expect_answers(int input, int count, int milliseconds);
/// Writes the prepared bytes, reads the answers expected (sk_restore_expect_answers) and
/// applies the prepared termios: what the handlers do.
void sk_restore_now(void);
/// The number of times the restore ran since the process started.
int sk_restore_count(void);

// MARK: Frames

/// Marks the start of a frame's output. A SIGTSTP arriving until sk_frame_end is held back,
/// so a frame is never finished on the shell's screen. Once a handler began ending the
/// process, it waits for the end instead. Returns 1 when the process was stopped
/// and continued since the terminal was last set up (the caller sets it up again), else 0.
int sk_frame_begin(void);
/// Marks the end of a frame's output, and stops the process there if SIGTSTP arrived during
/// the frame (returning once it is continued).
void sk_frame_end(void);
/// Returns 1 (once) when the process was stopped and continued since the terminal was last
/// set up, else 0.
int sk_take_continued(void);
/// Returns 1 from the moment a stop begins until the first frame after the continue sets the
/// terminal up again (without taking the continue), else 0: input read meanwhile was typed
/// while the terminal was the shell's.
int sk_continue_pending(void);

// MARK: Standard error

/// While standard error is the terminal on `fd`, points descriptor 2 at an anonymous file, so
/// messages written during the session cannot scribble on (or be erased with) the screen.
/// Returns 1 when capturing, 0 when standard error is elsewhere, -1 on failure.
int sk_stderr_capture_begin(int fd);
/// Copies what was captured to the real standard error, from where the last copy ended.
void sk_stderr_replay(void);
/// Replays, then points descriptor 2 back at the real standard error.
void sk_stderr_capture_end(void);

// MARK: Guardian

/// Forks a guardian process that restores the terminal and replays captured standard error
/// when this process ends without doing so itself (SIGKILL, a crash no handler could see).
/// Call after the last sk_restore_prepare and sk_stderr_capture_begin. 0 on success.
int sk_guardian_start(void);
/// Tells the guardian the terminal is restored and standard error replayed, lets it go and
/// reaps it.
void sk_guardian_stop(void);
/// The guardian's process id, or -1.
int sk_guardian_pid(void);

#endif
