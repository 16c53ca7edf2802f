import HTTPServer

extension Operation {
    /// The operation whose handler runs on this thread now, in a debug build (`checkingDeclarations`).
    @TaskLocal static var running: Operation?

    /// Whether its handler may read `parameter`: one it declares, or one it reads outside the contract.
    func declares(_ parameter: Parameter) -> Bool {
        parameters.contains(parameter) || undocumented.contains(parameter)
    }

    /// In a debug build, stops the process when the running handler's operation does not declare
    /// `parameter`; nothing in a release build, nor outside a handler (a deferred reply's timer).
    @inline(__always)
    static func assertDeclared(_ parameter: Parameter) {
        #if DEBUG
        if let running { assert(running.declares(parameter), "\(running.id) reads '\(parameter.name)' (\(parameter.component)), which it does not declare") }
        #endif
    }

    /// `handler`, run with this operation as `running` in a debug build; `handler` itself in a release build.
    func checkingDeclarations<Answer>(_ handler: @escaping @Sendable (Request) -> Answer) -> @Sendable (Request) -> Answer {
        #if DEBUG
        let operation = self
        return { request in Operation.$running.withValue(operation) { handler(request) } }
        #else
        return handler
        #endif
    }
}
