/// How a load presents itself: timing of the spinner, timeout, retries, keys, how long a
/// keyed load waits after its key changes, and when a loaded value refreshes on its own.
///
/// A list that refreshes every minute while it shows, and when the user comes back to the
/// terminal to a list more than 30 seconds old:
///
/// ```swift
/// var options = LoadOptions()
/// options.refreshOnFocus = .ifOlderThan(.seconds(30))
/// options.refreshInterval = .seconds(60)
/// let episodes = LoadingController(load: { try await catalogue.episodes() }, options: options) {
///   EpisodeList($0)
/// }
/// ```
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
  /// Whether the value is refreshed when the terminal gains the user's focus again
  /// (`Stage.terminalHasFocus`), by its age; never, by default.
  ///
  /// Only a screen that is visible and not covered by a modal screen refreshes; a load in
  /// flight is joined, never doubled. The refresh keeps the value under the refresh badge, and
  /// a failure keeps it too, with the refresh error. A load that failed without a value waits
  /// for its Retry.
  public var refreshOnFocus: RefreshOnFocus
  /// How often the value is refreshed while the screen shows it; `nil`, the default, for never.
  ///
  /// Each refresh comes this long after the last answer (a value or a failure), keeps the
  /// value under the refresh badge, and keeps it after a failure. The interval runs only while
  /// the screen is visible and not covered (a screen pushed over it in a `NavigationScreen`,
  /// a modal overlay), and while the terminal has focus unless ``refreshesWhileUnfocused``:
  /// meanwhile no timer exists, so an idle program never wakes for it. When the screen shows
  /// again, a refresh that fell due meanwhile comes at once. A stream that is still delivering
  /// values, and a load that failed without a value, are not refreshed.
  public var refreshInterval: Duration?
  /// Whether ``refreshInterval`` goes on while the terminal does not have the user's focus;
  /// `true` by default, as a terminal dashboard is often watched from another window or pane.
  public var refreshesWhileUnfocused: Bool

  /// Creates options; the defaults suit interactive terminals.
  public init(
    showDelay: Duration = .milliseconds(150), minimumVisible: Duration = .milliseconds(400),
    timeout: Duration? = nil, retry: RetryPolicy = .none, spinner: SpinnerStyle = .dots,
    label: String = "Loading…", escapeCancels: Bool = false, debounce: Duration = .zero,
    refreshOnFocus: RefreshOnFocus = .never, refreshInterval: Duration? = nil,
    refreshesWhileUnfocused: Bool = true
  ) {
    self.showDelay = showDelay
    self.minimumVisible = minimumVisible
    self.timeout = timeout
    self.retry = retry
    self.spinner = spinner
    self.label = label
    self.escapeCancels = escapeCancels
    self.debounce = debounce
    self.refreshOnFocus = refreshOnFocus
    self.refreshInterval = refreshInterval
    self.refreshesWhileUnfocused = refreshesWhileUnfocused
  }
}
