/// The name in `names` closest to `input`, for "did you mean" suggestions (`hom` -> `home`).
///
/// Closeness is the optimal-string-alignment edit distance, ignoring case (an insertion,
/// deletion, substitution or swap of two neighbours costs 1). A name is suggested only when at
/// most `max(2, name.count / 3)` edits away; ties go to the earlier name. Nil when none is.
package func closestName(to input: String, among names: [String]) -> String? {
    let typed = Array(input.lowercased().unicodeScalars)
    guard !typed.isEmpty else { return nil }
    var best: (name: String, distance: Int)?
    for name in names {
        let candidate = Array(name.lowercased().unicodeScalars)
        let distance = editDistance(typed, candidate)
        guard distance <= max(2, candidate.count / 3) else { continue }
        if best == nil || distance < best!.distance {
            best = (name, distance)
        }
    }
    return best?.name
}

private func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Three rows of the dynamic-programming table: two back (for swaps), previous, current.
    var twoBack = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = a[i - 1] == b[j - 1] ? 0 : 1
            var cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                cost = min(cost, twoBack[j - 2] + 1)
            }
            current[j] = cost
        }
        (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count]
}
