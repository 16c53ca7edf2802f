// swift-tools-version:6.0
// An app that adds SkeletonClient by the repository's URL, as the README says: scripts/generators
// copies this package to .build/generators and puts this commit's URL and revision in place of
// the placeholders; SwiftPM then refuses the dependency if any target it builds used unsafe flags.
import PackageDescription

let package = Package(
    name: "client-consumer",
    dependencies: [.package(url: "REPOSITORY_URL", revision: "REVISION")],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "SkeletonClient", package: "REPOSITORY_NAME")])],
    swiftLanguageModes: [.v6]
)
