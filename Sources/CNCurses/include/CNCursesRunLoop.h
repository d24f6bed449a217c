// libdispatch's run-loop integration, the one CoreFoundation's run loop uses on Linux: a loop
// that owns the main thread watches the main queue's descriptor and runs the queue's work
// itself, instead of handing the queue to a worker thread as `dispatch_main` does.
#ifndef SCREENKIT_CNCURSES_RUNLOOP_H
#define SCREENKIT_CNCURSES_RUNLOOP_H

#if defined(__linux__)
/// The main queue's wake descriptor (an eventfd), readable while work waits on the queue.
/// Only valid on the main thread of a program that never called `dispatch_main`.
int _dispatch_get_main_queue_handle_4CF(void);
/// Runs the work waiting on the main queue; `message` is unused on Linux.
void _dispatch_main_queue_callback_4CF(void *message);
#endif

#endif
