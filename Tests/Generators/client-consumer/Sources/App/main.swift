// Fetches the home screen's layout from the server at the URL given, lays it out at 390 pt on
// this machine and exits 0 only if that equals the frames the server lays out.
import Foundation
import SkeletonClient

let client = SkeletonServerClient(baseURL: URL(string: CommandLine.arguments[1])!)
let local = try await client.layout("home").frames(width: 390).frames
let served = try await client.frames("home", width: 390).frames
guard local.count == served.count, zip(local, served).allSatisfy({ $0.rect.x == $1.rect.x && $0.rect.width == $1.rect.width }) else {
    print("SkeletonClient: the frames laid out here differ from the server's")
    exit(1)
}
print("SkeletonClient: home laid out here at 390 pt: \(local.count) frames, equal to the server's")
