/// A document in the Prometheus text exposition format 0.0.4: per metric family a `# HELP` and a
/// `# TYPE` line, then its samples, label values escaped (`\\`, `\"`, `\n`).
package struct PrometheusText: Sendable {
    package static let contentType = "text/plain; version=0.0.4; charset=utf-8"
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package enum Kind: String, Sendable {
        case counter, gauge, histogram
    }

    /// Starts a metric family.
    package mutating func family(_ name: String, _ kind: Kind, help: String) {
        bytes += "# HELP \(name) \(help)\n# TYPE \(name) \(kind.rawValue)\n".utf8
    }

    package mutating func sample(_ name: String, labels: [(String, String)] = [], _ value: Int) {
        sample(name, labels: labels, text: String(value))
    }

    package mutating func sample(_ name: String, labels: [(String, String)] = [], _ value: Double) {
        sample(name, labels: labels, text: value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value))
    }

    private mutating func sample(_ name: String, labels: [(String, String)], text: String) {
        bytes += name.utf8
        if !labels.isEmpty {
            bytes.append(UInt8(ascii: "{"))
            for (index, (label, value)) in labels.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += label.utf8
                bytes += "=\"".utf8
                for byte in value.utf8 {
                    switch byte {
                    case UInt8(ascii: "\\"): bytes += "\\\\".utf8
                    case UInt8(ascii: "\""): bytes += "\\\"".utf8
                    case UInt8(ascii: "\n"): bytes += "\\n".utf8
                    default: bytes.append(byte)
                    }
                }
                bytes.append(UInt8(ascii: "\""))
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: " "))
        bytes += text.utf8
        bytes.append(UInt8(ascii: "\n"))
    }
}
