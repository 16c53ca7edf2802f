import SkeletonDomain
import Testing

extension LoadingTests {
    /// The state and timeline documents and the event stream, read back with the test parser.
    struct LoadingDocumentTests {
        @Test func stateDocumentHasTheMembersOfSpecSection5InOrder() throws {
            let schedule = LoadingTests.schedule("home", .typical)
            let document = try JSON.parse(schedule.state(at: 100).document(session: "abc.def"))
            #expect(
                document.keys == [
                    "formatVersion", "session", "screen", "variant", "scenario", "seed", "elapsedMs", "complete", "stages",
                    "elements", "pollAfterMs",
                ])
            #expect(document["session"] == .string("abc.def"))
            #expect(document["screen"] == .string("home"))
            #expect(document["variant"] == .string("default"))
            #expect(document["scenario"] == .string("typical"))
            #expect(document["seed"] == .number(0))
            #expect(document["elapsedMs"] == .number(100))
            #expect(document["complete"] == .bool(false))
            #expect(document["pollAfterMs"] == .number(100))
            // Seed 0: fastPath at 71, fullyInitialized at 2007.
            #expect(
                document["stages"]
                    == .array([
                        .object([
                            ("id", .string("fastPath")), ("status", .string("ready")), ("readyAtMs", .number(71)),
                        ]),
                        .object([("id", .string("fullyInitialized")), ("status", .string("loading"))]),
                    ]))
            #expect(
                document["elements"]?.array.first
                    == .object([
                        ("id", .string("accountsCarousel")), ("stage", .string("fastPath")),
                        ("status", .string("ready")),
                        ("readyAtMs", .number(71)), ("revealAtMs", .number(200)),
                    ]))
            #expect(
                document["elements"]?.array[1]
                    == .object([
                        ("id", .string("transactionsSummary")), ("stage", .string("fullyInitialized")),
                        ("status", .string("loading")),
                    ]))
        }

        @Test func snapshotsAtATimeHaveANullSessionAndCompleteOnesNoPoll() throws {
            let schedule = LoadingTests.schedule("thread", .typical)
            let document = try JSON.parse(schedule.state(at: schedule.completeAtMs).document(session: nil))
            #expect(document["session"] == .null)
            #expect(document["complete"] == .bool(true))
            #expect(document["pollAfterMs"] == .null)
        }

        @Test func stateDocumentsNeverDiscloseAFutureChange() throws {
            for schedule in LoadingTests.allSchedules(seeds: 5) {
                for time in schedule.changeTimes.flatMap({ [$0 - 1, $0] }) where time >= 0 {
                    let document = try JSON.parse(schedule.state(at: time).document(session: nil))
                    for item in document["stages"]!.array + document["elements"]!.array {
                        for key in ["readyAtMs", "failedAtMs"] {
                            if let atMs = item[key]?.number { #expect(atMs <= Double(time)) }
                        }
                        if item["status"] == .string("loading") {
                            #expect(item["readyAtMs"] == nil && item["failedAtMs"] == nil && item["revealAtMs"] == nil)
                            #expect(item["error"] == nil)
                        }
                    }
                }
            }
        }

        @Test func failedElementsCarryTheirError() throws {
            let schedule = LoadingTests.schedule("home", .error)
            let document = try JSON.parse(schedule.state(at: 5000).document(session: nil))
            let failed = document["elements"]!.array.filter { $0["status"] == .string("failed") }
            #expect(failed.map { $0["id"] } == [.string("transactionsSummary"), .string("subscriptions")])
            for element in failed {
                #expect(element.keys == ["id", "stage", "status", "failedAtMs", "revealAtMs", "error"])
                #expect(element["failedAtMs"] == .number(1730))
                #expect(element["error"]?.keys == ["code", "message", "retryable"])
                #expect(element["error"]?["code"] == .string("error"))
                #expect(element["error"]?["retryable"] == .bool(true))
            }
            #expect(
                document["stages"]?.array[1]
                    == .object([
                        ("id", .string("fullyInitialized")), ("status", .string("failed")),
                        ("failedAtMs", .number(1730)),
                    ]))
        }

        @Test func timelineDocumentDisclosesTheWholeScheduleWithFinalStatuses() throws {
            for schedule in LoadingTests.allSchedules(seeds: 3) {
                let document = try JSON.parse(schedule.timelineDocument())
                #expect(document.keys == ["formatVersion", "screen", "variant", "scenario", "seed", "stages", "elements"])
                #expect(document["seed"] == .number(Double(schedule.seed)))
                let stages = document["stages"]!.array
                #expect(stages.count == schedule.stages.count)
                for (item, stage) in zip(stages, schedule.stages) {
                    #expect(item.keys == ["id", "status", "atMs"])
                    #expect(item["status"] == .string(stage.status.name))
                    #expect(item["atMs"] == .number(Double(stage.status.atMs!)))
                }
                let complete = try JSON.parse(schedule.state(at: schedule.completeAtMs).document(session: nil))
                #expect(document["elements"] == complete["elements"])
            }
        }

        @Test func largestSeedIsWrittenExactly() throws {
            let schedule = LoadingTests.schedule("insights", .typical, seed: Schedule.seedRange.upperBound)
            let text = String(decoding: schedule.timelineDocument(), as: UTF8.self)
            #expect(text.contains(#""seed":9007199254740991,"#))
        }

        @Test func eventStreamSendsOneElementEventPerChangeInTimeOrder() throws {
            let schedule = LoadingTests.schedule("movies", .typical)
            let events = LoadingEvent.changes(of: schedule, after: -1)
            #expect(events.count == schedule.elements.count)
            #expect(events.map(\.timeMs) == events.map(\.timeMs).sorted())
            #expect(Set(events.map(\.timeMs)) == Set(schedule.changeTimes))
            let timeline = try JSON.parse(schedule.timelineDocument())["elements"]!.array
            for event in events {
                let text = String(decoding: event.bytes, as: UTF8.self)
                let prefix = "id: \(event.timeMs)\nevent: element\ndata: "
                #expect(text.hasPrefix(prefix) && text.hasSuffix("\n\n"))
                let data = try JSON.parse(Array(event.bytes[prefix.utf8.count..<(event.bytes.count - 2)]))
                #expect(data["formatVersion"] == .number(2))
                #expect(timeline.contains(data.removing("formatVersion")))
                #expect(data["readyAtMs"] == .number(Double(event.timeMs)))
            }
            // popular and compactList change together, in the screen's order.
            let popular = schedule.elements.first { $0.id == "popular" }!.status.atMs!
            let together = events.filter { $0.timeMs == popular }.map { String(decoding: $0.bytes, as: UTF8.self) }
            #expect(
                together.count == 2 && together[0].contains(#""id":"popular""#) && together[1].contains("compactList"))
        }

        @Test func resumingAfterAnEventIdSendsOnlyLaterChanges() {
            let schedule = LoadingTests.schedule("movies", .slow, seed: 2)
            let all = LoadingEvent.changes(of: schedule, after: -1)
            for time in [0] + schedule.changeTimes {
                #expect(LoadingEvent.changes(of: schedule, after: time) == all.filter { $0.timeMs > time })
            }
            #expect(LoadingEvent.changes(of: schedule, after: schedule.completeAtMs).isEmpty)
        }

        @Test func snapshotAndCompleteEventsFrameTheStream() throws {
            let schedule = LoadingTests.schedule("home", .typical)
            let state = schedule.state(at: 50)
            let snapshot = LoadingEvent.snapshot(state, session: "s.t")
            #expect(snapshot.timeMs == 50)
            let expected = Array("id: 50\nevent: snapshot\ndata: ".utf8) + state.document(session: "s.t")
            #expect(snapshot.bytes == expected + Array("\n\n".utf8))
            let complete = LoadingEvent.complete(elapsedMs: 2007)
            #expect(
                String(decoding: complete.bytes, as: UTF8.self)
                    == "id: 2007\nevent: complete\ndata: {\"formatVersion\":2,\"elapsedMs\":2007}\n\n")
        }
    }
}
