/// Reads typed members out of parsed JSON for `ScreenFileDecoder`, recording a problem, with
/// its JSON pointer, for every member that is missing, unknown, of the wrong type or out of
/// bounds, and carrying on, so that one pass reports everything wrong with a file.
struct ValueReader {
    private(set) var problems: [ScreenFileProblem] = []

    mutating func report(_ pointer: String, _ reason: String) {
        problems.append(ScreenFileProblem(pointer: pointer, reason: reason))
    }

    /// The object at `pointer` as an ordered member list, with a problem for every member not in
    /// `allowed`; nil (and a problem) when it is not an object.
    mutating func object(_ value: JSONValue, at pointer: String, allowed: [String]) -> JSONObject? {
        guard case .object(let members) = value else {
            report(pointer, "expected an object, found \(value.typeName)")
            return nil
        }
        for member in members where !allowed.contains(member.key) {
            report(pointer + "/" + Self.escaped(member.key), "unknown member \"\(member.key)\" (allowed: \(allowed.joined(separator: ", ")))")
        }
        return JSONObject(members: members, pointer: pointer)
    }

    /// The array at `pointer`, with a problem when it is not one or its length is outside `count`.
    mutating func array(_ value: JSONValue, at pointer: String, count: ClosedRange<Int>) -> [JSONValue]? {
        guard case .array(let items) = value else {
            report(pointer, "expected an array, found \(value.typeName)")
            return nil
        }
        guard count.contains(items.count) else {
            report(pointer, "\(items.count) items; allowed \(count.lowerBound) to \(count.upperBound)")
            return nil
        }
        return items
    }

    /// A string of at most `maxBytes` UTF-8 bytes.
    mutating func string(_ value: JSONValue, at pointer: String, maxBytes: Int = ScreenFileLimits.maxStringBytes) -> String? {
        guard case .string(let text) = value else {
            report(pointer, "expected a string, found \(value.typeName)")
            return nil
        }
        guard text.utf8.count <= maxBytes else {
            report(pointer, "string of \(text.utf8.count) bytes; at most \(maxBytes)")
            return nil
        }
        return text
    }

    /// A string matching an identifier pattern (see `IdentifierSyntax`).
    mutating func identifier(_ value: JSONValue, at pointer: String, _ syntax: IdentifierSyntax) -> String? {
        guard let text = string(value, at: pointer) else { return nil }
        guard syntax.accepts(text) else {
            report(pointer, "\"\(text)\" is not a valid \(syntax.name) (\(syntax.pattern))")
            return nil
        }
        return text
    }

    /// One of `names`.
    mutating func choice(_ value: JSONValue, at pointer: String, of names: [String], what: String) -> String? {
        guard let text = string(value, at: pointer) else { return nil }
        guard names.contains(text) else {
            var reason = "unknown \(what) \"\(text)\" (allowed: \(names.joined(separator: ", ")))"
            if let suggestion = closestName(to: text, among: names) { reason += "; did you mean \"\(suggestion)\"?" }
            report(pointer, reason)
            return nil
        }
        return text
    }

    /// A finite number within `range`.
    mutating func number(_ value: JSONValue, at pointer: String, in range: ClosedRange<Double>) -> Double? {
        guard case .number(let number) = value else {
            report(pointer, "expected a number, found \(value.typeName)")
            return nil
        }
        guard range.contains(number) else {
            report(pointer, "\(Self.shown(number)) is outside \(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound))")
            return nil
        }
        return number
    }

    /// A whole number within `range`.
    mutating func integer(_ value: JSONValue, at pointer: String, in range: ClosedRange<Int>) -> Int? {
        guard let number = number(value, at: pointer, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard number == number.rounded(.towardZero) else {
            report(pointer, "\(Self.shown(number)) is not a whole number")
            return nil
        }
        return Int(number)
    }

    mutating func bool(_ value: JSONValue, at pointer: String) -> Bool? {
        guard case .bool(let flag) = value else {
            report(pointer, "expected true or false, found \(value.typeName)")
            return nil
        }
        return flag
    }

    /// RFC 6901: `~` as `~0`, `/` as `~1`.
    static func escaped(_ key: String) -> String {
        var result = ""
        for character in key {
            switch character {
            case "~": result += "~0"
            case "/": result += "~1"
            default: result.append(character)
            }
        }
        return result
    }

    static func shown(_ number: Double) -> String {
        var writer = JSONWriter(reservingCapacity: 32)
        writer.number(number)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// An object's members with the pointer they sit at, for `ValueReader`'s member lookups.
struct JSONObject {
    let members: [JSONMember]
    let pointer: String

    subscript(key: String) -> JSONValue? { members.first { $0.key == key }?.value }

    func pointer(_ key: String) -> String { pointer + "/" + ValueReader.escaped(key) }
}

extension ValueReader {
    /// Reads member `key` with `read`; a problem when it is missing.
    mutating func required<T>(_ object: JSONObject, _ key: String, _ read: (inout ValueReader, JSONValue, String) -> T?) -> T? {
        guard let value = object[key] else {
            report(object.pointer, "missing member \"\(key)\"")
            return nil
        }
        return read(&self, value, object.pointer(key))
    }

    /// Reads member `key` with `read` when present; nil when absent (or wrong, with a problem).
    mutating func optional<T>(_ object: JSONObject, _ key: String, _ read: (inout ValueReader, JSONValue, String) -> T?) -> T? {
        guard let value = object[key] else { return nil }
        return read(&self, value, object.pointer(key))
    }
}
