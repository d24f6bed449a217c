# The task-group benchmark's job (tasks_common.py) drawn by rich.progress: a Progress of
# spinner, label, bar, percentage, time and detail, refreshed 10 times a second; logs and
# finished lines printed above it with progress.console.print. Only the first rows - 1
# running packages are visible, then a row `and N more (K/N done)`, as TasksExample draws.
#
# usage: python3 rich-tasks.py [--tasks N] [--steps S] [--step-ms MS] [--jitter-ms J]
#        [--logs L] [--rows R]

import asyncio
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tasks_common  # noqa: E402
from rich.progress import (BarColumn, Progress, SpinnerColumn, TaskProgressColumn,  # noqa: E402
                           TextColumn, TimeElapsedColumn)


class RichDisplay:
    def __init__(self, progress, rows, total):
        self.progress = progress
        self.rows = rows
        self.total = total
        self.ids = {}
        self.order = []
        self.done = 0
        self.more = progress.add_task("", total=total, detail="", visible=False)

    def log(self, text):
        self.progress.console.print(text, markup=False, highlight=False)

    def started(self, index, label, steps):
        self.ids[index] = self.progress.add_task(label, total=steps, detail="", visible=False)
        self.order.append(index)
        self.layout()

    def report(self, index, step, detail):
        self.progress.update(self.ids[index], completed=step, detail=detail)

    def finished(self, index, line):
        self.progress.remove_task(self.ids.pop(index))
        self.order.remove(index)
        self.done += 1
        self.log(line)
        self.layout()

    def layout(self):
        folded = len(self.order) > self.rows
        shown = self.rows - 1 if folded else len(self.order)
        for position, index in enumerate(self.order):
            self.progress.update(self.ids[index], visible=position < shown)
        more = len(self.order) - shown
        self.progress.update(
            self.more, visible=folded, completed=self.done,
            description="and %d more (%d/%d done)" % (more, self.done, self.total))


def main():
    values = tasks_common.options(sys.argv[1:])
    progress = Progress(
        SpinnerColumn(), TextColumn("{task.description}"), BarColumn(bar_width=20),
        TaskProgressColumn(), TimeElapsedColumn(), TextColumn("{task.fields[detail]}"),
        refresh_per_second=10)
    with progress:
        display = RichDisplay(progress, values["--rows"], values["--tasks"])
        count = asyncio.run(tasks_common.run(display, values))
    print("Installed %d packages." % count)


main()
