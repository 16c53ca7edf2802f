import Layouts

extension Screen {
    /// The finance app's home tab (ContentView). Default: seed 003's four per-element skeletons,
    /// sized as in seed 000. `fullscreen`: seed 000's ContentViewSkeleton, one element.
    static let home = Screen(
        id: "home", title: "Home", source: "ContentView (finance app)", assumptions: Screen.seedAssumptions,
        animation: .finance, stages: [fastPath, fullyInitialized],
        layouts: [
            ScreenLayout(
                variant: "default",
                elements: [
                    Element(id: "accountsCarousel", stage: "fastPath", accessibilityLabel: "Loading accounts"),
                    Element(id: "transactionsSummary", stage: "fullyInitialized", accessibilityLabel: "Loading transactions"),
                    Element(id: "subscriptions", stage: "fullyInitialized", accessibilityLabel: "Loading subscriptions"),
                    Element(id: "categories", stage: "fastPath", accessibilityLabel: "Loading categories"),
                ],
                root: .scroll(
                    .vertical,
                    .vstack(
                        spacing: Spacing.xl, alignment: .leading,
                        [
                            accountsCarousel.id("accountsCarousel"),
                            .vstack(
                                spacing: Spacing.md,
                                [
                                    sectionCard.id("transactionsSummary"),
                                    sectionCard.id("subscriptions"),
                                    sectionCard.id("categories"),
                                ]
                            ).padding(.init(horizontal: Spacing.lg)),
                        ]
                    ).padding(.init(vertical: Spacing.md))
                ).background(.screen),
                assumptions: [
                    "default layout: seed 003's four per-element skeletons placed as in seed 000's full-screen form (the carousel, then the section cards in the order История / Подписки / Категории); seed 000's filter chip is real content in seed 003, not a skeleton, and is left out",
                    "the systemGroupedBackground (screen) behind the skeletons is seed 000's; seed 003 places them in ContentView, whose background no seed gives",
                ]),
            ScreenLayout(
                variant: "fullscreen",
                elements: [Element(id: "homeSkeleton", stage: "fastPath", accessibilityLabel: "Loading home")],
                root: .scroll(
                    .vertical,
                    .vstack(
                        spacing: Spacing.xl, alignment: .leading,
                        [
                            .skeletonView(width: 110, height: 32, cornerRadius: 16)
                                .padding(.init(horizontal: Spacing.lg)),
                            accountsCarousel,
                            .vstack(spacing: Spacing.md, [.repeating(3, sectionCard.id("sectionCard"))])
                                .padding(.init(horizontal: Spacing.lg)),
                        ]
                    ).padding(.init(vertical: Spacing.md))
                ).background(.screen).id("homeSkeleton"),
                assumptions: [
                    "fullscreen: seed 000 hides its one skeleton when the fast path is done (seed 003, problem 2), so the whole screen is one element, homeSkeleton, bound to fastPath",
                    "fullscreen uses seed 003's shimmer and transition, which replace seed 000's (white 0.3, plusLighter, phase -1 to 2) for every skeleton of the app",
                ]),
        ])

    /// Seed 003: the fast path "~50ms", full initialisation "~1-3s".
    private static let fastPath = Stage(id: "fastPath", title: "accounts and categories ready", timing: StageTiming(30...80))
    private static let fullyInitialized = Stage(
        id: "fullyInitialized", title: "transactions and all data ready", timing: StageTiming(1000...3000))

    /// Seed 000: three 200x120 r20 cards, HStack spacing md, padded lg horizontally, xs vertically.
    private static let accountsCarousel: Node = .scroll(
        .horizontal,
        .hstack(
            spacing: Spacing.md,
            [.repeating(3, .skeletonView(width: 200, height: 120, cornerRadius: 20).id("accountCard"))]
        ).padding(.init(horizontal: Spacing.lg, vertical: Spacing.xs)))

    /// Seed 000's ContentSectionCardSkeleton: icon circle 36 and two lines, min height 72.
    private static let sectionCard: Node = .hstack(
        spacing: Spacing.md,
        [
            .skeletonView(width: 36, height: 36, cornerRadius: 18),
            .vstack(
                spacing: Spacing.xs, alignment: .leading,
                [
                    .skeletonView(width: 140, height: 14),
                    .skeletonView(width: 100, height: 12, cornerRadius: 6),
                ]),
            .spacer,
        ]
    )
    .padding(.init(all: Spacing.md))
    .minHeight(72).fillingWidth()
    .background(.card).clipShape(cornerRadius: Radius.md)
}
