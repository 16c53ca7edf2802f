import SkeletonDomain
import Testing

extension LoadingTests {
    struct ScheduleTests {
        /// Stages as `id status atMs [code]`, the form `summary` in `Tests/Reference/loading_model.py` prints.
        static func summary(_ schedule: Schedule) -> String {
            schedule.stages.map { stage in
                switch stage.status {
                case .loading: "\(stage.id) loading"
                case .ready(let atMs): "\(stage.id) ready \(atMs)"
                case .failed(let atMs, let failure): "\(stage.id) failed \(atMs) \(failure.code.rawValue)"
                }
            }.joined(separator: ", ")
        }

        /// Expected values from `Tests/Reference/loading_model.py`, an independent Python model of
        /// the rules in `Schedule`'s and `SplitMix64`'s doc comments: the schedule is defined by
        /// them, not by this code. `test_the_pinned_schedules_of_schedule_tests_are_the_models` in
        /// `Tests/Integration/test_reference.py` derives each string from the model, and the same
        /// file holds the server's timelines to it for every screen, scenario and many seeds.
        @Test(arguments: [
            ("home", Scenario.typical, 0, "fastPath ready 71, fullyInitialized ready 2007"),
            ("home", .typical, 42, "fastPath ready 51, fullyInitialized ready 1827"),
            (
                "movies", .typical, 0,
                "trending ready 436, popular ready 1139, poster[0] ready 2564, poster[1] ready 2498, poster[2] ready 2356, poster[3] ready 1272, poster[4] ready 1772, poster[5] ready 1583"
            ),
            (
                "movies", .instant, 0,
                "trending ready 0, popular ready 15, poster[0] ready 3, poster[1] ready 14, poster[2] ready 16, poster[3] ready 3, poster[4] ready 14, poster[5] ready 16"
            ),
            ("home", .error, 0, "fastPath ready 70, fullyInitialized failed 1730 error"),
            (
                "movies", .error, 7,
                "trending ready 830, popular ready 1043, poster[0] ready 1679, poster[1] failed 1841 error, poster[2] ready 1805, poster[3] ready 1992, poster[4] ready 2217, poster[5] ready 2536"
            ),
            (
                "movies", .timeout, 0,
                "trending ready 691, popular ready 819, poster[0] ready 1843, poster[1] ready 1016, poster[2] ready 2011, poster[3] ready 1026, poster[4] failed 10000 timeout, poster[5] ready 1113"
            ),
            ("inbox", .timeout, 3, "conversations failed 10000 timeout"),
            ("thread", .slow, 1, "messages ready 3588"),
            (
                "movies", .slow, 2,
                "trending ready 3251, popular ready 4546, poster[0] ready 6548, poster[1] ready 9780, poster[2] ready 5724, poster[3] failed 10000 timeout, poster[4] ready 7466, poster[5] ready 9347"
            ),
            ("insights", .typical, 9_007_199_254_740_991, "insightsLoaded ready 624"),
        ])
        func matchesTheReferenceImplementation(screen: String, scenario: Scenario, seed: Int, expected: String) {
            #expect(Self.summary(LoadingTests.schedule(screen, scenario, seed: seed)) == expected)
        }

        /// Every (screen, scenario, seed < 4) gives the reference model's schedule, whatever the
        /// process: the lines `screen scenario seed: summary` hash (FNV-1a 64) to the model's
        /// 0x666ad010576350f5 (Tests/Reference/loading_model.py derives it; test_reference.py checks).
        @Test func sameTripleGivesTheSameSchedule() {
            let lines = LoadingTests.allSchedules(seeds: 4).map { "\($0.screen) \($0.scenario) \($0.seed): \(Self.summary($0))\n" }
            #expect(fnv1a64(lines.joined().utf8) == 0x666a_d010_5763_50f5)
        }

        /// What an event stream draws again at each instant are the schedule's element states, failures included.
        @Test func elementStatesDrawnAloneAreTheSchedules() {
            for schedule in LoadingTests.allSchedules(seeds: 8) {
                let screen = LoadingTests.catalog.screen(schedule.screen)!
                #expect(Schedule.elementStates(of: screen, scenario: schedule.scenario, seed: schedule.seed) == schedule.elements,
                        "\(schedule.screen) \(schedule.scenario) \(schedule.seed)")
            }
        }

        @Test(arguments: Scenario.allCases)
        func differentSeedsGiveDifferentSchedules(scenario: Scenario) {
            // A one-stage screen's only stage never arrives under `timeout`, whatever the seed.
            for screen in LoadingTests.catalog.screens where scenario != .timeout || screen.stages.count > 1 {
                let summaries = Set(
                    (0..<10).map { Self.summary(Schedule(screen: screen, scenario: scenario, seed: $0)) })
                #expect(summaries.count > 1, "\(screen.id) \(scenario)")
            }
        }

        @Test func homeTypicalFollowsSeed003AndTheMinimumDisplay() {
            for seed in 0..<200 {
                let schedule = LoadingTests.schedule("home", .typical, seed: seed)
                guard case .ready(let fastPath) = schedule.stages[0].status,
                    case .ready(let fullyInitialized) = schedule.stages[1].status
                else {
                    Issue.record("seed \(seed): \(Self.summary(schedule))")
                    continue
                }
                #expect((30...80).contains(fastPath))
                #expect((1000...3000).contains(fullyInitialized))
                for element in schedule.elements {
                    switch element.id {
                    case "accountsCarousel", "categories":
                        #expect(element.status == .ready(atMs: fastPath))
                        #expect(element.revealAtMs == 200)
                    default:
                        #expect(element.status == .ready(atMs: fullyInitialized))
                        #expect(element.revealAtMs == fullyInitialized)
                    }
                }
            }
        }

        @Test func instantIsReadyWithin20MsAndRevealsAtTheMinimumDisplay() {
            for schedule in LoadingTests.allSchedules(seeds: 50) where schedule.scenario == .instant {
                for stage in schedule.stages {
                    guard case .ready(let atMs) = stage.status else {
                        Issue.record("\(schedule.screen) \(stage.id): \(stage.status)")
                        continue
                    }
                    #expect((0...20).contains(atMs))
                }
                #expect(schedule.elements.allSatisfy { $0.revealAtMs == 200 })
            }
        }

        @Test func slowStretchesEveryRangeFourTimesAndTimesOutPastTenSeconds() {
            var timedOut = 0
            for screen in LoadingTests.catalog.screens {
                let timings = screen.stages.map(\.timing)
                for seed in 0..<200 {
                    let schedule = Schedule(screen: screen, scenario: .slow, seed: seed)
                    for (stage, timing) in zip(schedule.stages, timings) {
                        let start = Self.anchorTime(timing, in: schedule)
                        switch stage.status {
                        case .ready(let atMs):
                            #expect(atMs >= start + timing.range.lowerBound * 4)
                            #expect(atMs <= start + timing.range.upperBound * 4)
                            #expect(atMs <= 10000)
                        case .failed(let atMs, let failure):
                            #expect(atMs == 10000 && failure.code == .timeout && failure.isRetryable)
                            #expect(start + timing.range.upperBound * 4 > 10000)
                            timedOut += 1
                        case .loading:
                            Issue.record("a final status is never loading")
                        }
                    }
                }
            }
            #expect(timedOut > 0, "some slow movies poster lands past the timeout")
        }

        @Test func timeoutFailsTheLatestStageAtTheTimeout() {
            for schedule in LoadingTests.allSchedules(seeds: 50) where schedule.scenario == .timeout {
                let failed = schedule.stages.filter { $0.status != .ready(atMs: $0.status.atMs!) }
                #expect(failed.count == 1)
                guard let stage = failed.first, case .failed(10000, let failure) = stage.status else {
                    Issue.record("\(Self.summary(schedule))")
                    continue
                }
                #expect(failure.code == .timeout && failure.isRetryable)
                if schedule.screen == "home" { #expect(stage.id == "fullyInitialized") }
                for element in schedule.elements where element.stage == stage.id {
                    #expect(element.status == stage.status)
                    #expect(element.revealAtMs == 10000)
                }
            }
        }

        @Test func errorFailsExactlyOneStageAtItsDrawnTime() {
            for screen in LoadingTests.catalog.screens {
                let timings = screen.stages.map(\.timing)
                for seed in 0..<50 {
                    let schedule = Schedule(screen: screen, scenario: .error, seed: seed)
                    let failed = schedule.stages.indices.filter { schedule.stages[$0].status.name == "failed" }
                    #expect(failed.count == 1)
                    guard let index = failed.first, case .failed(let atMs, let failure) = schedule.stages[index].status
                    else { continue }
                    #expect(failure.code == .error && failure.isRetryable)
                    let start = Self.anchorTime(timings[index], in: schedule)
                    #expect(atMs >= start + timings[index].range.lowerBound)
                    #expect(atMs <= start + timings[index].range.upperBound)
                    for element in schedule.elements where element.stage == schedule.stages[index].id {
                        #expect(element.status == schedule.stages[index].status)
                    }
                }
            }
        }

        @Test(arguments: [Scenario.typical, .slow])
        func moviesPostersLoadAfterPopular(scenario: Scenario) {
            let factor = scenario == .slow ? 4 : 1
            for seed in 0..<100 {
                let schedule = LoadingTests.schedule("movies", scenario, seed: seed)
                let popular = schedule.stages.first { $0.id == "popular" }!.status.atMs!
                for index in 0..<6 {
                    let poster = schedule.stages.first { $0.id == "poster[\(index)]" }!
                    let element = schedule.elements.first { $0.id == "poster[\(index)]" }!
                    #expect(element.status == poster.status)
                    if case .ready(let atMs) = poster.status {
                        #expect((popular + 100 * factor...popular + 1500 * factor).contains(atMs))
                    }
                }
            }
        }

        @Test func stateAgreesWithTheTimelineAtAndJustBeforeEveryChange() {
            for schedule in LoadingTests.allSchedules(seeds: 10) {
                for time in schedule.changeTimes {
                    let now = schedule.state(at: time)
                    let before = schedule.state(at: time - 1)
                    for (index, final) in schedule.elements.enumerated() {
                        #expect(Self.agrees(now.elements[index], with: final, at: time))
                        if time > 0 { #expect(Self.agrees(before.elements[index], with: final, at: time - 1)) }
                    }
                    for (index, final) in schedule.stages.enumerated() {
                        #expect(now.stages[index].status == (final.status.atMs! <= time ? final.status : .loading))
                    }
                    #expect(now.isComplete == (time == schedule.completeAtMs))
                    #expect(!before.isComplete || time == 0)
                    #expect(schedule.nextChangeMs(after: time - 1) == time)
                }
                #expect(schedule.nextChangeMs(after: schedule.completeAtMs) == nil)
                #expect(schedule.state(at: Int.max).elements == schedule.elements)
            }
        }

        @Test func changeTimesAreTheDistinctElementTimesAscending() {
            for schedule in LoadingTests.allSchedules(seeds: 10) {
                #expect(schedule.changeTimes == Set(schedule.elements.map { $0.status.atMs! }).sorted())
            }
        }

        @Test func timesBeforeTheStartReadAsTheStart() {
            let schedule = LoadingTests.schedule("home", .instant)
            #expect(schedule.state(at: -500) == schedule.state(at: 0))
        }

        @Test func builtInRangesAreTheSpecs() {
            let ranges = LoadingTests.catalog.screens.map { screen in screen.stages.map { "\(screen.id)/\($0.id) \($0.timing.range)" } }
            #expect(ranges.joined().joined(separator: ", ") == [
                "home/fastPath 30...80", "home/fullyInitialized 1000...3000", "insights/insightsLoaded 400...1200",
                "inbox/conversations 300...1500", "thread/messages 200...1000", "movies/trending 300...900", "movies/popular 400...1200",
            ].joined(separator: ", ") + (0..<6).map { ", movies/poster[\($0)] 100...1500" }.joined())
        }

        @Test func scenarioOverridesReplaceTheDerivedRanges() {
            let timing = StageTiming(100...200, after: "a", overrides: [.slow: 5...6])
            #expect(timing.range(for: .slow) == (5...6, true))
            #expect(timing.range(for: .typical) == (100...200, true))
            #expect(timing.range(for: .instant) == (0...20, false))
        }

        @Test func scenariosAreTheFiveOfTheSpecWithDistinctSummaries() {
            #expect(Scenario.allCases.map(\.rawValue) == ["typical", "instant", "slow", "timeout", "error"])
            #expect(Set(Scenario.allCases.map(\.summary)).count == 5)
        }

        /// When the stage `timing` counts from became ready; 0 for the start of the load.
        static func anchorTime(_ timing: StageTiming, in schedule: Schedule) -> Int {
            guard let anchor = timing.anchor else { return 0 }
            return schedule.stages.first { $0.id == anchor }!.status.atMs!
        }

        /// `state` is `final` once its time has come, and loading, with no reveal time, before.
        static func agrees(_ state: Schedule.ElementState, with final: Schedule.ElementState, at time: Int) -> Bool {
            guard final.status.atMs! > time else { return state == final }
            return state.id == final.id && state.stage == final.stage && state.status == .loading
                && state.revealAtMs == nil
        }
    }
}
