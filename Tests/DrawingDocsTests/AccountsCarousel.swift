import SwiftUI

/// An app's own view of an element, as docs/clients.md's `AccountsSection` wraps it.
struct AccountsCarousel: View {
    let accounts: [Account]
    var body: some View { EmptyView() }
}

/// An app's own model of what the element shows.
struct Account: Equatable {
    let name: String
}
