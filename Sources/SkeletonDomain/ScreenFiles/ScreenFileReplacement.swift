import Glibc

/// Replaces a screen file atomically (what `--learn --layouts DIR` does when it applies a
/// proposal): the new bytes go to a temporary file in the same directory (`.NAME.learning`, which
/// `ScreenDirectory` skips), are fsynced, and are renamed over `path`; the file it replaces is kept
/// beside it as `NAME.previous` (a hard link made before the rename, so `path` always exists).
///
/// Guarantees: a reader of `path` sees the old file or the new one whole, never a part; on an
/// error the old file is left in place and the error names the call and its reason.
package enum ScreenFileReplacement {
    /// What failed: the call, the path and `strerror`'s reason.
    package struct Failure: Error, Sendable {
        package let message: String

        package init(message: String) {
            self.message = message
        }
    }

    /// The name the replaced file is kept under: `path` + `.previous`.
    package static func previousPath(of path: String) -> String { path + ".previous" }

    package static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = directory + "/." + name + ".learning"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("open", temporary) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = failure("write", temporary)
                close(fd)
                unlink(temporary)
                throw error
            }
            written += count
        }
        guard fsync(fd) == 0 else {
            let error = failure("fsync", temporary)
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        let previous = previousPath(of: path)
        if access(path, F_OK) == 0 {
            unlink(previous)
            guard link(path, previous) == 0 else {
                let error = failure("link", previous)
                unlink(temporary)
                throw error
            }
        }
        guard rename(temporary, path) == 0 else {
            let error = failure("rename", path)
            unlink(temporary)
            throw error
        }
        // The rename itself is durable once the directory is synced.
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    private static func failure(_ call: String, _ path: String) -> Failure {
        Failure(message: "\(call) \(path): \(String(cString: strerror(errno)))")
    }
}
