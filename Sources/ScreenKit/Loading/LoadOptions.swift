/// How a load presents itself: timing of the spinner, timeout, retries, keys, and how long a
/// keyed load waits after its key changes.
public struct LoadOptions: Sendable {
  /// How long a load may run before the spinner shows, so fast loads never flash it.
  public var showDelay: Duration
  /// How long the spinner stays once shown, so it never blinks; answers that arrive sooner are
  /// held until then, and of several values the latest is shown.
  public var minimumVisible: Duration
  /// How long a load may take to answer before it fails with ``LoadTimeoutError``; `nil` for
  /// no limit.
  ///
  /// A stream answers with its first value. An answer that arrived in time is never failed by
  /// the timeout while the spinner finishes its minimum time. Durations too long for the
  /// clock, such as `.seconds(Int.max)`, never fire.
  public var timeout: Duration?
  /// Automatic retries after a failure.
  public var retry: RetryPolicy
  /// The spinner's look.
  public var spinner: SpinnerStyle
  /// The label next to the spinner.
  public var label: String
  /// Whether Esc cancels a load in flight (the state returns to idle).
  public var escapeCancels: Bool
  /// How long a keyed load waits after its key changes before it loads the new value; each
  /// change waits anew, so typing a word loads once, for the word.
  ///
  /// Only key changes wait: never the first load, a retry or a refresh. A value a cache holds
  /// for the new key shows at once; its revalidation waits.
  public var debounce: Duration

  /// Creates options; the defaults suit interactive terminals.
  public init(
    showDelay: Duration = .milliseconds(150), minimumVisible: Duration = .milliseconds(400),
    timeout: Duration? = nil, retry: RetryPolicy = .none, spinner: SpinnerStyle = .dots,
    label: String = "Loading…", escapeCancels: Bool = false, debounce: Duration = .zero
  ) {
    self.showDelay = showDelay
    self.minimumVisible = minimumVisible
    self.timeout = timeout
    self.retry = retry
    self.spinner = spinner
    self.label = label
    self.escapeCancels = escapeCancels
    self.debounce = debounce
  }
}
