import HTTPServer

/// The query parameters an operation declares that its route reads in one pass over the query,
/// matched by name as bytes: a name finds its parameter's `Key` (what the route calls it) only
/// when the operation declares that parameter, so that a route cannot read a name the contract
/// does not describe, nor spell one.
///
/// Guarantees: the names are the declarations' (`Parameter.name`), in the operation's order;
/// every parameter given a key is one the operation declares (checked when it is made).
struct DeclaredQuery<Key: Sendable>: Sendable {
    private let names: QueryChoices
    private let keys: [Key]

    /// `key` names each parameter the route reads (nil for the others, which it ignores);
    /// `operation`'s query parameters are the only ones it is asked about.
    init(_ operation: Operation, _ key: (Parameter) -> Key?) {
        let read = (operation.parameters + operation.undocumented).filter { $0.location == .query }.compactMap { parameter in key(parameter).map { (parameter.name, $0) } }
        names = QueryChoices(read.map(\.0))
        keys = read.map(\.1)
    }

    /// The key of the declared parameter called `name`; nil for any other name.
    @inline(__always)
    func key(_ name: QueryText) -> Key? {
        name.index(in: names).map { keys[$0] }
    }
}
