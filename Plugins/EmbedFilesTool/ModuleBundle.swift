import Foundation

/// One ES module made of an entry module and the local modules it imports: what the server serves
/// as `/renderer.js` or `/capture.js`, so that a page (or a script injecting it from a blob: URL)
/// loads one file, while the source stays in small modules under `Web/modules/` that node imports
/// one by one.
///
/// A module under a `modules/` directory is *local*: its text goes into the bundle once, in
/// dependency order (depth first, each module after the modules it imports), its `import` of
/// local modules removed and the `export` keyword of its declarations dropped. Any other module
/// (a served file beside the entry, such as `drift.js`) is *external*: its imports are kept, merged
/// by specifier, at the top of the bundle, their specifier rewritten relative to the entry (which
/// is where the bundle is served). The entry keeps its exports: a name it re-exports from a local
/// module (`export { a } from './modules/x.js'`) keeps its `export` where it is declared, as if
/// the module were the entry (a renamed one becomes `export { a as b };`). An entry that imports
/// no local module is its own bytes, unchanged.
///
/// Every local module shares the bundle's one scope, so the bundler fails (with the names and
/// files) on what would change meaning there: two modules declaring the same top-level name, a
/// renamed (`as`) or namespace (`* as`) import of a local module, and `export default`.
struct ModuleBundle {
    /// Why a module graph cannot be bundled, with the file and the statement or name.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let entry: URL
    private(set) var text = ""

    init(entry: URL) throws {
        self.entry = entry.standardizedFileURL
        let source = try String(contentsOf: self.entry, encoding: .utf8)
        guard Self.statements(source).contains(where: { $0.specifier.map { Self.isLocal(Self.resolve($0, from: self.entry)) } ?? false }) else {
            text = source
            return
        }
        var order: [URL] = []
        var visited: Set<String> = [self.entry.path]
        try Self.visit(self.entry, order: &order, visited: &visited)
        text = try assemble(order)
    }

    /// Whether a file is a local module: one under a `modules/` directory.
    static func isLocal(_ file: URL) -> Bool { file.pathComponents.contains("modules") }

    /// The file a relative specifier names, from the module that imports it.
    private static func resolve(_ specifier: String, from module: URL) -> URL {
        URL(fileURLWithPath: specifier, relativeTo: module.deletingLastPathComponent()).standardizedFileURL
    }

    /// Adds to `order` every local module `module` imports, each after its own imports.
    private static func visit(_ module: URL, order: inout [URL], visited: inout Set<String>) throws {
        let source = try String(contentsOf: module, encoding: .utf8)
        for statement in statements(source) {
            guard let specifier = statement.specifier else { continue }
            let file = resolve(specifier, from: module)
            guard isLocal(file), !visited.contains(file.path) else { continue }
            visited.insert(file.path)
            try visit(file, order: &order, visited: &visited)
            order.append(file)
        }
    }

    private func assemble(_ order: [URL]) throws -> String {
        // The names the entry re-exports from local modules keep their `export` where they are declared.
        let kept = Set(try Self.statements(String(contentsOf: entry, encoding: .utf8))
            .filter { $0.text.hasPrefix("export") && $0.specifier.map { Self.isLocal(Self.resolve($0, from: entry)) } == true }
            .flatMap(\.names).filter { !$0.contains(" as ") })
        var external: [(specifier: String, names: [String])] = []
        var declared: [String: String] = [:]
        var bodies: [String] = []
        for module in order + [entry] {
            let isEntry = module == entry
            let name = module.path.replacingOccurrences(of: entry.deletingLastPathComponent().path + "/", with: "")
            var body = ""
            for statement in Self.statements(try String(contentsOf: module, encoding: .utf8)) {
                body += try transform(statement, in: module, named: name, isEntry: isEntry, kept: kept, external: &external)
            }
            for declaration in Self.declarations(body) {
                if let other = declared[declaration] {
                    throw Failure(description: "\(name) and \(other) both declare `\(declaration)`: the bundle has one scope")
                }
                declared[declaration] = name
            }
            bodies.append(isEntry ? body : "// \(name)\n" + body)
        }
        let imports = external.map { "import { \($0.names.joined(separator: ", ")) } from '\($0.specifier)';\n" }.joined()
        // The entry's opening comment stays the file's opening; the modules come after it.
        let entryBody = bodies.removeLast()
        let header = entryBody.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("//") }
        let headerText = header.map { $0 + "\n" }.joined()
        return headerText + "// Bundled at build time from the modules under modules/ (EmbedFilesTool's ModuleBundle).\n"
            + imports + "\n" + bodies.joined(separator: "\n") + "\n// " + entry.lastPathComponent + "\n"
            + String(entryBody.dropFirst(headerText.count))
    }

    /// One statement's text in the bundle.
    private func transform(_ statement: Statement, in module: URL, named name: String, isEntry: Bool, kept: Set<String>,
                           external: inout [(specifier: String, names: [String])]) throws -> String {
        let text = statement.text
        if text.hasPrefix("export default") { throw Failure(description: "\(name): `export default` has no place in a bundle") }
        guard let specifier = statement.specifier else {
            guard !isEntry, text.hasPrefix("export ") else { return text }
            // `export { a, b };` of a local module: its names are already in the bundle's scope.
            if text.hasPrefix("export {") { return "" }
            return Self.declarations(text).allSatisfy(kept.contains) ? text : String(text.dropFirst("export ".count))
        }
        let file = Self.resolve(specifier, from: module)
        let names = statement.names
        if Self.isLocal(file) {
            if text.hasPrefix("import") && (names.contains { $0.contains(" as ") } || text.contains("* as")) {
                throw Failure(description: "\(name): `\(text.trimmingCharacters(in: .whitespacesAndNewlines))` renames a local module's name; import it by its own name")
            }
            let renamed = names.filter { !kept.contains($0) }
            return text.hasPrefix("export") && isEntry && !renamed.isEmpty ? "export { \(renamed.joined(separator: ", ")) };\n" : ""
        }
        let base = entry.deletingLastPathComponent().path + "/"
        guard file.path.hasPrefix(base), !file.path.dropFirst(base.count).contains("/") else {
            throw Failure(description: "\(name): `\(specifier)` is neither a local module nor a file served beside \(entry.lastPathComponent)")
        }
        let served = "./" + file.lastPathComponent
        if text.hasPrefix("export") {
            guard isEntry else { throw Failure(description: "\(name): only the entry re-exports another served module") }
            return text.replacingOccurrences(of: "'\(specifier)'", with: "'\(served)'")
        }
        if let index = external.firstIndex(where: { $0.specifier == served }) {
            external[index].names += names.filter { !external[index].names.contains($0) }
        } else {
            external.append((served, names))
        }
        return ""
    }

    /// The names a module's text declares at its top level (a declaration at the line's start).
    private static func declarations(_ body: String) -> [String] {
        body.split(separator: "\n").compactMap { line in
            var rest = Substring(line)
            for prefix in ["export ", "async "] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
            guard let keyword = ["function* ", "function ", "class ", "const ", "let ", "var "].first(where: { rest.hasPrefix($0) }) else { return nil }
            let name = rest.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
            return name.isEmpty ? nil : String(name)
        }
    }

    /// A top-level statement as the bundler sees it: an `import`/`export … from` statement (all its
    /// lines, with its specifier and the names between its braces), or any other line.
    struct Statement {
        let text: String
        let specifier: String?
        var names: [String] {
            guard let open = text.firstIndex(of: "{"), let close = text.firstIndex(of: "}") else { return [] }
            return text[text.index(after: open)..<close].split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        }
    }

    /// The module's lines, an `import` or `export { … } from` statement spanning several lines taken as one.
    static func statements(_ source: String) -> [Statement] {
        var result: [Statement] = []
        var pending: String?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).dropLast(source.hasSuffix("\n") ? 1 : 0) {
            let line = String(line) + "\n"
            let startsOne = line.hasPrefix("import ") || line.hasPrefix("import{") || (line.hasPrefix("export {") && !line.contains("};"))
                || (line.hasPrefix("export {") && line.contains(" from "))
            guard pending != nil || startsOne else {
                result.append(Statement(text: line, specifier: nil))
                continue
            }
            let statement = (pending ?? "") + line
            guard line.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(";") else {
                pending = statement
                continue
            }
            pending = nil
            result.append(Statement(text: statement, specifier: specifier(of: statement)))
        }
        if let pending { result.append(Statement(text: pending, specifier: specifier(of: pending))) }
        return result
    }

    /// The quoted module specifier of an `import`/`export … from` statement, if it has one.
    private static func specifier(of statement: String) -> String? {
        let quoted = statement.split(separator: "'", omittingEmptySubsequences: false)
        guard quoted.count >= 3, statement.hasPrefix("import") || statement.contains(" from ") else { return nil }
        return String(quoted[quoted.count - 2])
    }
}
