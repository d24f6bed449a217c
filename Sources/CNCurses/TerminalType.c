#include "CNCurses.h"

// NB: last, it defines macros named after every capability (cup, lines, ...).
#if __has_include(<ncursesw/term.h>)
#include <ncursesw/term.h>
#else
#include <term.h>
#endif

int sk_terminal_check(const char *type, int fd) {
  TERMINAL *saved = cur_term;
  int error = 0;
  if (setupterm(type, fd, &error) != OK) {
    // NB: 1 is a hardcopy terminal; 0 no entry (or a generic one); -1 no database at all.
    return error == 1 ? SK_TERMINAL_NO_CURSOR_ADDRESSING : SK_TERMINAL_UNKNOWN;
  }
  char *address = tigetstr("cup");
  int usable = address != NULL && address != (char *)-1 && tigetflag("hc") <= 0 &&
               tigetflag("gn") <= 0;
  TERMINAL *probe = set_curterm(saved);
  if (probe != NULL && probe != saved) del_curterm(probe);
  return usable ? SK_TERMINAL_USABLE : SK_TERMINAL_NO_CURSOR_ADDRESSING;
}

int sk_terminfo_load(const char *type, int fd) {
  int error = 0;
  if (setupterm(type, fd, &error) != OK) {
    return error == 1 ? SK_TERMINAL_NO_CURSOR_ADDRESSING : SK_TERMINAL_UNKNOWN;
  }
  // NB: an inline region needs to go up a row (cuu1 or cuu), to the line's start (cr) and to
  // clear below it (ed); a hardcopy or generic terminal has nothing to go back with.
  const char *names[] = {"cr", "ed"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    const char *value = tigetstr(names[i]);
    if (value == NULL || value == (const char *)-1) return SK_TERMINAL_NO_CURSOR_ADDRESSING;
  }
  const char *up = tigetstr("cuu1");
  const char *upMany = tigetstr("cuu");
  int hasUp = (up != NULL && up != (const char *)-1) || (upMany != NULL && upMany != (const char *)-1);
  if (!hasUp || tigetflag("hc") > 0 || tigetflag("gn") > 0) return SK_TERMINAL_NO_CURSOR_ADDRESSING;
  return SK_TERMINAL_USABLE;
}

const char *sk_tparm1(const char *capability, int parameter) {
#if defined(NCURSES_VERSION_MAJOR) && NCURSES_VERSION_MAJOR >= 6
  return tiparm(capability, parameter);
#else
  // NB: ncurses 5 (macOS's) may predate tiparm; tparm takes all nine parameters there.
  return tparm((char *)capability, (long)parameter, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
#endif
}
