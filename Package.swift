// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "skeleton-server",
    // The oldest releases with every API SkeletonClient and Layouts call (`Clock<Duration>`:
    // iOS 16, macOS 13); `ApplePlatformTests` holds this to the list of those APIs.
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "skeleton-server", targets: ["SkeletonServer"]),
        // What an app adds: the documents decoded, laid out on the device, and loading sessions
        // followed. Its targets use no unsafe flags and no system library, and build nothing of the server.
        .library(name: "SkeletonClient", targets: ["SkeletonClient"]),
    ],
    targets: [
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["EmbedFilesTool"]),
        .executableTarget(name: "EmbedFilesTool", path: "Plugins/EmbedFilesTool"),
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        .target(name: "HTTPServer", dependencies: ["CLinux"]),
        .target(name: "Layouts"),
        .target(name: "SkeletonDomain", dependencies: ["Layouts"]),
        .target(
            name: "SkeletonAPI", dependencies: ["HTTPServer", "Layouts", "SkeletonDomain"],
            exclude: ["Web/package.json"],  // tells node the web code is ES modules; not served
            plugins: ["EmbedFiles"]),
        .executableTarget(name: "SkeletonServer", dependencies: ["SkeletonAPI", "HTTPServer", "SkeletonDomain"]),
        .target(name: "SkeletonClient", dependencies: ["Layouts"]),
        // Benchmarks/motion.py: the instructions a drawn frame of a skeleton in motion costs.
        .executableTarget(name: "MotionBenchmark", dependencies: ["Layouts", "SkeletonDomain"], path: "Benchmarks/MotionBenchmark"),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        .testTarget(name: "LayoutsTests", dependencies: ["Layouts", "SkeletonDomain"]),
        .testTarget(name: "SkeletonDomainTests", dependencies: ["SkeletonDomain", "Layouts"]),
        .testTarget(name: "SkeletonAPITests", dependencies: ["SkeletonAPI", "HTTPServer", "Layouts", "SkeletonDomain"]),
        .testTarget(name: "SkeletonClientTests", dependencies: ["SkeletonClient", "SkeletonAPI", "SkeletonDomain", "HTTPServer"]),
        // A stand-in for Apple's SwiftUI (its common type names, and just enough API for the docs'
        // drawing code), which SwiftUIClashTests imports beside SkeletonClient, as an app does.
        .target(name: "SwiftUI", path: "Tests/SwiftUIStandIn"),
        .testTarget(name: "SwiftUIClashTests", dependencies: ["SkeletonClient", "SwiftUI"]),
        // A stand-in for Apple's UIKit: just enough drawing API for the docs' `SkeletonView`.
        .target(name: "UIKit", path: "Tests/UIKitStandIn"),
        // docs/clients.md's SwiftUI and UIKit drawing code, compiled against the stand-ins and held to a live server's frames.
        .testTarget(name: "DrawingDocsTests", dependencies: ["SkeletonClient", "SwiftUI", "UIKit", "SkeletonAPI", "HTTPServer"]),
    ],
    swiftLanguageModes: [.v6]
)
