import Glibc
import SkeletonDomain

/// `export DIR`, `validate DIR`, and the catalog `--layouts DIR` serves, at start and on SIGHUP.
enum ScreenFileCommands {
    /// Writes `DIR/<id>.json` for each built-in screen; 0, or 1 with a line on standard error.
    static func export(to directory: String) -> Int32 {
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            writeLine("skeleton-server export: \(directory): \(String(cString: strerror(errno)))", to: STDERR_FILENO)
            return 1
        }
        for screen in Screen.builtIns {
            let path = directory + "/" + screen.id + ".json"
            guard write(ScreenFileEncoder.bytes(screen), to: path) else {
                writeLine("skeleton-server export: \(path): \(String(cString: strerror(errno)))", to: STDERR_FILENO)
                return 1
            }
        }
        writeLine("wrote \(Screen.builtIns.count) screen files to \(directory)", to: STDOUT_FILENO)
        return 0
    }

    /// Checks DIR's screen files: each problem on standard output and 1, or a summary and 0.
    static func validate(_ directory: String) -> Int32 {
        do throws(ScreenDirectory.Invalid) {
            let screens = try ScreenDirectory.load(directory)
            writeLine("\(directory): \(screens.count) valid screen files (\(screens.map(\.id).joined(separator: ", ")))", to: STDOUT_FILENO)
            return 0
        } catch {
            for line in error.lines { writeLine(line, to: STDOUT_FILENO) }
            return 1
        }
    }

    /// The built-in screens with DIR's, or nil after writing every problem to standard error.
    static func catalog(adding directory: String?) -> Catalog? {
        guard let directory else { return .builtIn }
        do throws(ScreenDirectory.Invalid) {
            return Catalog.builtIn(with: try ScreenDirectory.load(directory))
        } catch {
            for line in error.lines { writeLine(line, to: STDERR_FILENO) }
            return nil
        }
    }

    private static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return writeAll(bytes, to: fd)
    }
}
