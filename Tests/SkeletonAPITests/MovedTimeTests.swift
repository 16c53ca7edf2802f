import Foundation
import Glibc
import HTTPServer
import SkeletonDomain
import Testing
@testable import SkeletonAPI

/// The loading routes' timing on moved time: the loop's timers and the sessions' clock are one
/// `ManualClock`, so a long poll, an event stream, a held data request, a failure's retry window,
/// `dribble` and `stall` answer exactly when the test moves time to their instant, not a
/// millisecond before, with no sleep and no wall-clock window. At speed 1 virtual ms are clock ms;
/// at speed `s` a change at virtual `t` ms is due at clock ms `ceil(t / s)`, and a server that
/// left a wait unscaled would answer `s` times too late (the `atSpeed` tests).
@Suite struct MovedTimeTests {
    /// The real service on a loopback port the kernel chose, its loop and sessions on `clock`.
    final class Live {
        let clock = ManualClock()
        let server: Server
        let service: SkeletonService
        let port: UInt16

        init() throws {
            let clock = clock
            service = SkeletonService(readiness: Readiness(), now: { 1_800_000_000_000 + clock.microseconds / 1000 })
            var configuration = ServerConfiguration()
            configuration.port = 0
            configuration.threads = 1
            configuration.accessLog = nil
            configuration.clock = .manual(clock)
            server = Server(configuration: configuration, router: service.router)
            port = try server.start()
        }

        /// Moves the clock to `ms` after the start (it never goes back).
        func at(_ ms: Int) {
            let now = Int(clock.microseconds / 1000)
            if ms > now { clock.advance(by: ms - now) } else { clock.advance(by: 0) }
        }

        /// The document the router answers at once for `path?query` (a timeline, a session start).
        func document(_ path: String, _ query: String) throws -> [String: Any] {
            var request = Request(method: .get, path: path, query: query)
            guard case .response(let response) = service.router.reply(to: &request) else { throw Deferred() }
            return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        }

        struct Deferred: Error {}

        deinit {
            server.shutdown()
            clock.advance(by: 60_000)
            server.wait()
        }
    }

    /// A loopback connection read without blocking: what has arrived so far.
    final class Connection {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        private(set) var received: [UInt8] = []

        init(port: UInt16) throws {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            try #require(connected == 0)
        }

        deinit { close(fd) }

        func get(_ target: String) {
            let bytes = Array("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// Everything received so far (the loop has written what the moved time made due).
        var text: String {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                guard count > 0 else { break }
                received += chunk[..<count]
            }
            return String(decoding: received, as: UTF8.self)
        }

        /// The JSON body of the one complete response received.
        func body() throws -> [String: Any] {
            let parts = text.components(separatedBy: "\r\n\r\n")
            try #require(parts.count == 2, "one response: \(text)")
            return try #require(try JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any])
        }
    }

    func changes(_ live: Live, _ query: String) throws -> [(id: String, atMs: Int)] {
        let timeline = try live.document("/loading-state/timeline", query)
        let elements = try #require(timeline["elements"] as? [[String: Any]])
        return try elements.map { element in
            (try #require(element["id"] as? String), try #require((element["readyAtMs"] ?? element["failedAtMs"]) as? Int))
        }.sorted { $0.atMs < $1.atMs }
    }

    @Test func aLongPollAnswersAtTheNextChangeAndNotBefore() throws {
        let live = try Live()
        let first = try #require(try changes(live, "screen=home&seed=4").first)
        let token = try #require(try live.document("/loading-state", "screen=home&seed=4")["session"] as? String)
        let poll = try Connection(port: live.port)
        poll.get("/loading-state?session=\(token)&wait=30000")
        live.at(0)  // the poll is read at 0 ms
        live.at(first.atMs - 1)
        #expect(poll.text.isEmpty, "held until the change at \(first.atMs) ms")
        live.at(first.atMs)
        let state = try poll.body()
        #expect(state["elapsedMs"] as? Int == first.atMs)
    }

    @Test func aLongPollWithNothingDueAnswersAtItsWait() throws {
        let live = try Live()
        let token = try #require(try live.document("/loading-state", "screen=inbox&scenario=timeout&seed=1")["session"] as? String)
        let poll = try Connection(port: live.port)
        poll.get("/loading-state?session=\(token)&wait=300")
        live.at(0)  // the poll is read at 0 ms: its wait runs from then
        live.at(299)
        #expect(poll.text.isEmpty)
        live.at(300)
        let state = try poll.body()
        #expect(state["elapsedMs"] as? Int == 300 && state["complete"] as? Bool == false)
    }

    @Test func eventsComeEachAtItsTime() throws {
        let live = try Live()
        let expected = try changes(live, "screen=movies&seed=8")
        let stream = try Connection(port: live.port)
        stream.get("/loading-state/events?screen=movies&seed=8")
        live.at(0)
        #expect(stream.text.contains("event: snapshot") && !stream.text.contains("event: element"))
        for (index, change) in expected.enumerated() where index == 0 || change.atMs != expected[index - 1].atMs {
            live.at(change.atMs - 1)
            #expect(stream.text.components(separatedBy: "event: element").count - 1 == index, "none before \(change.atMs) ms")
            live.at(change.atMs)
            #expect(stream.text.contains("id: \(change.atMs)\nevent: element\ndata: {\"formatVersion\":2,\"id\":\"\(change.id)\""))
        }
        #expect(stream.text.contains("event: complete"))
    }

    @Test func heldDataAnswersAtTheElementsTimeAndAFailureRecoversAfterItsRetryWindow() throws {
        let live = try Live()
        let changes = try changes(live, "screen=inbox&scenario=error&seed=2")
        let timeline = try live.document("/loading-state/timeline", "screen=inbox&scenario=error&seed=2")
        let failed = try #require((timeline["elements"] as? [[String: Any]])?.first { $0["status"] as? String == "failed" })
        let failedAtMs = try #require(failed["failedAtMs"] as? Int)
        #expect(changes.contains { $0.atMs == failedAtMs })
        let token = try #require(try live.document("/loading-state", "screen=inbox&scenario=error&seed=2")["session"] as? String)
        let held = try Connection(port: live.port)
        held.get("/data/inbox/conversationList?session=\(token)")
        live.at(0)
        live.at(failedAtMs - 1)
        #expect(held.text.isEmpty)
        live.at(failedAtMs)
        #expect(held.text.hasPrefix("HTTP/1.1 503 ") && held.text.contains("\"retryAfterMs\":1000"))
        live.at(failedAtMs + 999)
        let again = try Connection(port: live.port)
        again.get("/data/inbox/conversationList?session=\(token)")
        live.at(failedAtMs + 999)
        #expect(again.text.hasPrefix("HTTP/1.1 503 ") && again.text.contains("\"retryAfterMs\":1"))
        live.at(failedAtMs + 1000)
        let recovered = try Connection(port: live.port)
        recovered.get("/data/inbox/conversationList?session=\(token)")
        live.at(failedAtMs + 1000)
        #expect(recovered.text.hasPrefix("HTTP/1.1 200 "))
    }

    @Test func dribbleSendsTheHeadAtTheStagesStartAndEachPieceAtItsShare() throws {
        let live = try Live()
        let timeline = try live.document("/loading-state/timeline", "screen=movies&seed=3")
        let stages = try #require(timeline["stages"] as? [[String: Any]])
        let start = try #require(stages.first { $0["id"] as? String == "popular" }?["atMs"] as? Int)
        let ready = try #require(stages.first { $0["id"] as? String == "poster[0]" }?["atMs"] as? Int)
        let data = try Connection(port: live.port)
        data.get("/data/movies/poster%5B0%5D?seed=3&fault=dribble")
        live.at(0)  // the request, which starts its load, is read at 0 ms
        live.at(start - 1)
        #expect(data.text.isEmpty)
        live.at(start)
        let head = data.text
        #expect(head.hasPrefix("HTTP/1.1 200 ") && head.hasSuffix("\r\n\r\n"), "the head alone at the stage's start")
        let lengthField = head.components(separatedBy: "Content-Length: ").last?.prefix { $0.isNumber } ?? ""
        let length = try #require(Int(lengthField))
        var received = 0
        for piece in 1...8 {
            let due = start + (ready - start) * piece / 8
            live.at(due - 1)
            #expect(data.received.count - head.utf8.count == received, "piece \(piece) not before \(due) ms")
            live.at(due)
            _ = data.text
            received = data.received.count - head.utf8.count
            #expect(received == length * piece / 8, "piece \(piece) at \(due) ms")
        }
    }

    @Test func stallSendsTheHeadAtTheElementsTimeAndNeverTheBody() throws {
        let live = try Live()
        let ready = try #require(try changes(live, "screen=thread&seed=0").first { $0.id == "messages" }?.atMs)
        let data = try Connection(port: live.port)
        data.get("/data/thread/messages?seed=0&fault=stall")
        live.at(0)  // the request, which starts its load, is read at 0 ms
        live.at(ready - 1)
        #expect(data.text.isEmpty)
        live.at(ready)
        let head = data.text
        #expect(head.hasPrefix("HTTP/1.1 200 ") && head.hasSuffix("\r\n\r\n"))
        live.at(ready + 30_000)
        #expect(data.text == head, "half a minute on, still no body")
    }

    /// The clock ms at which virtual ms `t` of a load at `speed` has come: `ceil(t / speed)`.
    func due(_ t: Int, speed: Double) -> Int {
        Int((Double(t) / speed).rounded(.up))
    }

    @Test(arguments: [10.0, 2.5])
    func atSpeedALongPollAnswersAtTheScaledInstantAndNotBefore(speed: Double) throws {
        let live = try Live()
        let first = try #require(try changes(live, "screen=home&seed=4").first)
        let token = try #require(try live.document("/loading-state", "screen=home&seed=4&speed=\(speed)")["session"] as? String)
        let poll = try Connection(port: live.port)
        poll.get("/loading-state/\(token)?wait=30000")
        live.at(0)
        let at = due(first.atMs, speed: speed)
        live.at(at - 1)
        #expect(poll.text.isEmpty, "held until \(at) ms (virtual \(first.atMs) ms at speed \(speed))")
        live.at(at)
        let state = try poll.body()
        #expect(state["elapsedMs"] as? Int == Int(Double(at) * speed), "elapsedMs is the clock's ms times the speed")
    }

    @Test func atSpeedFourEventsComeEachAtItsScaledTime() throws {
        let live = try Live()
        let expected = try changes(live, "screen=movies&seed=8")
        let stream = try Connection(port: live.port)
        stream.get("/loading-state/events?screen=movies&seed=8&speed=4")
        live.at(0)
        #expect(stream.text.contains("event: snapshot") && !stream.text.contains("event: element"))
        for (index, change) in expected.enumerated() where index == 0 || due(change.atMs, speed: 4) != due(expected[index - 1].atMs, speed: 4) {
            let at = due(change.atMs, speed: 4)
            live.at(at - 1)
            #expect(stream.text.components(separatedBy: "event: element").count - 1 == index, "none before \(at) ms")
            live.at(at)
            #expect(stream.text.contains("id: \(change.atMs)\nevent: element\ndata: {\"formatVersion\":2,\"id\":\"\(change.id)\""))
        }
        #expect(stream.text.contains("event: complete"))
    }

    @Test func atSpeedFiveHeldDataAnswersAtTheElementsScaledTime() throws {
        let live = try Live()
        let ready = try #require(try changes(live, "screen=thread&seed=0").first { $0.id == "messages" }?.atMs)
        let data = try Connection(port: live.port)
        data.get("/data/thread/messages?seed=0&speed=5")
        live.at(0)  // the request, which starts its load, is read at 0 ms
        live.at(due(ready, speed: 5) - 1)
        #expect(data.text.isEmpty)
        live.at(due(ready, speed: 5))
        #expect(data.text.hasPrefix("HTTP/1.1 200 "))
    }
}
