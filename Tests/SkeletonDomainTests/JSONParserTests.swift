import SkeletonDomain
import Testing

struct JSONParserTests {
    private static func parse(_ text: String, limits: JSONLimits = .init()) throws(JSONSyntaxError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8), limits: limits)
    }

    private static func failure(_ bytes: [UInt8], limits: JSONLimits = .init()) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    private static func written(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        value.write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    // MARK: Valid documents

    @Test(arguments: [
        ("null", JSONValue.null), ("true", .bool(true)), ("false", .bool(false)), ("0", .number(0)),
        ("-12.5e+3", .number(-12_500)), ("1E2", .number(100)), ("1e-2", .number(0.01)), ("0.1", .number(0.1)),
        ("123456789012345678901234567890", .number(1.2345678901234568e29)),
        ("9007199254740993", .number(9_007_199_254_740_992)), ("1e-400", .number(0)),
        ("\"\"", .string("")), ("\"x\"", .string("x")), ("[]", .array([])), ("{}", .object([])),
        (" \t\r\n [ 1 , \"a\" ] \n", .array([.number(1), .string("a")])),
    ] as [(String, JSONValue)])
    func parsesEveryKindOfValue(text: String, expected: JSONValue) throws {
        #expect(try Self.parse(text) == expected)
    }

    @Test func keepsTheSignOfNegativeZero() throws {
        let value = try Self.parse("-0")
        guard case .number(let number) = value else { Issue.record("\(value)"); return }
        #expect(number == 0 && number.sign == .minus)
    }

    @Test func keepsMembersInFileOrder() throws {
        let value = try Self.parse(#"{"b": 1, "a": [true, null, {"c": "d"}], "": {}}"#)
        #expect(value == .object([
            JSONMember(key: "b", value: .number(1)),
            JSONMember(key: "a", value: .array([.bool(true), .null, .object([JSONMember(key: "c", value: .string("d"))])])),
            JSONMember(key: "", value: .object([])),
        ]))
        #expect(value["a"]?.typeName == "array")
        #expect(value["missing"] == nil)
        #expect(JSONValue.array([])["a"] == nil)
    }

    @Test func decodesEveryEscape() throws {
        let value = try Self.parse(#""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\uD83D\uDE00\u0000""#)
        #expect(value == .string("\"\\/\u{08}\u{0C}\n\r\tAé€😀\u{00}"))
        #expect(try Self.parse("\"é€😀\u{10FFFF}\"") == .string("é€😀\u{10FFFF}"))
    }

    @Test func skipsAByteOrderMarkAtTheStartOnly() throws {
        #expect(try Self.parse("\u{FEFF}[1]") == .array([.number(1)]))
        #expect(Self.failure(Array("\u{FEFF}\u{FEFF}1".utf8)) == JSONSyntaxError(line: 1, column: 1, reason: "expected a value"))
        #expect(Self.failure(Array(" \u{FEFF}1".utf8)) == JSONSyntaxError(line: 1, column: 2, reason: "expected a value"))
    }

    @Test func namesEachType() {
        let values: [JSONValue] = [.null, .bool(false), .number(1), .string(""), .array([]), .object([])]
        #expect(values.map(\.typeName) == ["null", "boolean", "number", "string", "array", "object"])
    }

    @Test func writesCompactlyInOrderAndParsesBackEqual() throws {
        let text = #"{ "b" : 1 , "a" : [ true , null , 2.5 , -0 , 1e2 , 30.0 , 9007199254740992 , -9007199254740992 , 1e300 ] , "s" : "x\ny\u0001" , "o" : { } }"#
        let value = try Self.parse(text)
        let compact = Self.written(value)
        #expect(compact == #"{"b":1,"a":[true,null,2.5,0,100,30,9007199254740992,-9007199254740992,1e+300],"s":"x\ny\u0001","o":{}}"#)
        #expect(try Self.parse(compact) == value)
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try Self.parse(text) != .null)
        #expect(try Self.parse("[[1]]", limits: JSONLimits(maxDepth: 2)) == .array([.array([.number(1)])]))
        #expect(try Self.parse("1", limits: JSONLimits(maxDepth: 0)) == .number(1))
    }

    @Test func acceptsInputOfExactlyTheLimit() throws {
        let text = "\"" + String(repeating: "a", count: 1_048_574) + "\""
        #expect(try Self.parse(text) == .string(String(repeating: "a", count: 1_048_574)))
    }

    // MARK: Errors and where they are

    /// Commas, colons, brackets and what may follow a value.
    static let structureErrors: [(String, Int, Int, String)] = [
        (#"{"a": 1 "b": 2}"#, 1, 9, "expected ',' or '}' after an object member"),
        ("[1 2]", 1, 4, "expected ',' or ']' after an array element"),
        ("[1, 2", 1, 6, "unexpected end of input"),
        ("", 1, 1, "unexpected end of input"),
        ("  \n ", 2, 2, "unexpected end of input"),
        (#"{"a" 1}"#, 1, 6, "expected ':' after a member name"),
        ("{,}", 1, 2, "expected a member name or '}'"),
        ("{1:2}", 1, 2, "expected a member name or '}'"),
        (#"{"a":}"#, 1, 6, "expected a value after ':'"),
        ("[,1]", 1, 2, "expected a value or ']'"),
        ("[1,]", 1, 4, "expected a value after ','"),
        (#"{"a":1,}"#, 1, 8, "expected a member name after ','"),
        ("// comment\n1", 1, 1, "expected a value"),
        ("1 /* comment */", 1, 3, "trailing characters after the value"),
        ("1 2", 1, 3, "trailing characters after the value"),
        ("[1]]", 1, 4, "trailing characters after the value"),
    ]

    private static let longInteger = "1" + String(repeating: "0", count: 400)
    /// RFC 8259 §3 and §6: no NaN, Infinity, leading zeros or `+`; finite doubles only.
    static let numberAndLiteralErrors: [(String, Int, Int, String)] = [
        ("NaN", 1, 1, "expected a value"),
        ("Infinity", 1, 1, "expected a value"),
        ("-Infinity", 1, 2, "expected a digit after '-'"),
        ("+1", 1, 1, "expected a value"),
        (".5", 1, 1, "expected a value"),
        ("01", 1, 1, "leading zero in a number"),
        ("[-01]", 1, 3, "leading zero in a number"),
        ("1.", 1, 3, "unexpected end of input"),
        ("1.e5", 1, 3, "expected a digit after '.'"),
        ("1ex", 1, 3, "expected a digit in the exponent"),
        ("1e+", 1, 4, "unexpected end of input"),
        ("-", 1, 2, "unexpected end of input"),
        ("1e400", 1, 1, "number out of range"),
        ("[0, -1e400]", 1, 5, "number out of range"),
        (longInteger, 1, 1, "number out of range"),
        ("tru", 1, 4, "unexpected end of input"),
        ("trve", 1, 1, "expected 'true'"),
        ("[nul]", 1, 2, "expected 'null'"),
        ("False", 1, 1, "expected a value"),
    ]

    /// RFC 8259 §7 and §8.2: no raw control characters, known escapes, paired surrogates.
    static let stringErrors: [(String, Int, Int, String)] = [
        ("\"a\tb\"", 1, 3, "control character in a string"),
        ("[\"a\nb\"]", 1, 4, "control character in a string"),
        ("\"abc", 1, 1, "unterminated string"),
        ("[\"a\", \"b", 1, 7, "unterminated string"),
        ("\"\\", 1, 1, "unterminated string"),
        ("\"\\u12", 1, 1, "unterminated string"),
        ("\"\\uD800", 1, 1, "unterminated string"),
        (#""\x""#, 1, 2, "invalid escape sequence"),
        (#""ab\'""#, 1, 4, "invalid escape sequence"),
        (#""\u12G4""#, 1, 2, #"expected four hex digits after \u"#),
        (#""\uD800""#, 1, 2, #"lone surrogate in a \u escape"#),
        (#""\uDC00""#, 1, 2, #"lone surrogate in a \u escape"#),
        (#""\uD800\u0041""#, 1, 2, #"lone surrogate in a \u escape"#),
        (#""\uD800\n""#, 1, 2, #"lone surrogate in a \u escape"#),
        (#""x\uD83Dx""#, 1, 3, #"lone surrogate in a \u escape"#),
        (#""\uD83D\uD83D""#, 1, 2, #"lone surrogate in a \u escape"#),
    ]

    private static let deepArrays = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
    /// Duplicate keys (compared after decoding), depth, and columns counted in bytes.
    static let memberDepthAndPositionErrors: [(String, Int, Int, String)] = [
        (#"{"id": 1, "id": 2}"#, 1, 11, #"duplicate member "id""#),
        (#"{"a": 1, "\u0061": 2}"#, 1, 10, #"duplicate member "a""#),
        (#"{"é": 1, "e\u0301": 2}"#, 1, 11, #"duplicate member "é""#),
        (#"{"a\n": 1, "a\n": 2}"#, 1, 12, #"duplicate member "a\n""#),
        (deepArrays, 1, 65, "nesting deeper than 64"),
        ("{\n  \"a\": [1,\n    2,,\n  ]\n}", 3, 7, "expected a value after ','"),
        ("[1,\r\n x]", 2, 2, "expected a value after ','"),
        ("[\"é\", x]", 1, 8, "expected a value after ','"),
        ("[1, é]", 1, 5, "expected a value after ','"),
        ("\u{FEFF}[x]", 1, 2, "expected a value or ']'"),
    ]

    @Test(arguments: structureErrors + numberAndLiteralErrors + stringErrors + memberDepthAndPositionErrors)
    func reportsTheFirstErrorWithItsLineAndColumn(text: String, line: Int, column: Int, reason: String) {
        let expected = JSONSyntaxError(line: line, column: column, reason: reason)
        #expect(Self.failure(Array(text.utf8)) == expected, "\(text)")
    }

    @Test func describesItselfWithLineAndColumn() {
        let error = JSONSyntaxError(line: 3, column: 7, reason: "unterminated string")
        #expect(error.description == "line 3, column 7: unterminated string")
    }

    @Test(arguments: [
        ([0x22, 0xC0, 0x80, 0x22], 1, 2),  // overlong NUL
        ([0x22, 0xC1, 0xBF, 0x22], 1, 2),  // overlong 2-byte
        ([0x22, 0xE0, 0x80, 0x80, 0x22], 1, 2),  // overlong 3-byte
        ([0x22, 0xF0, 0x80, 0x80, 0x80, 0x22], 1, 2),  // overlong 4-byte
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1, 2),  // U+D800 encoded
        ([0x22, 0xED, 0xBF, 0xBF, 0x22], 1, 2),  // U+DFFF encoded
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 2),  // U+110000
        ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1, 2),  // lead byte above F4
        ([0x22, 0x61, 0xFF, 0x22], 1, 3),
        ([0x22, 0x80, 0x22], 1, 2),  // lone continuation byte
        ([0x22, 0xE2, 0x82, 0x22], 1, 2),  // truncated before the quote
        ([0x22, 0x61, 0xE2, 0x82], 1, 3),  // truncated by the end of the input
        ([0x22, 0xC3, 0xA9, 0xC3, 0x28, 0x22], 1, 4),  // after a valid é
        ([0x5B, 0x0A, 0x22, 0x78, 0xC3, 0x28, 0x22, 0x5D], 2, 3),
        ([0x5B, 0x31, 0x2C, 0x20, 0xFF, 0x5D], 1, 5),  // outside a string
        ([0x31, 0x20, 0xC3], 1, 3),  // after the value
        ([0xEF, 0xBB], 1, 1),  // half a byte order mark
    ] as [([UInt8], Int, Int)])
    func refusesIllFormedUTF8WhereItIs(bytes: [UInt8], line: Int, column: Int) {
        #expect(Self.failure(bytes) == JSONSyntaxError(line: line, column: column, reason: "invalid UTF-8"))
    }

    @Test func refusesInputLargerThanTheLimitBeforeParsing() {
        let twoMiB = [UInt8](repeating: UInt8(ascii: "["), count: 2 * 1_048_576)
        #expect(Self.failure(twoMiB) == JSONSyntaxError(line: 1, column: 1, reason: "larger than 1048576 bytes"))
        #expect(Self.failure(Array("[1]".utf8), limits: JSONLimits(maxBytes: 2)) == JSONSyntaxError(line: 1, column: 1, reason: "larger than 2 bytes"))
    }

    // MARK: Bounded work

    /// Timings are not tested here (the hostile-file tests bound a whole `validate` run); that
    /// 100,000 levels end in an error, not a stack overflow, is.
    @Test func refusesDeepNestingWithoutOverflowingTheStack() {
        let arrays = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(Self.failure(arrays) == JSONSyntaxError(line: 1, column: 65, reason: "nesting deeper than 64"))

        let objects = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
        #expect(Self.failure(objects) == JSONSyntaxError(line: 1, column: 64 * 5 + 1, reason: "nesting deeper than 64"))

        let deep = Array((String(repeating: "[", count: 10) + "1" + String(repeating: "]", count: 10)).utf8)
        #expect(Self.failure(deep, limits: JSONLimits(maxDepth: 9)) == JSONSyntaxError(line: 1, column: 10, reason: "nesting deeper than 9"))
    }
}
