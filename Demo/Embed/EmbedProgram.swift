import CNCurses
import ScreenKit
import ScreenKitCurses

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A plain ncurses program, written against the C API, that hosts a ScreenKit
/// `LoadingController` (the episodes list) in a pane of its own window through
/// ``EmbeddedHost``.
///
/// The program keeps everything a host owns: `newterm`/`endwin`, raw mode, its loop (`poll`
/// on the keyboard, the restore's events and the host's wake descriptor, with the host's next
/// deadline as timeout), its sidebar, and the one `doupdate` per frame. Keys go to the pane
/// first; the program takes `q` (and Ctrl-C, which raw mode delivers as a key) for itself. A
/// ``CursesRestore`` puts the terminal back however the program ends.
@MainActor
package enum EmbedProgram {
  /// The width of the program's own sidebar, in columns.
  static let sidebarWidth: Int32 = 30

  /// Runs the program until `q`; without a terminal it prints the one-line error and exits.
  package static func run(service: CatalogueService, settings: DisplaySettings) async {
    for descriptor: Int32 in [1, 0] where isatty(descriptor) == 0 {
      TerminalError.notATerminal(descriptor: descriptor).exit()
    }
    guard let type = getenv("TERM").map({ String(cString: $0) }), !type.isEmpty else {
      TerminalError.terminalTypeUnset.exit()
    }
    useUTF8Locale()
    // NB: before newterm, so ncurses leaves the signals to the restore.
    let restore: CursesRestore
    do throws(TerminalError) { restore = try CursesRestore() } catch { error.exit() }
    guard let output = fdopen(dup(1), "w"), let input = fdopen(dup(0), "r") else {
      TerminalError.systemCall("fdopen", errno: errno).exit()
    }
    guard let screen = newterm(type, output, input), let window = sk_stdscr() else {
      TerminalError.unknownTerminalType(type).exit()
    }
    restore.cursesStarted(output: fileno(output))
    defer {
      endwin()
      restore.close()
      delscreen(screen)
      fclose(output)
      fclose(input)
    }
    raw()
    noecho()
    nonl()
    keypad(window, true)
    nodelay(window, true)
    _ = curs_set(0)
    set_escdelay(25)
    let wantsColor = !settings.noColor && (getenv("NO_COLOR").map { $0.pointee == 0 } ?? true)
    if wantsColor && has_colors() {
      start_color()
      use_default_colors()
    }
    guard let pane = newwin(sk_lines(), max(1, sk_cols() - sidebarWidth), 0, sidebarWidth) else {
      return
    }
    defer { delwin(pane) }
    await loop(
      window: window, pane: pane, restore: restore, service: service, settings: settings)
  }

  private static func loop(
    window: UnsafeMutablePointer<WINDOW>, pane: UnsafeMutablePointer<WINDOW>,
    restore: CursesRestore, service: CatalogueService, settings: DisplaySettings
  ) async {
    let sidebar = EmbedSidebar(window: window, width: sidebarWidth)
    let controller = DemoLoading.controller(
      settings: settings, title: "Episodes", load: { try await service.catalogue() },
      build: { (catalogue: Catalogue) -> EpisodesScreen in
        let list = EpisodesScreen(catalogue: catalogue)
        list.onSelect = { row in sidebar.selected = row.title }
        list.onOpenEpisode = { episode in sidebar.opened = episode.title }
        return list
      },
      update: { (list: EpisodesScreen, catalogue: Catalogue) in list.update(catalogue: catalogue) })
    controller.onStateChange = { state in sidebar.paneState = state.description }
    let palette = CursesPalette(depth: has_colors() ? nil : .monochrome)
    let host: EmbeddedHost
    do {
      host = try EmbeddedHost(root: controller, window: pane, palette: palette)
    } catch {
      return
    }
    defer { host.close() }

    while true {
      if sidebar.needsFrame {
        sidebar.draw()
        wnoutrefresh(window)
      }
      if host.needsFrame {
        host.drawFrame()
        sidebar.frames += 1
      }
      restore.update()

      var descriptors = [0, restore.eventDescriptor, host.wakeDescriptor].map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      _ = poll(&descriptors, nfds_t(descriptors.count), host.pollTimeout)
      // A resize arrives below as KEY_RESIZE; after a stop, ncurses has the terminal again.
      restore.events()

      var value: wint_t = 0
      while true {
        let status = wget_wch(window, &value)
        if status == ERR { break }
        if status == KEY_CODE_YES && Int32(truncatingIfNeeded: value) == KEY_RESIZE {
          wresize(pane, sk_lines(), max(1, sk_cols() - sidebarWidth))
          host.move(to: pane)
          werase(window)
          sidebar.needsFrame = true
          continue
        }
        // Ctrl-C arrives as a key in raw mode; it quits like q, with the terminal restored.
        if status == OK && (value == wint_t(UInt8(ascii: "q")) || value == 3) { return }
        var taken = false
        for event in host.decode(getWchStatus: status, value: value) {
          taken = host.handle(event) || taken
        }
        sidebar.lastKey = taken ? "pane took it" : "nobody took it"
      }
      host.tick()
    }
  }

  /// Selects the environment's locale, or C.UTF-8 when it is not UTF-8, so ncursesw reads and
  /// writes UTF-8.
  private static func useUTF8Locale() {
    setlocale(LC_ALL, "")
    let codeset = nl_langinfo(Int32(CODESET)).map { String(cString: $0) } ?? ""
    if String(codeset.uppercased().filter { $0 != "-" }) != "UTF8" {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }
}
