import Testing
@testable import HTTPServer

@Suite struct BytesTests {
    @Test(arguments: [
        [], Array("/layouts/home".utf8), Array("/fifteen-bytes!".utf8), Array("/sixteen-bytes!!".utf8),
        Array("/ein/straßen/café".utf8), [0x2F, 0xFF, 0x41], [0xE2, 0x82], Array(repeating: UInt8(ascii: "a"), count: 300) + [0xC0],
    ] as [[UInt8]])
    func stringFromUTF8BytesIsStringDecoding(_ bytes: [UInt8]) {
        let made = bytes.withUnsafeBytes { String(utf8: $0) }
        #expect(made == String(decoding: bytes, as: UTF8.self))
        #expect(Array(made.utf8) == Array(String(decoding: bytes, as: UTF8.self).utf8))
    }
}
