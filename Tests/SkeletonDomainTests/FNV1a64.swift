/// FNV-1a, 64-bit, of `bytes`: the tests' digest of many documents, for a pinned value that
/// Tests/Reference/loading_model.py derives independently (test_reference.py checks the pins).
func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
    bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
}
