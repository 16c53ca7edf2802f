import Layouts

extension Screen {
    /// The finance app's analytics tab (InsightsView): seed 000's InsightsSkeleton, each section
    /// its own element as in seed 003, all driven by one stage (the cards load as a batch).
    static let insights = Screen(
        id: "insights", title: "Insights", source: "InsightsView (finance app)", assumptions: Screen.seedAssumptions,
        animation: .finance, stages: [Stage(id: "insightsLoaded", title: "insights ready", timing: StageTiming(400...1200))],
        layouts: [
            ScreenLayout(
                variant: "default",
                elements: [
                    Element(id: "summaryHeader", stage: "insightsLoaded", accessibilityLabel: "Loading summary"),
                    Element(id: "filterCarousel", stage: "insightsLoaded", accessibilityLabel: "Loading filters"),
                    Element(id: "sectionHeader", stage: "insightsLoaded", accessibilityLabel: "Loading section title"),
                    Element(id: "insightCards", stage: "insightsLoaded", accessibilityLabel: "Loading insights"),
                ],
                root: .scroll(
                    .vertical,
                    .vstack(
                        spacing: Spacing.lg, alignment: .leading,
                        [
                            .vstack(spacing: 0, [summaryHeader.id("summaryHeader")])
                                .padding(.init(horizontal: Spacing.lg)),
                            .scroll(
                                .horizontal,
                                .hstack(
                                    spacing: Spacing.sm,
                                    [.repeating(4, .skeletonView(width: 70, height: 30, cornerRadius: 15).id("filterChip"))]
                                ).padding(.init(horizontal: Spacing.lg))
                            ).id("filterCarousel"),
                            .skeletonView(width: 100, height: 16)
                                .padding(.init(horizontal: Spacing.lg)).id("sectionHeader"),
                            .vstack(spacing: Spacing.md, [.repeating(3, insightCard.id("insightCard"))])
                                .padding(.init(horizontal: Spacing.lg)).id("insightCards"),
                        ]
                    ).padding(.init(vertical: Spacing.md))
                ).background(.screen),
                assumptions: [
                    "the systemGroupedBackground (screen) behind the skeletons is the one seed 000's InsightsSkeleton preview sets",
                    "the summary header card is wrapped in a stack that carries its outer horizontal padding (lg), since a node's padding lies inside its background",
                    "the health score row's HStack has no spacing argument; SwiftUI's default spacing is written as 8",
                    "the divider's thickness, 0.5 pt, is assumed: SwiftUI's Divider is a hairline the seed does not size",
                ]),
        ])

    /// Seed 000's InsightsSummaryHeaderSkeleton: three metric columns, a divider at 0.3, and the
    /// health score row.
    private static let summaryHeader: Node = .vstack(
        spacing: Spacing.md,
        [
            .hstack(
                spacing: Spacing.md,
                [
                    .repeating(
                        3,
                        .vstack(
                            spacing: Spacing.xs,
                            [
                                .skeletonView(height: 11, cornerRadius: 5),
                                .skeletonView(height: 20, cornerRadius: 7),
                            ]
                        ).fillingWidth().id("metricColumn"))
                ]),
            .divider(opacity: 0.3, thickness: 0.5),
            .hstack(
                spacing: 8,
                [
                    .skeletonView(width: 150, height: 13, cornerRadius: 6),
                    .spacer,
                    .skeletonView(width: 64, height: 22, cornerRadius: 11),
                ]),
        ]
    )
    .padding(.init(all: Spacing.md))
    .background(.card).clipShape(cornerRadius: Radius.md)

    /// Seed 000's InsightCardSkeleton: icon circle 40, three lines, and a 72x48 chart.
    private static let insightCard: Node = .hstack(
        spacing: Spacing.md,
        [
            .skeletonView(width: 40, height: 40, cornerRadius: 20),
            .vstack(
                spacing: Spacing.xs, alignment: .leading,
                [
                    .skeletonView(width: 160, height: 13),
                    .skeletonView(width: 100, height: 11, cornerRadius: 5),
                    .skeletonView(width: 120, height: 19, cornerRadius: 8),
                ]),
            .spacer,
            .skeletonView(width: 72, height: 48, cornerRadius: 8),
        ]
    )
    .padding(.init(all: Spacing.md))
    .background(.card).clipShape(cornerRadius: Radius.md)
}
