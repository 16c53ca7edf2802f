import Glibc

/// The screen files of a directory (`--layouts DIR`, `validate DIR`): every `*.json` file in it,
/// not in subdirectories, names starting with `.` skipped (a Kubernetes ConfigMap volume's
/// `..data`), symbolic links followed, in name order.
///
/// Guarantees: either every file decodes and no two define one screen id, or `load` throws every
/// problem of every file as a `path:JSON-pointer: reason` line; a file is never read past
/// `ScreenFileLimits.maxFileBytes`, and a FIFO, device, directory or symbolic-link loop named
/// `*.json` is a problem, never a wait.
package enum ScreenDirectory {
    /// Why a directory's screens cannot be served: one line per problem.
    package struct Invalid: Error, Sendable {
        package let lines: [String]
    }

    /// One valid screen file: where it is, its bytes and its screen.
    package struct File: Sendable {
        package let path: String
        package let bytes: [UInt8]
        package let screen: Screen
    }

    package static func load(_ directory: String) throws(Invalid) -> [Screen] {
        try files(directory).map(\.screen)
    }

    /// `load`'s screens with the file each comes from.
    package static func files(_ directory: String) throws(Invalid) -> [File] {
        let names = try fileNames(directory)
        var lines: [String] = []
        var screens: [File] = []
        var definedIn: [String: String] = [:]
        for name in names {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            do throws(Invalid) {
                let bytes = try read(path)
                let screen = try decode(bytes, path: path)
                if let first = definedIn[screen.id] {
                    lines.append("\(path):/id: screen \"\(screen.id)\" is defined in \(first) already")
                } else {
                    definedIn[screen.id] = path
                    screens.append(File(path: path, bytes: bytes, screen: screen))
                }
            } catch {
                lines += error.lines
            }
        }
        guard lines.isEmpty else { throw Invalid(lines: lines) }
        return screens
    }

    private static func decode(_ bytes: [UInt8], path: String) throws(Invalid) -> Screen {
        do throws(InvalidScreenFile) {
            return try ScreenFileDecoder.decode(bytes)
        } catch {
            throw Invalid(lines: error.problems.map { $0.pointer.isEmpty ? "\(path): \($0.reason)" : "\(path):\($0.pointer): \($0.reason)" })
        }
    }

    private static func fileNames(_ directory: String) throws(Invalid) -> [String] {
        guard let handle = opendir(directory) else { throw Invalid(lines: ["\(directory): cannot read the directory: \(reason(errno))"]) }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name.hasSuffix(".json") && !name.hasPrefix(".") { names.append(name) }
        }
        guard names.count <= ScreenFileLimits.maxFiles else {
            throw Invalid(lines: ["\(directory): \(names.count) screen files; at most \(ScreenFileLimits.maxFiles)"])
        }
        return names.sorted()
    }

    /// The file's bytes: a regular file of at most `maxFileBytes`, opened without blocking.
    private static func read(_ path: String) throws(Invalid) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw Invalid(lines: ["\(path): cannot open: \(reason(code))\(code == ELOOP ? " (a symbolic link loop?)" : "")"])
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Invalid(lines: ["\(path): cannot stat: \(reason(errno))"]) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Invalid(lines: ["\(path): not a regular file"]) }
        let limit = ScreenFileLimits.maxFileBytes
        guard status.st_size <= limit else { throw Invalid(lines: ["\(path): \(status.st_size) bytes; a screen file has at most \(limit)"]) }
        // Read one byte past the limit, so that a file that grew since fstat is refused too.
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw Invalid(lines: ["\(path): cannot read: \(reason(errno))"]) }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else { throw Invalid(lines: ["\(path): more than \(limit) bytes; a screen file has at most \(limit)"]) }
        return Array(bytes[..<count])
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
