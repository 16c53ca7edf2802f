/// A named colour of the skeleton palette, resolved per theme. Trees and shimmers name tokens,
/// never raw colours, so everything they paint exists in both themes by construction.
public enum PaletteToken: String, CaseIterable, Sendable {
    /// iOS `systemFill`: the finance skeleton blocks (seed 000's `SkeletonView`).
    case base
    /// White at 0.5: the peak of the finance shimmer (seed 003).
    case highlight
    /// SwiftUI's `Color.clear`: the edges of the finance shimmer.
    case clear
    /// iOS `secondarySystemGroupedBackground`: the finance section cards.
    case card
    /// iOS `systemGroupedBackground`: behind the finance skeletons.
    case screen
    /// iOS `systemGray5`: the chat gradient's edges (seed 002, at 0.3).
    case gray5
    /// iOS `systemGray4`: the chat gradient's peak (seed 002, at 0.5).
    case gray4
    /// The movie app's `DSColors.surfaceSwiftUI` (seed 004): its blocks and cards. Assumed.
    case surface
    /// Black: the movie shimmer's mask (seed 004).
    case black
    /// SwiftUI's `Color.gray`: the movie reduced-motion overlay (seed 004, at 0.3). Assumed value.
    case gray

    public func color(in theme: Theme) -> RGBA {
        let (light, dark): (UInt32, UInt32) =
            switch self {
            case .base: (0x7878_8033, 0x7878_805C)
            case .highlight: (0xFFFF_FF80, 0xFFFF_FF80)
            case .clear: (0x0000_0000, 0x0000_0000)
            case .card: (0xFFFF_FFFF, 0x1C1C_1EFF)
            case .screen: (0xF2F2_F7FF, 0x0000_00FF)
            case .gray5: (0xE5E5_EAFF, 0x2C2C_2EFF)
            case .gray4: (0xD1D1_D6FF, 0x3A3A_3CFF)
            case .surface: (0xF2F2_F7FF, 0x2528_36FF)
            case .black: (0x0000_00FF, 0x0000_00FF)
            case .gray: (0x8E8E_93FF, 0x8E8E_93FF)
            }
        return RGBA(theme == .light ? light : dark)
    }

    /// What is assumed about this token's colour, for the tokens no seed pins.
    package var assumption: String? {
        switch self {
        case .surface:
            "palette token surface (the movie app's DSColors.surfaceSwiftUI, which seed 004 names but does not define) is assumed: light #F2F2F7FF, dark #252836FF"
        case .gray:
            "palette token gray (seed 004's SwiftUI Color.gray) is taken as iOS systemGray, #8E8E93FF in both themes"
        default:
            nil
        }
    }
}
