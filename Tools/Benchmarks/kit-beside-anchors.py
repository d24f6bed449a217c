#!/usr/bin/env python3
# ScreenKitPrompts measured from outside beside other tools doing the same job, in the same
# run, printed as a table and as ratios (ScreenKit / the better anchor).
#
#   tasks   The release `TasksExample` (200 tasks reporting at 10 Hz, 1,000 log lines) beside
#           the same job written with rich.progress and with enlighten
#           (Reference/rich-tasks.py, Reference/enlighten-tasks.py), each in a tmux pane of
#           100x40 with a large history, resized to 90x30 and back mid-run. From outside:
#           the bytes the program wrote to the terminal (`tmux pipe-pane`), its CPU seconds
#           (user + system, wait4 of the child), wall time, CPU and bytes per second, and the
#           rows left in the scrollback (`capture-pane -S -`) that are neither a log line,
#           a finished task's line nor the closing line. Goal: rows 0, bytes/s and CPU/s at
#           most half of the better anchor.
#   select  The release `PromptsExample --options-file FILE` (a select over the file's lines)
#           beside `fzf --height 40%` reading the same lines on standard input, on a pty of
#           100x40 that this script reads (it answers cursor position requests as a terminal
#           does): spawn to the first frame showing the list, then a query typed a key at a
#           time and moves, each key's time until the screen is settled (the last byte before
#           the output goes quiet; each of 60 moves after 30 ms, their median). Goal: no
#           worse than fzf.
#   setup   The release `Demo setup` on a pty of 100x40, answered by keys (the defaults, y to
#           install, Enter on the table): spawn to the first frame of its first question, and
#           the peak RSS of the whole flow (wait4), beside rich's `Prompt.ask` asking the
#           first question alone. Goal: no slower to the first prompt, no more memory.
#
# usage: python3 Tools/Benchmarks/kit-beside-anchors.py tasks|select|setup|all [--quick]
#        [--runs N] [--products DIR]
# --quick: a short run of each (20 tasks, 10,000 options, one run): that it all still works,
# no goals checked. The products are `.build/release` unless --products says otherwise
# (`swift build -c release --product TasksExample` and `--product PromptsExample`).

import json
import os
import pty
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import termios
import fcntl
import struct
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def fail(message):
    sys.stderr.write("kit-beside-anchors: %s\n" % message)
    sys.exit(1)


# ---------------------------------------------------------------------------------------------
# Running a program in a tmux pane, measured from outside.

def child_runner(result_path, fifo_path, command):
    # Runs inside the pane: waits for the go (so that pipe-pane is in place before the first
    # byte), then runs the command on the pane's terminal and writes its rusage.
    with open(fifo_path) as fifo:
        fifo.read()
    started = time.monotonic()
    child = subprocess.Popen(command)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - started
    with open(result_path + ".part", "w") as out:
        json.dump({"user": usage.ru_utime, "system": usage.ru_stime, "wall": wall,
                   "status": os.waitstatus_to_exitcode(status), "maxrss": usage.ru_maxrss}, out)
    os.rename(result_path + ".part", result_path)


class Tmux:
    servers = 0

    def __init__(self, directory, width, height):
        # NB: a server of its own for each run, never one that another run is stopping.
        Tmux.servers += 1
        self.socket = "kitbench-%d-%d" % (os.getpid(), Tmux.servers)
        self.config = os.path.join(directory, "tmux.conf")
        with open(self.config, "w") as config:
            config.write("set -g history-limit 500000\nset -g remain-on-exit on\n"
                         "set -g status off\n")
        self.width, self.height = width, height

    def __call__(self, *arguments, capture=False):
        # NB: the server, and so the pane, takes this environment: without CI (under which the
        # kit, as it should, draws nothing) nor NO_COLOR, as a person's shell has it.
        environment = {key: value for key, value in os.environ.items()
                       if key not in ("CI", "NO_COLOR", "TMUX")}
        result = subprocess.run(["tmux", "-L", self.socket, "-f", self.config] + list(arguments),
                                stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, env=environment)
        if result.returncode != 0:
            fail("tmux %s: %s" % (arguments[0], result.stderr.strip()))
        return result.stdout if capture else None

    def kill(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], stderr=subprocess.DEVNULL)


def run_in_pane(directory, name, command, resizes, width=100, height=40, timeout=120):
    # Returns (usage, bytes written, scrollback rows) of `command` run in a fresh tmux server.
    result_path = os.path.join(directory, name + ".json")
    fifo_path = os.path.join(directory, name + ".go")
    output_path = os.path.join(directory, name + ".out")
    for path in (result_path, fifo_path, output_path):
        if os.path.exists(path):
            os.remove(path)
    os.mkfifo(fifo_path)
    tmux = Tmux(directory, width, height)
    inner = [sys.executable, os.path.abspath(__file__), "_run", result_path, fifo_path, "--"]
    inner += command
    try:
        tmux("new-session", "-d", "-s", "bench", "-x", str(width), "-y", str(height),
             "-c", ROOT, " ".join(shell_quote(part) for part in inner))
        pane = tmux("list-panes", "-t", "bench", "-F", "#{pane_dead} #{pane_pid}", capture=True)
        if not pane.startswith("0 "):
            fail("the pane of %s exited at once (%s)" % (name, pane.strip()))
        tmux("pipe-pane", "-o", "-t", "bench", "cat > %s" % shell_quote(output_path))
        with open(fifo_path, "w") as fifo:
            fifo.write("go")
        started = time.monotonic()
        pending = sorted(resizes)
        while not os.path.exists(result_path):
            now = time.monotonic() - started
            if pending and now >= pending[0][0]:
                _, (columns, rows) = pending.pop(0)
                tmux("resize-window", "-t", "bench", "-x", str(columns), "-y", str(rows))
            if now > timeout:
                fail("%s did not finish in %d s" % (name, timeout))
            time.sleep(0.02)
        # The pane's last output reaches pipe-pane's cat a moment after the program exits.
        time.sleep(0.3)
        rows = tmux("capture-pane", "-p", "-t", "bench", "-S", "-", "-E", "-", capture=True)
    finally:
        tmux.kill()
    with open(result_path) as result:
        usage = json.load(result)
    written = os.path.getsize(output_path) if os.path.exists(output_path) else 0
    return usage, written, rows.split("\n")


def shell_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


# ---------------------------------------------------------------------------------------------
# The task group.

LOG = re.compile(r"^(Installing \d+ packages|package-\d+: (half way|step \d+))$")
FINISHED = re.compile(r"^✔ package-\d+ (\d+\.\ds|\d+m\d\ds)$")
CLOSING = re.compile(r"^Installed \d+ packages\.$")
# tmux's own line under a program that has exited (remain-on-exit).
DEAD = re.compile(r"^Pane is dead \(")


def classify(rows):
    # Logs and finished lines seen, and the rows that are neither (nor blank), with examples.
    logs, finished, stray, examples = [], [], 0, []
    for row in rows:
        text = row.rstrip()
        if not text or CLOSING.match(text) or DEAD.match(text):
            continue
        if LOG.match(text):
            logs.append(text)
        elif FINISHED.match(text):
            finished.append(text)
        else:
            stray += 1
            if len(examples) < 3:
                examples.append(text[:60])
    return logs, finished, stray, examples


def tasks_benchmark(products, quick, runs):
    if quick:
        count, steps, logs = 20, 10, 5
    else:
        count, steps, logs = 200, 50, 5
    job = ["--tasks", str(count), "--steps", str(steps), "--step-ms", "100", "--jitter-ms", "0",
           "--logs", str(logs)]
    programs = [
        ("ScreenKit", [os.path.join(products, "TasksExample")] + job),
        ("rich.progress", [sys.executable, os.path.join(HERE, "Reference", "rich-tasks.py")] + job),
        ("enlighten", [sys.executable, os.path.join(HERE, "Reference", "enlighten-tasks.py")]
         + job),
    ]
    if not os.access(programs[0][1][0], os.X_OK):
        fail("%s is not built (swift build -c release --product TasksExample)" % programs[0][1][0])
    for label, module in (("rich.progress", "rich"), ("enlighten", "enlighten")):
        if subprocess.run([sys.executable, "-c", "import " + module]).returncode != 0:
            fail("%s is missing (python3 -m pip install rich enlighten)" % module)
    duration = steps * 0.1
    resizes = [(duration * 0.4, (90, 30)), (duration * 0.7, (100, 40))]
    sys.path.insert(0, os.path.join(HERE, "Reference"))
    import tasks_common
    expected_logs = count * sum(1 for step in range(1, steps + 1)
                                if tasks_common.log_due(step, steps, logs)) + 1
    print("Task group: %d tasks of %d steps at 10 Hz, %d log lines, tmux 100x40 resized to 90x30"
          " and back; %d run(s) each, interleaved" % (count, steps, expected_logs, runs))
    figures = {label: [] for label, _ in programs}
    with tempfile.TemporaryDirectory(prefix="kitbench-") as directory:
        for round_index in range(runs):
            for label, command in programs:
                usage, written, rows = run_in_pane(directory, "tasks", command, resizes)
                seen_logs, seen_finished, stray, examples = classify(rows)
                # A line printed twice is a stray row too.
                stray += len(seen_logs) - len(set(seen_logs))
                stray += len(seen_finished) - len(set(seen_finished))
                cpu = usage["user"] + usage["system"]
                wall = usage["wall"]
                figures[label].append({
                    "wall": wall, "cpu": cpu, "bytes": written, "cpu_per_s": cpu / wall,
                    "bytes_per_s": written / wall, "stray": stray, "examples": examples,
                    "logs": len(seen_logs), "finished": len(set(seen_finished)),
                    "lost": expected_logs - len(set(seen_logs)) + count - len(set(seen_finished)),
                    "status": usage["status"]})
                print("  run %d %-13s %5.2f s wall, %5.2f s CPU, %8d bytes, %4d stray rows, "
                      "logs %d/%d, finished %d/%d, status %d"
                      % (round_index + 1, label, wall, cpu, written, stray, len(set(seen_logs)),
                         expected_logs, len(set(seen_finished)), count, usage["status"]))
    print()
    table = [("", [label for label, _ in programs])]
    medians = {}
    for label, _ in programs:
        medians[label] = {key: statistics.median(run[key] for run in figures[label])
                          for key in ("wall", "cpu", "bytes", "cpu_per_s", "bytes_per_s", "stray",
                                      "lost")}
    rows = [("wall", "%.2f s", "wall"), ("CPU (user + system)", "%.2f s", "cpu"),
            ("bytes written", "%.0f", "bytes"), ("CPU per second", "%.3f s/s", "cpu_per_s"),
            ("bytes per second", "%.0f B/s", "bytes_per_s"),
            ("stray scrollback rows", "%.0f", "stray"),
            ("log or finished lines lost", "%.0f", "lost")]
    print("| | " + " | ".join(label for label, _ in programs) + " | ScreenKit / better anchor |")
    print("| --- | " + " | ".join("---:" for _ in programs) + " | ---: |")
    ok = True
    for title, form, key in rows:
        values = [medians[label][key] for label, _ in programs]
        better = min(values[1:])
        ratio = "%.2fx" % (values[0] / better) if better > 0 else "-"
        if key in ("bytes_per_s", "cpu_per_s") and better > 0 and values[0] / better > 0.5:
            ok = False
            ratio += " (goal ≤ 0.5x: missed)"
        elif key in ("bytes_per_s", "cpu_per_s"):
            ratio += " (goal ≤ 0.5x: met)"
        if key in ("stray", "lost"):
            ratio = "goal 0: %s" % ("met" if values[0] == 0 else "missed")
            ok = ok and values[0] == 0
        print("| %s | %s | %s |" % (title, " | ".join(form % value for value in values), ratio))
    for label, _ in programs:
        examples = [example for run in figures[label] for example in run["examples"]][:3]
        if examples:
            print("  %s's stray rows, e.g.: %s" % (label, " / ".join(repr(e) for e in examples)))
    return ok


# ---------------------------------------------------------------------------------------------
# The select.

def option_lines(count):
    # Path-like lines, the same for both programs, deterministic.
    words = ["core", "net", "ui", "io", "log", "crypto", "test", "kit", "view", "store"]
    lines = []
    for index in range(count):
        lines.append("Sources/%s-%d/%s/%s%d.swift" % (
            words[index % 10], index % 97, words[(index // 10) % 10],
            words[(index * 7) % 10].capitalize(), index))
    return lines


class PtyProgram:
    # A program on a pty of our own: its bytes stamped as they come, its cursor position
    # requests answered (`ESC [ 6 n` → row 1, column 1, as a terminal at the top would).
    def __init__(self, command, stdin_path, width, height):
        self.chunks = []
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            if stdin_path:
                descriptor = os.open(stdin_path, os.O_RDONLY)
                os.dup2(descriptor, 0)
                os.close(descriptor)
            os.environ["TERM"] = "xterm-256color"
            os.environ.pop("CI", None)
            os.environ.pop("NO_COLOR", None)
            try:
                os.execv(command[0], command)
            finally:
                os._exit(127)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.started = time.monotonic()

    def pump(self, seconds):
        # Reads for `seconds`; returns False when the program has gone.
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return True
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            now = time.monotonic()
            self.chunks.append((now, data))
            if b"\x1b[6n" in data:
                os.write(self.fd, b"\x1b[1;1R")

    def settle(self, quiet, limit=20.0):
        # Reads until nothing came for `quiet` seconds; the time of the last byte.
        deadline = time.monotonic() + limit
        last = self.chunks[-1][0] if self.chunks else None
        while time.monotonic() < deadline:
            count = len(self.chunks)
            if not self.pump(quiet):
                break
            if len(self.chunks) == count:
                break
            last = self.chunks[-1][0]
        return last

    def first_with(self, needle, since_index=0):
        seen = b""
        for stamp, data in self.chunks[since_index:]:
            seen += data
            if needle in seen:
                return stamp
        return None

    def stop(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        os.close(self.fd)


# A query typed a letter at a time, the moves (MOVES of them), then a letter erased.
KEYS = [("n", b"n"), ("e", b"e"), ("t", b"t"), ("4", b"4"), ("2", b"2"), ("moves", None),
        ("backspace", b"\x7f")]
# NB: a move settles in well under a millisecond, below what one key measures on a shared
# machine: the moves are 60 of them (down and up in turn), each settled after 30 ms of quiet,
# and their median is the figure.
MOVES = 60
MOVE_QUIET = 0.03


def settle_key(program, key, quiet):
    index = len(program.chunks)
    sent = time.monotonic()
    os.write(program.fd, key)
    program.settle(quiet)
    last = program.chunks[-1][0] if len(program.chunks) > index else None
    return (last - sent) if last else None


def select_run(command, stdin_path, needle, quiet):
    program = PtyProgram(command, stdin_path, 100, 40)
    try:
        program.settle(quiet)
        first = program.first_with(needle)
        first_frame = (first - program.started) if first else None
        keys = []
        for _, key in KEYS:
            if key is None:
                moves = [settle_key(program, b"\x1b[B" if turn % 2 == 0 else b"\x1b[A", MOVE_QUIET)
                         for turn in range(MOVES)]
                moves = [move for move in moves if move is not None]
                keys.append(statistics.median(moves) if moves else None)
                program.settle(quiet)
            else:
                keys.append(settle_key(program, key, quiet))
        return first_frame, keys, sum(len(data) for _, data in program.chunks)
    finally:
        program.stop()


def select_benchmark(products, quick, runs):
    count = 10_000 if quick else 100_000
    fzf = shutil.which("fzf")
    prompts = os.path.join(products, "PromptsExample")
    if not os.access(prompts, os.X_OK):
        fail("%s is not built (swift build -c release --product PromptsExample)" % prompts)
    quiet = 0.3
    lines = option_lines(count)
    print("Select over %s options, a pty of 100x40; each key settled = its last byte before %d ms"
          " of quiet; %d run(s) each, interleaved; keys: %s"
          % (format(count, ","), quiet * 1000, runs, " ".join(name for name, _ in KEYS)))
    with tempfile.TemporaryDirectory(prefix="kitbench-") as directory:
        path = os.path.join(directory, "options.txt")
        with open(path, "w") as out:
            out.write("\n".join(lines) + "\n")
        # Both show the first line of the file first (fzf at the bottom of its list).
        needle = lines[0][-12:].encode()
        programs = [("ScreenKit select", [prompts, "--options-file", path], None)]
        if fzf:
            programs.append(("fzf --height 40%", [fzf, "--height", "40%"], path))
        else:
            print("  fzf is not installed (apt-get install fzf): ScreenKit alone")
        results = {label: [] for label, _, _ in programs}
        for round_index in range(runs):
            for label, command, stdin_path in programs:
                first, keys, written = select_run(command, stdin_path, needle, quiet)
                results[label].append((first, keys))
                print("  run %d %-17s first frame %s, keys %s, %d bytes" % (
                    round_index + 1, label, milliseconds(first),
                    " ".join(milliseconds(key) for key in keys), written))
    print()
    print("| | " + " | ".join(label for label, _, _ in programs) + " | ScreenKit / fzf |")
    print("| --- | " + " | ".join("---:" for _ in programs) + " | ---: |")
    ok = True

    def median(values):
        values = [value for value in values if value is not None]
        return statistics.median(values) if values else None

    firsts = [median(first for first, _ in results[label]) for label, _, _ in programs]
    ok = print_ratio_row("spawn → first frame with the list", firsts) and ok
    for position, (name, key) in enumerate(KEYS):
        values = [median(keys[position] for _, keys in results[label]) for label, _, _ in programs]
        title = ("%d moves (down, up), each settled, median" % MOVES if key is None
                 else "key %d (%s) settled" % (position + 1, name))
        ok = print_ratio_row(title, values) and ok
    all_keys = [median(key for _, keys in results[label] for key in keys)
                for label, _, _ in programs]
    ok = print_ratio_row("all keys, median", all_keys) and ok
    return ok


# ---------------------------------------------------------------------------------------------
# Demo setup: the first prompt and the whole flow.

# The flow by keys: what to send once what the screen waits for has come.
SETUP_STEPS = [(b"\r", b"Command-line tool"), (b"\r", b"Features?"), (b"\r", b"Install 200"),
               (b"y", b"Installed"), (b"\r", None)]


def finish_run(program, limit=120.0):
    # Reads until the program has gone; its status and resource use (`wait4`).
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and program.pump(0.2):
        pass
    try:
        _, status, usage = os.wait4(program.pid, 0 if time.monotonic() < deadline else os.WNOHANG)
    except ChildProcessError:
        return None, None
    os.close(program.fd)
    return status, usage


def setup_run(command, first_needle, steps):
    program = PtyProgram(command, None, 100, 40)
    try:
        first = None
        while first is None and program.pump(0.05):
            first = program.first_with(first_needle)
            if time.monotonic() - program.started > 60:
                break
        for key, wanted in steps:
            os.write(program.fd, key)
            index = len(program.chunks)
            deadline = time.monotonic() + 120
            while wanted and program.first_with(wanted, index) is None:
                if time.monotonic() > deadline or not program.pump(0.05):
                    break
        status, usage = finish_run(program)
    except BaseException:
        program.stop()
        raise
    if status is None or not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        fail("%s did not end with status 0 (%r)" % (" ".join(command), status))
    wall = program.chunks[-1][0] - program.started if program.chunks else None
    return (first - program.started if first else None), usage.ru_maxrss, wall, (
        usage.ru_utime + usage.ru_stime)


def setup_benchmark(products, quick, runs):
    demo = os.path.join(products, "Demo")
    if not os.access(demo, os.X_OK):
        fail("%s is not built (swift build -c release --product Demo)" % demo)
    programs = [
        ("Demo setup (whole flow)", [demo, "setup", "--latency", "200"], b"Project name?",
         SETUP_STEPS),
        ("rich Prompt.ask (one question)", [sys.executable, "-c",
         "from rich.prompt import Prompt; Prompt.ask('Project name?', default='hello-screen')"],
         b"Project name?", [(b"\r", None)]),
    ]
    print("Demo setup in a pty of 100x40, answered by keys (defaults, y), beside a rich prompt;"
          " %d run(s) each, interleaved" % runs)
    results = {label: [] for label, _, _, _ in programs}
    for round_index in range(runs):
        for label, command, needle, steps in programs:
            first, rss, wall, cpu = setup_run(command, needle, steps)
            results[label].append((first, rss, wall, cpu))
            print("  run %d %-30s first prompt %s, peak RSS %.1f MiB, wall %.2f s, CPU %.2f s" % (
                round_index + 1, label, milliseconds(first), rss / 1024, wall, cpu))
    print()
    print("| | " + " | ".join(label for label, _, _, _ in programs) + " | ScreenKit / rich |")
    print("| --- | " + " | ".join("---:" for _ in programs) + " | ---: |")
    firsts = [statistics.median(r[0] for r in results[label]) for label, _, _, _ in programs]
    ok = print_ratio_row("spawn → first prompt frame", firsts)
    peaks = [statistics.median(r[1] for r in results[label]) for label, _, _, _ in programs]
    print("| peak RSS | %s | %.2fx |" % (
        " | ".join("%.1f MiB" % (peak / 1024) for peak in peaks), peaks[0] / peaks[1]))
    return ok and peaks[0] <= peaks[1]


def milliseconds(value):
    return "-" if value is None else "%.1f ms" % (value * 1000)


def print_ratio_row(title, values):
    if len(values) < 2 or values[0] is None or not values[1]:
        print("| %s | %s | - |" % (title, " | ".join(milliseconds(v) for v in values)))
        return True
    ratio = values[0] / values[1]
    print("| %s | %s | %.2fx |" % (title, " | ".join(milliseconds(v) for v in values), ratio))
    return ratio <= 1.0


# ---------------------------------------------------------------------------------------------

def main(arguments):
    if arguments[:1] == ["_run"]:
        separator = arguments.index("--")
        child_runner(arguments[1], arguments[2], arguments[separator + 1:])
        return 0
    quick = "--quick" in arguments
    runs = 1 if quick else 3
    products = os.path.join(ROOT, ".build", "release")
    words = [argument for argument in arguments if argument != "--quick"]
    if "--runs" in words:
        runs = int(words[words.index("--runs") + 1])
    if "--products" in words:
        products = words[words.index("--products") + 1]
    which = words[0] if words and not words[0].startswith("--") else "all"
    if which not in ("tasks", "select", "setup", "all"):
        fail("usage: kit-beside-anchors.py tasks|select|setup|all [--quick] [--runs N]"
             " [--products DIR]")
    if shutil.which("tmux") is None and which in ("tasks", "all"):
        fail("tmux is not installed (apt-get install tmux)")
    ok = True
    if which in ("tasks", "all"):
        ok = tasks_benchmark(products, quick, runs) and ok
        print()
    if which in ("select", "all"):
        ok = select_benchmark(products, quick, runs) and ok
        print()
    if which in ("setup", "all"):
        ok = setup_benchmark(products, quick, runs) and ok
    print()
    print("goals %s" % ("met" if ok else "missed (see the table)"))
    # NB: goals are reported, not enforced: timings on a shared machine vary; --quick checks
    # only that everything runs.
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
