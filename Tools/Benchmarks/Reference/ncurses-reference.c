// The C + ncurses reference the benchmarks compare ScreenKit with: the same job as
// `Demo load-probe`, done the way a C program would. The benchmark compiles it with the
// system compiler (cc -O2 ... -lncursesw), so it links nothing but libc and ncurses.
//
// It opens the terminal with newterm (the alternate screen, cbreak, noecho, nonl, keypad,
// hidden cursor, colours), draws a centred dots spinner with a cyan "Loading…" label every
// 80 ms, finishes a simulated load after --seconds as a timer of its poll loop, then clears
// the screen and writes one line of text. `q` quits. With --trace FILE it appends the demo's
// trace lines (start, load_start, load_end, mount) with CLOCK_MONOTONIC seconds, so both
// programs are timed from outside the same way.
//
// usage: ncurses-reference [--seconds S] [--text TEXT] [--trace FILE]

#define _GNU_SOURCE
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

static int trace_descriptor = -1;

static double monotonic_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void trace_event(const char *event, double seconds) {
  if (trace_descriptor < 0) return;
  char line[96];
  int length = snprintf(line, sizeof line, "%s %.9f\n", event, seconds);
  if (length > 0 && write(trace_descriptor, line, (size_t)length) < 0) trace_descriptor = -1;
}

static const wchar_t *const frames[] = {L"⠋", L"⠙", L"⠹", L"⠸", L"⠼",
                                        L"⠴", L"⠦", L"⠧", L"⠇", L"⠏"};
enum { frame_count = 10 };
static const double frame_interval = 0.080;

int main(int argc, char **argv) {
  double started = monotonic_seconds();
  double seconds = 3;
  const char *text = "Loaded.";
  for (int index = 1; index < argc; index++) {
    if (strcmp(argv[index], "--seconds") == 0 && index + 1 < argc) {
      seconds = atof(argv[++index]);
    } else if (strcmp(argv[index], "--text") == 0 && index + 1 < argc) {
      text = argv[++index];
    } else if (strcmp(argv[index], "--trace") == 0 && index + 1 < argc) {
      const char *path = argv[++index];
      trace_descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
      if (trace_descriptor < 0) {
        fprintf(stderr, "ncurses-reference: cannot open trace file '%s': %s\n", path,
                strerror(errno));
        return 2;
      }
    } else {
      fprintf(stderr, "usage: ncurses-reference [--seconds S] [--text TEXT] [--trace FILE]\n");
      return 2;
    }
  }
  trace_event("start", started);
  setlocale(LC_ALL, "");
  if (newterm(NULL, stdout, stdin) == NULL) {
    fprintf(stderr, "ncurses-reference: cannot open the terminal\n");
    return 1;
  }
  cbreak();
  noecho();
  nonl();
  intrflush(stdscr, FALSE);
  keypad(stdscr, TRUE);
  nodelay(stdscr, TRUE);
  curs_set(0);
  set_escdelay(25);
  if (has_colors() && start_color() == OK) {
    use_default_colors();
    init_pair(1, COLOR_CYAN, -1);
  }

  const char *label = "Loading…";
  int label_width = 8;
  int line_width = 1 + 1 + label_width;
  int row = (LINES - 1) / 2;
  int column = (COLS - line_width) / 2;
  attron(COLOR_PAIR(1));
  mvaddstr(row, column + 2, label);
  attroff(COLOR_PAIR(1));
  int frame = 0;
  mvaddwstr(row, column, frames[frame]);
  refresh();

  double load_start = monotonic_seconds();
  trace_event("load_start", load_start);
  double load_deadline = load_start + seconds;
  double next_frame = load_start + frame_interval;
  int loading = 1;
  for (;;) {
    int timeout = -1;
    if (loading) {
      double now = monotonic_seconds();
      double next = next_frame < load_deadline ? next_frame : load_deadline;
      timeout = next <= now ? 0 : (int)((next - now) * 1000 + 0.999);
    }
    struct pollfd input = {.fd = 0, .events = POLLIN};
    int ready = poll(&input, 1, timeout);
    if (ready < 0 && errno != EINTR) break;
    if (ready > 0) {
      if (input.revents & (POLLHUP | POLLERR | POLLNVAL)) break;
      int key = getch();
      if (key == 'q') break;
    }
    if (!loading) continue;
    double now = monotonic_seconds();
    if (now >= load_deadline) {
      trace_event("load_end", now);
      loading = 0;
      erase();
      mvaddstr(0, 0, text);
      refresh();
      trace_event("mount", monotonic_seconds());
    } else if (now >= next_frame) {
      frame = (frame + 1) % frame_count;
      mvaddwstr(row, column, frames[frame]);
      refresh();
      while (next_frame <= now) next_frame += frame_interval;
    }
  }
  endwin();
  return 0;
}
