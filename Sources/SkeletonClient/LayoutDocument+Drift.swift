extension LayoutDocument {
    /// How faithful the skeleton of `element` is to the real view an app measured at `width`
    /// points (docs/spec.md, "Fidelity score"): the element's frames laid out alone at `width`
    /// (what `GET /layouts/{screen}/elements/{element}/frames?width=` serves) against `measured`'s
    /// shapes, and the skeleton's content height against the measured height. The same score as
    /// the web renderer's `skeleton-drift` on the same inputs.
    public func drift(element: String, width: Double, measured: MeasuredContent) throws(UnknownElement) -> Fidelity {
        let skeleton = try frames(element: element, width: width)
        return Fidelity(
            skeleton: skeleton.frames.map(\.rect), content: measured.shapes,
            skeletonHeight: skeleton.contentHeight, contentHeight: measured.height)
    }

    /// `drift(element:width:measured:)` as the report `SkeletonServerClient.report(_:)` posts:
    /// this document's screen and version, geometry and scores only.
    public func driftReport(element: String, width: Double, measured: MeasuredContent) throws(UnknownElement) -> DriftReport {
        DriftReport(screen: screen, version: version, element: element, width: width, fidelity: try drift(element: element, width: width, measured: measured))
    }
}
