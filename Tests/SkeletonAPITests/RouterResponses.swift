import HTTPServer
import Testing

extension Router {
    /// The response the router gives at once to a GET of `path` (the route tests' request, no
    /// sockets); a deferred reply is recorded as an issue.
    func response(_ path: String, query: String = "", fields: [(String, String)] = []) -> Response {
        var request = Request(method: .get, path: path, query: query, fields: HTTPFields(fields))
        guard case .response(let response) = reply(to: &request) else {
            Issue.record("\(path) deferred its reply")
            return Response(status: .internalServerError)
        }
        return response
    }
}
