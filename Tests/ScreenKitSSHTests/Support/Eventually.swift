/// Waits until `condition` holds, looking again every few milliseconds, and returns whether it
/// did before `timeout`; a look is always made after the deadline, before giving up.
@MainActor
func eventually(
  timeout: Duration = .seconds(10), _ condition: @MainActor () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  while true {
    let expired = clock.now >= deadline
    if condition() { return true }
    if expired { return false }
    try? await clock.sleep(for: .milliseconds(5))
  }
}
