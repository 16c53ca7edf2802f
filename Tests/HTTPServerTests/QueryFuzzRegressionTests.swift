import Testing
@testable import HTTPServer

/// Inputs the `query` fuzz target (`scripts/fuzz`) found, each a bug now fixed.
@Suite struct QueryFuzzRegressionTests {
    @Test
    func queryValueMatchesDecodedNamesOnly() {
        // The first parameter is called "a b"; the second is called "a+b".
        #expect(Query.value(of: "a+b", in: "a+b=1&a%2Bb=2") == "2")
        #expect(Query.value(of: "a%62", in: "a%62=1") == nil)
    }
}
