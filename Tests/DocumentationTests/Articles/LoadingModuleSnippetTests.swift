// The imports on ScreenKitLoading's landing page: a program that loads imports both modules.
// snippet: loading-module-imports
import ScreenKit
import ScreenKitLoading
// end-snippet
import Testing

@MainActor @Suite struct LoadingModuleSnippetTests {
  /// What the landing page says of the two imports: the loading screens are ScreenKit screens.
  @Test func aLoadingControllerIsAScreenOfTheCore() {
    let controller = LoadingController(load: { 7 }, build: { _ in Screen() })
    let screen: Screen = controller
    #expect(screen.name == "LoadingController")
  }
}
