import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SkeletonServerClient {
    /// Posts `report` to `POST /drift`; returns when the server answered 204. A refusal (400 bad
    /// field, 404 unknown screen or element or stale version, 413, 415) throws
    /// `SkeletonClientError` with the server's problem.
    public func report(_ report: DriftReport) async throws {
        var request = URLRequest(url: url("drift"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(report)
        let (body, response) = try await session.data(for: request)
        let reply = HTTPReply(response, body: body)
        guard reply.status == 204 else { throw reply.error }
    }
}
