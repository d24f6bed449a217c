// NB: _GNU_SOURCE must come before any system header for glibc's whole API (wcwidth among it);
// on Darwin, _DARWIN_C_SOURCE keeps the BSD API visible next to the X/Open one curses.h asks for.
#define _GNU_SOURCE 1
#define _DARWIN_C_SOURCE 1
#include "CNCurses.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

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
#if SK_EXTENDED_PAIRS
  return setcchar(cell, characters, attributes, 0, &pair);
#else
  return setcchar(cell, characters, attributes, (short)pair, NULL);
#endif
}

int sk_wcwidth(wchar_t character) { return wcwidth(character); }

int sk_getcchar(const cchar_t *cell, wchar_t *characters, int capacity, attr_t *attributes,
                int *pair) {
  wchar_t buffer[CCHARW_MAX + 1];
  short small_pair = 0;
  memset(buffer, 0, sizeof buffer);
#if SK_EXTENDED_PAIRS
  int result = getcchar(cell, buffer, attributes, &small_pair, pair);
#else
  int result = getcchar(cell, buffer, attributes, &small_pair, NULL);
  *pair = small_pair;
#endif
  int i = 0;
  for (; i + 1 < capacity && i < CCHARW_MAX && buffer[i] != 0; i++) characters[i] = buffer[i];
  if (capacity > 0) characters[i] = 0;
  return result;
}

int sk_init_pair(int pair, int foreground, int background) {
#if SK_EXTENDED_PAIRS
  return init_extended_pair(pair, foreground, background);
#else
  return init_pair((short)pair, (short)foreground, (short)background);
#endif
}

static int sk_setaf_is_rgb(const char *setaf, int color) {
#if SK_EXTENDED_PAIRS
  const char *sequence = tiparm(setaf, color);
#else
  // NB: ncurses 5 (macOS's) may predate tiparm; tparm takes all nine parameters there.
  const char *sequence = tparm((char *)setaf, (long)color, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
#endif
  return sequence != NULL && (strstr(sequence, "8:2:") != NULL || strstr(sequence, "8;2;") != NULL);
}

int sk_indexed_color_limit(void) {
  const char *setaf = tigetstr("setaf");
  if (setaf == NULL || setaf == (const char *)-1) return 256;
  if (sk_setaf_is_rgb(setaf, 8)) return 8;
  if (sk_setaf_is_rgb(setaf, 16)) return 16;
  return 256;
}
