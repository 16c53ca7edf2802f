import Testing
@testable import HTTPServer

/// The clocks a loop keeps time by: the monotonic one never goes back; a manual one reads what it
/// was set to and moves only when advanced, with no loop to wait for or with loops that stopped.
@Suite struct LoopClockTests {
    @Test func theMonotonicClockNeverGoesBack() {
        let clock = LoopClock.monotonic
        var last = clock.microseconds
        for _ in 0..<1000 {
            let now = clock.microseconds
            #expect(now >= last)
            last = now
        }
    }

    @Test func aManualClockMovesOnlyWhenAdvanced() {
        let manual = ManualClock(microseconds: 5)
        let clock = LoopClock.manual(manual)
        #expect(clock.microseconds == 5)
        #expect(clock.microseconds == 5)
        manual.advance(by: 3)
        #expect(clock.microseconds == 3_005)
        manual.advance(by: 0)
        #expect(manual.microseconds == 3_005)
    }

    @Test func advancingAfterTheServerStoppedReturnsAtOnce() throws {
        let clock = ManualClock()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threads = 2
        configuration.accessLog = nil
        configuration.clock = .manual(clock)
        let server = Server(configuration: configuration, router: Router())
        try server.start()
        clock.advance(by: 0)
        server.shutdown()
        server.wait()
        clock.advance(by: 10_000)
        #expect(clock.microseconds == 10_000_000)
    }
}
