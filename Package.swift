// swift-tools-version: 6.2
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "ScreenKit",
  products: [
    .library(name: "ScreenKit", targets: ["ScreenKit"]),
    .library(name: "ScreenKitLoading", targets: ["ScreenKitLoading"]),
    .library(name: "ScreenKitTesting", targets: ["ScreenKitTesting"]),
    .library(name: "ScreenKitSimulation", targets: ["ScreenKitSimulation"]),
    .library(name: "ScreenKitTerminal", targets: ["ScreenKitTerminal"]),
    .library(name: "ScreenKitCurses", targets: ["ScreenKitCurses"]),
    .library(name: "ScreenKitMatching", targets: ["ScreenKitMatching"]),
    .library(name: "ScreenKitPrompts", targets: ["ScreenKitPrompts"]),
    .library(name: "ScreenKitSSH", targets: ["ScreenKitSSH"]),
    .executable(name: "Demo", targets: ["Demo"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
    // Golden files for ScreenKitTesting's snapshots (docs/decisions/2026-11-27-snapshot-testing.md);
    // only its SnapshotTesting library is used, which builds without swift-syntax.
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    // Screens served over SSH (ScreenKitSSH, docs/serving.md): only that module, the demo and
    // their tests depend on these.
    .package(url: "https://github.com/apple/swift-nio-ssh.git", from: "0.15.1"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
  ],
  targets: [
    // The package's one lock (docs/decisions/2026-11-23-one-lock.md): standard library only,
    // below every module that shares state between threads.
    .target(name: "Locking", swiftSettings: strict),
    .target(
      name: "ScreenKit",
      dependencies: ["Locking", .product(name: "DequeModule", package: "swift-collections")],
      swiftSettings: strict),
    // Loading a screen's content: the load engine, the cache, the spinners and the load
    // inspector. Above the core, which knows nothing of it (docs/modules.md).
    .target(
      name: "ScreenKitLoading",
      dependencies: [
        "ScreenKit", "Locking", .product(name: "DequeModule", package: "swift-collections"),
      ],
      swiftSettings: strict),
    // Fuzzy matching and ranking of lines, as a picker filters them: standard library only,
    // beside the core rather than in it (docs/modules.md).
    .target(name: "ScreenKitMatching", swiftSettings: strict),
    // Virtual time, manual task scheduling and seeded randomness: standard library only, so
    // the benchmarks and the demo use them without linking swift-testing (and its Foundation).
    .target(name: "ScreenKitSimulation", dependencies: ["Locking"], swiftSettings: strict),
    .target(
      name: "ScreenKitTesting",
      dependencies: [
        "ScreenKit", "ScreenKitLoading", "ScreenKitSimulation", "Locking",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      swiftSettings: strict
    ),
    // Whatever ends the process, the terminal is put back: signal handlers, the guardian
    // process, standard error held back. C, as what a handler runs must be async-signal-safe.
    .target(name: "CTerminalSession"),
    // A terminal session without ncurses, for a program that writes escape codes itself; and
    // the restore and input the ncurses session shares with it.
    .target(
      name: "ScreenKitTerminal", dependencies: ["ScreenKit", "CTerminalSession"],
      swiftSettings: strict),
    // NB: one C target whose header defines NCURSES_WIDECHAR before curses.h; libncursesw.so
    // on Debian is a linker script that also pulls in libtinfo. macOS's system libncurses has
    // the wide API under its plain name.
    .target(
      name: "CNCurses", dependencies: ["CTerminalSession"],
      linkerSettings: [
        .linkedLibrary("ncursesw", .when(platforms: [.linux])),
        .linkedLibrary("ncurses", .when(platforms: [.macOS])),
      ]),
    // libdispatch's main-queue hooks, for the loop that owns the main thread; private
    // interface, declared here only, and -1 (the standard main queue) where it is missing.
    .target(name: "CMainQueue"),
    .target(
      name: "ScreenKitCurses",
      dependencies: ["ScreenKit", "ScreenKitTerminal", "CNCurses", "CMainQueue", "Locking"],
      swiftSettings: strict),
    // Prompts for a command-line tool's `run()`: a question at the cursor on the inline host,
    // its answer left as one line in the scrollback; answered from the environment when no
    // terminal can ask (docs/prompts.md).
    .target(
      name: "ScreenKitPrompts",
      dependencies: [
        "Locking", "ScreenKit", "ScreenKitCurses", "ScreenKitLoading", "ScreenKitMatching",
      ],
      swiftSettings: strict),
    // Screens served over SSH: one `ScreenHost` per session on the escape-code writer, over
    // swift-nio-ssh (docs/serving.md, docs/decisions/2026-11-28-ssh-library.md).
    .target(
      name: "ScreenKitSSH",
      dependencies: [
        "ScreenKit", "ScreenKitTerminal", "Locking",
        .product(name: "HeapModule", package: "swift-collections"),
        .product(name: "NIOSSH", package: "swift-nio-ssh"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: strict),
    // The program the terminal tests run on a pty: a tool, so it lives in Tools/, out of the
    // way of what users link.
    .executableTarget(
      name: "ScreenKitCursesTestHost",
      dependencies: ["ScreenKit", "ScreenKitCurses", "CTerminalSession"],
      path: "Tools/CursesTestHost",
      swiftSettings: strict
    ),
    // The demo's screens, catalogue, picker and programs: a library, so that tests import them
    // (a test importing the executable would link with its flags below). Everything in Demo/
    // but the command line, Demo/Commands, which is the `Demo` program.
    .target(
      name: "DemoKit",
      dependencies: [
        "ScreenKit", "ScreenKitLoading", "ScreenKitCurses", "ScreenKitMatching", "CNCurses",
        "ScreenKitSimulation", "Locking",
      ],
      path: "Demo",
      exclude: ["Commands", "Serve"],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "Demo",
      dependencies: [
        "DemoKit", "ScreenKit", "ScreenKitLoading", "ScreenKitCurses", "ScreenKitTerminal",
        // `Demo setup`: a tool built with the prompts alone.
        "ScreenKitPrompts",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Demo/Commands",
      swiftSettings: strict,
      // The Swift runtime, libdispatch and FoundationEssentials linked into the program rather
      // than loaded from a dozen shared libraries: start-up and memory are measured in the
      // docs/decisions (lld packs the relative relocations the static runtime brings).
      // The release build links the C libraries too (a static executable: 2 MiB less at the
      // peak, see docs/decisions); the debug build keeps them shared, as the sanitizers need.
      // NB: unsafe flags on an executable only: no library product contains Demo, so the
      // package stays usable as a dependency, and no test imports it (they import DemoKit).
      // The two FoundationEssentials parts are named because its static library does not link
      // them itself, and a static ncurses needs its terminfo library named.
      linkerSettings: [
        .unsafeFlags(
          [
            "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-l_FoundationCollections", "-l_FoundationCShims",
          ], .when(platforms: [.linux])),
        .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .debug)),
        .unsafeFlags(
          ["-static-executable", "-ltinfo"], .when(platforms: [.linux], configuration: .release)),
      ]
    ),
    // `Demo serve`, which the demo runs: a program of its own, as swift-nio-ssh links Foundation,
    // which the demo does without (docs/decisions/2026-11-28-ssh-library.md).
    .executableTarget(
      name: "DemoServe",
      dependencies: [
        "DemoKit", "ScreenKit", "ScreenKitCurses", "ScreenKitSSH",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Demo/Serve",
      swiftSettings: strict
    ),
    // The server the SSH benchmark measures (Tools/Benchmarks/SSH/ssh-load.py): a spinner and the
    // last key in every session. A program of its own, as it links swift-nio-ssh.
    .executableTarget(
      name: "ScreenKitSSHBenchServer",
      dependencies: ["ScreenKit", "ScreenKitCurses", "ScreenKitSSH"],
      path: "Tools/SSHBenchServer",
      swiftSettings: strict
    ),
    // Small programs, one feature each; the README's "Examples" section lists them.
    .executableTarget(
      name: "HelloExample", dependencies: ["ScreenKit", "ScreenKitCurses"],
      path: "Examples/Hello", swiftSettings: strict),
    .executableTarget(
      name: "LoadingControllerExample",
      dependencies: ["ScreenKit", "ScreenKitLoading", "ScreenKitCurses"],
      path: "Examples/LoadingController", swiftSettings: strict),
    .executableTarget(
      name: "LoadingProtocolExample",
      dependencies: ["ScreenKit", "ScreenKitLoading", "ScreenKitCurses"],
      path: "Examples/LoadingProtocol", swiftSettings: strict),
    .executableTarget(
      name: "NavigationExample", dependencies: ["ScreenKit", "ScreenKitCurses"],
      path: "Examples/Navigation", swiftSettings: strict),
    .executableTarget(
      name: "EmbeddingExample", dependencies: ["ScreenKit", "ScreenKitCurses", "CNCurses"],
      path: "Examples/Embedding", swiftSettings: strict),
    .executableTarget(
      name: "InlineExample", dependencies: ["ScreenKit", "ScreenKitLoading", "ScreenKitCurses"],
      path: "Examples/Inline", swiftSettings: strict),
    // NB: a command of swift-argument-parser, whose `run()` asks: prompts need no `main` of
    // their own.
    .executableTarget(
      name: "PromptsExample",
      dependencies: [
        "ScreenKit", "ScreenKitPrompts",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Examples/Prompts", swiftSettings: strict),
    // A group of tasks at the cursor: a row each, a line each as they finish.
    .executableTarget(
      name: "TasksExample", dependencies: ["ScreenKitPrompts"], path: "Examples/Tasks",
      swiftSettings: strict),
    // NB: no ncurses: the program writes escape codes itself, on ScreenKitTerminal's session.
    .executableTarget(
      name: "ANSIHostExample",
      dependencies: ["ScreenKit", "ScreenKitLoading", "ScreenKitTerminal"],
      path: "Examples/ANSIHost", swiftSettings: strict),
    // Every Swift block of README.md, docs and the DocC articles, compiled and checked.
    .testTarget(
      name: "DocumentationTests",
      dependencies: [
        "Locking", "ScreenKit", "ScreenKitLoading", "ScreenKitTesting", "ScreenKitSimulation",
        "ScreenKitCurses", "ScreenKitMatching", "ScreenKitTerminal", "ScreenKitPrompts",
        // `TerminalProgram`'s example runs a command of swift-argument-parser.
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // Golden files of the snapshots (`expectSnapshot`), read by path.
      exclude: ["Articles/__Snapshots__", "DocComments/__Snapshots__"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "DemoEndToEndTests",
      dependencies: ["ScreenKit", "ScreenKitSimulation"],
      // The terminal emulator the scrollback tests drive, a Python program.
      exclude: ["Support/scrollback-terminal.py"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ScreenKitCursesTests",
      dependencies: [
        "ScreenKitCurses", "ScreenKit", "ScreenKitTerminal", "ScreenKitTesting",
        "ScreenKitSimulation", "CNCurses",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ScreenKitTests",
      dependencies: [
        "Locking",
        "ScreenKit", "ScreenKitTesting", "ScreenKitSimulation",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ScreenKitLoadingTests",
      dependencies: [
        "Locking",
        "ScreenKit", "ScreenKitLoading", "ScreenKitTesting", "ScreenKitSimulation",
        "ScreenKitTerminal",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["__Snapshots__"],
      swiftSettings: strict
    ),
    // The examples' own screens, imported from their programs, as snapshots.
    .testTarget(
      name: "ExampleSnapshotTests",
      dependencies: [
        "ScreenKit", "ScreenKitLoading", "ScreenKitTesting", "ScreenKitSimulation", "HelloExample",
        "LoadingControllerExample", "LoadingProtocolExample", "NavigationExample",
        "EmbeddingExample", "InlineExample", "ANSIHostExample",
      ],
      exclude: ["__Snapshots__"],
      swiftSettings: strict
    ),
    // The demo's main screens, imported from DemoKit, as snapshots.
    .testTarget(
      name: "DemoSnapshotTests",
      dependencies: [
        "DemoKit", "ScreenKit", "ScreenKitMatching", "ScreenKitTesting", "ScreenKitSimulation",
      ],
      // Golden files, and the folder the file browser lists.
      exclude: ["__Snapshots__", "Fixtures"],
      swiftSettings: strict
    ),
    // The public frame writer, through its public interface, as a host without ncurses uses it.
    .testTarget(
      name: "ScreenKitTerminalTests",
      dependencies: [
        "ScreenKit", "ScreenKitTerminal", "ScreenKitTesting", "ScreenKitLoading",
        "ScreenKitSimulation",
      ],
      swiftSettings: strict),
    // The SSH server: sessions on NIO's embedded channels, and hostile input.
    .testTarget(
      name: "ScreenKitSSHTests",
      dependencies: [
        "ScreenKitSSH", "ScreenKit", "ScreenKitLoading", "ScreenKitTerminal", "Locking",
        "ScreenKitSimulation",
        .product(name: "NIOSSH", package: "swift-nio-ssh"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: strict),
    .testTarget(
      name: "ScreenKitMatchingTests",
      dependencies: [
        "ScreenKitMatching", "ScreenKitSimulation",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: strict
    ),
    // Each prompt's states as snapshots, and the answers given without a terminal.
    .testTarget(
      name: "ScreenKitPromptsTests",
      dependencies: [
        "Locking", "ScreenKit", "ScreenKitPrompts", "ScreenKitTesting", "ScreenKitSimulation",
      ],
      exclude: ["__Snapshots__"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ScreenKitTestingTests",
      dependencies: [
        "Locking", "ScreenKit", "ScreenKitLoading", "ScreenKitTesting", "ScreenKitSimulation",
      ],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The benchmarks measure through Linux interfaces (/proc, per-thread CPU clocks), so they are
// built on Linux only.
#if os(Linux)
  // Programs on a pseudo-terminal for the tests and the benchmarks, the one toolkit for both:
  // a pty read on demand or recorded by a thread (every byte stamped), a child spawned plainly
  // or as a shell's foreground job, its state changes, its resource use and what it left
  // behind (read from /proc). Standard library and Glibc only (no Foundation, no
  // swift-testing); the C part does what Swift cannot between fork and exec.
  package.targets.append(.target(name: "CTerminalProcess", path: "Tools/CTerminalProcess"))
  package.targets.append(
    .target(
      name: "TerminalProcess", dependencies: ["CTerminalProcess", "Locking"],
      path: "Tools/TerminalProcess", swiftSettings: strict))
  // The tests on a pty run on Linux only: the chaos test, and the ncurses backend's on a real
  // terminal (its other tests, in ScreenKitCursesTests, build everywhere).
  for target in package.targets where target.name == "DemoEndToEndTests" {
    target.dependencies.append("TerminalProcess")
  }
  package.targets.append(
    .testTarget(
      name: "ScreenKitCursesTerminalTests",
      dependencies: [
        "ScreenKitCurses", "ScreenKit", "ScreenKitTerminal", "ScreenKitTesting",
        "ScreenKitSimulation", "CNCurses", "TerminalProcess", "Locking",
      ],
      swiftSettings: strict
    ))
  package.products.append(.executable(name: "Benchmarks", targets: ["Benchmarks"]))
  package.targets.append(
    .executableTarget(
      name: "Benchmarks",
      // NB: not ScreenKitTesting: it links swift-testing, which pulls in Foundation and ICU.
      dependencies: [
        "ScreenKit", "ScreenKitLoading", "ScreenKitCurses", "ScreenKitMatching", "CNCurses",
        "ScreenKitSimulation", "TerminalProcess", "Locking",
      ],
      path: "Tools/Benchmarks",
      // NB: the C + ncurses reference is built by the benchmark with the system compiler, so
      // it links only libc and ncurses (a SwiftPM target would also link the Swift runtime);
      // the rich reference is a Python script the benchmark runs on the machine's python3.
      // The SSH benchmark is a Python load generator beside its Go reference (SSH/): it measures
      // ScreenKitSSHBenchServer from outside, as a client sees it.
      exclude: ["Reference", "SSH", "kit-beside-anchors.py"],
      swiftSettings: strict
    ))
#endif
