import ScreenKit
import Testing

/// A screen's name, which hierarchy descriptions and the lifecycle journal show.
@MainActor
@Suite struct ScreenNameTests {
  private final class Greeting: Screen {}
  private final class Holder<Value>: Screen {}

  @Test func aScreenIsNamedAfterItsTypeUnlessGivenAName() {
    #expect(Greeting().name == "Greeting")
    #expect(Holder<Int>().name == "Holder<Int>")
    let named = Greeting()
    named.name = "Welcome"
    #expect(named.name == "Welcome")
  }

  @Test func lifecycleEventsNameTheScreenTheyAreAbout() {
    let parent = Screen()
    let child = Greeting()
    var events: [String] = []
    child.observeLifecycle { events.append($0.screen) }
    parent.addChild(child)
    #expect(!events.isEmpty)
    #expect(events.allSatisfy { $0 == "Greeting" })
  }
}
