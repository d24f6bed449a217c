// libdispatch's main queue, run by a loop that owns the main thread: the loop polls the
// queue's descriptor beside its own and runs the queue's work itself, instead of handing the
// queue to a worker thread as `dispatch_main` does. These are the hooks CoreFoundation's run
// loop uses on Linux; they are libdispatch's private interface, so they are declared only
// here, and a platform without them gets -1 and runs the queue the standard way.
#ifndef SCREENKIT_CMAINQUEUE_H
#define SCREENKIT_CMAINQUEUE_H

/// The main queue's wake descriptor, readable while work waits on the queue; -1 where
/// libdispatch offers none (the caller then leaves the queue to `dispatch_main`).
/// Valid only on the main thread of a program that never called `dispatch_main`.
int sk_main_queue_descriptor(void);

/// Consumes the descriptor's wake-up and runs the work waiting on the main queue.
void sk_main_queue_drain(void);

#endif
