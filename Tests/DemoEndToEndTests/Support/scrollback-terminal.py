#!/usr/bin/env python3
"""A terminal that keeps its scrollback, for the end-to-end tests of programs drawn in the
normal screen (an inline host): what scrolled off the top is kept, as xterm keeps it, so a
test can check that the shell's history above the program is still there, in order, after
the program drew, was resized, was stopped or ended.

tmux cannot answer that: its capture shows the pane, and what a program scrolled off the top
depends on the pane's history settings and on tmux's own redrawing. This program is the
terminal itself: a screen of pyte (the Python package) fed with everything the program
writes, with the parts pyte lacks or gets wrong for this purpose done here (the
scrollback on resize, the alternate screen, scrolling regions, a single saved cursor).

Usage:
    scrollback-terminal.py [--columns C] [--rows R] [--term NAME] [--history-file PATH]
                           [--resize-before-start C R] [--hold-output]
                           [--answers now|hold|never] [--shell-waits]
                           [--] COMMAND [ARGUMENT...]

Starting
    The history file's lines (UTF-8, one a line) are written to the emulator first, each as
    `line\\r\\n`, as a shell printed them: the program starts on column 0 of the line below
    them, and when they are more than the rows, the top ones are already in the scrollback.

    COMMAND runs on a new pseudo-terminal of C x R with TERM=NAME (xterm-256color unless
    told), as a shell's foreground job: a small session leader (a fork of this program, in
    the role of the shell) has the pty as its controlling terminal and runs COMMAND in a
    process group of its own, which it makes the terminal's foreground group. So the tty
    sends ^C and ^Z to it, SIGWINCH reaches it, and SIGTSTP stops it (a process group whose
    leader's parent is outside the session would be orphaned, and the kernel would discard
    the stop). Like an interactive shell, the leader ignores SIGINT, SIGQUIT, SIGTSTP,
    SIGTTIN and SIGTTOU, and when the terminal hangs up it sends SIGHUP, then SIGCONT, to the
    job. Unlike a shell, it does not take the terminal back when the job stops (the job stays
    the foreground group, so SIGCONT alone resumes it), prints nothing, and exits when the
    job ends; with --shell-waits it stays, holding the terminal as a shell would, until
    `shell-input` asks what a shell would read.

    --resize-before-start resizes the terminal (as `resize` does) after the history is
    written and before the program starts: the program starts on the new size. With
    --hold-output the screen shows nothing the program writes until `output` feeds it (see
    below); --answers sets the answer policy from the start.

The line protocol
    One command a line on standard input; one JSON object a line on standard output in
    reply, `{"error": "..."}` when the command failed. The first line, before any command,
    is `{"ready": true, "pid": P, "shell": S}`: P is the program's process id, which is also
    its process group id, and S the session leader's.

    keys HEX            writes the bytes (hex, two digits each) to the pty, as typed; replies
                        once they are written
    resize C R          resizes the terminal (see below) and then the pty (TIOCSWINSZ), which
                        sends SIGWINCH to the foreground process group
    signal NAME         sends the signal (SIGTERM or TERM) to the program's process group
    resize-screen C R   resizes the screen only: the pty keeps its size and the program hears
                        nothing, as in the moment before a terminal tells the pty (tmux holds
                        a pane's new size back for up to 250 ms)
    resize-pty C R      resizes the pty only (TIOCSWINSZ, SIGWINCH): the terminal telling the
                        program of a size its screen already has
    output hold         what the program writes from now on is kept, unread by the screen
    output feed-until HEX
    output feed-before HEX
                        shows what was kept, up to the end (or the start) of the first bytes
                        HEX in it; waits up to 10 s for the program to write them
    output release      shows all that was kept, and what comes from now on
    answers MODE [split N]
                        when the answers to cursor position requests (ESC [ 6 n) are written:
                          now       as the request is shown (the default); the answers held
                                    so far are written first
                          hold      kept until `answers release` (or `answers now`)
                          never     not at all
                          after HEX [delay MS]
                                    kept until the screen is shown the bytes HEX (say, what
                                    the program writes as it ends), then written at once, or
                                    MS milliseconds later (an answer on its way over ssh)
                          release   the answers held, now; then as `now`
                        With `split N`, the first N bytes of each held answer are written at
                        once and only the rest is held: an answer cut in two
    shell-input         once the program has ended and the input queued so far is written:
                        what a shell would read from the terminal now (--shell-waits): the
                        session leader takes the terminal back, reads what is left in its
                        input without waiting for a line feed, and ends; replies
                        {"input": HEX}
    snapshot            replies with the terminal's state:
                          history   the lines scrolled off the top, oldest first
                          display   the screen's rows (the alternate screen while it is on)
                          normal    the normal screen's rows, even while the alternate one is on
                          cursor    {"row", "column", "hidden"}, 0-based; hidden is DECTCEM off
                          modes     the DEC private modes set (ESC [ ? n h), sorted
                          alternate whether the alternate screen is on
                          columns, rows, title
                          state     "running", "stopped" (a signal stopped the program) or
                                    "exited"
                          exited    null, or {"code": n}, or {"signal": n, "name": "SIGTERM",
                                    "core": false}
                          received  how many bytes the program wrote (held ones too)
                          requests  how many cursor position requests the screen was shown
                          heldAnswers how many answers the answer policy holds
                          heldOutput  how many bytes `output hold` keeps unshown
                          answersAfterEnd how many position answers were given after the
                                    program ended, or reached the pty after the program put
                                    its modes back (echo on: it reads no more answers), as
                                    from a terminal that showed its requests too late: they
                                    reach the shell, whatever the program does
                          busy      whether the program may be in the middle of its output:
                                    one of its threads is running, waiting for a processor or
                                    in uninterruptible sleep (a page read back from disk), or
                                    the pty holds bytes not yet read (a program preempted
                                    between two writes of one frame writes nothing for as long
                                    as the machine keeps it waiting: quiet is not whole)
                        Each line is its cells' text with trailing spaces trimmed; a wide
                        character (CJK, emoji) is one character, its second cell skipped.
    wait-exit SECONDS   replies with {"exited": ...} once the program has ended, or with
                        {"timeout": true}; 0 asks without waiting
    close               kills the program's process group and the session leader, replies,
                        and exits; so does the end of standard input

    The program's end is reported once its output has been read to the end (the pty's
    follower side closed; with --shell-waits, read until nothing was left once the program
    had ended), or 5 seconds after it ended if something it started still holds the pty
    open.

The screen
    Everything the program writes is read as it comes (a thread), so the program never
    blocks on a full pty, and fed to the emulator, which answers the queries a terminal
    answers by writing to the pty: the cursor position report (ESC [ 6 n gives ESC [ row ;
    column R, 1-based, when the answer policy says), the status report (ESC [ 5 n) and the primary device attributes
    (ESC [ c gives ESC [ ? 6 c, a VT102, as pyte answers).

    Lines go into the scrollback as in xterm: when a line feed, an index or ESC [ n S
    scrolls a region whose top is the screen's first row, in the normal screen. Lines
    scrolled out of a region that starts lower are lost, and so is everything the alternate
    screen scrolls. ESC [ 3 J erases the scrollback (only); ESC [ 2 J erases the screen and
    does not push it into the scrollback. At most 10000 lines are kept.

    The alternate screen (modes 1049, 1047 and 47) is a screen of its own: while it is on,
    the program draws there, the normal screen and the scrollback are left as they were, and
    leaving it shows them again (1049 also saves the cursor on entering and restores it on
    leaving, as DECSC and DECRC do).

    Resizing, as xterm and Alacritty do it (neither reflows lines):
      * Fewer rows: the rows below the cursor's row go first, whatever they hold; if more
        must go, the top rows go into the scrollback. So the cursor stays on the same
        content line, at the same column, and no row above it is lost.
      * More rows: lines come back from the scrollback, the newest first, as many as there
        are new rows and lines to bring back (the screen's content and the cursor move down
        by as many rows); the other new rows are blank, at the bottom.
      * Fewer columns: the cells beyond the new width are cut, in the screen and in the
        scrollback, and do not come back when the terminal widens again; a cursor beyond
        the new width goes to the last column.
      * More columns: blank cells on the right.
      * The scrolling region becomes the whole screen and origin mode goes off; the saved
        cursors move with the content of their screen (and stay on it).
      * The alternate screen, while it is on, loses its rows below the cursor first and then
        its top rows (it has no scrollback) and grows at the bottom; the normal screen behind
        it is resized as above, its cursor being the one saved on entering.

    Also done here rather than as pyte does: a line feed below the scrolling region moves
    down to the last row; the cursor moves up and down to the screen's edge when it is
    outside the region; ESC 7 / ESC 8 (and ESC [ s / ESC [ u) keep one saved cursor for
    each screen, restored as often as asked; a wide character that does not fit at the end
    of a line wraps whole; ESC [ n b (repeat the last character), ESC [ n T (scroll down),
    ESC [ n Z and ESC [ n I (tabs) are understood; inserting and deleting lines moves blank
    lines correctly; DECCOLM (mode 3) is recorded but does not resize, as in xterm by
    default.

    Not done: line reflow, the secondary device attributes (pyte's parser drops the `>`, so
    ESC [ > c is answered as ESC [ c would be), DECRQM and other reports, left and right
    margins, double-width lines, DCS strings (their text is drawn), colours in snapshots.
"""

import argparse
import copy
import errno
import fcntl
import json
import os
import select
import signal
import struct
import sys
import termios
import threading
import time
import traceback
from collections import defaultdict

try:
    import pyte
    from pyte import modes as pyte_modes
    from pyte.screens import Margins, wcwidth
except ImportError:
    sys.stderr.write(
        "scrollback-terminal: the Python package pyte is missing: pip install pyte\n")
    sys.exit(3)

HISTORY_LINES = 10000
ALTERNATE_SCREEN_MODES = (47, 1047, 1049)
# How long the end of a program waits for its output to be read to the end, when something
# it started keeps the pty open.
OUTPUT_GRACE_SECONDS = 5.0
PR_SET_CHILD_SUBREAPER = 36
# How long `keys` waits for its bytes to go into the pty before it fails.
INPUT_TIMEOUT_SECONDS = 10.0
# How long `output feed-until` and `feed-before` wait for the program to write what they
# look for. NB: 10 s was once too short: a debug demo starting beside three runs of the
# whole suite and a sanitizer build (load above 12) wrote its first list after that.
FEED_TIMEOUT_SECONDS = 30.0


class ScrollbackScreen(pyte.HistoryScreen):
    """A pyte screen with xterm's scrollback, alternate screen and resizing."""

    def __init__(self, columns, rows):
        # NB: pyte's constructor calls reset(), which sets these up.
        self.private_modes = set()
        self.alternate = False
        self.normal_buffer = None
        self.alternate_buffer = None
        self.saved_cursors = {False: None, True: None}
        self.last_graphic = None
        # What the screen answers, in order, each (whether it answers a cursor position
        # request, bytes): the terminal writes those as its answer policy says.
        self.responses = []
        self.requests = 0
        super().__init__(columns, rows, history=HISTORY_LINES)

    def reset(self):
        # NB: a full reset (ESC c) keeps the scrollback, as in xterm (ESC [ 3 J erases it).
        kept = list(self.history.top)
        super().reset()
        self.history.top.extend(kept)
        self.private_modes = set()
        self.alternate = False
        self.normal_buffer = None
        self.alternate_buffer = None
        self.saved_cursors = {False: None, True: None}
        self.last_graphic = None

    # MARK: Answers

    def write_process_input(self, data):
        self.responses.append((False, data.encode("utf-8")))

    def take_responses(self):
        responses = self.responses
        self.responses = []
        return responses

    def report_device_status(self, mode=0, **kwargs):
        # NB: pyte's own takes no `private` and raises on ESC [ ? 6 n; private reports are
        # not answered.
        if kwargs.get("private"):
            return
        if mode == 5:
            self.write_process_input("\x1b[0n")
        elif mode == 6:
            # A cursor past the last column (a wrap pending) is reported on the last one.
            column = min(self.cursor.x, self.columns - 1) + 1
            row = self.cursor.y + 1
            if self.margins is not None and pyte_modes.DECOM in self.mode:
                row -= self.margins.top
            self.requests += 1
            self.responses.append((True, "\x1b[{};{}R".format(row, column).encode()))

    # MARK: Modes and the alternate screen

    def dec_modes(self):
        """The DEC private modes set now, pyte's own ones included."""
        modes = set(self.private_modes) - {5, 6, 7, 25}
        for number, mode in ((5, pyte_modes.DECSCNM), (6, pyte_modes.DECOM),
                             (7, pyte_modes.DECAWM), (25, pyte_modes.DECTCEM)):
            if mode in self.mode:
                modes.add(number)
        return modes

    def set_mode(self, *modes, **kwargs):
        if kwargs.get("private"):
            self.private_modes.update(modes)
            for mode in modes:
                if mode in ALTERNATE_SCREEN_MODES:
                    self._enter_alternate_screen(mode)
            # NB: DECCOLM would resize to 132 columns in pyte; xterm ignores it by default.
            modes = tuple(mode for mode in modes if mode != 3)
        if modes:
            super().set_mode(*modes, **kwargs)

    def reset_mode(self, *modes, **kwargs):
        if kwargs.get("private"):
            self.private_modes.difference_update(modes)
            for mode in modes:
                if mode in ALTERNATE_SCREEN_MODES:
                    self._leave_alternate_screen(mode)
            modes = tuple(mode for mode in modes if mode != 3)
        if modes:
            super().reset_mode(*modes, **kwargs)

    def _blank_buffer(self):
        return defaultdict(self.buffer.default_factory)

    def _enter_alternate_screen(self, mode):
        if self.alternate:
            return
        if mode == 1049:
            self.save_cursor()
        self.normal_buffer = self.buffer
        if mode == 47 and self.alternate_buffer is not None:
            self.buffer = self.alternate_buffer
        else:
            self.buffer = self._blank_buffer()
        self.alternate_buffer = None
        self.alternate = True

    def _leave_alternate_screen(self, mode):
        if not self.alternate:
            return
        # 47 keeps what the alternate screen shows for the next time; 1047 and 1049 clear it.
        self.alternate_buffer = self.buffer if mode == 47 else None
        self.buffer = self.normal_buffer
        self.normal_buffer = None
        self.alternate = False
        self.private_modes.difference_update(ALTERNATE_SCREEN_MODES)
        if mode == 1049:
            self.restore_cursor()
        self.ensure_hbounds()
        self.ensure_vbounds()

    # MARK: The saved cursor: one for each screen, restored as often as asked (xterm)

    def save_cursor(self):
        super().save_cursor()
        self.saved_cursors[self.alternate] = self.savepoints.pop()

    def restore_cursor(self):
        saved = self.saved_cursors[self.alternate]
        if saved is not None:
            # NB: pyte makes the saved cursor the cursor; a copy keeps the saved one as it was.
            self.savepoints.append(saved._replace(cursor=copy.copy(saved.cursor)))
        super().restore_cursor()

    def save_cursor_sco(self, *parameters, **kwargs):
        # ESC [ s without parameters; with them it is DECSLRM (left and right margins).
        if not kwargs.get("private") and not any(parameters):
            self.save_cursor()

    def restore_cursor_sco(self, *parameters, **kwargs):
        if not kwargs.get("private") and not any(parameters):
            self.restore_cursor()

    # MARK: Scrolling, and the scrollback

    def _region(self):
        return self.margins or Margins(0, self.lines - 1)

    def index(self):
        top, bottom = self._region()
        if self.cursor.y == bottom:
            self.scroll_up(1)
        elif self.cursor.y < self.lines - 1:
            # NB: pyte stops at the bottom margin even below it, moving the cursor up.
            self.cursor.y += 1

    def reverse_index(self):
        top, bottom = self._region()
        if self.cursor.y == top:
            self.scroll_down(1)
        elif self.cursor.y > 0:
            self.cursor.y -= 1

    def scroll_up(self, count=None, *rest, **kwargs):
        """SU (ESC [ n S), and an index at the bottom margin: the region's lines move up;
        those leaving it go into the scrollback when it starts at the top of the normal
        screen."""
        if kwargs.get("private") or rest:
            return
        top, bottom = self._region()
        count = min(count or 1, bottom - top + 1)
        keep = top == 0 and not self.alternate
        for y in range(top, top + count):
            line = self.buffer.pop(y, None)
            if keep:
                self.history.top.append(line if line is not None else self._blank_line())
        for y in range(top + count, bottom + 1):
            line = self.buffer.pop(y, None)
            if line is not None:
                self.buffer[y - count] = line

    def scroll_down(self, count=None, *rest, **kwargs):
        """SD (ESC [ n T), and a reverse index at the top margin: the region's lines move
        down; those leaving it at the bottom are lost."""
        # NB: with more parameters it is xterm's mouse highlight tracking, not SD.
        if kwargs.get("private") or rest:
            return
        top, bottom = self._region()
        count = min(count or 1, bottom - top + 1)
        for y in range(bottom - count + 1, bottom + 1):
            self.buffer.pop(y, None)
        for y in range(bottom - count, top - 1, -1):
            line = self.buffer.pop(y, None)
            if line is not None:
                self.buffer[y + count] = line

    def _blank_line(self):
        return self.buffer.default_factory()

    def insert_lines(self, count=None):
        # NB: pyte leaves a line in place where a blank one (not in its sparse buffer) should
        # have moved onto it.
        top, bottom = self._region()
        first = self.cursor.y
        if not top <= first <= bottom:
            return
        count = min(count or 1, bottom - first + 1)
        for y in range(bottom, first - 1, -1):
            source = y - count
            line = self.buffer.get(source) if source >= first else None
            if line is None:
                self.buffer.pop(y, None)
            else:
                self.buffer[y] = line
        self.carriage_return()

    def delete_lines(self, count=None):
        top, bottom = self._region()
        first = self.cursor.y
        if not top <= first <= bottom:
            return
        count = min(count or 1, bottom - first + 1)
        for y in range(first, bottom + 1):
            source = y + count
            line = self.buffer.get(source) if source <= bottom else None
            if line is None:
                self.buffer.pop(y, None)
            else:
                self.buffer[y] = line
        self.carriage_return()

    def erase_in_display(self, how=0, *args, **kwargs):
        if how == 3:
            # xterm: the saved lines only; pyte would also erase the screen.
            self.history.top.clear()
            return
        pyte.Screen.erase_in_display(self, how, *args, **kwargs)

    def set_margins(self, top=None, bottom=None, *rest, **kwargs):
        # NB: ESC [ ? n r is xterm's restoring of private modes, not a region.
        if kwargs.get("private"):
            return
        super().set_margins(top, bottom)
        # NB: pyte homes the cursor for a region, but not when the region is reset.
        if (top is None or top == 0) and bottom is None:
            self.cursor_position()

    # MARK: Cursor movement outside the scrolling region

    def cursor_up(self, count=None):
        top = self._region().top
        limit = top if self.cursor.y >= top else 0
        self.cursor.y = max(self.cursor.y - (count or 1), limit)
        self.ensure_hbounds()

    def cursor_down(self, count=None):
        bottom = self._region().bottom
        limit = bottom if self.cursor.y <= bottom else self.lines - 1
        self.cursor.y = min(self.cursor.y + (count or 1), limit)
        self.ensure_hbounds()

    def cursor_back_tab(self, count=None):
        for _ in range(count or 1):
            stops = [stop for stop in self.tabstops if stop < self.cursor.x]
            self.cursor.x = max(stops) if stops else 0

    def cursor_forward_tab(self, count=None):
        for _ in range(count or 1):
            self.tab()

    # MARK: Drawing

    def draw(self, data):
        if data.isascii() or pyte_modes.DECAWM not in self.mode:
            super().draw(data)
        else:
            for character in data:
                # A wide character that does not fit on the line wraps whole, as in xterm.
                if self.cursor.x == self.columns - 1 and wcwidth(character) == 2:
                    self.cursor.x = self.columns
                super().draw(character)
        if data:
            self.last_graphic = data[-1]

    def repeat_character(self, count=None, *rest, **kwargs):
        """REP (ESC [ n b), which ncurses uses for runs of one character on xterm."""
        if self.last_graphic is not None and not kwargs.get("private"):
            self.draw(self.last_graphic * min(count or 1, 65535))

    # MARK: Resizing

    def resize_terminal(self, columns, rows):
        """Resizes as the module's documentation says: xterm's way, not pyte's."""
        old_columns, old_rows = self.columns, self.lines
        if self.alternate:
            saved = self.saved_cursors[False]
            cursor_row = saved.cursor.y if saved is not None else self.cursor.y
            self.normal_buffer, shift = self._reshape(
                self.normal_buffer, old_rows, rows, cursor_row, keep_history=True)
            self._move_saved_cursor(False, shift, columns, rows)
            self.buffer, shift = self._reshape(
                self.buffer, old_rows, rows, self.cursor.y, keep_history=False)
            self.cursor.y += shift
            self._move_saved_cursor(True, shift, columns, rows)
        else:
            self.buffer, shift = self._reshape(
                self.buffer, old_rows, rows, self.cursor.y, keep_history=True)
            self.cursor.y += shift
            self._move_saved_cursor(False, shift, columns, rows)
            if self.alternate_buffer is not None:
                self.alternate_buffer, _ = self._reshape(
                    self.alternate_buffer, old_rows, rows, 0, keep_history=False)
        self.lines, self.columns = rows, columns
        # Cells beyond the new width are cut; cells beyond the old one (which pyte may have
        # written while shifting characters) are not shown when the terminal widens.
        cut = min(columns, old_columns)
        buffers = [self.buffer, self.normal_buffer, self.alternate_buffer]
        for lines in [buffer.values() for buffer in buffers if buffer is not None] + [
                self.history.top]:
            for line in lines:
                for x in [x for x in line if x >= cut]:
                    del line[x]
        if columns > old_columns:
            self.tabstops.update(range((old_columns + 7) // 8 * 8, columns, 8))
        self.tabstops = {stop for stop in self.tabstops if stop < columns}
        self.margins = None
        self.mode.discard(pyte_modes.DECOM)
        self.cursor.x = min(self.cursor.x, columns - 1)
        self.cursor.y = max(0, min(self.cursor.y, rows - 1))

    def _reshape(self, buffer, old_rows, rows, cursor_row, keep_history):
        """The buffer with `rows` rows, and how far its content moved down (negative: up)."""
        reshaped = defaultdict(buffer.default_factory)
        if rows < old_rows:
            below_cursor = old_rows - 1 - cursor_row
            up = max(0, old_rows - rows - below_cursor)
            for y in range(up):
                line = buffer.get(y)
                if keep_history:
                    self.history.top.append(line if line is not None else self._blank_line())
            for y in range(rows):
                line = buffer.get(y + up)
                if line is not None:
                    reshaped[y] = line
            return reshaped, -up
        down = min(rows - old_rows, len(self.history.top)) if keep_history else 0
        for y in range(down - 1, -1, -1):
            reshaped[y] = self.history.top.pop()
        for y in range(old_rows):
            line = buffer.get(y)
            if line is not None:
                reshaped[y + down] = line
        return reshaped, down

    def _move_saved_cursor(self, alternate, shift, columns, rows):
        saved = self.saved_cursors[alternate]
        if saved is None:
            return
        cursor = copy.copy(saved.cursor)
        cursor.y = max(0, min(cursor.y + shift, rows - 1))
        cursor.x = min(cursor.x, columns - 1)
        self.saved_cursors[alternate] = saved._replace(cursor=cursor)

    # MARK: Text

    def render(self, line):
        """A line's text: trailing spaces trimmed, a wide character once."""
        if not line:
            return ""
        cells = []
        previous_wide = False
        for x in range(self.columns):
            cell = line.get(x)
            data = cell.data if cell is not None else " "
            if data == "":
                # The second cell of a wide character; alone, a blank.
                if not previous_wide:
                    cells.append(" ")
                previous_wide = False
                continue
            wide = wcwidth(data[0]) == 2
            if wide and x + 1 < self.columns:
                following = line.get(x + 1)
                if following is None or following.data != "":
                    # Its second cell was written over: xterm erases the character.
                    cells.append(" ")
                    previous_wide = False
                    continue
            cells.append(data)
            previous_wide = wide
        return "".join(cells).rstrip(" ")

    def rows_text(self, buffer):
        return [self.render(buffer.get(y)) for y in range(self.lines)]

    def rows_emphasis(self, buffer):
        """Each row's cells as letters, one a cell (wide characters take two): `R` reverse
        and bold, `r` reverse, `b` bold, a space neither; trailing spaces trimmed."""
        rows = []
        for y in range(self.lines):
            line = buffer.get(y) or {}
            letters = []
            for x in range(self.columns):
                cell = line.get(x)
                reverse = cell is not None and cell.reverse
                bold = cell is not None and cell.bold
                letters.append("R" if reverse and bold else "r" if reverse else "b" if bold
                               else " ")
            rows.append("".join(letters).rstrip())
        return rows


class TerminalStream(pyte.ByteStream):
    """pyte's stream, with the control sequences ncurses sends for xterm that pyte lacks."""

    def _send_to_parser(self, data):
        # NB: pyte lets an exception from a handler (a sequence with arguments it does not
        # take) out of feed(), which drops the rest of what was read; here it is reported and
        # the parser, which pyte has reset, takes the next byte.
        try:
            return super()._send_to_parser(data)
        except Exception:
            traceback.print_exc()
            return self._taking_plain_text

    csi = dict(
        pyte.ByteStream.csi,
        S="scroll_up",
        T="scroll_down",
        Z="cursor_back_tab",
        I="cursor_forward_tab",
        b="repeat_character",
        s="save_cursor_sco",
        u="restore_cursor_sco",
    )


def set_window_size(descriptor, columns, rows):
    fcntl.ioctl(descriptor, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def default_signal_dispositions():
    for number in signal.valid_signals():
        if number in (signal.SIGKILL, signal.SIGSTOP):
            continue
        try:
            signal.signal(number, signal.SIG_DFL)
        except (OSError, ValueError, RuntimeError):
            pass
    signal.pthread_sigmask(signal.SIG_SETMASK, set())


def read_what_the_shell_would():
    """What is waiting in the terminal's input for the next command line, read as the shell
    reads it once the job has ended: the terminal back in the shell's process group, the
    bytes of an unfinished line too (non-canonical, so nothing waits for a line feed)."""
    os.tcsetpgrp(0, os.getpgrp())
    attributes = termios.tcgetattr(0)
    attributes[3] &= ~termios.ICANON
    attributes[6][termios.VMIN] = 0
    attributes[6][termios.VTIME] = 0
    termios.tcsetattr(0, termios.TCSANOW, attributes)
    data = bytearray()
    while True:
        chunk = os.read(0, 4096)
        if not chunk:
            return bytes(data)
        data += chunk


def run_session_leader(command, follower, report, environment, control=None):
    """The shell's part, in the forked child: never returns.

    With `control` (the read end of a pipe), the leader stays once the job has ended, as a
    shell does, holding the terminal, until a line comes on it: then it reads what is left
    in the terminal's input, reports it (`input HEX`) and ends."""
    try:
        os.setsid()
        fcntl.ioctl(follower, termios.TIOCSCTTY, 0)
        for descriptor in (0, 1, 2):
            os.dup2(follower, descriptor)
        os.dup2(report, 3)
        if control is not None:
            os.dup2(control, 4)
        os.closerange(5 if control is not None else 4, os.sysconf("SC_OPEN_MAX"))
        for number in (signal.SIGINT, signal.SIGQUIT, signal.SIGTSTP, signal.SIGTTIN,
                       signal.SIGTTOU):
            signal.signal(number, signal.SIG_IGN)
        job = [0]

        def on_hangup(number, frame):
            if job[0]:
                for forwarded in (signal.SIGHUP, signal.SIGCONT):
                    try:
                        os.killpg(job[0], forwarded)
                    except OSError:
                        pass

        signal.signal(signal.SIGHUP, on_hangup)
        # As a subreaper, the leader reaps what the program leaves behind when it ends (left
        # to a container's first process, an orphan may stay a zombie).
        try:
            import ctypes
            ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        except Exception:
            pass
        pid = os.fork()
        if pid == 0:
            try:
                os.close(3)
                if control is not None:
                    os.close(4)
                os.setpgid(0, 0)
                # NB: SIGTTOU is still ignored here, as a background group must for this.
                os.tcsetpgrp(0, os.getpid())
                default_signal_dispositions()
                os.execvpe(command[0], command, environment)
            except OSError as error:
                os.write(2, "{}: {}\r\n".format(command[0], error.strerror).encode())
            os._exit(127)
        job[0] = pid
        # NB: also here, as a shell does: whichever of the two runs first.
        for call in (lambda: os.setpgid(pid, pid), lambda: os.tcsetpgrp(0, pid)):
            try:
                call()
            except OSError:
                pass
        os.write(3, "started {}\n".format(pid).encode())
        while True:
            try:
                child, status = os.waitpid(-1, os.WUNTRACED | os.WCONTINUED)
            except ChildProcessError:
                break
            if child != pid:
                continue
            os.write(3, "status {}\n".format(status).encode())
            if os.WIFEXITED(status) or os.WIFSIGNALED(status):
                break
        if control is not None:
            with os.fdopen(4, "rb") as commands:
                if commands.readline():
                    left = read_what_the_shell_would()
                    os.write(3, "input {}\n".format(left.hex()).encode())
        # What has ended already is reaped; what lives on goes to the system's reaper.
        while True:
            try:
                child, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if child == 0:
                break
    except BaseException:
        traceback.print_exc()
    os._exit(0)


def start_program(command, columns, rows, environment, shell_waits=False):
    """Starts the session leader on a new pty; returns the pty's master side, the leader's
    process id, the pipe it reports the program's state changes on, and (with `shell_waits`)
    the pipe that tells it to read what the shell would."""
    master, follower = os.openpty()
    set_window_size(master, columns, rows)
    report_read, report_write = os.pipe()
    control_read, control_write = os.pipe() if shell_waits else (None, None)
    leader = os.fork()
    if leader == 0:
        os.close(master)
        os.close(report_read)
        if control_write is not None:
            os.close(control_write)
        run_session_leader(command, follower, report_write, environment, control_read)
    os.close(follower)
    os.close(report_write)
    if control_read is not None:
        os.close(control_read)
    return master, leader, report_read, control_write


def describe_status(status):
    if os.WIFEXITED(status):
        return {"code": os.WEXITSTATUS(status)}
    number = os.WTERMSIG(status)
    try:
        name = signal.Signals(number).name
    except ValueError:
        name = "signal {}".format(number)
    return {"signal": number, "name": name, "core": os.WCOREDUMP(status)}


class Terminal:
    """The emulator and the pty, shared by the command loop and the I/O thread."""

    def __init__(self, screen, stream, master, leader, report, control=None,
                 hold_output=False, answers="now"):
        self.screen = screen
        self.stream = stream
        self.master = master
        self.leader = leader
        self.report = report
        # The pipe that tells the waiting session leader to read what the shell would.
        self.control = control
        self.shell_input = None
        self.condition = threading.Condition()
        # While held, what the program writes is kept here unread by the screen.
        self.holding_output = hold_output
        self.held_output = bytearray()
        # The answer policy (see the module's documentation) and the answers it holds.
        self.answer_mode = answers
        self.answer_trigger = None
        self.answer_split = None
        self.answer_delay = 0.0
        # When the answers held are written, once the trigger came and its delay runs.
        self.answers_due_at = None
        self.answers_seen = bytearray()
        self.held_answers = []
        # Position answers given after the program ended: they go to the shell.
        self.answers_after_end = 0
        # Where each position answer queued and not yet written starts in the input (a count
        # of bytes queued before it), and whether it was counted after the end already.
        self.answer_starts = []
        self.job_output_read = False
        self.pending_input = bytearray()
        self.queued = 0
        self.written = 0
        # Bytes read from the program so far: a test waits for a frame by its arrival.
        self.received = 0
        self.output_ended = False
        self.close_requested = False
        self.hung_up = False
        self.job = None
        self.job_state = "running"
        self.job_status = None
        self.job_ended_at = None
        self.leader_status = None
        self.report_buffer = b""
        self.wake_read, self.wake_write = os.pipe()
        os.set_blocking(master, False)
        os.set_blocking(self.wake_read, False)
        self.thread = threading.Thread(target=self.run, name="pty", daemon=True)

    def start(self):
        self.thread.start()

    def wake(self):
        try:
            os.write(self.wake_write, b"x")
        except BlockingIOError:
            pass

    # MARK: The I/O thread

    def run(self):
        try:
            self.loop()
        except BaseException:
            traceback.print_exc()
            with self.condition:
                self.output_ended = True
                self.condition.notify_all()

    def close_master(self):
        """Hangs up: the pty's master side closed, under the lock."""
        os.close(self.master)
        self.master = None
        self.hung_up = True
        self.output_ended = True
        self.written = self.queued
        self.pending_input.clear()
        self.answer_starts.clear()
        self.condition.notify_all()

    def loop(self):
        while True:
            with self.condition:
                if self.close_requested and self.master is not None:
                    # NB: here, not in the command's thread: this one may be in select on it.
                    self.close_master()
                master = self.master if not self.output_ended else None
                readers = [self.wake_read]
                if master is not None:
                    readers.append(master)
                if self.report is not None:
                    readers.append(self.report)
                writers = [master] if master is not None and self.pending_input else []
                # NB: the thread stays while the master is open, to close it on a hangup.
                if self.master is None and self.report is None:
                    return
            timeout = None
            if self.answers_due_at is not None:
                timeout = max(0.0, self.answers_due_at - time.monotonic())
            readable, writable, _ = select.select(readers, writers, [], timeout)
            with self.condition:
                if self.answers_due_at is not None and time.monotonic() >= self.answers_due_at:
                    self.release_answers()
                if self.wake_read in readable:
                    try:
                        os.read(self.wake_read, 4096)
                    except BlockingIOError:
                        pass
                if master is not None and master in readable:
                    self.read_output(master)
                if master is not None and master in writable and self.master is not None:
                    self.write_input(master)
                if self.report is not None and self.report in readable:
                    self.read_report()
                self.condition.notify_all()

    def read_output(self, master):
        """Reads and shows what the program wrote; whether there was anything."""
        try:
            data = os.read(master, 65536)
        except BlockingIOError:
            return False
        except OSError as error:
            # EIO: no process has the pty's other side open any more.
            if error.errno != errno.EIO:
                raise
            data = b""
        if not data:
            self.output_ended = True
            self.written = self.queued
            self.pending_input.clear()
            self.answer_starts.clear()
            return False
        self.received += len(data)
        if self.holding_output:
            self.held_output += data
        else:
            self.feed(data)
        return True

    def feed(self, data):
        """Shows `data` on the screen, and writes the answers it asks for as the answer
        policy says."""
        try:
            self.stream.feed(data)
        except Exception:
            traceback.print_exc()
        for is_position_answer, answer in self.screen.take_responses():
            if not is_position_answer:
                self.queue_input(answer)
                continue
            if self.answer_mode == "never":
                continue
            after_end = self.job_status is not None
            if after_end:
                self.answers_after_end += 1
            if self.answer_mode == "now":
                self.queue_answer(answer, after_end)
                continue
            split = min(self.answer_split or 0, len(answer))
            if split > 0:
                self.queue_answer(answer[:split], after_end)
            self.held_answers.append((answer[split:], split == 0))
        if self.answer_trigger is not None:
            self.answers_seen += data
            if self.answer_trigger in self.answers_seen:
                self.answer_trigger = None
                if self.answer_delay > 0:
                    self.answers_due_at = time.monotonic() + self.answer_delay
                    self.wake()
                else:
                    self.release_answers()
            else:
                del self.answers_seen[:-len(self.answer_trigger)]

    def queue_input(self, data):
        self.pending_input += data
        self.queued += len(data)

    def queue_answer(self, data, counted):
        """Queues the start of a position answer (the whole of it, or a first piece)."""
        self.answer_starts.append([self.queued, counted])
        self.queue_input(data)

    def release_answers(self):
        """Writes the answers held, and answers at once from now on."""
        for answer, starts in self.held_answers:
            after_end = self.job_status is not None
            if after_end:
                self.answers_after_end += 1
            if starts:
                self.queue_answer(answer, after_end)
            else:
                self.queue_input(answer)
        self.held_answers = []
        self.answer_mode = "now"
        self.answer_trigger = None
        self.answer_split = None
        self.answer_delay = 0.0
        self.answers_due_at = None
        self.answers_seen = bytearray()

    def write_input(self, master):
        # NB: a program that ended may not be reaped yet; one that put the terminal's modes
        # back (echo on) reads no more answers: an answer written now reaches the shell, as
        # one given after the end does.
        try:
            echoing = termios.tcgetattr(master)[3] & termios.ECHO != 0
        except termios.error:
            echoing = False
        try:
            count = os.write(master, self.pending_input)
        except BlockingIOError:
            return
        except OSError:
            count = len(self.pending_input)
        del self.pending_input[:count]
        while self.answer_starts and self.answer_starts[0][0] < self.written + count:
            _, counted = self.answer_starts.pop(0)
            if echoing and not counted:
                self.answers_after_end += 1
        self.written += count

    def read_report(self):
        data = os.read(self.report, 4096)
        if not data:
            os.close(self.report)
            self.report = None
            _, self.leader_status = os.waitpid(self.leader, 0)
            if self.job_status is None:
                # The leader ended without the program's end: report its own.
                self.job_status = self.leader_status
                self.job_state = "exited"
                self.job_ended_at = time.monotonic()
            return
        self.report_buffer += data
        *lines, self.report_buffer = self.report_buffer.split(b"\n")
        for line in lines:
            kind, value = line.decode().split(" ")
            if kind == "input":
                self.shell_input = value
                continue
            value = int(value)
            if kind == "started":
                self.job = value
            elif os.WIFSTOPPED(value):
                self.job_state = "stopped"
            elif os.WIFCONTINUED(value):
                self.job_state = "running"
            else:
                self.job_status = value
                self.job_state = "exited"
                self.job_ended_at = time.monotonic()
                if self.control is not None:
                    self.read_what_the_job_wrote()

    def read_what_the_job_wrote(self):
        """Reads the pty to its end once the job has ended, when the leader keeps it open
        (--shell-waits): all the job wrote is there to read (a read waits for the bytes still
        on their way into the pty's buffer)."""
        while self.master is not None and not self.output_ended and self.read_output(
                self.master):
            pass
        self.job_output_read = True

    # MARK: State, under the lock

    def exit_known(self):
        """Whether the program's end can be reported: it ended and its output has been read
        to the end, or the grace period passed."""
        if self.job_status is None:
            return False
        return (self.output_ended or self.hung_up or self.job_output_read
                or time.monotonic() >= self.job_ended_at + OUTPUT_GRACE_SECONDS)

    def exited(self):
        return describe_status(self.job_status) if self.exit_known() else None

    def snapshot(self):
        screen = self.screen
        normal = screen.normal_buffer if screen.alternate else screen.buffer
        return {
            "history": [screen.render(line) for line in screen.history.top],
            "display": screen.rows_text(screen.buffer),
            "emphasis": screen.rows_emphasis(screen.buffer),
            "normal": screen.rows_text(normal),
            "cursor": {
                "row": screen.cursor.y,
                "column": min(screen.cursor.x, screen.columns - 1),
                "hidden": pyte_modes.DECTCEM not in screen.mode,
            },
            "modes": sorted(screen.dec_modes()),
            "alternate": screen.alternate,
            "columns": screen.columns,
            "rows": screen.lines,
            "title": screen.title,
            "state": "exited" if self.exit_known() else (
                "stopped" if self.job_state == "stopped" else "running"),
            "exited": self.exited(),
            "received": self.received,
            "requests": self.screen.requests,
            "heldAnswers": len(self.held_answers),
            "heldOutput": len(self.held_output),
            "answersAfterEnd": self.answers_after_end,
            "busy": self.busy(),
        }

    def busy(self):
        if self.master is not None:
            pending = bytearray(4)
            try:
                fcntl.ioctl(self.master, termios.FIONREAD, pending)
                if struct.unpack("i", pending)[0] > 0:
                    return True
            except OSError:
                pass
        if self.job is None or self.exit_known():
            return False
        try:
            threads = os.listdir("/proc/{}/task".format(self.job))
        except OSError:
            return False
        for thread in threads:
            try:
                with open("/proc/{}/task/{}/stat".format(self.job, thread)) as stat:
                    # NB: the name, in parentheses, may hold spaces: the state follows its end.
                    # D too: a thread in uninterruptible sleep (a page of the program read back
                    # from disk while a build fills the machine's memory) is stopped mid-work,
                    # and a frame it was writing is not whole.
                    if stat.read().rsplit(")", 1)[1].split()[0] in ("R", "D"):
                        return True
            except (OSError, IndexError):
                continue
        return False

    # MARK: Commands

    def keys(self, argument):
        data = bytes.fromhex(argument)
        deadline = time.monotonic() + INPUT_TIMEOUT_SECONDS
        with self.condition:
            if self.master is None or self.close_requested:
                return {"error": "the terminal was hung up"}
            if self.output_ended:
                # No process has the terminal open any more: what is typed goes nowhere.
                return {"ok": True}
            self.pending_input += data
            self.queued += len(data)
            target = self.queued
            self.wake()
            while self.written < target:
                left = deadline - time.monotonic()
                if left <= 0:
                    return {"error": "the program did not read its input for {} s".format(
                        INPUT_TIMEOUT_SECONDS)}
                self.condition.wait(left)
        return {"ok": True}

    def resize(self, columns, rows, screen=True, pty=True):
        if columns < 1 or rows < 1:
            return {"error": "a terminal has at least one column and one row"}
        with self.condition:
            # What the program wrote before the resize is shown at the old size first, as a
            # terminal that keeps up with its output does; only bytes still to be written
            # meet the new size. (Output held stays held: it comes after.)
            while self.master is not None and not self.output_ended and self.read_output(
                    self.master):
                pass
            if screen:
                self.screen.resize_terminal(columns, rows)
            if pty and self.master is not None:
                set_window_size(self.master, columns, rows)
            # NB: what was read here may have asked for answers, which the I/O thread writes.
            self.wake()
        return {"ok": True}

    def output(self, arguments):
        """`output hold`, `output release`, `output feed-until HEX`, `output feed-before HEX`:
        what the screen shows of what the program wrote, and when."""
        action = arguments[0]
        with self.condition:
            if action == "hold":
                self.holding_output = True
                return {"ok": True}
            if action == "release":
                self.holding_output = False
                data, self.held_output = bytes(self.held_output), bytearray()
                self.feed(data)
                # NB: the I/O thread writes the answers fed here: it may be waiting in select
                # with nothing to write.
                self.wake()
                self.condition.notify_all()
                return {"ok": True}
            if action not in ("feed-until", "feed-before") or len(arguments) != 2:
                return {"error": "unknown output command: {}".format(" ".join(arguments))}
            if not self.holding_output:
                return {"error": "the output is not held"}
            pattern = bytes.fromhex(arguments[1])
            deadline = time.monotonic() + FEED_TIMEOUT_SECONDS
            while pattern not in self.held_output:
                left = deadline - time.monotonic()
                if left <= 0 or (self.output_ended and self.master is None):
                    return {"error": "the program did not write {!r} in {} s".format(
                        pattern, FEED_TIMEOUT_SECONDS)}
                self.condition.wait(min(left, 0.1))
            end = self.held_output.index(pattern)
            if action == "feed-until":
                end += len(pattern)
            data = bytes(self.held_output[:end])
            del self.held_output[:end]
            self.feed(data)
            self.wake()
            self.condition.notify_all()
        return {"ok": True}

    def answers(self, arguments):
        """`answers now|hold|never|release`, `answers after HEX [delay MS]`, each with
        `split N` after it: when the answers to cursor position requests are written."""
        split = None
        if len(arguments) >= 2 and arguments[-2] == "split":
            split = int(arguments[-1])
            arguments = arguments[:-2]
        delay = 0.0
        if len(arguments) >= 2 and arguments[-2] == "delay":
            delay = int(arguments[-1]) / 1000.0
            arguments = arguments[:-2]
        with self.condition:
            mode = arguments[0] if arguments else ""
            if mode == "release" and len(arguments) == 1:
                self.release_answers()
            elif mode in ("now", "hold", "never") and len(arguments) == 1:
                if mode == "now":
                    self.release_answers()
                self.answer_mode = mode
                self.answer_trigger = None
            elif mode == "after" and len(arguments) == 2:
                self.answer_mode = "hold"
                self.answer_trigger = bytes.fromhex(arguments[1])
                self.answer_delay = delay
                self.answers_seen = bytearray()
            else:
                return {"error": "unknown answers command: {}".format(" ".join(arguments))}
            self.answer_split = split
            self.wake()
        return {"ok": True}

    def read_shell_input(self):
        """What the shell reads from the terminal once the job has ended, after the answers
        and keys queued so far are in the pty."""
        if self.control is None:
            return {"error": "the terminal was not started with --shell-waits"}
        deadline = time.monotonic() + INPUT_TIMEOUT_SECONDS
        with self.condition:
            while self.job_status is None or self.written < self.queued:
                left = deadline - time.monotonic()
                if left <= 0:
                    return {"error": "the program did not end, or its input was not read"}
                self.condition.wait(min(left, 0.1))
        os.write(self.control, b"read\n")
        with self.condition:
            while self.shell_input is None:
                left = deadline - time.monotonic()
                if left <= 0 or self.report is None:
                    return {"error": "the session leader did not read the input"}
                self.condition.wait(min(left, 0.1))
            return {"input": self.shell_input}

    def signal(self, name):
        name = name.upper()
        if not name.startswith("SIG"):
            name = "SIG" + name
        try:
            number = signal.Signals[name]
        except KeyError:
            return {"error": "no signal named {}".format(name)}
        with self.condition:
            job = self.job
        try:
            os.killpg(job, number)
        except OSError as error:
            return {"error": "cannot send {}: {}".format(name, error.strerror)}
        return {"ok": True}

    def hangup(self):
        with self.condition:
            self.close_requested = True
            self.wake()
            while self.master is not None and self.thread.is_alive():
                self.condition.wait(0.1)
            if self.master is not None:
                # The I/O thread died (its error is on standard error).
                self.close_master()
        return {"ok": True}

    def wait_exit(self, seconds):
        deadline = time.monotonic() + seconds
        with self.condition:
            while not self.exit_known():
                left = deadline - time.monotonic()
                if left <= 0:
                    return {"timeout": True, "state": self.job_state}
                # NB: the grace period ends without a notification.
                self.condition.wait(min(left, 0.1))
            return {"exited": self.exited()}

    def kill(self):
        """Kills the program's process group and waits for the session leader, which reaps
        it and ends; kills the leader too if it does not."""
        with self.condition:
            job = self.job
            # NB: a leader waiting to read what the shell would ends at the pipe's end.
            control, self.control = self.control, None
        if control is not None:
            os.close(control)
        if job:
            try:
                os.killpg(job, signal.SIGKILL)
            except OSError:
                pass
        for last_resort in (False, True):
            if last_resort:
                try:
                    os.kill(self.leader, signal.SIGKILL)
                except OSError:
                    pass
            with self.condition:
                if self.condition.wait_for(lambda: self.leader_status is not None, timeout=5):
                    return
        # NB: the I/O thread reaps the leader; should it have died, this does.
        try:
            os.waitpid(self.leader, os.WNOHANG)
        except ChildProcessError:
            pass


def reply(message):
    sys.stdout.buffer.write(json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n")
    sys.stdout.buffer.flush()


def serve(terminal):
    for raw in sys.stdin.buffer:
        words = raw.decode("utf-8", "replace").split()
        if not words:
            continue
        command, arguments = words[0], words[1:]
        try:
            if command == "keys" and len(arguments) <= 1:
                reply(terminal.keys(arguments[0] if arguments else ""))
            elif command == "resize" and len(arguments) == 2:
                reply(terminal.resize(int(arguments[0]), int(arguments[1])))
            elif command == "resize-screen" and len(arguments) == 2:
                reply(terminal.resize(int(arguments[0]), int(arguments[1]), pty=False))
            elif command == "resize-pty" and len(arguments) == 2:
                reply(terminal.resize(int(arguments[0]), int(arguments[1]), screen=False))
            elif command == "output" and arguments:
                reply(terminal.output(arguments))
            elif command == "answers" and arguments:
                reply(terminal.answers(arguments))
            elif command == "shell-input" and not arguments:
                reply(terminal.read_shell_input())
            elif command == "signal" and len(arguments) == 1:
                reply(terminal.signal(arguments[0]))
            elif command == "hangup" and not arguments:
                reply(terminal.hangup())
            elif command == "snapshot" and not arguments:
                with terminal.condition:
                    message = terminal.snapshot()
                reply(message)
            elif command == "wait-exit" and len(arguments) == 1:
                reply(terminal.wait_exit(float(arguments[0])))
            elif command == "close" and not arguments:
                terminal.kill()
                reply({"ok": True})
                return
            else:
                reply({"error": "unknown command: {}".format(raw.decode("utf-8", "replace"))})
        except Exception as error:
            traceback.print_exc()
            reply({"error": "{} failed: {}".format(command, error)})
    terminal.kill()


def main():
    parser = argparse.ArgumentParser(description="A terminal that keeps its scrollback.")
    parser.add_argument("--columns", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--term", default="xterm-256color")
    parser.add_argument("--history-file")
    parser.add_argument("--resize-before-start", type=int, nargs=2, metavar=("C", "R"))
    parser.add_argument("--hold-output", action="store_true")
    parser.add_argument("--answers", choices=("now", "hold", "never"), default="now")
    parser.add_argument("--shell-waits", action="store_true")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    command = arguments.command
    if command and command[0] == "--":
        command = command[1:]
    if not command:
        parser.error("no command to run")

    screen = ScrollbackScreen(arguments.columns, arguments.rows)
    stream = TerminalStream(screen)
    if arguments.history_file:
        with open(arguments.history_file, encoding="utf-8") as file:
            text = file.read()
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        for line in lines:
            stream.feed(line.encode("utf-8") + b"\r\n")
        screen.take_responses()
    columns, rows = arguments.columns, arguments.rows
    if arguments.resize_before_start:
        columns, rows = arguments.resize_before_start
        screen.resize_terminal(columns, rows)

    environment = dict(os.environ)
    environment["TERM"] = arguments.term
    # NB: the program starts (a fork) before any thread does.
    master, leader, report, control = start_program(
        command, columns, rows, environment, arguments.shell_waits)
    terminal = Terminal(
        screen, stream, master, leader, report, control, arguments.hold_output,
        arguments.answers)
    terminal.start()
    with terminal.condition:
        started = terminal.condition.wait_for(
            lambda: terminal.job is not None or terminal.report is None, timeout=30)
        job = terminal.job
    if not started or job is None:
        reply({"error": "the program did not start"})
        terminal.kill()
        return 1
    reply({"ready": True, "pid": job, "shell": leader})
    serve(terminal)
    return 0


if __name__ == "__main__":
    sys.exit(main())
