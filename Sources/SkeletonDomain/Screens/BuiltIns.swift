extension Screen {
    /// The five seed screens (docs/spec.md §4), in the order the service lists them; `Catalog.builtIn`
    /// encodes their documents, which `export` and `--layouts` need not.
    package static let builtIns: [Screen] = [.home, .insights, .inbox, .thread, .movies]
}
