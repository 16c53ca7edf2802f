import Foundation
import Layouts
import SkeletonDomain
import Testing
@testable import SkeletonAPI

/// The files the EmbedFiles plugin compiles in: served byte for byte, and the schemas' node rules
/// held to `NodeMembers`, which the screen-file decoder follows.
@Suite struct EmbeddedFilesTests {
    /// A file of the package, by its path from the package's directory (this file is in Tests/SkeletonAPITests).
    static func file(_ path: String) throws -> [UInt8] {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return [UInt8](try Data(contentsOf: package.appendingPathComponent(path)))
    }

    @Test(arguments: [
        ("Sources/SkeletonAPI/Web/drift.js", EmbeddedFiles.driftJS),
        ("Sources/SkeletonAPI/Contract/screen.schema.json", ScreenSchema.document),
        ("Sources/SkeletonAPI/Contract/layout.schema.json", LayoutSchema.document),
        ("Sources/SkeletonAPI/Contract/frames.schema.json", FramesSchema.document),
        ("Sources/SkeletonAPI/Contract/content.schema.json", ContentSchema.document),
    ])
    func servesTheFileByteForByte(path: String, served: [UInt8]) throws {
        #expect(try Self.file(path) == served)
    }

    /// `/renderer.js` and `/capture.js` are one module each, bundled from their modules: the
    /// entry's opening comment first; every module it reaches under `modules/` (read here from the
    /// modules' own `import` lines) once, its text as in its file but for its imports (and the
    /// `export` of declarations the entry does not export); no import of a local module left.
    @Test(arguments: [
        ("renderer.js", ["modules/renderer/view.js", "modules/renderer/skeleton-screen.js", "modules/shared/wrapping.js"]),
        ("capture.js", ["modules/capture/walk.js", "modules/capture/stacks.js", "modules/shared/wrapping.js"]),
    ])
    func servesAnEntryAsTheBundleOfItsModules(entry: String, someModules: [String]) throws {
        let web = "Sources/SkeletonAPI/Web/"
        let served = String(decoding: entry == "renderer.js" ? EmbeddedFiles.rendererJS : EmbeddedFiles.captureJS, as: UTF8.self)
        let unexported = { (text: String) in
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("export ") && !$0.hasPrefix("export {") ? $0.dropFirst("export ".count) : $0 }.joined(separator: "\n")
        }
        let text = unexported(served)
        let source = String(decoding: try Self.file(web + entry), as: UTF8.self)
        #expect(served.hasPrefix(source.prefix { $0 != "\n" }))
        #expect(!served.contains("from './modules/") && !served.contains("from '../"))
        var reached: [String] = []
        var pending = [entry]
        while let module = pending.popLast() {
            let lines = String(decoding: try Self.file(web + module), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            for line in lines where line.hasPrefix("import ") || line.hasPrefix("export {") {
                guard let specifier = line.split(separator: "'").dropFirst().first, specifier.hasPrefix(".") else { continue }
                var parts = module.split(separator: "/").dropLast().map(String.init)
                for part in specifier.split(separator: "/") where part != "." {
                    if part == ".." { parts.removeLast() } else { parts.append(String(part)) }
                }
                let path = parts.joined(separator: "/")
                guard path.hasPrefix("modules/"), !reached.contains(path) else { continue }
                reached.append(path)
                pending.append(path)
            }
        }
        #expect(Set(someModules).isSubset(of: reached))
        for module in reached {
            let lines = String(decoding: try Self.file(web + module), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let body = unexported(lines.filter { !$0.hasPrefix("import ") }.joined(separator: "\n")).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(text.components(separatedBy: body).count == 2, "\(module) is in \(entry) once, as in its file")
        }
    }

    @Test func thePreviewPageIsItsHTMLWithItsStyleAndScriptInline() throws {
        let page = String(decoding: PreviewPage.bytes, as: UTF8.self)
        let css = String(decoding: try Self.file("Sources/SkeletonAPI/Web/preview.css"), as: UTF8.self)
        let script = String(decoding: try Self.file("Sources/SkeletonAPI/Web/preview.js"), as: UTF8.self)
        let html = String(decoding: try Self.file("Sources/SkeletonAPI/Web/preview.html"), as: UTF8.self)
        #expect(page == html.replacing("<style></style>", with: "<style>\(css)</style>")
            .replacing("<script type=\"module\"></script>", with: "<script type=\"module\">\(script)</script>"))
        #expect(PreviewPage.contentSecurityPolicy.contains("script-src 'self' \(PreviewPage.hashSource(Array(script.utf8)))"))
        #expect(PreviewPage.contentSecurityPolicy.contains("style-src 'self' \(PreviewPage.hashSource(Array(css.utf8)))"))
    }

    /// The screen schema allows each node type exactly `NodeMembers.common` and the type's own
    /// members, in rules on `type` (an editor's validator reads them).
    @Test func theScreenSchemasNodeRulesAreNodeMembers() throws {
        let document = try JSONParser.parse(ScreenSchema.document)
        guard case .array(let rules)? = document["$defs"]?["Node"]?["allOf"] else {
            Issue.record("no $defs/Node/allOf")
            return
        }
        var seen: [String] = []
        for rule in rules {
            guard case .string(let type)? = rule["if"]?["properties"]?["type"]?["const"],
                  case .array(let allowed)? = rule["then"]?["propertyNames"]?["enum"] else { continue }
            seen.append(type)
            #expect(allowed == (NodeMembers.common + NodeMembers.of(type)).map(JSONValue.string), "\(type)")
        }
        #expect(seen == NodeMembers.types)
    }

    /// The layout schema's node is a `oneOf` with a discriminator on `type` (what code generators
    /// turn into one type per node kind), each type allowing exactly `NodeMembers.common` and its own.
    @Test func theLayoutSchemasNodeTypesAreNodeMembers() throws {
        let definitions = try JSONParser.parse(LayoutSchema.document)["$defs"]
        guard case .array(let variants)? = definitions?["LayoutNode"]?["oneOf"],
              case .object(let mapping)? = definitions?["LayoutNode"]?["discriminator"]?["mapping"] else {
            Issue.record("no $defs/LayoutNode/oneOf with a discriminator mapping")
            return
        }
        #expect(mapping.map(\.key) == NodeMembers.types)
        #expect(variants.map { $0["$ref"] } == mapping.map(\.value))
        for member in mapping {
            guard case .string(let reference) = member.value, case .object(let properties)? = definitions?[String(reference.dropFirst("#/$defs/".count))]?["properties"] else {
                Issue.record("\(member.key): no schema")
                continue
            }
            #expect(properties.first?.value["const"] == .string(member.key))
            #expect(properties.map(\.key) == NodeMembers.common + NodeMembers.of(member.key), "\(member.key)")
        }
    }
}
