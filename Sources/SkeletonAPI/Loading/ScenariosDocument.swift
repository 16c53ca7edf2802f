import SkeletonDomain

/// The body of `GET /scenarios` (docs/spec.md §5): `{scenarios: [{id, summary}], faults: [{id,
/// summary}], speed: {min, max, default, summary}}`, every scenario in `Scenario.allCases` order.
/// The faults are the data route's (`fault=`), given as values so that the document depends on
/// no route.
enum ScenariosDocument {
    static func bytes(faults: [(id: String, summary: String)]) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginDocument()
        /// `[{id, summary}]` under `key`.
        func list(_ key: String, _ entries: [(id: String, summary: String)]) {
            writer.key(key)
            writer.beginArray()
            for entry in entries {
                writer.beginObject()
                writer.member("id", entry.id)
                writer.member("summary", entry.summary)
                writer.endObject()
            }
            writer.endArray()
        }
        list("scenarios", Scenario.allCases.map { ($0.rawValue, $0.summary) })
        list("faults", faults)
        writer.key("speed")
        writer.beginObject()
        writer.member("min", 0.1)
        writer.member("max", 100)
        writer.member("default", 1)
        writer.member("summary", "divides wall-clock time: at speed 10 a 1000 ms stage is ready after 100 ms")
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }
}
