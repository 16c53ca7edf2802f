extension Node {
    /// Where a child of a stack placed over it sits (CSS's `position: absolute` with one inset
    /// per axis, its parent the containing block): `top` or `bottom` points from that edge of the
    /// parent's frame (padding included: the padding box, the model having no border), `leading`
    /// or `trailing` from that edge (mirrored in right to left, as CSS's `inset-inline-start` and
    /// `inset-inline-end`). Offsets may be negative (a dot hanging over the corner). With `center`
    /// (contract 3.11), the node's horizontal centre lies that many points from the centre of the
    /// parent's frame, towards its trailing edge (CSS's `left: 50%` and `translate(-50%)`: a badge
    /// centred on a card's top edge), and that places it; its `horizontal` offset is then where it
    /// sat at the captured width, for clients that do not know `center`, and still decides a
    /// greedy node's width. With `offsetFraction` (contract 3.12), a share of the parent's frame
    /// width (from -1 to 1) is added to the `leading` or `trailing` offset, whichever it has (CSS's
    /// `left: 35%; margin-left: -6px`, a slider's knob over its track, is `leading` -6 and
    /// `offsetFraction` 0.35; `right: 20%` is `trailing` 0 and 0.2); a greedy node's width is the
    /// frame's less that whole offset. With `center` it changes nothing.
    ///
    /// Guarantees: exactly one offset per axis, so a node keeps its own size (CSS's shrink-to-fit;
    /// two insets on an axis would stretch it, which the model does not say).
    public struct Overlay: Sendable, Equatable {
        public enum Vertical: Sendable, Equatable {
            case top(Double)
            case bottom(Double)
        }

        public enum Horizontal: Sendable, Equatable {
            case leading(Double)
            case trailing(Double)
        }

        public var vertical: Vertical
        public var horizontal: Horizontal
        /// Points from the parent frame's horizontal centre to the node's, towards the trailing
        /// edge (negative: towards the leading edge); nil: placed by `horizontal`.
        public var center: Double?
        /// Written `"offsetFraction"` (from -1 to 1): the share of the parent's frame width (CSS's
        /// padding box of the containing block, the width a percentage `left` or `right` resolves
        /// against) added to the `horizontal` offset, from the same edge, mirrored with it in right
        /// to left; with a `center` it changes nothing. Nil: 0, as a client that does not know it
        /// places the node at its points. Since contract 3.12.
        public var offsetFraction: Double?

        public init(_ vertical: Vertical, _ horizontal: Horizontal, center: Double? = nil, offsetFraction: Double? = nil) {
            self.vertical = vertical
            self.horizontal = horizontal
            self.center = center
            self.offsetFraction = offsetFraction
        }

        /// The offset from the leading edge, or from the trailing edge when `isFromTrailing`, over
        /// a parent frame `width` wide: its points plus its `offsetFraction` of `width` (none with
        /// a `center`, which places the node).
        func horizontalOffset(over width: Double) -> (isFromTrailing: Bool, points: Double) {
            let share = center == nil ? (offsetFraction ?? 0) * width : 0
            switch horizontal {
            case .leading(let points): return (false, points + share)
            case .trailing(let points): return (true, points + share)
            }
        }

        /// The offset from the top edge, or from the bottom edge when `isFromBottom`.
        var verticalOffset: (isFromBottom: Bool, points: Double) {
            switch vertical {
            case .top(let points): (false, points)
            case .bottom(let points): (true, points)
            }
        }
    }
}
