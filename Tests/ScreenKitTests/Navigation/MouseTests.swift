import ScreenKit
import ScreenKitTesting
import Testing

/// A screen that records the mouse events it gets, in its own coordinates.
@MainActor
final class MouseProbe: Screen {
  var events: [MouseEvent] = []
  let focusable: Bool
  let handles: Bool

  init(_ name: String, focusable: Bool = true, handles: Bool = true) {
    self.focusable = focusable
    self.handles = handles
    super.init()
    self.name = name
    self.title = name
  }

  override var canBecomeFocused: Bool { focusable }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    events.append(event)
    return handles
  }
}

/// The rows a list activated, in order.
@MainActor
final class Activations {
  var value: [Int] = []
}

extension Navigation {
  @MainActor
  @Suite struct MouseTests {
    private func list(_ count: Int) -> (ListScreen, Activations) {
      let activated = Activations()
      let list = ListScreen(rows: (0..<count).map { PlainRow(title: "Row \($0)") })
      list.onActivate = { index, _ in activated.value.append(index) }
      return (list, activated)
    }

    @Test func clickingARowSelectsItAndClickingItAgainOpensIt() async {
      let (list, activated) = list(10)
      let harness = ScreenHarness(root: list, size: Size(width: 20, height: 5))
      #expect(harness.click(x: 4, y: 2))
      #expect(list.selectedIndex == 2)
      #expect(harness.lines[2].hasPrefix("› Row 2"))
      #expect(activated.value.isEmpty)
      harness.click(x: 10, y: 2)
      #expect(activated.value == [2])
      harness.doubleClick(x: 3, y: 4)
      #expect(list.selectedIndex == 4)
      #expect(activated.value == [2, 4])
      await harness.finish()
    }

    @Test func clickingBelowTheLastRowDoesNothing() async {
      let (list, activated) = list(2)
      let harness = ScreenHarness(root: list, size: Size(width: 20, height: 5))
      #expect(!harness.click(x: 4, y: 3))
      #expect(list.selectedIndex == 0)
      #expect(activated.value.isEmpty)
      await harness.finish()
    }

    @Test func theWheelScrollsAListWithoutMovingTheSelection() async {
      let (list, _) = list(20)
      let harness = ScreenHarness(root: list, size: Size(width: 20, height: 5))
      #expect(harness.scroll(x: 2, y: 2, by: 2))
      #expect(list.scrollOffset == 2 * MouseEvent.linesPerWheelNotch)
      #expect(harness.lines[0].hasPrefix("  Row 6"))
      #expect(list.selectedIndex == 0)
      harness.scroll(x: 2, y: 2, by: 10)
      #expect(list.scrollOffset == 15, "never past the last full page")
      harness.scroll(x: 2, y: 2, by: -1)
      #expect(list.scrollOffset == 12)
      // A click on a scrolled list selects the row drawn there.
      harness.click(x: 2, y: 1)
      #expect(list.selectedIndex == 13)
      await harness.finish()
    }

    @Test func theWheelScrollsText() async {
      let text = TextScreen(text: (0..<30).map { "Line \($0)" }.joined(separator: "\n"))
      let harness = ScreenHarness(root: text, size: Size(width: 20, height: 5))
      harness.scroll(x: 1, y: 1, by: 1)
      #expect(text.scrollOffset == 3)
      #expect(harness.lines[0].hasPrefix("Line 3"))
      harness.scroll(x: 1, y: 1, by: -5)
      #expect(text.scrollOffset == 0)
      await harness.finish()
    }

    @Test func clickingAPaneFocusesItAndTheEventIsInThePanesCoordinates() async {
      let left = MouseProbe("Left")
      let right = MouseProbe("Right")
      let split = SplitScreen(axis: .horizontal, panes: [left, right])
      let harness = ScreenHarness(root: split, size: Size(width: 21, height: 4))
      #expect(left.isFocused)
      #expect(harness.click(x: 14, y: 2))
      #expect(right.isFocused)
      #expect(right.events.first == MouseEvent(.press(.left), at: Point(x: 3, y: 1)))
      #expect(left.events.isEmpty)
      // The header row belongs to the split screen: a click there focuses its pane too.
      harness.click(x: 3, y: 0)
      #expect(left.isFocused)
      #expect(harness.lines[0].contains("Left"))
      await harness.finish()
    }

    @Test func clickingAPaneWithNothingFocusableUnderThePointFocusesItsFirstCandidate() async {
      let list = ListScreen(rows: [PlainRow(title: "One")])
      let holder = Screen()
      holder.addChild(list)
      let other = MouseProbe("Other", handles: false)
      let split = SplitScreen(axis: .horizontal, panes: [other, NavigationScreen(root: holder)])
      let harness = ScreenHarness(root: split, size: Size(width: 30, height: 6))
      #expect(other.isFocused)
      // The navigation screen's title bar, inside the right pane.
      harness.click(x: 20, y: 1)
      #expect(list.isFocused)
      await harness.finish()
    }

    @Test func clickingABreadcrumbPopsToIt() async {
      let root = MouseProbe("Home")
      let navigation = NavigationScreen(root: root)
      let harness = ScreenHarness(root: navigation, size: Size(width: 40, height: 6))
      navigation.push(MouseProbe("Shows"))
      navigation.push(MouseProbe("Episode"))
      harness.renderIfNeeded()
      #expect(harness.lines[0].hasPrefix(" Home › Shows › Episode"))
      // The current title and the separators are no targets.
      harness.click(x: 18, y: 0)
      harness.click(x: 6, y: 0)
      #expect(navigation.stack.count == 3)
      harness.click(x: 9, y: 0)
      #expect(navigation.stack.count == 2)
      #expect(harness.lines[0].hasPrefix(" Home › Shows "))
      harness.click(x: 1, y: 0)
      #expect(navigation.stack.count == 1)
      #expect(root.isFocused)
      await harness.finish()
    }

    @Test func poppingToAnIndexNeverShowsTheScreensBetween() async {
      let navigation = NavigationScreen(root: MouseProbe("Home"))
      let harness = ScreenHarness(root: navigation, size: Size(width: 40, height: 6))
      let middle = MouseProbe("Middle")
      navigation.push(middle)
      navigation.push(MouseProbe("Top"))
      var appeared = false
      middle.observeLifecycle { if $0.hook == .willAppear { appeared = true } }
      #expect(navigation.pop(toIndex: 0).count == 2)
      #expect(!appeared)
      await harness.finish()
    }

    @Test func aModalOverlayKeepsClicksFromTheScreenItCovers() async {
      let (list, activated) = list(10)
      let content = MouseProbe("Dialog", handles: false)
      let harness = ScreenHarness(root: list, size: Size(width: 30, height: 10))
      list.presentOverlay(
        OverlayScreen(content: content, preferredContentSize: Size(width: 6, height: 2)))
      harness.renderIfNeeded()
      #expect(content.isFocused)
      // Outside the box: the list neither selects nor opens, nor takes focus back.
      #expect(harness.click(x: 1, y: 0))
      harness.click(x: 1, y: 0)
      #expect(list.selectedIndex == 0)
      #expect(activated.value.isEmpty)
      #expect(content.isFocused)
      // Inside: the content gets it in its own coordinates; unhandled, it stops at the overlay.
      let frame = content.absoluteFrame
      #expect(harness.click(x: frame.minX + 1, y: frame.minY))
      #expect(content.events.first == MouseEvent(.press(.left), at: Point(x: 1, y: 0)))
      #expect(list.selectedIndex == 0)
      #expect(harness.scroll(x: 1, y: 9, by: 1))
      #expect(list.scrollOffset == 0)
      await harness.finish()
    }

    @Test func overlaysAreHitBeforeWhatTheyCoverAndLaterChildrenBeforeEarlierOnes() async {
      let root = Screen()
      let below = MouseProbe("Below")
      let above = MouseProbe("Above")
      root.addChild(below)
      root.addChild(above)
      above.isFloating = true
      let harness = ScreenHarness(root: root, size: Size(width: 20, height: 6))
      above.frame = Rect(x: 5, y: 2, width: 4, height: 2)
      harness.click(x: 6, y: 3)
      harness.click(x: 1, y: 1)
      #expect(above.events.map(\.position) == [Point(x: 1, y: 1), Point(x: 1, y: 1)])
      #expect(below.events.map(\.position) == [Point(x: 1, y: 1), Point(x: 1, y: 1)])
      #expect(above.events.count == 2 && below.events.count == 2)
      #expect(!harness.click(x: 25, y: 1), "outside the stage nothing is hit")
      await harness.finish()
    }

    @Test func unhandledEventsBubbleToTheParentInItsCoordinates() async {
      let parent = MouseProbe("Parent")
      let child = MouseProbe("Child", handles: false)
      parent.addChild(child)
      parent.margins = EdgeInsets(top: 1, left: 2, bottom: 0, right: 0)
      let harness = ScreenHarness(root: parent, size: Size(width: 20, height: 6))
      harness.send(MouseEvent(.wheel(1), at: Point(x: 4, y: 3)))
      #expect(child.events == [MouseEvent(.wheel(1), at: Point(x: 2, y: 2))])
      #expect(parent.events == [MouseEvent(.wheel(1), at: Point(x: 4, y: 3))])
      await harness.finish()
    }
  }
}
