/// Where a request went, as a number the router sets on it (`Request.routeSlot`): a route, or one
/// of the two outcomes before any route. What the metrics label a request by; numbered here, with
/// the routing, so that the request and the router depend on nothing that observes them.
enum RouteSlot {
    /// The request could not be parsed (answered 4xx/5xx before routing).
    static let invalid = 0
    /// No route matched its path (404): one label, however many paths are tried.
    static let unmatched = 1
    /// The slot of the router's route `index`.
    static func route(_ index: Int) -> Int { index + 2 }
}
