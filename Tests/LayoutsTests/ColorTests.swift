import Testing
@testable import Layouts

@Suite struct ColorTests {
    @Test(arguments: [
        (UInt32(0x0000_0000), "#00000000"), (0xFFFF_FFFF, "#FFFFFFFF"), (0x0A1B_2C3D, "#0A1B2C3D"),
        (0xF2F2_F7FF, "#F2F2F7FF"), (0x9ABC_DEF0, "#9ABCDEF0"),
    ])
    func hexIsRRGGBBAAInUpperCase(rgba: UInt32, hex: String) {
        #expect(RGBA(rgba).hex == hex)
    }

    @Test func hexRoundTripsEveryChannelValue() {
        for value in 0...255 {
            let byte = UInt32(value)
            let color = RGBA(byte << 24 | (255 - byte) << 16 | byte << 8 | (byte ^ 0x5A))
            let hex = color.hex
            let parsed = UInt32(hex.dropFirst(), radix: 16)
            #expect(hex.utf8.count == 9 && hex.first == "#" && hex == hex.uppercased() && parsed.map(RGBA.init) == color)
        }
    }
}
