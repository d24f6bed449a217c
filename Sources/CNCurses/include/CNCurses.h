// The C side of ScreenKitCurses: ncurses with its wide-character API, plus the few macros,
// globals and async-signal-safe pieces Swift cannot express or import safely.
#ifndef SCREENKIT_CNCURSES_H
#define SCREENKIT_CNCURSES_H

// NB: both must come before curses.h, or cchar_t and the *_wch functions are not declared.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

// Debian and most Linux distributions keep the wide API under ncursesw/; macOS's system ncurses
// has it in curses.h itself.
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif
#include <signal.h>
#include <stddef.h>
#include <termios.h>
#include <wchar.h>

// MARK: Globals and macros

WINDOW *sk_stdscr(void);
WINDOW *sk_curscr(void);
int sk_lines(void);
int sk_cols(void);
int sk_colors(void);
int sk_color_pairs(void);
int sk_getmaxy(WINDOW *window);
int sk_getmaxx(WINDOW *window);
int sk_getbegy(WINDOW *window);
int sk_getbegx(WINDOW *window);

attr_t sk_a_normal(void);
attr_t sk_a_bold(void);
attr_t sk_a_dim(void);
attr_t sk_a_reverse(void);
attr_t sk_a_underline(void);

int sk_key_code_yes(void);
int sk_key_f0(void);
int sk_key_resize(void);

/// Fills `cell` with up to CCHARW_MAX-1 characters (a spacing one, then combining ones),
/// attributes and an extended colour pair.
int sk_setcchar(cchar_t *cell, const wchar_t *characters, attr_t attributes, int pair);
/// The C library's column count for `character` in the current locale, as ncurses counts
/// it: -1 for a character it does not know or cannot print.
int sk_wcwidth(wchar_t character);
/// Reads `cell` back: its characters (`capacity` includes the terminating zero), attributes
/// and extended colour pair.
int sk_getcchar(const cchar_t *cell, wchar_t *characters, int capacity, attr_t *attributes,
                int *pair);
/// Defines an extended colour pair (beyond 32767 when the terminal has that many).
int sk_init_pair(int pair, int foreground, int background);

/// The colour numbers below which the terminal's `setaf` picks its own palette entries rather
/// than RGB values: 8 for `xterm-direct`, 16 for entries like `kitty-direct`, 256 when `setaf`
/// never sends RGB (every terminal that is not direct-colour).
int sk_indexed_color_limit(void);

// ncurses before 6.1 (macOS's system ncurses is 5.7) has colour pairs as shorts only; the one
// extended call Swift makes gets a fallback under its own name there.
#if defined(NCURSES_VERSION_MAJOR) && \
    (NCURSES_VERSION_MAJOR > 6 || (NCURSES_VERSION_MAJOR == 6 && NCURSES_VERSION_MINOR >= 1))
#define SK_EXTENDED_PAIRS 1
#else
#define SK_EXTENDED_PAIRS 0
static inline int extended_pair_content(int pair, int *foreground, int *background) {
  short f = 0, b = 0;
  int result = pair_content((short)pair, &f, &b);
  *foreground = f;
  *background = b;
  return result;
}
#endif

// MARK: Terminal type

/// What sk_terminal_check found.
enum {
  /// The terminal can be driven full-screen.
  SK_TERMINAL_USABLE = 0,
  /// terminfo has no entry for the type.
  SK_TERMINAL_UNKNOWN = 1,
  /// The entry cannot address the cursor (no cup, or a hardcopy or generic type).
  SK_TERMINAL_NO_CURSOR_ADDRESSING = 2,
};

/// Looks `type` up in terminfo for the terminal on `fd` without writing anything to it and
/// without leaving ncurses state behind.
int sk_terminal_check(const char *type, int fd);

/// Loads `type`'s terminfo description as the current terminal for the terminal on `fd`,
/// without writing anything, for a session that writes terminfo's strings itself (the inline
/// region); whether the entry can go back up to redraw a region (`cr`, `ed`, `cuu1` or `cuu`).
int sk_terminfo_load(const char *type, int fd);

/// The string capability `capability` with one numeric parameter applied (`tiparm`), or NULL.
const char *sk_tparm1(const char *capability, int parameter);

// MARK: Restore on signals, frames, standard error, guardian; pipes and the window size

// NB: the session's process-wide side has no ncurses in it (a program without ncurses uses it
// through ScreenKitTerminal); included here, code that imports CNCurses sees it too.
#include <CTerminalSession.h>

#endif
