# The Python reference the inline benchmark compares ScreenKit's inline viewport with: the
# same job as `Demo load-probe --inline`, done with rich's status line (`Console.status`), a
# spinner on the line at the cursor in the normal screen, without the alternate screen.
#
# It shows rich's "dots" spinner (the frames and the 80 ms interval of ScreenKit's default
# style) with a cyan glyph and the label "Loading…", sleeps for --seconds (the load) while
# rich's refresh thread turns the spinner, then stops the status (rich erases its line, a
# status being transient) and prints one line of text. `q` quits. With --trace FILE it
# appends the demo's trace lines (start, load_start, load_end, mount) with CLOCK_MONOTONIC
# seconds, so the programs are timed from outside the same way. With --check it prints
# rich's and Python's versions and exits, or says on one line that rich is missing: the benchmark's test.
#
# rich draws its first frame on the refresh thread's first turn, 80 ms after the status
# starts (Status.start does not draw at once), and then redraws the whole line every 80 ms
# (12.5 refreshes a second, the default); the glyph of each redraw follows the time since the
# first, so a redraw may repeat a glyph or skip one. The benchmark counts glyph changes as
# frames, for this program as for the others.
#
# usage: python3 rich-reference.py [--seconds S] [--text TEXT] [--trace FILE] | --check

import os
import sys
import time

trace_descriptor = -1


def trace_event(event, nanoseconds):
    # NB: one write per line on an O_APPEND descriptor, whole seconds and nanoseconds apart,
    # as the demo and the C program write them (a float loses nanoseconds of an uptime).
    global trace_descriptor
    if trace_descriptor < 0:
        return
    line = "%s %d.%09d\n" % (event, nanoseconds // 1_000_000_000, nanoseconds % 1_000_000_000)
    try:
        os.write(trace_descriptor, line.encode())
    except OSError:
        trace_descriptor = -1


def monotonic():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


def usage():
    sys.stderr.write(
        "usage: rich-reference.py [--seconds S] [--text TEXT] [--trace FILE] | --check\n")
    sys.exit(2)


def main():
    global trace_descriptor
    # NB: read before rich is imported, as the C program reads it before newterm: importing
    # rich is part of this program's start-up.
    started = monotonic()
    seconds = 3.0
    text = "Loaded."
    check = False
    arguments = sys.argv[1:]
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument == "--check":
            check = True
        elif argument in ("--seconds", "--text", "--trace") and index + 1 < len(arguments):
            index += 1
            value = arguments[index]
            if argument == "--seconds":
                seconds = float(value)
            elif argument == "--text":
                text = value
            else:
                try:
                    trace_descriptor = os.open(
                        value, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)
                except OSError as error:
                    sys.stderr.write(
                        "rich-reference: cannot open trace file '%s': %s\n"
                        % (value, error.strerror))
                    sys.exit(2)
        else:
            usage()
        index += 1
    try:
        import rich.console
    except ImportError:
        sys.stderr.write(
            "rich is not installed for %s (python3 -m pip install rich)\n" % sys.executable)
        sys.exit(3)
    if check:
        from importlib.metadata import version

        print("rich %s, Python %s" % (version("rich"), sys.version.split()[0]))
        return
    trace_event("start", started)

    # NB: cbreak and no echo, as the C program's ncurses sets them, so that the `q` the
    # benchmark types arrives alone and unechoed; rich itself reads no keys. Setting the modes
    # writes nothing to the terminal.
    import termios
    import tty

    modes = termios.tcgetattr(0) if os.isatty(0) else None
    if modes is not None:
        tty.setcbreak(0)
    try:
        console = rich.console.Console()
        status = console.status("Loading…", spinner="dots", spinner_style="cyan")
        status.start()
        trace_event("load_start", monotonic())
        time.sleep(seconds)
        trace_event("load_end", monotonic())
        status.stop()
        # NB: no markup, highlighting or emoji: the line's bytes are the text's, as in the
        # other programs, and arrive in one piece.
        console.print(text, markup=False, highlight=False, emoji=False)
        trace_event("mount", monotonic())
        while True:
            key = os.read(0, 1)
            if key in (b"q", b""):
                break
    finally:
        if modes is not None:
            termios.tcsetattr(0, termios.TCSADRAIN, modes)


main()
