import SkeletonDomain
import Testing

extension LoadingTests {
    /// SHA-256 against FIPS 180-4's examples, HMAC-SHA256 against RFC 4231 §4.
    struct HashTests {
        @Test(arguments: [
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ])
        func sha256MatchesFIPS180Examples(message: String, digest: String) {
            #expect(LoadingTests.hex(SHA256.hash(Array(message.utf8))) == digest)
        }

        @Test func sha256OfOneMillionAs() {
            let digest = SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
            #expect(LoadingTests.hex(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        }

        /// Lengths around the padding boundaries (56 and 64 bytes), digests from Python's hashlib.
        @Test(arguments: [
            (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
            (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
            (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
            (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
            (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
            (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
            (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
            (128, "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e"),
        ])
        func sha256PadsAtBlockBoundaries(count: Int, digest: String) {
            #expect(LoadingTests.hex(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: count))) == digest)
        }

        static let largeKey = [UInt8](repeating: 0xaa, count: 131)

        @Test(arguments: [
            (
                [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
                "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
            ),
            (
                Array(1...25), [UInt8](repeating: 0xcd, count: 50),
                "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
            ),
            (
                largeKey, Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
            (
                largeKey,
                Array(
                    "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."
                        .utf8),
                "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
            ),
        ])
        func hmacMatchesRFC4231(key: [UInt8], message: [UInt8], code: String) {
            #expect(LoadingTests.hex(HMACSHA256.authenticationCode(key: key, message: message)) == code)
        }

        /// RFC 4231 test case 5 checks the first 128 bits only, as session tokens use them.
        @Test func hmacTruncatedTo128BitsMatchesRFC4231Case5() {
            let code = HMACSHA256.authenticationCode(
                key: [UInt8](repeating: 0x0c, count: 20), message: Array("Test With Truncation".utf8))
            #expect(LoadingTests.hex(Array(code.prefix(16))) == "a3b6167473100ee06e0c796c2955552b")
        }
    }
}
