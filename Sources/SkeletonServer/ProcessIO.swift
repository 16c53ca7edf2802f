import Glibc

// The process's plain I/O, for the command line and the server's messages: whole lines to a
// descriptor, and the environment as a dictionary.

func writeLine(_ text: String, to fd: Int32) {
    _ = writeAll(Array((text + "\n").utf8), to: fd)
}

/// Writes all of `bytes`, retrying short writes; false when the descriptor refuses them.
func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written > 0 else { return false }
        offset += written
    }
    return true
}

func environmentVariables() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") { result[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
        pointer += 1
    }
    return result
}
