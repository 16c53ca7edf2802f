import HTTPServer
import SkeletonDomain

/// The page of `GET /preview/{screen}` (docs/spec.md §2): a phone frame (390 pt) per theme, the controls,
/// and a live timeline of the session the phones follow, drawn by `/renderer.js`. The same bytes
/// for every screen (its script reads the screen from the path), self-contained but for the
/// renderer, and served under a Content-Security-Policy that allows exactly its own inline style
/// and script (by hash) and same-origin requests.
enum PreviewPage {
    /// `preview.html` with `preview.css` inside its `<style>` and `preview.js` inside its
    /// `<script>`: inline, so that the page needs nothing but the renderer.
    static let bytes = inlined(EmbeddedFiles.previewHTML, style: EmbeddedFiles.previewCSS, script: EmbeddedFiles.previewJS)

    static let contentSecurityPolicy = policy(style: EmbeddedFiles.previewCSS, script: EmbeddedFiles.previewJS)

    /// `page` with `style` inside its (first, empty) `<style>` and `script` inside its `<script>`.
    static func inlined(_ page: [UInt8], style: [UInt8], script: [UInt8]) -> [UInt8] {
        let styleEnd = page.firstRange(of: Array("</style>".utf8))!.lowerBound
        let scriptEnd = page.firstRange(of: Array("</script>".utf8))!.lowerBound
        return Array(page[..<styleEnd] + style + page[styleEnd..<scriptEnd] + script + page[scriptEnd...])
    }

    /// The policy of a page made by `inlined`: its own inline style and script (by hash) and same-origin requests.
    static func policy(style: [UInt8], script: [UInt8]) -> String {
        "default-src 'self'; script-src 'self' \(hashSource(script)); style-src 'self' \(hashSource(style)); img-src 'self' data:; "
            + "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// For the 404 page: nothing but its own style.
    static let problemContentSecurityPolicy = "default-src 'none'; style-src \(hashSource(Array(problemStyle.utf8))); base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The 404 problem as a readable page: its title and detail, and a link to each known screen.
    /// Every value is escaped: the detail quotes the path the client sent.
    static func problemPage(_ problem: Problem, screens: [String]) -> [UInt8] {
        var page = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>\(problem.status.code) \(MarkupText.escaped(problem.title))</title>\n"
        page += "<style>\(problemStyle)</style>\n</head>\n<body>\n<main>\n"
        page += "<h1>\(problem.status.code) \(MarkupText.escaped(problem.title))</h1>\n<p id=\"detail\">\(MarkupText.escaped(problem.detail))</p>\n"
        page += "<p>Preview one of the known screens:</p>\n<ul id=\"screens\">\n"
        for screen in screens { page += "<li><a href=\"/preview/\(MarkupText.escaped(screen))\">\(MarkupText.escaped(screen))</a></li>\n" }
        page += "</ul>\n<p><a href=\"/\">service index</a></p>\n</main>\n</body>\n</html>\n"
        return Array(page.utf8)
    }

    /// A CSP hash source (CSP3 §2.3.1): `'sha256-<base64 of the SHA-256 of the bytes>'`.
    static func hashSource(_ bytes: [UInt8]) -> String {
        "'sha256-" + Base64.encode(SHA256.hash(bytes), .standard) + "'"
    }

    private static let problemStyle = "body{margin:0;padding:40px 24px;font:16px/1.5 system-ui,-apple-system,sans-serif;background:#f5f5f7;color:#1c1c1e}main{max-width:640px;margin:auto}h1{font-size:24px}#detail{padding:12px 16px;border-radius:8px;background:#fff;border:1px solid #d1d1d6;overflow-wrap:anywhere}a{color:#007aff}"
}
