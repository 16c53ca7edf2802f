import Foundation
import Testing

/// What holds `platforms:` in Package.swift to the APIs SkeletonClient and Layouts call, with no
/// Apple toolchain: `Self.restricted` lists Swift and Foundation APIs that came after Apple's
/// oldest releases (with the release that brought each), `Self.called` those of them the
/// library calls. The sources are scanned for every pattern of the broad list, so that a newly
/// called one fails until it is listed; an API newer than the manifest's minimums must be used
/// only inside a top-level declaration whose `@available` names that API's release or a later one
/// on every platform (as `SkeletonScreen` does for Observation); and the manifest's minimums must
/// be exactly the newest release among those used outside such a declaration (the oldest that
/// has them all).
///
/// Limits: a textual scan (comments dropped, strings not), so an API reached by a name the list
/// does not have (a new one, or a type inferred with no name written) is not seen; a top-level
/// declaration is what starts at the first column (its attributes with it); an `@available` on
/// a member, or a use behind `#available`, is not counted as a gate (the library has none).
@Suite struct ApplePlatformTests {
    /// Apple's releases of one year: the same Swift runtime and Foundation on every platform.
    enum Release: Int, Comparable, CaseIterable {
        case y2019 = 2019, y2020, y2021, y2022, y2023, y2024, y2025

        static func < (a: Release, b: Release) -> Bool { a.rawValue < b.rawValue }

        /// Each platform's version that year, as `[major, minor]`.
        var versions: [String: [Int]] {
            switch self {
            case .y2019: ["iOS": [13, 0], "macOS": [10, 15], "tvOS": [13, 0], "watchOS": [6, 0], "visionOS": [1, 0]]
            case .y2020: ["iOS": [14, 0], "macOS": [11, 0], "tvOS": [14, 0], "watchOS": [7, 0], "visionOS": [1, 0]]
            case .y2021: ["iOS": [15, 0], "macOS": [12, 0], "tvOS": [15, 0], "watchOS": [8, 0], "visionOS": [1, 0]]
            case .y2022: ["iOS": [16, 0], "macOS": [13, 0], "tvOS": [16, 0], "watchOS": [9, 0], "visionOS": [1, 0]]
            case .y2023: ["iOS": [17, 0], "macOS": [14, 0], "tvOS": [17, 0], "watchOS": [10, 0], "visionOS": [1, 0]]
            case .y2024: ["iOS": [18, 0], "macOS": [15, 0], "tvOS": [18, 0], "watchOS": [11, 0], "visionOS": [2, 0]]
            case .y2025: ["iOS": [26, 0], "macOS": [26, 0], "tvOS": [26, 0], "watchOS": [26, 0], "visionOS": [26, 0]]
            }
        }
    }

    /// SwiftPM's minimums (tools 6.0) for a platform the manifest does not name.
    static let defaultMinimums: [String: [Int]] = ["iOS": [12, 0], "macOS": [10, 13], "tvOS": [12, 0], "watchOS": [4, 0], "visionOS": [1, 0]]

    /// Known APIs with restricted availability: a name, what a use looks like (a regular
    /// expression over code), and the release that brought it.
    static let restricted: [(name: String, pattern: String, since: Release)] = [
        ("concurrency (async, actor, Task)", #"\basync\b|\bactor\b|\bTask\s*[{(]"#, .y2019),
        ("AsyncStream.makeStream", #"\.makeStream\("#, .y2019),
        ("opaque result types", #"->\s*some\s"#, .y2019),
        ("Combine", #"import\s+Combine\b"#, .y2019),
        ("URLSessionWebSocketTask", #"webSocketTask"#, .y2019),
        ("String(unsafeUninitializedCapacity:)", #"String\(unsafeUninitializedCapacity:"#, .y2020),
        ("os.Logger", #"import\s+(os|OSLog)\b"#, .y2020),
        ("URLSession async data(for:)", #"\.data\((for|from):"#, .y2021),
        ("URLSession async bytes(for:)", #"\.bytes\((for|from):"#, .y2021),
        ("URLSession async upload/download", #"\.(upload|download)\((for|from):"#, .y2021),
        ("formatted(_:)", #"\.formatted\("#, .y2021),
        ("FormatStyle", #"FormatStyle\b"#, .y2021),
        ("AttributedString", #"\bAttributedString\b"#, .y2021),
        ("Date.now", #"Date\.now\b"#, .y2021),
        ("String(localized:)", #"String\(localized:"#, .y2021),
        ("JSONDecoder.allowsJSON5", #"allowsJSON5"#, .y2021),
        ("Clock", #"\bClock\b"#, .y2022),
        ("ContinuousClock", #"\bContinuousClock\b"#, .y2022),
        ("SuspendingClock", #"\bSuspendingClock\b"#, .y2022),
        ("Duration", #"\bDuration\b"#, .y2022),
        ("Task.sleep(for:)", #"Task\.sleep\((for|until):"#, .y2022),
        ("constrained existential (any P<T>)", #"\bany\s+\w+<"#, .y2022),
        ("Regex", #"\bRegex\b|#/|import\s+RegexBuilder\b"#, .y2022),
        ("string processing algorithms", #"\.(firstMatch|wholeMatch|prefixMatch|firstRange|ranges)\(of:|\.trimmingPrefix\(|\.replacing\("#, .y2022),
        ("NSLocking.withLock", #"\.withLock\s*[{(]"#, .y2022),
        ("URL(filePath:), appending(path:)", #"URL\(filePath:|\.appending\((path|component):|\.path\(percentEncoded:"#, .y2022),
        ("Observation", #"import\s+Observation\b|@Observable\b|withObservationTracking"#, .y2023),
        ("discarding task groups", #"with(Throwing)?DiscardingTaskGroup"#, .y2023),
        ("parameter packs", #"\beach\s+[A-Z]"#, .y2023),
        ("Synchronization (Mutex, Atomic)", #"import\s+Synchronization\b|\bMutex<|\bAtomic<"#, .y2024),
        ("task executors", #"\bTaskExecutor\b|withTaskExecutorPreference"#, .y2024),
        ("InlineArray", #"\bInlineArray\b"#, .y2025),
        ("Task.immediate", #"Task\.immediate"#, .y2025),
    ]

    /// The restricted APIs SkeletonClient and Layouts call.
    static let called: Set<String> = [
        "concurrency (async, actor, Task)",  // the follower, the cache
        "AsyncStream.makeStream",  // follow's changes, a streamed response
        "String(unsafeUninitializedCapacity:)",  // RGBA.hex
        "URLSession async data(for:)",  // every request but the event stream
        "Clock", "ContinuousClock", "Duration", "constrained existential (any P<T>)",  // any Clock<Duration>
        "Observation",  // SkeletonScreen, behind @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The code of every Swift file of the library, `//` comments dropped.
    static func libraryCode() throws -> [(file: String, code: String)] {
        try ["Sources/SkeletonClient", "Sources/Layouts"].flatMap { directory in
            let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(directory).path)?.compactMap { $0 as? String } ?? []
            return try files.filter { $0.hasSuffix(".swift") }.sorted().map { file in
                let text = try String(contentsOf: root.appendingPathComponent(directory).appendingPathComponent(file), encoding: .utf8)
                return ("\(directory)/\(file)", code(of: text))
            }
        }
    }

    /// `text` with its `//` comments dropped (a line that was only a comment is left empty).
    static func code(of text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line
        }.joined(separator: "\n")
    }

    /// The top-level declarations of a file's code, `import` lines left out: each from its first
    /// line at the first column (an attribute alone on a line belongs to the declaration after
    /// it) to the next, with the release its `@available` gates it at (nil without one, or when
    /// one of iOS, macOS, tvOS and watchOS is not named: there it is not gated).
    static func declarations(of code: String) throws -> [(code: String, gate: Release?)] {
        let attributesAlone = #/^(@\w+(\([^)]*\))?\s*)+$/#
        var chunks: [[Substring]] = [[]]
        var attributesPending = false
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix("import ") {
            guard let first = line.first, !line.allSatisfy(\.isWhitespace) else { continue }
            let atFirstColumn = !first.isWhitespace && !"})]#".contains(first)
            if atFirstColumn && !attributesPending { chunks.append([]) }
            if atFirstColumn { attributesPending = line.wholeMatch(of: attributesAlone) != nil }
            chunks[chunks.count - 1].append(line)
        }
        let available = #/@available\(([^)]*)\)/#
        let platformVersion = #/(iOS|macOS|tvOS|watchOS)\s+(\d+)(?:\.(\d+))?/#
        return chunks.filter { !$0.isEmpty }.map { lines in
            let code = lines.joined(separator: "\n")
            let header = lines.prefix { $0.first.map { !$0.isWhitespace } ?? false }.joined(separator: " ")
            var named: [String: [Int]] = [:]
            for attribute in header.matches(of: available) {
                for match in attribute.1.matches(of: platformVersion) {
                    named[String(match.1)] = [Int(match.2)!, match.3.flatMap { Int($0) } ?? 0]
                }
            }
            let gate = Release.allCases.last { release in
                ["iOS", "macOS", "tvOS", "watchOS"].allSatisfy { platform in
                    named[platform].map { !$0.lexicographicallyPrecedes(release.versions[platform]!) } ?? false
                }
            }
            return (code, gate)
        }
    }

    /// What is wrong with `files`' use of the restricted APIs, given those listed as `called` and
    /// the release the manifest's minimums are: an API called and not listed, one listed and not
    /// called, and one newer than `minimum` used in a declaration not gated at its release.
    static func findings(in files: [(file: String, code: String)], called: Set<String>, minimum: Release) throws -> [String] {
        var findings: [String] = []
        for api in restricted {
            let pattern = try Regex(api.pattern)
            let callers = files.filter { $0.code.contains(pattern) }.map(\.file)
            if !called.contains(api.name) {
                findings += callers.map { "\($0) calls \(api.name) (since \(api.since.rawValue)): list it in `called` and check `platforms:`" }
                continue
            }
            if callers.isEmpty { findings.append("\(api.name) is listed as called, and nothing calls it") }
            guard api.since > minimum else { continue }
            for file in files {
                for declaration in try declarations(of: file.code) where declaration.code.contains(pattern) {
                    guard (declaration.gate ?? .y2019) < api.since else { continue }
                    findings.append("\(file.file) calls \(api.name) (since \(api.since.rawValue)) outside an @available of that release or later")
                }
            }
        }
        findings += called.subtracting(restricted.map(\.name)).map { "\($0) is not in the list of restricted APIs" }
        return findings
    }

    /// The manifest's minimum of each platform it names.
    static func declaredPlatforms() throws -> [String: [Int]] {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let platforms = try #require(manifest.firstMatch(of: #/platforms:\s*\[([^\]]*)\]/#)).1
        var declared: [String: [Int]] = [:]
        for match in platforms.matches(of: #/\.(iOS|macOS|tvOS|watchOS|visionOS)\(\.v(\d+)(?:_(\d+))?\)/#) {
            declared[String(match.1)] = [Int(match.2)!, match.3.flatMap { Int($0) } ?? 0]
        }
        return declared
    }

    @Test func everyRestrictedAPITheLibraryCallsIsListed() throws {
        let code = try Self.libraryCode()
        #expect(code.count > 20)
        let declared = try Self.declaredPlatforms()
        let minimum = try #require(Release.allCases.first { $0.versions["iOS"] == declared["iOS"] })
        let findings = try Self.findings(in: code, called: Self.called, minimum: minimum)
        #expect(findings == [])
    }

    /// The scan on code written here: Observation (2023) unlisted, then listed and used outside
    /// an `@available`, or inside one of 2022, is a finding; inside one of 2023 on every platform
    /// (the attribute on its own line or on the declaration's) it is not.
    @Test func aNewerAPIUnlistedOrUngatedIsAFinding() throws {
        let gated = """
            import Observation

            /// A model.
            @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
            @MainActor @Observable final class Model {
                var count = 0
            }

            @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) extension Model {
                func track() { withObservationTracking { _ = count } onChange: {} }
            }

            struct Plain {}
            """
        let listed: Set = ["Observation"]
        let observation = "Model.swift calls Observation (since 2023)"
        let ungated = "\(observation) outside an @available of that release or later"
        func findings(_ text: String, called: Set<String> = listed) throws -> [String] {
            try Self.findings(in: [("Model.swift", Self.code(of: text))], called: called, minimum: .y2022)
        }
        #expect(try findings(gated) == [])
        #expect(try findings(gated, called: []) == ["\(observation): list it in `called` and check `platforms:`"])
        #expect(try findings(gated.replacingOccurrences(of: "@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)\n", with: "")) == [ungated])
        #expect(try findings(gated.replacingOccurrences(of: "macOS 14", with: "macOS 13")) == [ungated, ungated])
        #expect(try findings(gated.replacingOccurrences(of: ", watchOS 10", with: "")) == [ungated, ungated])
        #expect(try findings(gated + "\nfunc observe() { withObservationTracking {} onChange: {} }\n") == [ungated])
    }

    @Test func theManifestsPlatformsAreTheOldestWithEveryCalledAPI() throws {
        let declared = try Self.declaredPlatforms()
        #expect(Set(declared.keys) == ["iOS", "macOS", "tvOS", "watchOS"])
        let called = try Self.restricted.filter { Self.called.contains($0.name) }.map { ($0.since, try Regex($0.pattern)) }
        var ungated: [Release] = []
        for file in try Self.libraryCode() {
            for declaration in try Self.declarations(of: file.code) {
                for (since, pattern) in called where since > (declaration.gate ?? .y2019) && declaration.code.contains(pattern) {
                    ungated.append(since)
                }
            }
        }
        let newest = try #require(ungated.max())
        #expect(newest == .y2022)
        for (platform, version) in newest.versions {
            let minimum = declared[platform] ?? Self.defaultMinimums[platform]!
            if declared[platform] == nil {
                #expect(minimum.lexicographicallyPrecedes(version) == false, "\(platform)'s default \(minimum) is older than \(version)")
            } else {
                #expect(minimum == version, "\(platform) \(minimum) declared; the APIs called need \(version), no more")
            }
        }
    }
}
