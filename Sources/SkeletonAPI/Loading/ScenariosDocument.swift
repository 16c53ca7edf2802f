import SkeletonDomain

/// The body of `GET /scenarios` (docs/spec.md §5): `{scenarios: [{id, summary}], faults: [{id,
/// summary}], speed: {min, max, default, summary}}`, every scenario in `Scenario.allCases` order.
/// The faults are the data route's (`fault=`), given as values so that the document depends on
/// no route.
enum ScenariosDocument {
    static func bytes(faults: [(id: String, summary: String)]) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginDocument()
        writer.key("scenarios")
        writer.beginArray()
        for scenario in Scenario.allCases {
            writer.beginObject()
            writer.member("id", scenario.rawValue)
            writer.member("summary", scenario.summary)
            writer.endObject()
        }
        writer.endArray()
        writer.key("faults")
        writer.beginArray()
        for fault in faults {
            writer.beginObject()
            writer.member("id", fault.id)
            writer.member("summary", fault.summary)
            writer.endObject()
        }
        writer.endArray()
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
