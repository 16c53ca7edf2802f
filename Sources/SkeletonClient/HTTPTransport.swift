import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one request gave: its status, header fields and body.
struct HTTPReply: Sendable {
    let status: Int
    private(set) var body: Data
    private let fields: [String: String]

    init(_ response: URLResponse, body: Data) {
        let http = response as? HTTPURLResponse
        status = http?.statusCode ?? 0
        self.body = body
        var fields: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        self.fields = fields
    }

    func with(body: Data) -> HTTPReply {
        var reply = self
        reply.body = body
        return reply
    }

    func field(_ name: String) -> String? { fields[name.lowercased()] }

    /// The error this reply means when it is not the success asked for.
    var error: SkeletonClientError {
        SkeletonClientError(
            status: status, problem: try? JSONDecoder().decode(Problem.self, from: body),
            retryAfter: field("Retry-After").flatMap { Int($0) }.map { .seconds($0) })
    }
}

/// A streamed response: its status once the head arrives, then its body as it arrives. Built on
/// a data delegate, which URLSession offers on every platform (`bytes(for:)` is Apple's only).
final class StreamingRequest: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    enum Part: Sendable {
        case head(HTTPReply)
        case bytes(Data)
    }

    private let continuation: AsyncThrowingStream<Part, any Error>.Continuation
    let parts: AsyncThrowingStream<Part, any Error>
    private var session: URLSession?

    /// Starts `request`; the stream ends with the response, or throws the transport's error.
    init(_ request: URLRequest, configuration: URLSessionConfiguration) {
        (parts, continuation) = AsyncThrowingStream.makeStream(of: Part.self)
        super.init()
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        self.session = session
        let task = session.dataTask(with: request)
        continuation.onTermination = { _ in
            task.cancel()
            session.finishTasksAndInvalidate()
        }
        task.resume()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        continuation.yield(.head(HTTPReply(response, body: Data())))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.bytes(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
    }
}
