import Foundation

/// What the data routes answer once an element is ready (`ElementData` in the OpenAPI
/// description, `/schema/content.json`): the element, the stage it is bound to and the load's
/// seed, and its content, a JSON object that an app decodes into its own type with
/// `content(as:)` (the built-in screens' content types are the schema's `$defs`).
///
/// Guarantees: made only from a body whose `formatVersion` this client reads and whose members
/// are all there; `content(as:)` decodes the content as the server sent it, not a re-encoding.
public struct ElementData: Sendable, Equatable {
    public let formatVersion: Int
    public let screen: String
    public let element: String
    public let stage: String
    public let seed: Int
    /// The response body, which holds the content.
    private let body: Data

    init(body: Data) throws {
        let envelope = try SkeletonServerClient.decode(Envelope<UnreadObject>.self, from: body)
        formatVersion = envelope.formatVersion
        screen = envelope.screen
        element = envelope.element
        stage = envelope.stage
        seed = envelope.seed
        self.body = body
    }

    /// The element's content decoded as `type`, e.g. an app's own `struct Accounts: Decodable`.
    public func content<Content: Decodable>(as type: Content.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Content {
        try decoder.decode(Envelope<Content>.self, from: body).content
    }

    private struct Envelope<Content: Decodable>: Decodable {
        let formatVersion: Int
        let screen: String
        let element: String
        let stage: String
        let seed: Int
        let content: Content
    }

    /// Any JSON object, its members unread: `content` checked to be an object.
    private struct UnreadObject: Decodable {
        init(from decoder: any Decoder) throws {
            _ = try decoder.container(keyedBy: NoMembers.self)
        }

        private enum NoMembers: CodingKey {}
    }
}
