#include "CMainQueue.h"

#if defined(__linux__)
#include <stdint.h>
#include <unistd.h>

// libdispatch's run-loop integration (dispatch/private/queue_private.h), exported by every
// Linux build of it: swift-corelibs-foundation's RunLoop is built on it.
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *message);

int sk_main_queue_descriptor(void) { return _dispatch_get_main_queue_handle_4CF(); }

void sk_main_queue_drain(void) {
  // NB: the descriptor is an eventfd that libdispatch only writes; it stays readable until
  // its count is read.
  uint64_t count = 0;
  (void)read(_dispatch_get_main_queue_handle_4CF(), &count, sizeof count);
  _dispatch_main_queue_callback_4CF(0);
}
#else
int sk_main_queue_descriptor(void) { return -1; }

void sk_main_queue_drain(void) {}
#endif
