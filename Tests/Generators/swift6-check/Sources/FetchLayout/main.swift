// Fetches GET /layouts/home from the server at the URL given with the generated swift6 client and
// exits 0 only when the document decoded into its Layout model and is the home screen's.
import Foundation
import OpenAPIClient

let configuration = OpenAPIClientAPIConfiguration(basePath: CommandLine.arguments[1])
let layout = try await LayoutsAPI.getLayoutHome(apiConfiguration: configuration)
guard layout.screen == "home", layout.formatVersion == 1 else {
    print("swift6: /layouts/home decoded as screen \(layout.screen), formatVersion \(layout.formatVersion)")
    exit(1)
}
print("swift6: fetched /layouts/home: \(layout.elements.count) elements, variant \(layout.variant)")
