import Layouts

extension Screen {
    /// The movie app's home (seed 004): the hero card, the popular row of six standard cards whose
    /// posters load one by one, and a list of compact cards; three shimmer groups at most.
    static let movies = Screen(
        id: "movies", title: "Movies", source: "HomeView (movie app cinemax)", assumptions: Screen.seedAssumptions,
        animation: .movies, maxConcurrentShimmers: 3,
        stages: [
            Stage(id: "trending", title: "trending movie ready", timing: StageTiming(300...900)),
            Stage(id: "popular", title: "popular movies ready", timing: StageTiming(400...1200)),
        ] + posterIndices.map {
            Stage(id: "poster[\($0)]", title: "poster \($0 + 1) of the popular row loaded", timing: StageTiming(100...1500, after: "popular"))
        },
        layouts: [
            ScreenLayout(
                variant: "default",
                elements: [
                    Element(id: "hero", stage: "trending", accessibilityLabel: "Loading trending movie"),
                    Element(id: "popular", stage: "popular", accessibilityLabel: "Loading popular movies"),
                    Element(id: "compactList", stage: "popular", accessibilityLabel: "Loading more movies"),
                ] + posterIndices.map {
                    Element(id: "poster[\($0)]", stage: "poster[\($0)]", accessibilityLabel: "Loading poster \($0 + 1)")
                },
                root: .scroll(
                    .vertical,
                    .vstack(
                        spacing: 24, alignment: .leading,
                        [
                            heroCard.id("hero").shimmering(),
                            .scroll(
                                .horizontal,
                                .hstack(spacing: 12, posterIndices.map(standardCard))
                                    .padding(.init(horizontal: 24))
                            ).id("popular").shimmering(),
                            .vstack(spacing: 12, [.repeating(4, compactCard.id("compactCard"))])
                                .padding(.init(horizontal: 24)).id("compactList").shimmering(),
                        ])),
                assumptions: [
                    "the screen stacks the hero, the popular row and the compact list vertically, spacing 24, leading-aligned: seed 004 gives the cards and the popular row, not the screen around them",
                    "the hero is seed 004's MovieCardSkeleton(style: .hero); the DSHeroCarouselSkeleton it mentions is not described",
                    "compactList holds 4 compact cards in a vertical stack with spacing 12 and horizontal padding 24, like the popular row's (assumed)",
                    "poster corners: seed 004's SkeletonRectangle already rounds all four corners by 12 before .cornerRadius(12, corners: [.topLeft, .topRight]); read as intended, top corners only",
                    "the standard card's text stack is framed to the card's 135 pt (.frame(width: 135, alignment: .leading)); written as maxWidth fill inside the card, whose width the poster sets",
                    "seed 004 shimmers every rectangle but allows at most 3 concurrent shimmers per screen: one shimmer group each for hero, popular and compactList",
                ]),
        ])

    private static let posterIndices = Array(0..<6)

    /// Seed 004's heroSkeleton: a full-width 300 pt image, then title and subtitle lines.
    private static let heroCard: Node = .vstack(
        spacing: 16, alignment: .leading,
        [
            .skeletonRectangle(height: 300, cornerRadius: 0),
            .vstack(
                spacing: 8, alignment: .leading,
                [
                    .skeletonRectangle(width: 200, height: 24, cornerRadius: 4),
                    .skeletonRectangle(width: 100, height: 14, cornerRadius: 4),
                ]
            ).padding(.init(horizontal: 20)),
        ])

    /// Seed 004's standardSkeleton, its poster the element `poster[index]`.
    private static func standardCard(_ index: Int) -> Node {
        .vstack(
            spacing: 0,
            [
                .skeletonRectangle(width: 135, height: 178, cornerRadius: 12, corners: [.topLeading, .topTrailing])
                    .id("poster[\(index)]"),
                .vstack(
                    spacing: 4, alignment: .leading,
                    [
                        .skeletonRectangle(width: 100, height: 16, cornerRadius: 4),
                        .skeletonRectangle(width: 60, height: 12, cornerRadius: 4),
                    ]
                ).padding(.init(horizontal: 8, vertical: 12)).fillingWidth(),
            ]
        ).background(.surface).clipShape(cornerRadius: 12)
    }

    /// Seed 004's compactSkeleton: a 60x90 poster beside three lines, padded 16, radius 12.
    private static let compactCard: Node = .hstack(
        spacing: 12,
        [
            .skeletonRectangle(width: 60, height: 90, cornerRadius: 8),
            .vstack(
                spacing: 8, alignment: .leading,
                [
                    .skeletonRectangle(width: 150, height: 16, cornerRadius: 4),
                    .skeletonRectangle(width: 80, height: 12, cornerRadius: 4),
                    .skeletonRectangle(height: 12, cornerRadius: 4),
                ]),
            .spacer,
        ]
    )
    .padding(.init(all: 16))
    .background(.surface).clipShape(cornerRadius: 12)
}
