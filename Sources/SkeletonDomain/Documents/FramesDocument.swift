import Layouts

/// A screen laid out at one viewport size, as the two documents `/layouts/{screen}/frames` and
/// `/layouts/{screen}/snapshot.svg` serve it: the frames as JSON, and the same frames drawn as a
/// still SVG image; or one element of it laid out alone as the root of its own view
/// (`/layouts/{screen}/elements/{element}/frames`: the same JSON, naming the element).
///
/// With an instant `at` (Unix epoch ms, the shimmer's sync clock), the JSON adds each shimmer
/// group's paint then (`ResolvedShimmer.paint(of:at:)`) and the SVG draws it on the shimmered
/// blocks; without one, the SVG is the skeleton at rest and the JSON has no paints.
///
/// Guarantees: the same inputs give the same bytes; lengths are written to 1/1000 pt; the SVG is
/// standalone (SVG 1.1): no script, no reference outside itself, every text escaped.
package struct FramesDocument: Sendable {
    package let screen: Screen
    package let layout: ScreenLayout
    package let options: LayoutOptions
    /// The element laid out alone; nil for the whole screen.
    package let element: String?
    package let width: Int
    package let height: Int?
    package let result: FrameLayout.Result
    /// The shimmer the document's layout document serves (its reduced form for `motion=reduced`),
    /// resolved and prepared for the document's groups once.
    package let painter: ShimmerPainter

    /// Nil when the screen has no layout `options.variant`, or that layout no element `element`.
    package init?(screen: Screen, options: LayoutOptions, element: String? = nil, width: Int, height: Int?) {
        guard let layout = screen.layout(options.variant) else { return nil }
        if let element {
            guard let result = FrameLayout.layout(
                element: element, root: layout.root, elements: Set(layout.elements.map(\.id)), theme: options.theme,
                direction: options.direction, width: Double(width), height: height.map(Double.init))
            else { return nil }
            self.result = result
        } else {
            result = FrameLayout.layout(layout, theme: options.theme, direction: options.direction, width: Double(width), height: height.map(Double.init))
        }
        self.screen = screen
        self.layout = layout
        self.options = options
        self.element = element
        self.width = width
        self.height = height
        let animation = screen.animation
        let shimmer = (options.motion == .reduced ? animation.reducedShimmer : animation.shimmer).resolved(in: options.theme, direction: options.direction)
        painter = ShimmerPainter(shimmer, groups: result.groups)
    }

    /// The screen's background: what a client paints the viewport with before the frames.
    package var background: RGBA { PaletteToken.screen.color(in: options.theme) }

    /// Each shimmer group's paint at `epochMs`.
    package func paints(at epochMs: Int) -> [ShimmerPaint] {
        painter.paints(at: Double(epochMs))
    }

    /// The frames as JSON; with `epochMs`, each shimmer group's paint then too (`at`, `paints`).
    package func json(at epochMs: Int? = nil) -> [UInt8] {
        let atRest = jsonAtRest()
        guard let epochMs else { return atRest }
        return instantJSON(atRest: atRest).encoded(at: epochMs).bytes
    }

    /// What every instant's JSON is made from, `atRest` (this document's `json()`) among it, made
    /// once: a server keeps it with the document at rest.
    package func instantJSON(atRest: [UInt8]) -> InstantJSON {
        InstantJSON(painter: painter, atRest: atRest)
    }

    private func jsonAtRest() -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256 + result.frames.count * 200)
        writer.beginDocument()
        writer.member("screen", screen.id)
        if let element { writer.member("element", element) }
        writer.member("theme", options.theme.rawValue)
        writer.member("motion", options.motion.rawValue)
        writer.member("variant", layout.variant)
        writer.member("direction", options.direction.rawValue)
        writer.member("units", "pt")
        writer.member("width", width)
        writer.member("height", Self.rounded(result.viewportHeight))
        writer.member("contentHeight", Self.rounded(result.contentHeight))
        writer.member("background", background.hex)
        writer.key("frames")
        writer.beginArray()
        for frame in result.frames {
            writer.beginObject()
            writer.member("kind", frame.kind.rawValue)
            Self.write(frame.rect, to: &writer)
            writer.key("radii")
            writer.beginArray()
            for radius in frame.radii { writer.number(Self.rounded(radius)) }
            writer.endArray()
            writer.member("fill", frame.fill.hex)
            writer.key("element")
            if let element = frame.element { writer.string(element) } else { writer.null() }
            writer.key("group")
            if let group = frame.group { writer.number(group) } else { writer.null() }
            writer.key("clip")
            Self.write(frame.clip, to: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.key("elements")
        writer.beginArray()
        for placed in result.elements {
            writer.beginObject()
            writer.member("id", placed.id)
            Self.write(placed.rect, to: &writer)
            writer.key("clip")
            Self.write(placed.clip, to: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.key("groups")
        writer.beginArray()
        for group in result.groups {
            writer.beginObject()
            writer.member("id", group.id)
            Self.write(group.rect, to: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// The frames drawn as an SVG 1.1 image; with `epochMs`, each shimmer group's paint then
    /// drawn on its blocks (`ShimmerSVG`).
    package func svg(at epochMs: Int? = nil) -> [UInt8] {
        let viewportHeight = Self.number(result.viewportHeight)
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(viewportHeight)" viewBox="0 0 \#(width) \#(viewportHeight)">"#
        svg += "<title>\(MarkupText.escaped("\(screen.title) skeleton, \(width) pt wide"))</title>"
        var clips: [Rect] = []
        for clip in result.frames.compactMap(\.clip) where !clips.contains(clip) { clips.append(clip) }
        let shimmer = epochMs.map { ShimmerSVG(paints: paints(at: $0), groups: result.groups) }
        let definitions = shimmer?.definitions ?? ""
        if !clips.isEmpty || !definitions.isEmpty {
            svg += "<defs>"
            for (index, clip) in clips.enumerated() { svg += #"<clipPath id="clip\#(index)">\#(Self.rect(clip))</clipPath>"# }
            svg += definitions
            svg += "</defs>"
        }
        svg += #"<rect width="\#(width)" height="\#(viewportHeight)"\#(Self.paint(background))/>"#
        for frame in result.frames {
            let clip = frame.clip.flatMap { clips.firstIndex(of: $0) }.map { #" clip-path="url(#clip\#($0))""# } ?? ""
            guard let paint = frame.group.flatMap({ shimmer?.paint(of: $0) }) else {
                svg += Self.shape(frame, Self.paint(frame.fill) + clip)
                continue
            }
            switch paint.application {
            case .overlay:
                svg += Self.shape(frame, Self.paint(frame.fill) + clip)
                svg += Self.shape(frame, ShimmerSVG.fill(paint.group) + clip)
            case .fill:
                svg += Self.shape(frame, ShimmerSVG.fill(paint.group) + clip)
            case .mask:
                svg += Self.shape(frame, Self.paint(frame.fill) + clip + ShimmerSVG.mask(paint.group))
            }
        }
        svg += "</svg>\n"
        return Array(svg.utf8)
    }

    /// A frame's shape (a rectangle, or a path when its corners differ) with `attributes`.
    private static func shape(_ frame: Frame, _ attributes: String) -> String {
        let radii = frame.radii
        if radii.allSatisfy({ $0 == radii[0] }) {
            let corner = radii[0] > 0 ? #" rx="\#(number(radii[0]))""# : ""
            return #"<rect\#(Self.attributes(frame.rect))\#(corner)\#(attributes)/>"#
        }
        return #"<path d="\#(path(frame.rect, radii))"\#(attributes)/>"#
    }

    // MARK: Writing

    static func rounded(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }

    static func number(_ value: Double) -> String {
        var writer = JSONWriter()
        writer.number(rounded(value))
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func write(_ rect: Rect, to writer: inout JSONWriter) {
        writer.member("x", rounded(rect.x))
        writer.member("y", rounded(rect.y))
        writer.member("width", rounded(rect.width))
        writer.member("height", rounded(rect.height))
    }

    /// A clip rectangle as an object, or null.
    private static func write(_ clip: Rect?, to writer: inout JSONWriter) {
        guard let clip else { return writer.null() }
        writer.beginObject()
        write(clip, to: &writer)
        writer.endObject()
    }

    static func attributes(_ rect: Rect) -> String {
        #" x="\#(number(rect.x))" y="\#(number(rect.y))" width="\#(number(rect.width))" height="\#(number(rect.height))""#
    }

    private static func rect(_ rect: Rect) -> String {
        "<rect\(attributes(rect))/>"
    }

    /// `fill` as SVG 1.1 paints it: an `rgb()` colour and its opacity.
    static func paint(_ color: RGBA) -> String {
        let opacity = number(Double(color.alpha) / 255)
        return #" fill="rgb(\#(color.red),\#(color.green),\#(color.blue))"\#(color.alpha == 255 ? "" : #" fill-opacity="\#(opacity)""#)"#
    }

    /// A rectangle with its four corners' radii (top-left, top-right, bottom-right, bottom-left).
    private static func path(_ rect: Rect, _ radii: [Double]) -> String {
        let (x, y, w, h) = (rect.x, rect.y, rect.width, rect.height)
        let (tl, tr, br, bl) = (radii[0], radii[1], radii[2], radii[3])
        func arc(_ radius: Double, _ toX: Double, _ toY: Double) -> String {
            radius > 0 ? "A\(number(radius)) \(number(radius)) 0 0 1 \(number(toX)) \(number(toY))" : ""
        }
        return "M\(number(x + tl)) \(number(y))H\(number(x + w - tr))\(arc(tr, x + w, y + tr))"
            + "V\(number(y + h - br))\(arc(br, x + w - br, y + h))"
            + "H\(number(x + bl))\(arc(bl, x, y + h - bl))"
            + "V\(number(y + tl))\(arc(tl, x + tl, y))Z"
    }
}
