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

    @Test func aCursorWritesItsPartsInOrderIntoTheRoomReserved() {
        let text = written { buffer in
            buffer.append("ab")
            Array("0123456789".utf8).withUnsafeBytes { digits in
                buffer.append(atMost: 2 + 10 + 1 + 19) { line in
                    line.write(UInt8(ascii: "-"))
                    line.write("+")
                    line.write(digits)
                    line.writeDecimal(Int.max)
                }
            }
            buffer.append(UInt8(ascii: "."))
        }
        #expect(text == "ab-+0123456789\(Int.max).")
    }

    @Test func everyOctetIsItsDigits() {
        for value in 0...255 {
            #expect(written { $0.appendOctet(UInt8(value)); $0.append(UInt8(ascii: ".")) } == "\(value).")
        }
    }
}
