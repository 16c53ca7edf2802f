import HTTPServer
import SkeletonDomain

/// What `--learn` keeps and does (docs/operations.md, "Learning in development"): the latest
/// proposal per (screen, element) of the catalog, the screen file with them substituted, and with
/// `--layouts DIR` the file in DIR replaced and the catalog served anew.
///
/// Guarantees: only peers within `admitted` may propose; a proposal is kept only once the screen
/// file with it in place validates as any screen file does (`LearnedScreen`), so a kept or
/// written file always loads; memory is bounded by the catalog's elements (one proposal of at most
/// a report's 4 KiB each). One lock serialises learning (a development tool: a file write under it
/// is fine). `Sendable`: its state is behind locks.
package final class Learner: Sendable {
    /// Proposals scoring at or above this are counted, not learned: the skeleton is still true
    /// (the page it was captured from scores at least 0.98).
    static let trueScore = 0.98
    /// The versions of a screen this learner replaced that proposals may still name (a page
    /// loaded before an apply reports its other elements at the old version).
    static let keptVersions = 8

    /// The peers that may propose: loopback, and the blocks of each `--learn-from CIDR`.
    package let admitted: [AddressRange]
    /// `--layouts DIR`, where proposals are applied; nil: kept and served only.
    package let directory: String?

    private struct Kept: Sendable {
        var node: JSONValue
        var firstWidth: Double
        var isFluid: Bool
    }

    private struct State: Sendable {
        var proposals: [DriftBoard.Key: Kept] = [:]
        /// Per screen, the versions replaced by an apply, the oldest first.
        var superseded: [String: [String]] = [:]
    }

    private let state = Locked(State())
    private let applied = Locked<(@Sendable (Catalog) -> Void)?>(nil)

    package init(admitting extra: [AddressRange] = [], directory: String? = nil) {
        admitted = AddressRange.loopback + extra
        self.directory = directory
    }

    /// Called with the new catalog each time an apply changed DIR (the server swaps its router).
    package func whenApplied(_ action: @escaping @Sendable (Catalog) -> Void) {
        applied.withLock { $0 = action }
    }

    func admits(_ peer: PeerAddress) -> Bool {
        admitted.contains { $0.contains(peer) }
    }

    /// Whether `version` is one of the screen's versions this learner replaced.
    func superseded(_ screen: String, _ version: String) -> Bool {
        state.withLock { $0.superseded[screen]?.contains(version) ?? false }
    }

    enum Outcome {
        /// Kept (and applied, with a directory), or not learned because the score says the skeleton is true.
        case learned, alreadyTrue
        /// The screen file with it in place does not validate: every problem.
        case invalid([ScreenFileProblem])
        /// DIR could not be read or written.
        case failed(String)
    }

    /// Learns `node` for `element` of `screen` (in `catalog`) from a report at `width` scoring `score`.
    func learn(_ node: JSONValue, screen: String, element: String, width: Double, score: Double, catalog: Catalog) -> Outcome {
        guard score < Self.trueScore else { return .alreadyTrue }
        let key = DriftBoard.Key(screen: screen, element: element)
        let outcome: (Outcome, Catalog?) = state.withLock { state in
            var kept = state.proposals[key] ?? Kept(node: node, firstWidth: width, isFluid: false)
            kept.node = node
            if abs(kept.firstWidth - width) >= 1 { kept.isFluid = true }
            var others = state.proposals.filter { $0.key.screen == screen && $0.key != key }.map { (key: $0.key, kept: $0.value) }
            others.sort { $0.key < $1.key }
            let proposals = others.map { LearnedScreen.Proposal(element: $0.key.element, node: $0.kept.node, isFluid: $0.kept.isFluid) }
                + [LearnedScreen.Proposal(element: element, node: node, isFluid: kept.isFluid)]
            let source: (path: String?, bytes: [UInt8])
            switch self.source(of: screen, in: catalog) {
            case .success(let found): source = found
            case .failure(let failure): return (.failed(failure.message), nil)
            }
            let learned: [UInt8]
            do throws(InvalidScreenFile) {
                learned = try LearnedScreen.substitute(proposals, into: source.bytes).bytes
            } catch {
                return (.invalid(error.problems), nil)
            }
            state.proposals[key] = kept
            guard let directory else { return (.learned, nil) }
            let path = source.path ?? (directory.hasSuffix("/") ? directory : directory + "/") + screen + ".json"
            do throws(ScreenFileReplacement.Failure) {
                try ScreenFileReplacement.replace(path, with: learned)
            } catch {
                return (.failed(error.message), nil)
            }
            do throws(ScreenDirectory.Invalid) {
                let next = Catalog.builtIn(with: try ScreenDirectory.load(directory))
                if let old = catalog.version(of: screen), next.version(of: screen) != old {
                    state.superseded[screen, default: []].append(old)
                    if state.superseded[screen]!.count > Self.keptVersions { state.superseded[screen]!.removeFirst() }
                }
                return (.learned, next)
            } catch {
                return (.failed(error.lines.joined(separator: "; ")), nil)
            }
        }
        if let catalog = outcome.1 { applied.withLock { $0 }?(catalog) }
        return outcome.0
    }

    /// The screen file `GET /drift/{screen}/proposal` serves: the screen's file with every kept
    /// proposal of it in place; nil when none is kept.
    func proposedFile(of screen: String, in catalog: Catalog) -> Result<[UInt8], ScreenFileReplacement.Failure>? {
        state.withLock { state in
            var kept = state.proposals.filter { $0.key.screen == screen }.map { (key: $0.key, kept: $0.value) }
            guard !kept.isEmpty else { return nil }
            kept.sort { $0.key < $1.key }
            let proposals = kept.map { LearnedScreen.Proposal(element: $0.key.element, node: $0.kept.node, isFluid: $0.kept.isFluid) }
            return source(of: screen, in: catalog).flatMap { source in
                do throws(InvalidScreenFile) {
                    return .success(try LearnedScreen.substitute(proposals, into: source.bytes).bytes)
                } catch {
                    return .failure(ScreenFileReplacement.Failure(message: error.problems.map(\.description).joined(separator: "; ")))
                }
            }
        }
    }

    /// The screen's file as served now: its file in DIR (and the path), else the built-in written as a file.
    private func source(of screen: String, in catalog: Catalog) -> Result<(path: String?, bytes: [UInt8]), ScreenFileReplacement.Failure> {
        if let directory {
            do throws(ScreenDirectory.Invalid) {
                if let file = try ScreenDirectory.files(directory).first(where: { $0.screen.id == screen }) { return .success((file.path, file.bytes)) }
            } catch {
                return .failure(ScreenFileReplacement.Failure(message: error.lines.joined(separator: "; ")))
            }
        }
        guard let served = catalog.screen(screen) else { return .failure(ScreenFileReplacement.Failure(message: "no screen \(screen)")) }
        return .success((nil, ScreenFileEncoder.bytes(served)))
    }
}
