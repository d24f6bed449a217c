// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "ScreenKit",
  products: [
    .library(name: "ScreenKit", targets: ["ScreenKit"]),
    .library(name: "ScreenKitTesting", targets: ["ScreenKitTesting"]),
  ],
  targets: [
    .target(name: "ScreenKit", swiftSettings: strict),
    .target(
      name: "ScreenKitTesting",
      dependencies: ["ScreenKit"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ScreenKitTests",
      dependencies: ["ScreenKit", "ScreenKitTesting"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ScreenKitTestingTests",
      dependencies: ["ScreenKit", "ScreenKitTesting"],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
