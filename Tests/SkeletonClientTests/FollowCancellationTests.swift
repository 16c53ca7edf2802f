import Foundation
@testable import SkeletonClient
import Testing

/// A follow whose consumer goes away ends there: its cancellation is not taken for a transport's
/// failure, so no long poll or poll follows the event stream.
@Suite struct FollowCancellationTests {
    /// On a clock held at 0 (nothing is due but the skeletons), through a proxy that records each
    /// request: the consumer sees the skeletons over the event stream and is cancelled; the
    /// follow's own task then ends, having asked for the stream alone, and leaves nothing
    /// waiting on the clock, however far it moves.
    @Test(.timeLimit(.minutes(1))) func cancellingTheConsumerEndsTheFollowWithNoFurtherRequest() async throws {
        let server = try LiveServer()
        let proxy = try CuttingProxy(backend: server.port)
        let clock = TestClock()
        let client = SkeletonServerClient(baseURL: URL(string: "http://127.0.0.1:\(proxy.port)")!, clock: clock)
        let (changes, follow) = client.following(
            .start(screen: "home", variant: nil, scenario: "slow", seed: 3, speed: 1), transports: FollowTransport.allCases)
        let (firstChange, heard) = AsyncStream.makeStream(of: ElementChange.self)
        let consumer = Task {
            var count = 0
            for try await change in changes {
                heard.yield(change)
                count += 1
            }
            return count
        }
        var first = firstChange.makeAsyncIterator()
        #expect(await first.next()?.phase == .skeleton)
        consumer.cancel()
        _ = try await consumer.value  // the stream ended for its consumer
        await follow.value  // and the follow's own task is over: nothing more can be asked
        let loads = proxy.requests.filter { $0.contains("/loading-state") }
        #expect(loads.count == 1 && loads[0].hasPrefix("GET /loading-state/events?"), "\(loads)")
        #expect(clock.deadlines.isEmpty)
        clock.advance(by: .seconds(60))
        #expect(proxy.requests.filter { $0.contains("/loading-state") }.count == 1)
    }
}
