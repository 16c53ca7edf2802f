import Foundation
import PackagePlugin

/// Compiles a target's web files and schemas into it: every `.js`, `.d.ts`, `.html`, `.css` and
/// `.schema.json` file of the target becomes a `[UInt8]` constant of `EmbeddedFiles` (see
/// `EmbedFilesTool`; a module importing local modules under `modules/` as their one-file bundle), so that they live as real files that their own tools check while the
/// binary stays self-contained: nothing is read from disk at run time.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let inputs = module.sourceFiles.map(\.url).filter(Self.isEmbedded).sorted { $0.path < $1.path }
        guard !inputs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) files into \(target.name)",
                executable: try context.tool(named: "EmbedFilesTool").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    static func isEmbedded(_ file: URL) -> Bool {
        let name = file.lastPathComponent
        return name.hasSuffix(".js") || name.hasSuffix(".d.ts") || name.hasSuffix(".html") || name.hasSuffix(".css") || name.hasSuffix(".schema.json")
    }
}
