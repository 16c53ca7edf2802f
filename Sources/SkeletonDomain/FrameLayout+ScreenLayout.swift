import Layouts

extension FrameLayout {
    /// Lays `layout` out in a viewport `width` points wide and `height` high (the content's
    /// height when nil), in `theme`'s colours, mirrored for `direction` rtl.
    package static func layout(_ layout: ScreenLayout, theme: Theme, direction: Direction, width: Double, height: Double? = nil) -> Result {
        self.layout(root: layout.root, elements: Set(layout.elements.map(\.id)), theme: theme, direction: direction, width: width, height: height)
    }
}
