import Layouts

/// The shimmer groups' paints at one instant as SVG 1.1 draws them: one `linearGradient` per
/// group in the frames' coordinates (`gradientUnits="userSpaceOnUse"`, from the paint's start to
/// its end, padded beyond), and for a mask a second gradient of white whose opacity is the
/// paint's alpha, in a `<mask>` the size of the group's bounds (SVG masks by luminance times
/// alpha; the renderer's CSS mask by alpha alone, outside the group's box by nothing).
///
/// SVG 1.1 interpolates a gradient's colours and opacities apart, where CSS interpolates with
/// premultiplied alpha: a wholly transparent stop is written in its neighbour's colour (the
/// previous stop's, else the next's), so that transparent black to white fades white as CSS does.
///
/// Guarantees: every id it writes is `shimmer`, `shimmer-mask` or `shimmer-alpha` followed by a
/// group's number, so no two collide with each other or with the clips (`clip` and a number).
struct ShimmerSVG {
    private var paints: [Int: ShimmerPaint] = [:]
    let definitions: String

    init(paints: [ShimmerPaint], groups: [ShimmerGroup]) {
        var definitions = ""
        for paint in paints {
            self.paints[paint.group] = paint
            let line = #" gradientUnits="userSpaceOnUse" x1="\#(FramesDocument.number(paint.start.x))" y1="\#(FramesDocument.number(paint.start.y))""#
                + #" x2="\#(FramesDocument.number(paint.end.x))" y2="\#(FramesDocument.number(paint.end.y))""#
            if paint.application == .mask {
                definitions += #"<linearGradient id="shimmer-alpha\#(paint.group)"\#(line)>"#
                for stop in paint.stops {
                    definitions += #"<stop offset="\#(FramesDocument.number(stop.location))" stop-color="rgb(255,255,255)" stop-opacity="\#(Self.alpha(stop.color))"/>"#
                }
                definitions += "</linearGradient>"
                let box = groups.first { $0.id == paint.group }?.rect ?? Rect(x: 0, y: 0, width: 0, height: 0)
                let bounds = Rect(x: box.x, y: box.y, width: max(box.width, 1), height: max(box.height, 1))
                definitions += #"<mask id="shimmer-mask\#(paint.group)" maskUnits="userSpaceOnUse"\#(FramesDocument.attributes(bounds))>"#
                definitions += #"<rect\#(FramesDocument.attributes(bounds)) fill="url(#shimmer-alpha\#(paint.group))"/></mask>"#
            } else {
                definitions += #"<linearGradient id="shimmer\#(paint.group)"\#(line)>"#
                for (index, stop) in paint.stops.enumerated() {
                    let color = Self.shown(paint.stops, index)
                    definitions += #"<stop offset="\#(FramesDocument.number(stop.location))" stop-color="rgb(\#(color.red),\#(color.green),\#(color.blue))" stop-opacity="\#(Self.alpha(stop.color))"/>"#
                }
                definitions += "</linearGradient>"
            }
        }
        self.definitions = definitions
    }

    /// The paint of group `group`, if it has one.
    func paint(of group: Int) -> ShimmerPaint? {
        paints[group]
    }

    /// The attribute that fills a shape with group `group`'s gradient.
    static func fill(_ group: Int) -> String {
        #" fill="url(#shimmer\#(group))""#
    }

    /// The attribute that masks a shape with group `group`'s gradient's alpha.
    static func mask(_ group: Int) -> String {
        #" mask="url(#shimmer-mask\#(group))""#
    }

    /// The colour stop `index` is written in: its own, or a transparent stop's neighbour's.
    private static func shown(_ stops: [ResolvedShimmer.Stop], _ index: Int) -> RGBA {
        guard stops[index].color.alpha == 0 else { return stops[index].color }
        let before = stops[..<index].last { $0.color.alpha > 0 }
        let after = stops[(index + 1)...].first { $0.color.alpha > 0 }
        return (before ?? after)?.color ?? stops[index].color
    }

    private static func alpha(_ color: RGBA) -> String {
        FramesDocument.number(Double(color.alpha) / 255)
    }
}
