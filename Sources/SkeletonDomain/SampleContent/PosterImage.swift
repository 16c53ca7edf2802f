/// A movie poster drawn as a small SVG (SVG 1.1): a 135x178 diagonal gradient with a few
/// translucent shapes and the title in white near the bottom.
///
/// Guarantees: the colours and shapes derive from the seed and the poster's index alone; the
/// document is valid, standalone XML (the title is escaped; the gradient's id differs per index,
/// so that the six posters of a row can share a page), references nothing outside itself (no `href`, no script,
/// no fonts beyond the generic `sans-serif`), and stays well under 2 KB.
enum PosterImage {
    static let width = 135
    static let height = 178

    static func svg(title: String, index: Int, seed: Int) -> String {
        var draws = SampleDraws(screen: "movies", element: "poster[\(index)]", seed: seed)
        let hue = draws.int(in: 0...359)
        let light = hex(hue: hue, saturation: 150, value: 225)
        let dark = hex(hue: (hue + draws.int(in: 30...90)) % 360, saturation: 200, value: 90)
        let accent = hex(hue: (hue + 180) % 360, saturation: 120, value: 245)
        let gradient = "poster\(index)"
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">\
            <title>\(MarkupText.escaped(title))</title>\
            <defs><linearGradient id="\(gradient)" x1="0" y1="0" x2="1" y2="1">\
            <stop offset="0" stop-color="\(light)"/><stop offset="1" stop-color="\(dark)"/>\
            </linearGradient></defs>\
            <rect width="\(width)" height="\(height)" fill="url(#\(gradient))"/>\
            <circle cx="\(draws.int(in: 20...115))" cy="\(draws.int(in: 20...80))" r="\(draws.int(in: 18...40))" \
            fill="\(accent)" fill-opacity="0.35"/>
            """
        for _ in 0..<draws.int(in: 1...3) {
            svg += """
                <rect x="\(draws.int(in: -20...100))" y="\(draws.int(in: 40...110))" \
                width="\(draws.int(in: 30...90))" height="\(draws.int(in: 8...40))" rx="4" \
                fill="#FFFFFF" fill-opacity="0.\(draws.int(in: 10...25))"/>
                """
        }
        let lines = wrapped(title)
        svg += ##"<text x="10" font-family="sans-serif" font-size="13" font-weight="bold" fill="#FFFFFF">"##
        for (number, line) in lines.enumerated() {
            svg += #"<tspan x="10" y="\#(166 - 16 * (lines.count - 1 - number))">\#(MarkupText.escaped(line))</tspan>"#
        }
        return svg + "</text></svg>"
    }

    /// The title's words in lines of at most 14 characters (a longer word has a line of its own).
    private static func wrapped(_ title: String) -> [String] {
        var lines: [String] = []
        for word in title.split(separator: " ") {
            if let last = lines.last, last.count + 1 + word.count <= 14 {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(String(word))
            }
        }
        return lines
    }


    /// `#RRGGBB` of an HSV colour (hue 0..<360, saturation and value 0...255), in integers.
    private static func hex(hue: Int, saturation: Int, value: Int) -> String {
        let remainder = (hue % 60) * 255 / 60
        let p = value * (255 - saturation) / 255
        let q = value * (255 - saturation * remainder / 255) / 255
        let t = value * (255 - saturation * (255 - remainder) / 255) / 255
        let (red, green, blue) =
            switch hue / 60 {
            case 0: (value, t, p)
            case 1: (q, value, p)
            case 2: (p, value, t)
            case 3: (p, q, value)
            case 4: (t, p, value)
            default: (value, p, q)
            }
        return "#" + [red, green, blue].map(twoHexDigits).joined()
    }

    private static func twoHexDigits(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return value < 16 ? "0" + digits : digits
    }
}
