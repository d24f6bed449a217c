#!/usr/bin/env python3
"""The SSH benchmark: N sessions with a pty each against one server process, on loopback.

Every session shows a spinner turning every 100 ms and echoes the last key; the generator
presses a key in each session every second and times it until the key shows in that
session's output (eight times over, as both servers draw it). From outside it reads the
server's resident memory (/proc/PID/status, VmRSS) and its CPU (/proc/PID/stat, utime +
stime), and counts the spinner frames each session received (each frame carries one braille
glyph, which no escape sequence contains).

The servers: ScreenKitSSHBenchServer (Tools/SSHBenchServer; build it first with
`swift build -c release --product ScreenKitSSHBenchServer`) and, beside it, Charm's Wish
serving a Bubble Tea program that draws the same screen (wish-spinner.go), built here in a
temporary folder with Debian's Go from Debian's Wish and Bubble Tea sources.

The clients: ssh-load-client.c, on libssh, built here with the system's C compiler; each of
`--workers` processes holds its share of the sessions on one thread (`--client asyncssh` runs
them on asyncssh in Python instead, the generator of the earlier figures, which takes about
three times the CPU per frame). Every client asks for one cipher (`--cipher`), so that both
servers do the same work.

    python3 Tools/Benchmarks/SSH/ssh-load.py --sessions 100,300,1000 --seconds 20

Needs ssh-keygen, a C compiler and libssh (apt-get install libssh-dev), or asyncssh (pip
install asyncssh) with `--client asyncssh`; Wish needs the Debian packages
golang-go, golang-github-charmbracelet-wish-dev and golang-github-charmbracelet-bubbletea-dev
(without them its column says why). Nothing leaves the machine: every server listens on
127.0.0.1 and every client connects there; every loop is bounded in count and time.
"""

import argparse
import asyncio
import multiprocessing
import os
import selectors
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

GLYPH = b"\xe2\xa0"  # the first two bytes of every braille spinner frame (U+280B...U+283C)
KEYS = "abcdefghijklmnop"  # no q, which ends a session
TICKS = os.sysconf("SC_CLK_TCK")
PAGE = 1024


def fail(message):
    print(f"ssh-load: {message}", file=sys.stderr)
    sys.exit(1)


# MARK: The server, measured from outside


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    # NB: fields after the command; utime and stime are the 14th and 15th of the whole line.
    return (int(fields[11]) + int(fields[12])) / TICKS


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True
        except OSError:
            time.sleep(0.05)
    return False


class Server:
    """One server process on a port of 127.0.0.1, stopped with SIGTERM (then SIGKILL)."""

    def __init__(self, kind, command, port):
        self.kind = kind
        self.port = port
        self.process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if kind == "screenkit":
            line = self.process.stdout.readline().decode().split()
            if len(line) != 2 or line[0] != "port":
                self.stop()
                fail(f"the ScreenKit server did not start: {self.process.stderr.read().decode()}")
            self.port = int(line[1])
        if not wait_for_port(self.port, 30):
            self.stop()
            fail(f"{kind} did not listen on 127.0.0.1:{self.port} within 30 s")

    @property
    def pid(self):
        return self.process.pid

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)


def start_screenkit(binary, folder, max_sessions):
    command = [
        binary, "--port", "0", "--host-key", f"{folder}/screenkit_host_key",
        "--authorized-keys", f"{folder}/authorized_keys", "--max-sessions", str(max_sessions)]
    return Server("screenkit", command, 0)


def build_wish(folder):
    """Builds wish-spinner.go with Debian's Go and Debian's Go sources; the binary, or why not."""
    go = shutil.which("go")
    if go is None:
        return None, "no go (apt-get install golang-go)"
    for package in ("wish", "bubbletea"):
        if not os.path.isdir(f"/usr/share/gocode/src/github.com/charmbracelet/{package}"):
            return None, f"no {package} sources (apt-get install golang-github-charmbracelet-{package}-dev)"
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wish-spinner.go")
    build = os.path.join(folder, "wish")
    os.makedirs(build)
    shutil.copy(source, build)
    environment = dict(
        os.environ, GO111MODULE="off", GOPATH="/usr/share/gocode", GOCACHE=f"{build}/cache",
        GOFLAGS="", CGO_ENABLED="0")
    result = subprocess.run(
        [go, "build", "-o", f"{build}/wish-spinner", "wish-spinner.go"], cwd=build,
        env=environment, capture_output=True, text=True, timeout=900)
    if result.returncode != 0:
        return None, f"go build failed: {result.stderr.strip()[:400]}"
    return f"{build}/wish-spinner", None


def start_wish(binary, folder):
    port = free_port()
    command = [
        binary, f"127.0.0.1:{port}", f"{folder}/wish_host_key", f"{folder}/authorized_keys"]
    return Server("wish", command, port)


def versions():
    """The Debian versions of Go, Wish and Bubble Tea, for the table's label."""
    found = {}
    for name, package in (
        ("Go", "golang-go"), ("Wish", "golang-github-charmbracelet-wish-dev"),
        ("Bubble Tea", "golang-github-charmbracelet-bubbletea-dev")):
        result = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
        found[name] = result.stdout.strip() or "?"
    return found


# MARK: The clients


def build_client(folder):
    """Builds ssh-load-client.c with the system's C compiler and libssh; the binary, or why not."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None, "no C compiler (apt-get install gcc), or --client asyncssh"
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ssh-load-client.c")
    binary = os.path.join(folder, "ssh-load-client")
    result = subprocess.run(
        [compiler, "-O2", "-Wall", "-Werror", "-o", binary, source, "-lssh"],
        capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        return None, (f"building ssh-load-client.c failed (apt-get install libssh-dev, or "
                      f"--client asyncssh): {result.stderr.strip()[:400]}")
    return binary, None


class ClientProcesses:
    """`workers` processes of ssh-load-client, each holding its share of the sessions."""

    def __init__(self, binary, port, key_path, cipher, shares, slow, slow_rate):
        self.processes = [
            subprocess.Popen(
                [binary, str(port), key_path, cipher, str(share), "1" if slow and i == 0 else "0",
                 str(slow_rate)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for i, share in enumerate(shares)]

    def wait_ready(self):
        """(sessions open, the first errors, the slowest worker's seconds to open them)."""
        connected, errors, took = 0, [], 0.0
        for process in self.processes:
            line = self.read_line(process, 900)
            fields = line.split(maxsplit=3)
            if len(fields) != 4 or fields[0] != "ready":
                raise RuntimeError(f"ssh-load-client: {line.strip() or 'ended before ready'}")
            connected += int(fields[1])
            took = max(took, float(fields[2]))
            if fields[3].strip() != "-":
                errors.append(fields[3].strip())
        return connected, errors, took

    def start_window(self, start, end):
        for process in self.processes:
            process.stdin.write(f"{start!r} {end!r}\n")
            process.stdin.flush()

    def collect(self):
        """Each session's (slow, frames, latencies, bytes, window bytes), and the CPU seconds."""
        figures, cpu = [], 0.0
        for process in self.processes:
            # Bounded: a worker reports within two minutes of the window's end or is killed.
            try:
                output, _ = process.communicate(timeout=120)
            except subprocess.TimeoutExpired:
                process.kill()
                output, _ = process.communicate(timeout=30)
            for line in output.splitlines():
                fields = line.split()
                if fields and fields[0] == "session":
                    figures.append((
                        fields[1] == "1", int(fields[2]), [float(x) for x in fields[5:]],
                        int(fields[3]), int(fields[4])))
                elif fields and fields[0] == "cpu":
                    cpu += float(fields[1])
        return figures, cpu

    def stop(self):
        for process in self.processes:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=30)

    @staticmethod
    def read_line(process, seconds):
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            if not selector.select(seconds):
                raise RuntimeError(f"ssh-load-client: not ready within {seconds} s")
        return process.stdout.readline()


# Each asyncssh worker process runs its share of the sessions on one event loop.


def client_worker(arguments):
    """Runs `count` sessions until the window ends; returns their figures (in a process)."""
    import asyncssh

    (port, key_path, cipher, count, window, slow, slow_rate, ready, results) = arguments
    return asyncio.run(run_sessions(
        asyncssh, port, key_path, cipher, count, window, slow, slow_rate, ready, results))


async def run_sessions(
        asyncssh, port, key_path, cipher, count, window, slow, slow_rate, ready, results):
    key = asyncssh.read_private_key(key_path)
    sessions = []
    connections = []

    class Session(asyncssh.SSHClientSession):
        def __init__(self, index, slow_reader):
            self.index = index
            self.slow = slow_reader
            self.frames = []  # the time each spinner glyph arrived
            self.bytes = 0
            self.tail = b""
            self.pending = None  # (key, when it was sent)
            self.latencies = []  # (sent, latency)
            self.channel = None
            self.budget = slow_rate or 1024
            self.paused = False
            self.window_bytes = 0
            self.closed = False

        def connection_made(self, channel):
            self.channel = channel

        def data_received(self, data, datatype):
            now = time.monotonic()
            self.bytes += len(data)
            if window.end.value and window.start.value <= now < window.end.value:
                self.window_bytes += len(data)
            text = self.tail + data
            glyphs = text.count(GLYPH) - self.tail.count(GLYPH)
            self.frames.extend([now] * glyphs)
            if self.pending is not None:
                key, sent = self.pending
                if key * 8 in text:
                    self.latencies.append((sent, now - sent))
                    self.pending = None
            self.tail = text[-16:]
            if self.slow:
                # NB: a reader of `slow_rate` bytes a second: past a second's share it stops
                # reading (asyncssh then stops opening the channel's window) until the next
                # second; at 0 it stops for good, a client that takes nothing.
                self.budget -= len(data)
                if self.budget <= 0 and not self.paused:
                    self.paused = True
                    self.channel.pause_reading()
                    if slow_rate > 0:
                        asyncio.get_running_loop().call_later(1.0, self.refill)

        def refill(self):
            self.budget += slow_rate
            self.paused = False
            if not self.closed:
                self.channel.resume_reading()

        def connection_lost(self, exc):
            self.closed = True

    async def open_one(index):
        slow_reader = slow and index == 0
        connection = await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1", port, username="bench", client_keys=[key], known_hosts=None,
                agent_path=None, config=[], encryption_algs=[cipher]), 60)
        connections.append(connection)
        options = dict(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        if slow_reader:
            options.update(window=2048, max_pktsize=1024)
        _, session = await asyncio.wait_for(
            connection.create_session(lambda: Session(index, slow_reader), **options), 60)
        sessions.append(session)

    async def press_keys(session, phase):
        # Bounded: a key a second until the window (and a margin) is over.
        await asyncio.sleep(phase)
        presses = 0
        while time.monotonic() < window.value_end() + 1 and presses < 100_000:
            if session.closed:
                return
            key = KEYS[presses % len(KEYS)].encode()
            if session.pending is None or time.monotonic() - session.pending[1] > 5:
                session.pending = (key, time.monotonic())
                session.channel.write(key)
            presses += 1
            await asyncio.sleep(1.0)

    started = time.monotonic()
    limit = asyncio.Semaphore(20)

    async def guarded(index):
        async with limit:
            try:
                await open_one(index)
            except (OSError, asyncssh.Error, asyncio.TimeoutError) as error:
                return f"{type(error).__name__}: {error}"
        return None

    errors = [e for e in await asyncio.gather(*(guarded(i) for i in range(count))) if e]
    ready.put((len(sessions), errors[:3], time.monotonic() - started))
    keys = [
        asyncio.create_task(press_keys(s, (i * 0.618) % 1.0)) for i, s in enumerate(sessions)]
    # Bounded: the coordinator sets the window once every worker is ready, within its timeout.
    deadline = time.monotonic() + 900
    while window.end.value == 0 and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    cpu_start = None
    while time.monotonic() < window.value_end() + 0.5 and time.monotonic() < deadline:
        if cpu_start is None and time.monotonic() >= window.start.value:
            cpu_start = time.process_time()
        await asyncio.sleep(0.05)
    cpu = time.process_time() - (cpu_start or 0)
    for task in keys:
        task.cancel()
    start, end = window.start.value, window.value_end()
    figures = []
    for session in sessions:
        frames = sum(1 for t in session.frames if start <= t < end)
        latencies = [latency for sent, latency in session.latencies if start <= sent < end]
        figures.append((session.slow, frames, latencies, session.bytes, session.window_bytes))
    for connection in connections:
        connection.close()
    for connection in connections:
        try:
            await asyncio.wait_for(connection.wait_closed(), 5)
        except (asyncio.TimeoutError, OSError):
            pass
    results.put((figures, cpu))
    return None


class Window:
    """The measuring window, shared with the workers: monotonic start and end."""

    def __init__(self):
        self.start = multiprocessing.Value("d", 0.0)
        self.end = multiprocessing.Value("d", 0.0)

    def value_end(self):
        return self.end.value if self.end.value else float("inf")


class AsyncSSHWorkers:
    """`workers` processes running asyncssh sessions, with the interface of ClientProcesses."""

    def __init__(self, port, key_path, cipher, shares, slow, slow_rate):
        self.window = Window()
        self.ready = multiprocessing.Queue()
        self.results = multiprocessing.Queue()
        self.processes = []
        for index, share in enumerate(shares):
            process = multiprocessing.Process(
                target=client_worker,
                args=((
                    port, key_path, cipher, share, self.window, slow and index == 0, slow_rate,
                    self.ready, self.results),))
            process.start()
            self.processes.append(process)

    def wait_ready(self):
        connected, errors, took = 0, [], 0.0
        for _ in self.processes:
            count, worker_errors, seconds = self.ready.get(timeout=900)
            connected += count
            errors += worker_errors
            took = max(took, seconds)
        return connected, errors, took

    def start_window(self, start, end):
        self.window.start.value = start
        self.window.end.value = end

    def collect(self):
        collected, cpu = [], 0.0
        for _ in self.processes:
            figures, seconds = self.results.get(timeout=120)
            collected += figures
            cpu += seconds
        for process in self.processes:
            process.join(timeout=30)
        return collected, cpu

    def stop(self):
        for process in self.processes:
            if process.is_alive():
                process.kill()


# MARK: One run: a fresh server, N sessions, a window of measurement


def run(server_factory, sessions, seconds, workers, start_clients, slow=False, slow_rate=1024):
    """`start_clients(port, shares, slow, slow_rate)` starts the workers, each with its share."""
    server = server_factory()
    clients = None
    try:
        time.sleep(1.0)
        idle_rss = rss_kib(server.pid)
        shares = [sessions // workers + (1 if i < sessions % workers else 0) for i in range(workers)]
        clients = start_clients(server.port, shares, slow, slow_rate)
        connected, errors, connect_seconds = clients.wait_ready()
        # Settle: every session drawn and its spinner turning before the window opens.
        time.sleep(3.0)
        rss_before = rss_kib(server.pid)
        # NB: the window opens once the workers have been told (time.monotonic() is
        # CLOCK_MONOTONIC, the clock of ssh-load-client too).
        start = time.monotonic() + 0.1
        clients.start_window(start, start + seconds)
        time.sleep(max(0.0, start - time.monotonic()))
        cpu_before = cpu_seconds(server.pid)
        wall_before = time.monotonic()
        rss_samples = []
        while time.monotonic() < start + seconds:
            time.sleep(min(0.5, max(0.0, start + seconds - time.monotonic())))
            rss_samples.append(rss_kib(server.pid))
        cpu_after = cpu_seconds(server.pid)
        wall = time.monotonic() - wall_before
        rss_after = rss_kib(server.pid)
        collected, generator_cpu = clients.collect()
    finally:
        if clients is not None:
            clients.stop()
        server.stop()
    normal = [f for f in collected if not f[0]]
    slow_ones = [f for f in collected if f[0]]
    frames = sum(f[1] for f in normal) + sum(f[1] for f in slow_ones)
    latencies = sorted(latency for f in normal for latency in f[2])
    rates = sorted(f[1] / wall for f in normal)
    return dict(
        sessions=sessions, connected=connected, errors=errors, connect_seconds=connect_seconds,
        idle_rss=idle_rss, rss=rss_after, rss_before=rss_before,
        rss_min=min(rss_samples), rss_max=max(rss_samples),
        per_session_kib=(rss_before - idle_rss) / max(1, connected),
        server_cpu=(cpu_after - cpu_before) / wall,
        cpu_per_frame_us=(cpu_after - cpu_before) / max(1, frames) * 1e6,
        fps_mean=statistics.mean(rates) if rates else 0.0,
        fps_p5=rates[len(rates) // 20] if rates else 0.0,
        p50=percentile(latencies, 0.50), p99=percentile(latencies, 0.99),
        samples=len(latencies), generator_cpu=generator_cpu / wall,
        slow_bytes=sum(f[3] for f in slow_ones),
        bytes_per_second=statistics.mean(f[4] for f in normal) / wall if normal else 0.0,
        wall=wall)


def percentile(values, fraction):
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(fraction * len(values)))] * 1000


# MARK: The report


def row(label, result):
    return (
        f"| {label} | {result['connected']}/{result['sessions']} | "
        f"{result['fps_mean']:.2f} (p5 {result['fps_p5']:.2f}) | "
        f"{result['per_session_kib']:.0f} | {result['cpu_per_frame_us']:.1f} | "
        f"{result['server_cpu'] * 100:.0f} % | {result['p50']:.1f} / {result['p99']:.1f} | "
        f"{result['generator_cpu'] * 100:.0f} % | {result['bytes_per_second']:.0f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", default="100,1000", help="session counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=20, help="the measuring window")
    parser.add_argument("--workers", type=int, default=1, help="generator processes")
    parser.add_argument(
        "--server", default=".build/release/ScreenKitSSHBenchServer",
        help="the ScreenKit server binary")
    parser.add_argument("--no-wish", action="store_true", help="measure ScreenKit only")
    parser.add_argument(
        "--slow-reader", action="store_true",
        help="also a run at the largest count with one client reading 1 KB/s")
    parser.add_argument(
        "--slow-rate", type=int, default=1024,
        help="the slow reader's bytes a second (0: it stops reading after its first kilobyte)")
    parser.add_argument(
        "--client", choices=("libssh", "asyncssh"), default="libssh",
        help="the sessions' client: ssh-load-client.c on libssh (the default) or asyncssh")
    parser.add_argument(
        "--cipher", default="aes128-gcm@openssh.com",
        help="the one cipher every client asks for (swift-nio-ssh has the AES-GCM ones only)")
    parser.add_argument("--quick", action="store_true", help="10 sessions, 3 s: a smoke test")
    arguments = parser.parse_args()
    counts = [int(c) for c in arguments.sessions.split(",")]
    if arguments.quick:
        counts, arguments.seconds = [10], 3.0
    if not (1 <= max(counts) <= 5000 and 1 <= arguments.seconds <= 600):
        fail("--sessions must be 1...5000 and --seconds 1...600")
    if arguments.client == "asyncssh":
        try:
            import asyncssh  # noqa: F401
        except ImportError:
            fail("needs asyncssh: python3 -m pip install asyncssh")
    if not os.access(arguments.server, os.X_OK):
        fail(f"no server at {arguments.server}: swift build -c release --product ScreenKitSSHBenchServer")
    folder = tempfile.mkdtemp(prefix="ssh-load-")
    try:
        key_path = f"{folder}/client_key"
        subprocess.run(
            ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "bench", "-f", key_path],
            check=True, timeout=30)
        shutil.copy(f"{key_path}.pub", f"{folder}/authorized_keys")
        if arguments.client == "libssh":
            client, why_not = build_client(folder)
            if client is None:
                fail(why_not)

            def start_clients(port, shares, slow, slow_rate):
                return ClientProcesses(
                    client, port, key_path, arguments.cipher, shares, slow, slow_rate)
        else:
            def start_clients(port, shares, slow, slow_rate):
                return AsyncSSHWorkers(port, key_path, arguments.cipher, shares, slow, slow_rate)
        wish, why_not = (None, "not asked for") if arguments.no_wish else build_wish(folder)
        print(f"ssh-load: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}; spinner 10 frames/s, "
              f"a key a second per session; window {arguments.seconds:g} s; "
              f"{arguments.workers} generator process(es) on {arguments.client}, cipher "
              f"{arguments.cipher}", flush=True)
        header = (
            "| server, sessions | held | frames/s per session | KiB per session | "
            "CPU µs per session-frame | server CPU | key-to-echo p50 / p99 ms | generator CPU | B/s per session |\n"
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        rows = []
        results = {}
        pairs = []  # (count, ScreenKit's result, Wish's), a pair per count asked for
        for count in counts:
            for kind in ("screenkit", "wish"):
                if kind == "wish" and wish is None:
                    continue
                factory = (
                    (lambda: start_screenkit(arguments.server, folder, count + 100))
                    if kind == "screenkit" else (lambda: start_wish(wish, folder)))
                result = run(
                    factory, count, arguments.seconds, arguments.workers, start_clients)
                results[(kind, count)] = result
                label = "ScreenKit" if kind == "screenkit" else "Wish 0.1.1"
                rows.append(row(f"{label}, {count}", result))
                print(rows[-1], flush=True)
                if result["errors"]:
                    print(f"ssh-load: {kind} at {count}: {result['errors']}", flush=True)
            pairs.append((count, results.get(("screenkit", count)), results.get(("wish", count))))
        if arguments.slow_reader:
            count = max(counts)
            result = run(
                lambda: start_screenkit(arguments.server, folder, count + 100), count,
                arguments.seconds, arguments.workers, start_clients, slow=True,
                slow_rate=arguments.slow_rate)
            results[("slow", count)] = result
            rows.append(
                row(f"ScreenKit, {count - 1} + 1 reading {arguments.slow_rate} B/s", result))
            print(rows[-1], flush=True)
            print(
                f"ssh-load: slow reader: server RSS {result['rss_min'] / 1024:.1f}–"
                f"{result['rss_max'] / 1024:.1f} MiB over the window, the slow client took "
                f"{result['slow_bytes']} bytes in all; each other session got "
                f"{result['bytes_per_second']:.0f} B/s", flush=True)
        print()
        label = versions()
        if wish is None:
            print(f"Wish: not measured: {why_not}")
        else:
            print(f"Wish {label['Wish']} and Bubble Tea {label['Bubble Tea']} (Debian, old "
                  f"versions), built with Debian's Go {label['Go']}")
        print(header)
        for line in rows:
            print(line)
        for count, ours, theirs in pairs:
            if ours and theirs:
                print(
                    f"ScreenKit/Wish at {count}: memory per session "
                    f"{ours['per_session_kib'] / max(1e-9, theirs['per_session_kib']):.2f}, "
                    f"CPU per session-frame "
                    f"{ours['cpu_per_frame_us'] / max(1e-9, theirs['cpu_per_frame_us']):.2f}, "
                    f"p99 {ours['p99'] / max(1e-9, theirs['p99']):.2f}")
    except RuntimeError as error:
        # NB: a client that could not start or report: one line, not a traceback.
        fail(str(error))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
