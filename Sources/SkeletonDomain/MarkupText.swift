/// Text made safe for the character data and quoted attribute values of XML (1.0 §2.4, §3.3.3),
/// SVG included, and of HTML (§13.1.2.6, §13.1.4): the five characters with a meaning there
/// become references (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`), everything else stays as it is.
package enum MarkupText {
    package static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
