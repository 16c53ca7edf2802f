import SkeletonDomain
import Testing

struct JSONWriterTests {
    private func text(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func escapesQuotesBackslashesAndEveryControlCharacter() throws {
        let original = "a\"b\\c/\n\t\r\u{08}\u{0C}\u{00}\u{01}\u{1F}\u{7F} é 😀"
        let written = text { $0.string(original) }
        #expect(written == #""a\"b\\c/\n\t\r\b\f\u0000\u0001\u001F"# + "\u{7F} é 😀\"")
        #expect(try JSON.parse(Array(written.utf8)) == .string(original))
    }

    @Test func escapesKeysLikeStrings() {
        #expect(text { $0.beginObject(); $0.member("a\"\n", 1); $0.endObject() } == #"{"a\"\n":1}"#)
    }

    @Test(arguments: [
        (0, "0"), (-1, "-1"), (42, "42"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
    ])
    func writesIntegers(value: Int, expected: String) {
        #expect(text { $0.number(value) } == expected)
    }

    @Test(arguments: [
        (0.5, "0.5"), (1.0, "1"), (-0.3, "-0.3"), (1.02, "1.02"), (0.825, "0.825"), (-0.0, "0"), (300.0, "300"),
        (-1.5, "-1.5"), (0.1 + 0.2, "0.30000000000000004"), (1e-7, "1e-07"), (1e21, "1e+21"),
        (9007199254740991.0, "9007199254740991"),
    ])
    func writesDoublesInShortestFormWithoutTrailingZero(value: Double, expected: String) throws {
        let written = text { $0.number(value) }
        #expect(written == expected)
        #expect(try JSON.parse(Array(written.utf8)) == .number(value))
    }

    /// Thousandths are written from their digits, not through `description`: the same bytes, for
    /// every value of up to three decimals and for the values around them that are not.
    @Test func aValueOfThousandthsIsWrittenAsItsDescription() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0.001, -0.001, 0.01, 0.1, -0.5, 0.999, 12.345, -12.34, 8_589_934.591, 8_796_093_022.207, 0.1 + 0.2]
        for _ in 0..<20_000 {
            let thousandths = Int.random(in: -9_000_000_000_000...9_000_000_000_000, using: &generator) >> Int.random(in: 0...40, using: &generator)
            let value = Double(thousandths) / 1000
            values += [value, value.nextUp, value.nextDown, Double(thousandths) * 0.001]
        }
        for value in values where value.rounded() != value {
            #expect(text { $0.number(value) } == value.description, "\(value)")
        }
    }

    @Test func separatesMembersAndElementsAtEveryDepth() throws {
        let written = text { writer in
            writer.beginObject()
            writer.key("list")
            writer.beginArray()
            writer.number(1)
            writer.beginObject()
            writer.endObject()
            writer.beginArray()
            writer.endArray()
            writer.null()
            writer.endArray()
            writer.member("yes", true)
            writer.member("no", false)
            writer.member("name", "x")
            writer.member("half", 0.5)
            writer.endObject()
        }
        #expect(written == #"{"list":[1,{},[],null],"yes":true,"no":false,"name":"x","half":0.5}"#)
        #expect(try JSON.parse(Array(written.utf8)).keys == ["list", "yes", "no", "name", "half"])
    }
}
