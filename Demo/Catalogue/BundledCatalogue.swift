/// The catalogue the demo shows without `--data`: a video series about Swift.
///
/// Kept as JSON text so the bundled data and a `--data` file go through the same decoder.
enum BundledCatalogue {
  static let json = #"""
    {
     "series": "Swift Sessions",
     "collections": [
      {
       "id": "basics",
       "title": "Swift Basics",
       "summary": "Values, protocols and generics."
      },
      {
       "id": "concurrency",
       "title": "Concurrency",
       "summary": "Tasks, actors, clocks."
      },
      {
       "id": "ui",
       "title": "Building UIs",
       "summary": "View controllers, layout, loading."
      },
      {
       "id": "terminal",
       "title": "终端与文本",
       "summary": "Terminals, text width, rendering."
      }
     ],
     "episodes": [
      {
       "number": 1,
       "title": "Networking",
       "date": "2016-06-12",
       "durationMinutes": 19,
       "synopsis": "Starting from a small example, we extract a reusable abstraction and discuss the trade-offs. Episode 1 of the series.",
       "collection": "concurrency"
      },
      {
       "number": 2,
       "title": "Loading View Controllers",
       "date": "2016-11-23",
       "durationMinutes": 26,
       "synopsis": "We look at a common pattern, find where it breaks down, and replace it with something simpler. Episode 2 of the series.",
       "collection": "ui"
      },
      {
       "number": 3,
       "title": "Stack Views with Auto Layout",
       "date": "2016-04-06",
       "durationMinutes": 33,
       "synopsis": "Pairing live, we write the code, measure it, and clean it up until it reads well. Episode 3 of the series.",
       "collection": "terminal"
      },
      {
       "number": 4,
       "title": "Model View ViewModel",
       "date": "2016-09-17",
       "durationMinutes": 40,
       "synopsis": "We build the feature from first principles and refactor it twice, keeping every step testable. Episode 4 of the series.",
       "collection": "basics"
      },
      {
       "number": 5,
       "title": "Protocol-Oriented Programming",
       "date": "2016-02-28",
       "durationMinutes": 16,
       "synopsis": "Starting from a small example, we extract a reusable abstraction and discuss the trade-offs. Episode 5 of the series.",
       "collection": "concurrency"
      },
      {
       "number": 6,
       "title": "Value Types in Swift",
       "date": "2017-07-11",
       "durationMinutes": 23,
       "synopsis": "We look at a common pattern, find where it breaks down, and replace it with something simpler. Episode 6 of the series.",
       "collection": "ui"
      },
      {
       "number": 7,
       "title": "Functional Table Views",
       "date": "2017-12-22",
       "durationMinutes": 30,
       "synopsis": "Pairing live, we write the code, measure it, and clean it up until it reads well. Episode 7 of the series.",
       "collection": "terminal"
      },
      {
       "number": 8,
       "title": "Networking: POST Requests",
       "date": "2017-05-05",
       "durationMinutes": 37,
       "synopsis": "We build the feature from first principles and refactor it twice, keeping every step testable. Episode 8 of the series.",
       "collection": "basics"
      },
      {
       "number": 9,
       "title": "Asynchronous Image Loading",
       "date": "2017-10-16",
       "durationMinutes": 13,
       "synopsis": "Starting from a small example, we extract a reusable abstraction and discuss the trade-offs. Episode 9 of the series.",
       "collection": "concurrency"
      },
      {
       "number": 10,
       "title": "Core Data Basics",
       "date": "2017-03-27",
       "durationMinutes": 20,
       "synopsis": "We look at a common pattern, find where it breaks down, and replace it with something simpler. Episode 10 of the series.",
       "collection": "ui"
      },
      {
       "number": 11,
       "title": "Swift 并发入门",
       "date": "2017-08-10",
       "durationMinutes": 27,
       "synopsis": "Pairing live, we write the code, measure it, and clean it up until it reads well. Episode 11 of the series.",
       "collection": "terminal"
      },
      {
       "number": 12,
       "title": "Result Builders",
       "date": "2018-01-21",
       "durationMinutes": 34,
       "synopsis": "We build the feature from first principles and refactor it twice, keeping every step testable. Episode 12 of the series.",
       "collection": "basics"
      },
      {
       "number": 13,
       "title": "Parsing with Combinators",
       "date": "2018-06-04",
       "durationMinutes": 41,
       "synopsis": "Starting from a small example, we extract a reusable abstraction and discuss the trade-offs. Episode 13 of the series.",
       "collection": "concurrency"
      },
      {
       "number": 14,
       "title": "Property Wrappers",
       "date": "2018-11-15",
       "durationMinutes": 17,
       "synopsis": "We look at a common pattern, find where it breaks down, and replace it with something simpler. Episode 14 of the series.",
       "collection": "ui"
      },
      {
       "number": 15,
       "title": "SwiftUI 状態管理",
       "date": "2018-04-26",
       "durationMinutes": 24,
       "synopsis": "Pairing live, we write the code, measure it, and clean it up until it reads well. Episode 15 of the series.",
       "collection": "terminal"
      },
      {
       "number": 16,
       "title": "Testing View Controllers",
       "date": "2018-09-09",
       "durationMinutes": 31,
       "synopsis": "We build the feature from first principles and refactor it twice, keeping every step testable. Episode 16 of the series.",
       "collection": "basics"
      },
      {
       "number": 17,
       "title": "Building a Terminal UI",
       "date": "2018-02-20",
       "durationMinutes": 38,
       "synopsis": "Starting from a small example, we extract a reusable abstraction and discuss the trade-offs. Episode 17 of the series.",
       "collection": "concurrency"
      },
      {
       "number": 18,
       "title": "ncurses from Swift",
       "date": "2019-07-03",
       "durationMinutes": 14,
       "synopsis": "We look at a common pattern, find where it breaks down, and replace it with something simpler. Episode 18 of the series.",
       "collection": "ui"
      },
      {
       "number": 19,
       "title": "Structured Concurrency",
       "date": "2019-12-14",
       "durationMinutes": 21,
       "synopsis": "Pairing live, we write the code, measure it, and clean it up until it reads well. Episode 19 of the series.",
       "collection": "terminal"
      },
      {
       "number": 20,
       "title": "Actors in Practice",
       "date": "2019-05-25",
       "durationMinutes": 28,
       "synopsis": "We build the feature from first principles and refactor it twice, keeping every step testable. Episode 20 of the series.",
       "collection": "basics"
      },
      {
       "number": 21,
       "title": "Diffing Collections",
       "date": "2019-10-08",
       "durationMinutes": 35,
       "synopsis": "Starting from a small example, we extract a reusable abstraction and discuss the trade-offs. Episode 21 of the series.",
       "collection": "concurrency"
      },
      {
       "number": 22,
       "title": "Generic Containers",
       "date": "2019-03-19",
       "durationMinutes": 42,
       "synopsis": "We look at a common pattern, find where it breaks down, and replace it with something simpler. Episode 22 of the series.",
       "collection": "ui"
      },
      {
       "number": 23,
       "title": "Memory Management and Cycles",
       "date": "2019-08-02",
       "durationMinutes": 18,
       "synopsis": "Pairing live, we write the code, measure it, and clean it up until it reads well. Episode 23 of the series.",
       "collection": "terminal"
      },
      {
       "number": 24,
       "title": "非同期シーケンス",
       "date": "2020-01-13",
       "durationMinutes": 25,
       "synopsis": "We build the feature from first principles and refactor it twice, keeping every step testable. Episode 24 of the series.",
       "collection": "basics"
      },
      {
       "number": 25,
       "title": "Typed Errors",
       "date": "2020-06-24",
       "durationMinutes": 32,
       "synopsis": "Starting from a small example, we extract a reusable abstraction and discuss the trade-offs. Episode 25 of the series.",
       "collection": "concurrency"
      },
      {
       "number": 26,
       "title": "Macros from Scratch",
       "date": "2020-11-07",
       "durationMinutes": 39,
       "synopsis": "We look at a common pattern, find where it breaks down, and replace it with something simpler. Episode 26 of the series.",
       "collection": "ui"
      },
      {
       "number": 27,
       "title": "Swift on Linux",
       "date": "2020-04-18",
       "durationMinutes": 15,
       "synopsis": "Pairing live, we write the code, measure it, and clean it up until it reads well. Episode 27 of the series.",
       "collection": "terminal"
      },
      {
       "number": 28,
       "title": "Clocks and Time in Tests",
       "date": "2020-09-01",
       "durationMinutes": 22,
       "synopsis": "We build the feature from first principles and refactor it twice, keeping every step testable. Episode 28 of the series.",
       "collection": "basics"
      },
      {
       "number": 29,
       "title": "Layout Algorithms",
       "date": "2020-02-12",
       "durationMinutes": 29,
       "synopsis": "Starting from a small example, we extract a reusable abstraction and discuss the trade-offs. Episode 29 of the series.",
       "collection": "concurrency"
      },
      {
       "number": 30,
       "title": "文本宽度与终端",
       "date": "2021-07-23",
       "durationMinutes": 36,
       "synopsis": "We look at a common pattern, find where it breaks down, and replace it with something simpler. Episode 30 of the series.",
       "collection": "ui"
      },
      {
       "number": 31,
       "title": "Keyboard Routing",
       "date": "2021-12-06",
       "durationMinutes": 12,
       "synopsis": "Pairing live, we write the code, measure it, and clean it up until it reads well. Episode 31 of the series.",
       "collection": "terminal"
      },
      {
       "number": 32,
       "title": "Environment Values",
       "date": "2021-05-17",
       "durationMinutes": 19,
       "synopsis": "We build the feature from first principles and refactor it twice, keeping every step testable. Episode 32 of the series.",
       "collection": "basics"
      },
      {
       "number": 33,
       "title": "Refreshable Content",
       "date": "2021-10-28",
       "durationMinutes": 26,
       "synopsis": "Starting from a small example, we extract a reusable abstraction and discuss the trade-offs. Episode 33 of the series.",
       "collection": "concurrency"
      },
      {
       "number": 34,
       "title": "Rendering Only What Changed",
       "date": "2021-03-11",
       "durationMinutes": 33,
       "synopsis": "We look at a common pattern, find where it breaks down, and replace it with something simpler. Episode 34 of the series.",
       "collection": "ui"
      },
      {
       "number": 35,
       "title": "A Terminal Spinner",
       "date": "2021-08-22",
       "durationMinutes": 40,
       "synopsis": "Pairing live, we write the code, measure it, and clean it up until it reads well. Episode 35 of the series.",
       "collection": "terminal"
      }
     ]
    }
    """#
}
