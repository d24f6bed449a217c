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
