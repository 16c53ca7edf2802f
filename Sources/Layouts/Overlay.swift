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
    /// greedy node's width.
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

        public init(_ vertical: Vertical, _ horizontal: Horizontal, center: Double? = nil) {
            self.vertical = vertical
            self.horizontal = horizontal
            self.center = center
        }

        /// The offset from the leading edge, or from the trailing edge when `isFromTrailing`.
        var horizontalOffset: (isFromTrailing: Bool, points: Double) {
            switch horizontal {
            case .leading(let points): (false, points)
            case .trailing(let points): (true, points)
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
