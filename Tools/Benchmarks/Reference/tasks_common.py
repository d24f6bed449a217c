# The job the task-group benchmark runs, shared by the Python references (`rich-tasks.py`,
# `enlighten-tasks.py`): the same as `TasksExample --tasks N --steps S --step-ms MS
# --jitter-ms J --logs L`, step for step, so the three programs do the same work.
#
# N packages run at once (asyncio, one thread), each S steps of MS + (index * 37) % J
# milliseconds (J = 0: exactly MS), reporting its progress after each step; each logs L lines
# over its steps (one half way, the others every S / L steps), the group one line first. A
# finished package prints `✔ package-3 1.2s` above. At most `rows` rows are drawn: the first
# rows - 1 running packages and one row `and N more (K/N done)`. A display adapter (rich or
# enlighten) draws the rows; this module decides what is in them.

import asyncio
import time


def options(argv):
    values = {"--tasks": 50, "--steps": 10, "--step-ms": 100, "--jitter-ms": 90, "--logs": 1,
              "--rows": 8}
    index = 0
    while index < len(argv):
        if argv[index] in values and index + 1 < len(argv):
            values[argv[index]] = int(argv[index + 1])
            index += 2
        else:
            raise SystemExit("usage: [--tasks N] [--steps S] [--step-ms MS] [--jitter-ms J] "
                             "[--logs L] [--rows R]")
    values["--steps"] = max(1, values["--steps"])
    values["--logs"] = min(values["--steps"], max(1, values["--logs"]))
    return values


def elapsed_text(seconds):
    if seconds < 60:
        return "%d.%ds" % (int(seconds), int(seconds * 10) % 10)
    return "%dm%02ds" % (int(seconds) // 60, int(seconds) % 60)


def log_due(step, steps, logs):
    # NB: TasksExample's rule, the half-way line and every steps / logs steps.
    if step == (steps + 1) // 2:
        return "half way"
    if logs > 1 and step % (steps // logs) == 0 and step // (steps // logs) < logs:
        return "step %d" % step
    return None


async def run(display, values):
    count, steps = values["--tasks"], values["--steps"]
    step_ms, jitter, logs = values["--step-ms"], values["--jitter-ms"], values["--logs"]
    display.log("Installing %d packages" % count)

    async def package(index):
        label = "package-%d" % index
        started = time.monotonic()
        display.started(index, label, steps)
        pause = (step_ms + ((index * 37) % jitter if jitter > 0 else 0)) / 1000
        for step in range(1, steps + 1):
            await asyncio.sleep(pause)
            display.report(index, step, "step %d of %d" % (step, steps))
            due = log_due(step, steps, logs)
            if due:
                display.log("%s: %s" % (label, due))
        display.finished(index, "✔ %s %s" % (label, elapsed_text(time.monotonic() - started)))

    await asyncio.gather(*(package(index) for index in range(1, count + 1)))
    return count
