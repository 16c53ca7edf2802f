// swift-tools-version:6.0
// Builds a program against the client openapi-generator's swift6 generator wrote (in ../swift6,
// beside this package's copy in .build/generators): what an app that generated a client does.
import PackageDescription

let package = Package(
    name: "swift6-check",
    dependencies: [.package(name: "OpenAPIClient", path: "../swift6")],
    targets: [.executableTarget(name: "FetchLayout", dependencies: [.product(name: "OpenAPIClient", package: "OpenAPIClient")])],
    swiftLanguageModes: [.v6]
)
