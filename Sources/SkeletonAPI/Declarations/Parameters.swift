import HTTPServer
import Layouts
import SkeletonDomain

/// Every parameter of the API, declared once (`Parameter`): the operations (`Operations`) list
/// them, the description's `components/parameters` is `all`, and the routes' parsers read their
/// names, ranges and problems from here.
enum Parameters {
    // MARK: Layouts

    static let screenPath = Parameter(
        component: "ScreenPath", name: "screen", location: .path, values: .schema("ScreenID"), required: true,
        description: "A screen id (GET /layouts lists them: the built-in \(OpenAPIDocument.builtInScreens), and those of --layouts); another is a 404 (type /problems/unknown-screen) that lists them.",
        example: #""home""#)
    static let variant = Parameter(
        component: "Variant", name: "variant", location: .query, values: .schema("Variant"),
        description: "One of the screen's layout variants (GET /layouts lists them; default: the first, default); another is a 404 (type /problems/unknown-variant) that lists them.",
        example: #""default""#)
    static let themePath = Parameter(
        component: "ThemePath", name: "theme", location: .path, values: .choice(Theme.allCases.map(\.rawValue)), required: true, example: #""dark""#)
    static let theme = Parameter(
        component: "Theme", name: "theme", location: .query, values: .choice(Theme.allCases.map(\.rawValue)),
        description: "Default: dark when Sec-CH-Prefers-Color-Scheme says dark, else light.")
    static let motion = Parameter(
        component: "Motion", name: "motion", location: .query, values: .choice(Motion.allCases.map(\.rawValue)),
        description: "Default: reduced when Sec-CH-Prefers-Reduced-Motion says reduce, else full.")
    static let direction = Parameter(
        component: "Direction", name: "direction", location: .query, values: .choice(Direction.allCases.map(\.rawValue)), defaultValue: #""ltr""#)
    static let expand = Parameter(
        component: "Expand", name: "expand", location: .query, values: .boolean, defaultValue: "false",
        description: "true: every repeat written out as its copies, each copy's ids suffixed [i].")
    static let width = Parameter(
        component: "Width", name: "width", location: .query, values: .integer(120...2048, unit: "points"), required: true,
        description: "The viewport's width in whole points.", example: "390")
    static let height = Parameter(
        component: "Height", name: "height", location: .query, values: .integer(120...2048, unit: "points"),
        description: "The viewport's height in whole points (spacers in the root share what the content leaves); default: the content's height.")
    /// ECMAScript's time range: the instants a `Date` holds, from the epoch on.
    static let motionInstant = Parameter(
        component: "MotionInstant", name: "at", location: .query, values: .integer(0...8_640_000_000_000_000, unit: "epoch ms"),
        description: "An instant in ms since the Unix epoch on the shimmer's sync clock (phase-locked to originEpochMs 0): the document adds each shimmer group's paint then (paints, and at), the snapshot draws it. Without it, the skeleton at rest.",
        example: "1700000000350")

    // MARK: Loading

    static let loadingScreen = Parameter(
        component: "LoadingScreen", name: "screen", location: .query, values: .schema("ScreenID"), required: true,
        description: "The screen whose load this is (GET /layouts); another is a 404 (type /problems/unknown-screen) that lists them.",
        example: #""home""#)
    static let loadingVariant = Parameter(
        component: "LoadingVariant", name: "variant", location: .query, values: .schema("Variant"), defaultValue: #""default""#,
        description: "The layout variant whose elements the load drives and /data answers for (GET /layouts lists a screen's variants); another is a 404 (type /problems/unknown-variant) that lists them.",
        example: #""fullscreen""#)
    static let scenario = Parameter(
        component: "Scenario", name: "scenario", location: .query, values: .choice(Scenario.allCases.map(\.rawValue)), defaultValue: #""typical""#,
        description: "How the simulated load behaves (GET /scenarios).", example: #""timeout""#)
    static let seed = Parameter(
        component: "Seed", name: "seed", location: .query, values: .integer(Schedule.seedRange, unit: "draws"), defaultValue: "0",
        description: "Of the load: the same screen, scenario and seed give the same schedule on every server and run.", example: "7")
    static let speed = Parameter(
        component: "Speed", name: "speed", location: .query, values: .schema("Speed"), description: "Of the load this request starts.", example: #""10""#)
    static let wait = Parameter(
        component: "Wait", name: "wait", location: .query, values: .integer(0...30_000, unit: "ms"),
        description: "Long poll: hold the answer until some element changes or this many ms pass (at once when nothing will change again).", example: "1000")
    static let at = Parameter(
        component: "At", name: "at", location: .query, values: .integer(0...86_400_000, unit: "virtual ms"), required: true,
        description: "Virtual ms since the load's start: the state then.", example: "1200")
    static let sessionPath = Parameter(
        component: "SessionPath", name: "session", location: .path, values: .schema("SessionToken"), required: true,
        description: "The token of a load (an earlier response's session); one this server does not serve is a 404 (type /problems/unknown-session).")
    /// The older `session=TOKEN` query form of `/loading-state`, its events and `/data`: read, not
    /// described (not in `all`), as docs/http-api.md's "Older query forms" has it.
    static let sessionQuery = Parameter(component: "SessionQuery", name: "session", location: .query, values: .schema("SessionToken"))
    static let elementPath = Parameter(
        component: "ElementPath", name: "element", location: .path, values: .schema("ElementID"), required: true,
        description: "An element id of the screen; another is a 404 listing them.", example: #""accountsCarousel""#)
    static let fault = Parameter(
        component: "Fault", name: "fault", location: .query, values: .choice(DataRoutes.Fault.allCases.map(\.rawValue)),
        description: "A network fault at the element's time instead of its answer: " + DataRoutes.Fault.allCases.map(\.rawValue).joined(separator: ", ") + ".",
        example: #""reset""#)

    // MARK: Header fields

    static let prefersColorScheme = Parameter(
        component: "PrefersColorScheme", name: DocumentResponses.colorSchemeHint, location: .header, values: .schema("FieldValue"),
        description: "A client hint: \"dark\" (or the bare token) chooses the dark theme when the query has no theme; any other value is ignored.",
        example: #""\"dark\"""#)
    static let prefersReducedMotion = Parameter(
        component: "PrefersReducedMotion", name: DocumentResponses.reducedMotionHint, location: .header, values: .schema("FieldValue"),
        description: "A client hint: \"reduce\" (or the bare token) chooses reduced motion when the query has no motion; any other value is ignored.",
        example: #""\"reduce\"""#)
    static let ifNoneMatch = Parameter(
        component: "IfNoneMatch", name: "If-None-Match", location: .header, values: .schema("FieldValue"),
        description: "* or entity tags (RFC 9110 §13.1.2): a 304 when one matches the document's ETag (weak comparison); a value that is neither matches nothing.")
    static let lastEventID = Parameter(
        component: "LastEventID", name: "Last-Event-ID", location: .header, values: .schema("EventID"),
        description: "The id of the last event a reconnecting client saw: the stream resumes after it, without its snapshot.")

    /// Every parameter, in the order of the description's `components/parameters`.
    static let all = [
        screenPath, variant, themePath, theme, motion, direction, expand, width, height, motionInstant,
        loadingScreen, loadingVariant, scenario, seed, speed, wait, at, sessionPath, elementPath, fault,
        prefersColorScheme, prefersReducedMotion, ifNoneMatch, lastEventID,
    ]
}
