import Layouts
@testable import SkeletonDomain

/// libFuzzer target `screen-file`: `ScreenFileDecoder` on arbitrary bytes, as `--layouts` reads
/// an untrusted file. Linked with the `SkeletonDomain` and `Layouts`
/// modules (see `scripts/fuzz`).
///
/// The process traps (a libFuzzer crash) when decoding, or serving what it decoded, stops the
/// process: every invariant `Screen`, `ScreenLayout` and `Catalog` check by precondition must
/// have been refused by the decoder first. A decoded screen is served in every option (a
/// `Catalog` encodes all its documents) and has a schedule in every scenario; one animated by a
/// named preset is exported again, and decoding that gives byte-identical documents.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScreenFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let screen = try? ScreenFileDecoder.decode(bytes) else { return 0 }
    let catalog = Catalog(screens: [screen])
    for scenario in Scenario.allCases { _ = Schedule(screen: screen, scenario: scenario, seed: size) }
    if screen.animation.name != nil {
        let again = Catalog(screens: [try! ScreenFileDecoder.decode(ScreenFileEncoder.bytes(screen))])
        let options = LayoutOptions(expand: true)
        precondition(again.document(screen: screen.id, options: options)?.bytes == catalog.document(screen: screen.id, options: options)?.bytes,
                     "an exported screen decodes to other documents")
    }
    return 0
}
