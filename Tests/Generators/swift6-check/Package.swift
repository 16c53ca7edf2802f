// swift-tools-version:6.0
// Builds a program against the client openapi-generator's swift6 generator wrote (in ../swift6,
// beside this package's copy made by Tests/Generators/run-decoders.sh): what an app that
// generated a client does. The copy also gets Sources/SwiftCheck/Models.generated.swift, the
// table of the generated model types by name.
import PackageDescription

let package = Package(
    name: "swift6-check",
    dependencies: [.package(name: "OpenAPIClient", path: "../swift6")],
    targets: [.executableTarget(name: "SwiftCheck", dependencies: [.product(name: "OpenAPIClient", package: "OpenAPIClient")])],
    swiftLanguageModes: [.v6]
)
