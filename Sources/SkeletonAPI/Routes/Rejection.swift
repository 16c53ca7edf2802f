import HTTPServer

/// A bad query answered with its problem response: thrown by the parameter parsers so that a
/// handler reads as the happy path.
struct Rejection: Error {
    let response: Response
}
