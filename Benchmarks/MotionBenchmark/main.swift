import Glibc
import Layouts
import SkeletonDomain

// What a native app computes for each frame it draws of a skeleton in motion: every shimmer
// group's paint at that instant (its `ShimmerPainter`'s) and the reveal transition's appearances, for one built-in screen
// laid out at 390 points. Benchmarks/motion.py runs it under callgrind with 0 and N frames; the
// difference over N is the cost of one drawn frame (set-up cancels out).
//
//     motion-benchmark SCREEN FRAMES

let arguments = CommandLine.arguments
guard arguments.count == 3, let frames = Int(arguments[2]), let screen = Catalog.builtIn.screens.first(where: { $0.id == arguments[1] }),
      let layout = screen.layout("default")
else {
    print("usage: motion-benchmark SCREEN FRAMES")
    exit(2)
}
let laidOut = FrameLayout.layout(layout, theme: .light, direction: .ltr, width: 390)
// Kept while drawing, as an app keeps it: what does not change from frame to frame found once.
let painter = ShimmerPainter(screen.animation.shimmer.resolved(in: .light, direction: .ltr), groups: laidOut.groups)
let transition = screen.animation.transition
var checksum = 0.0
for frame in 0..<frames {
    // 60 frames a second, from a real instant; the transition replayed every 40 frames.
    let at = 1_700_000_000_000 + Double(frame) * 1000 / 60
    for paint in painter.paints(at: at) { checksum += paint.start.x + Double(paint.stops[0].color.alpha) }
    let moment = transition.moment(at: Double(frame % 40) * 1000 / 60)
    checksum += moment.skeleton.opacity + moment.content.scale
}
print("\(screen.id): \(laidOut.groups.count) groups, \(frames) frames, checksum \(checksum)")
