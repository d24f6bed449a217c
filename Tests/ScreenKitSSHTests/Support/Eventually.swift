/// Waits until `condition` holds, looking again every few milliseconds, and returns whether it
/// did before `timeout`; a look is always made after the deadline, before giving up.
///
/// The deadline counts only once `minimumLooks` looks were made: the condition and the work
/// it waits for (a session's pump) both run on the main actor, which every main-actor suite
/// shares. A suite that held it for a minute on a loaded machine let the deadline pass with
/// no turn for that work; each look here is a turn of the main actor, after the work queued
/// before it. Looks are made where the caller runs: on the main actor from a main-actor test,
/// on the cooperative pool from one that is not, after that pool's queued work.
func eventually(
  timeout: Duration = .seconds(10), minimumLooks: Int = 200,
  isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  var looks = 0
  while true {
    let expired = clock.now >= deadline && looks >= minimumLooks
    if condition() { return true }
    if expired { return false }
    looks += 1
    try? await clock.sleep(for: .milliseconds(5))
  }
}
