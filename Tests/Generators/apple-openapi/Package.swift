// swift-tools-version:6.0
// Apple's swift-openapi-generator against the live description: run-native.sh generates Types and
// Client into Sources/Decode/Generated of a work copy of this package, then builds and runs Decode.
import PackageDescription

let package = Package(
    name: "apple-openapi",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    ],
    targets: [
        .executableTarget(
            name: "Decode",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ]
        )
    ]
)
