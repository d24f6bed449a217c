# The task-group benchmark's job (tasks_common.py) drawn by enlighten: a counter (bar) for
# each of the first rows - 1 running packages and a status bar `and N more (K/N done)` at
# the bottom of the terminal (enlighten's scrolling region); logs and finished lines printed
# above with print(). A counter redraws at most every 0.1 s (enlighten's min_delta), 10 Hz.
#
# usage: python3 enlighten-tasks.py [--tasks N] [--steps S] [--step-ms MS] [--jitter-ms J]
#        [--logs L] [--rows R]

import asyncio
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import enlighten  # noqa: E402
import tasks_common  # noqa: E402

FORMAT = "{desc:<12} {percentage:3.0f}%|{bar}| {count}/{total} [{elapsed}]"


class EnlightenDisplay:
    def __init__(self, manager, rows, total):
        self.manager = manager
        self.rows = rows
        self.total = total
        self.steps = {}
        self.counters = {}
        self.order = []
        self.done = 0
        self.status = manager.status_bar("", min_delta=0.1)

    def log(self, text):
        print(text, flush=True)

    def started(self, index, label, steps):
        self.steps[index] = (label, steps, 0)
        self.order.append(index)
        self.layout()

    def report(self, index, step, detail):
        label, steps, _ = self.steps[index]
        self.steps[index] = (label, steps, step)
        counter = self.counters.get(index)
        if counter is not None:
            counter.update(step - counter.count)

    def finished(self, index, line):
        self.order.remove(index)
        self.steps.pop(index)
        counter = self.counters.pop(index, None)
        if counter is not None:
            counter.close(clear=True)
        self.done += 1
        self.log(line)
        self.layout()

    def layout(self):
        folded = len(self.order) > self.rows
        shown = self.rows - 1 if folded else len(self.order)
        for index in self.order[:shown]:
            if index not in self.counters:
                label, steps, step = self.steps[index]
                self.counters[index] = self.manager.counter(
                    total=steps, count=step, desc=label, unit="steps", leave=False,
                    bar_format=FORMAT, min_delta=0.1)
        more = len(self.order) - shown
        self.status.update("and %d more (%d/%d done)" % (more, self.done, self.total)
                           if folded else "%d/%d done" % (self.done, self.total))


def main():
    values = tasks_common.options(sys.argv[1:])
    manager = enlighten.get_manager()
    display = EnlightenDisplay(manager, values["--rows"], values["--tasks"])
    count = asyncio.run(tasks_common.run(display, values))
    display.status.close(clear=True)
    manager.stop()
    print("Installed %d packages." % count)


main()
