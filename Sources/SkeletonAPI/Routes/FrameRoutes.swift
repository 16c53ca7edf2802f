import HTTPServer
import Layouts
import SkeletonDomain

/// `GET /layouts/{screen}/frames` and `GET /layouts/{screen}/snapshot.svg`: a screen laid out by
/// the server (`FrameLayout`) at a viewport `width` (and `height`), with the options of
/// `/layouts/{screen}`, as frames (JSON) or as a still SVG image; and
/// `GET /layouts/{screen}/elements/{element}/frames`: one element laid out alone as the root of
/// a view that size, as frames (JSON). An element the layout does not have is a 404 listing those it has.
///
/// Each document is computed on its first request and kept: a later request for the same
/// screen, options and size costs a lookup, like a layout document. At most `cacheLimit`
/// documents are kept; when the cache is full it starts afresh.
final class FrameRoutes: Sendable {
    static let cacheLimit = 512

    /// The document a route serves.
    private enum View {
        case frames, snapshot, elementFrames
    }

    /// What a document depends on, packed in one integer, and the element laid out alone (its
    /// index in the layout's elements, -1 for the whole screen).
    private struct Key: Hashable {
        let packed: UInt64
        let element: Int

        init(screen: Int, variant: Int, view: View, options: LayoutOptions, width: Int, height: Int?, element: Int) {
            var packed = UInt64(screen) << 40 | UInt64(variant) << 32
            packed |= UInt64(width) << 16 | UInt64(height ?? 0) << 4
            packed |= (view == .snapshot ? 8 : 0) | (options.theme == .light ? 0 : 4)
            packed |= (options.motion == .full ? 0 : 2) | (options.direction == .ltr ? 0 : 1)
            self.packed = packed
            self.element = element
        }
    }

    private let screens: [Screen]
    private let cache = Locked<[Key: DocumentResponses]>([:])

    init(catalog: Catalog) {
        screens = catalog.screens
    }

    func register(on router: inout Router) {
        let routes = self
        router.get(Operations.frames) { request in routes.respond(request, view: .frames) }
        router.get(Operations.snapshot) { request in routes.respond(request, view: .snapshot) }
        router.get(Operations.elementFrames) { request in routes.respond(request, view: .elementFrames) }
    }

    private func respond(_ request: Request, view: View) -> Response {
        let name = request.parameter("screen") ?? ""
        guard let index = screens.firstIndex(where: { $0.id == name }) else {
            return ProblemResponses.unknown(.screen, name, allowed: screens.map(\.id))
        }
        var chosen = ChosenLayoutOptions()
        if let problem = chosen.choose(from: request, variants: screens[index].variants) { return problem }
        var options = chosen.options
        let width: Int, height: Int?
        do throws(Rejection) {
            guard let text = request.queryValue(Parameters.width.name) else { throw Parameters.width.missing }
            width = try Parameters.width.integer(text)
            height = try request.queryValue(Parameters.height.name).map { text throws(Rejection) in try Parameters.height.integer(text) }
        } catch {
            return error.response
        }
        options.variant = screens[index].variants[chosen.variantIndex]
        var element: (index: Int, id: String)?
        if view == .elementFrames {
            let id = request.parameter("element") ?? ""
            // A variant `choose` accepted is one the screen has a layout of.
            let ids = screens[index].layout(options.variant)?.elements.map(\.id) ?? []
            guard let elementIndex = ids.firstIndex(of: id) else { return ProblemResponses.unknown(.element, id, allowed: ids) }
            element = (elementIndex, id)
        }
        let key = Key(screen: index, variant: chosen.variantIndex, view: view, options: options, width: width, height: height, element: element?.index ?? -1)
        if let responses = cache.withLock({ $0[key] }) {
            return responses.response(to: request, hints: chosen.hints)
        }
        options.expand = false
        // Nil only for a variant the screen has no layout of, which `choose` has ruled out, or an
        // element its layout does not have, ruled out above.
        guard let document = FramesDocument(screen: screens[index], options: options, element: element?.id, width: width, height: height) else {
            return ProblemResponses.unknown(.variant, options.variant, allowed: screens[index].variants)
        }
        let responses = Self.responses(document, view)
        cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = responses
        }
        return responses.response(to: request, hints: chosen.hints)
    }

    private static func responses(_ document: FramesDocument, _ view: View) -> DocumentResponses {
        switch view {
        case .frames, .elementFrames:
            return DocumentResponses(EncodedDocument(bytes: document.json()), hinted: true)
        case .snapshot:
            return DocumentResponses(EncodedDocument(bytes: document.svg()), hinted: true, contentType: "image/svg+xml",
                                     headers: ResponseHeaders(["X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'"]))
        }
    }
}
