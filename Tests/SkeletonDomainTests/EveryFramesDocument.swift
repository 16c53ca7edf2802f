import Layouts
import SkeletonDomain

/// Every built-in screen's frames document at 390 points, in each theme, direction and motion,
/// each with a label naming them: what the instant writer and the painter are held to.
func everyFramesDocument() -> [(label: String, document: FramesDocument)] {
    Catalog.builtIn.screens.flatMap { screen in
        [Theme.light, .dark].flatMap { theme in
            [Direction.ltr, .rtl].flatMap { direction in
                Motion.allCases.compactMap { motion in
                    FramesDocument(screen: screen, options: LayoutOptions(theme: theme, motion: motion, direction: direction), width: 390, height: nil)
                        .map { ("\(screen.id) \(theme) \(direction) \(motion)", $0) }
                }
            }
        }
    }
}
