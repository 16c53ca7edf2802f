import Testing
@testable import HTTPServer

/// The number writers of the encoder and the access log, at their edges.
@Suite struct OutputBufferTests {
    func written(_ write: (inout OutputBuffer) -> Void) -> String {
        var buffer = OutputBuffer(capacity: 8)
        write(&buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test(arguments: [0, 7, 9, 10, 99, 100, 999, 1000, 65535, 1_000_000_000, 999_999_999_999_999_999, Int.max])
    func decimalIsTheNumbersDigits(_ value: Int) {
        #expect(written { $0.appendDecimal(value) } == String(value))
    }

    @Test func everyOctetIsItsDigits() {
        for value in 0...255 {
            #expect(written { $0.appendOctet(UInt8(value)); $0.append(UInt8(ascii: ".")) } == "\(value).")
        }
    }
}
