import Testing
@testable import HTTPServer

/// Strict query reading: a malformed parameter is named, never silently absent.
@Suite struct QueryTests {
    @Test func readsDecodedValuesAndNames() {
        let query = "theme=dark&x=a%20b+c&%73eed=7&flag&&empty="
        #expect(Query.defect(in: query) == nil)
        #expect(Query.value(of: "theme", in: query) == "dark")
        #expect(Query.value(of: "x", in: query) == "a b c")
        #expect(Query.value(of: "seed", in: query) == "7")
        #expect(Query.value(of: "flag", in: query) == "")
        #expect(Query.value(of: "empty", in: query) == "")
        #expect(Query.value(of: "missing", in: query) == nil)
        #expect(Query.value(of: "é", in: "%C3%A9=yes") == "yes")
    }

    @Test(arguments: [
        ("", [String]()), ("a=1", ["a|1|plain"]), ("&&a&=&b=2=3&", ["a||plain", "||plain", "b|2=3|plain"]),
        ("long-name-over-eight=value-over-eight-bytes&x=%41+b", ["long-name-over-eight|value-over-eight-bytes|plain", "x|%41+b|value"]),
        ("n%41me=v&a+b=c", ["n%41me|v|name", "a+b|c|name"]), ("=x&y", ["|x|plain", "y||plain"]),
    ])
    func splitsPairsAsSentAndMarksWhatNeedsDecoding(query: String, expected: [String]) {
        let items = query.withUTF8Bytes { bytes in
            QueryItems.all(in: bytes).map { name, value in
                let encoded = name.isEncoded ? "name" : value.isEncoded ? "value" : "plain"
                return "\(String(decoding: name.bytes, as: UTF8.self))|\(String(decoding: value.bytes, as: UTF8.self))|\(encoded)"
            }
        }
        #expect(items == expected)
    }

    /// A parsed request tells its handler which pairs need decoding: a `+` alone (no `%`) is
    /// a space too, and a query with neither is compared as sent.
    @Test(arguments: [("/a?x+y=a+b&z=1", ["x y|a b", "z|1"]), ("/a?x=1&y=%41", ["x|1", "y|A"]), ("/a?x=1&y=2", ["x|1", "y|2"])])
    func aParsedRequestsItemsDecodeAsTheirBytesSay(target: String, expected: [String]) throws {
        let limits = RequestLimits()
        let head = Array("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        let outcome = try head.withUnsafeBytes { try RequestParser.parse($0, limits: limits, scratch: RequestParser.Scratch(limits: limits)) }
        guard case .complete(let request, _, _) = outcome else {
            Issue.record("the head did not parse")
            return
        }
        var items: [String] = []
        request.forEachQueryItem { name, value in items.append("\(name.text)|\(value.text)") }
        #expect(items == expected)
    }

    /// `index(in:)` answers what `firstIndex(of:)` answers on the decoded strings: choices of 0 to
    /// 20 bytes, some sharing a length and first byte (a slot), one repeated, texts that differ
    /// from a choice in one byte at its start, middle or end, and escaped ones.
    @Test func choicesAnswerTheFirstChoiceTheDecodedTextIs() {
        let choices = ["", "a", "ab", "ax", "dark", "light", "reduced", "direction", "directiox", "variant-sixteen!",
                       "a-text-of-twenty-byt", "dark", "8bytes!!", "8bytes!?"]
        let table = QueryChoices(choices)
        var texts = choices + ["b", "abc", "dar", "darkk", "Dark", "directio", "variant-sixteen?", "a-text-of-twenty-byx", "zzzzzzzzzzzzzzzzzzzzzzzzz"]
        for choice in choices where !choice.isEmpty {
            var middle = Array(choice.utf8)
            middle[middle.count / 2] ^= 1
            texts.append(String(decoding: middle, as: UTF8.self))
        }
        for text in texts {
            let escaped = text.utf8.map { "%" + String($0, radix: 16) }.joined()
            for sent in [text, escaped] {
                ("x=" + sent).withUTF8Bytes { bytes in
                    let (_, value) = QueryItems.all(in: bytes)[0]
                    #expect(value.index(in: table) == choices.firstIndex(of: text), "\(sent)")
                }
            }
        }
    }

    @Test func comparesAndReadsNumbersOfTheDecodedText() {
        func item(_ query: String, _ body: (QueryText, QueryText) -> Void) {
            query.withUTF8Bytes { bytes in
                let (name, value) = QueryItems.all(in: bytes)[0]
                body(name, value)
            }
        }
        item("th%65me=d%61rk") { name, value in
            #expect(name.is("theme") && value.is("dark") && !value.is("dar") && !value.is("darkk"))
            #expect(value.index(in: QueryChoices(["light", "dark"])) == 1)
        }
        item("a+b=%zz") { name, value in
            #expect(name.is("a b") && !value.is("%zz") && value.wholeNumber(maxDigits: 4) == nil)
        }
        item("width=%33%390") { _, value in #expect(value.wholeNumber(maxDigits: 4) == 390) }
        item("width=0390") { _, value in #expect(value.wholeNumber(maxDigits: 4) == 390 && value.wholeNumber(maxDigits: 3) == nil) }
        for bad in ["width=", "width=-1", "width=+1", "width=1.5", "width=%201"] {
            item(bad) { _, value in #expect(value.wholeNumber(maxDigits: 4) == nil) }
        }
    }

    @Test func namesTheParameterWithAMalformedEscape() {
        #expect(Query.defect(in: "theme=%zz")?.parameter == "theme")
        #expect(Query.defect(in: "screen=home&seed=%zz&at=5")?.parameter == "seed")
        #expect(Query.defect(in: "seed=5%")?.parameter == "seed")
        #expect(Query.defect(in: "seed=5%4")?.parameter == "seed")
        #expect(Query.defect(in: "se%zzed=5")?.parameter == "se%zzed")
        #expect(Query.defect(in: "theme=%zz")?.reason.contains("two hex digits") == true)
    }

    @Test func namesTheParameterThatIsNotUTF8() {
        #expect(Query.defect(in: "theme=%FF")?.parameter == "theme")
        #expect(Query.defect(in: "theme=%C3")?.reason.contains("UTF-8") == true)
        #expect(Query.defect(in: "%FF=1")?.parameter == "%FF")
        #expect(Query.defect(in: "theme=%C3%A9") == nil)
    }

    @Test func normalisesOnlyUnreservedEscapesInAPath() {
        func normalized(_ path: String) -> String? {
            Array(path.utf8).withUnsafeBufferPointer { PercentEncoding.normalizedPath($0).map { String(decoding: $0, as: UTF8.self) } }
        }
        #expect(normalized("/layout%73/%68ome") == "/layouts/home")
        #expect(normalized("/layouts%2fhome") == "/layouts%2Fhome")
        #expect(normalized("/a%00b%20c") == "/a%00b%20c")
        #expect(normalized("/a%2") == nil)
        #expect(normalized("/a%g0") == nil)
    }
}
