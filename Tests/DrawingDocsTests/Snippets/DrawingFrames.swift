import SkeletonClient
import SwiftUI

/// Frames drawn in order (paint the view's background first when it has one).
struct FramesCanvas: View {
    let frames: [Frame]

    var body: some View {
        Canvas { context, _ in
            for frame in frames { frame.draw(in: context) }
        }
        .environment(\.layoutDirection, .leftToRight)  // the frames are already mirrored
    }
}

extension Frame {
    /// The frame's rounded rectangle; `radii` are top-left, top-right, bottom-right, bottom-left.
    var path: Path {
        UnevenRoundedRectangle(
            topLeadingRadius: radii[0], bottomLeadingRadius: radii[3],
            bottomTrailingRadius: radii[2], topTrailingRadius: radii[1]
        ).path(in: rect.cgRect)
    }

    /// The frame in its own colour, cut to its clip.
    func draw(in context: GraphicsContext) {
        var context = context
        if let clip { context.clip(to: Path(clip.cgRect)) }
        context.fill(path, with: .color(fill.swiftUI))
    }
}

extension Rect { var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) } }
extension RGBA {
    var swiftUI: Color {
        .init(.sRGB, red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, opacity: Double(alpha) / 255)
    }
}
