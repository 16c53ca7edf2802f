import HTTPServer
import SkeletonAPI

/// The parsed command line: the serve options, or a request for help or the version.
/// Flags win over the `HOST` and `PORT` environment variables; every limit of docs/spec.md §6 has a flag.
struct CommandLineOptions {
    enum Action {
        case serve
        case help
        case version
        /// `healthcheck [URL]`: the URL to check.
        case healthcheck(String)
        /// `export DIR`: write the built-in screens as screen files into DIR.
        case export(String)
        /// `validate DIR`: check DIR's screen files.
        case validate(String)
    }

    var action = Action.serve
    var configuration = ServerConfiguration()
    var sessionSecret = SkeletonService.defaultSessionSecret
    /// Whether the data routes act on `fault=` (`--no-faults` says not).
    var injectsFaults = true
    /// `--layouts DIR`: screen files served beside the built-ins, reloaded on SIGHUP.
    var layoutsDirectory: String?
    /// `--learn`: drift reports may carry proposals (a development tool).
    var learns = false
    /// `--learn-from CIDR` (repeatable): peers beside loopback that may propose.
    var learnFrom: [AddressRange] = []

    /// What a bad command line gets: one line on standard error and exit status 2.
    struct UsageError: Error {
        let message: String
    }

    static let usage = """
    usage: skeleton-server [serve] [options]
           skeleton-server healthcheck [URL]
           skeleton-server export DIR
           skeleton-server validate DIR

    Serves skeleton-screen layouts and a staged-loading simulation over HTTP/1.1.

    options:
      --host HOST                address to bind (env HOST; default 127.0.0.1)
      --port PORT                port to bind, 0 for any free one (env PORT; default 8080)
      --threads N                event loops, one thread each (default: the CPUs this process may use)
      --cors-origin ORIGIN       Access-Control-Allow-Origin value (default *)
      --layouts DIR              serve the screen files DIR/*.json beside the built-in screens (a file
                                 replaces the built-in of its id); SIGHUP reloads them
      --learn                    development only: drift reports may carry the revealed content's
                                 subtree; the server keeps the latest per element, serves
                                 GET /drift/{screen}/proposal, and with --layouts rewrites DIR's file
                                 (the old one kept as NAME.json.previous). Never in production
      --learn-from CIDR          also take proposals from peers in CIDR (repeatable; default: loopback only)
      --session-secret SECRET    key that seals loading-session tokens; replicas sharing it share
                                 sessions (env SESSION_SECRET; default: a built-in key)
      --log-format text|json     access log line format on standard output (default text)
      --no-access-log            write no access log
      --no-metrics               count nothing; GET /metrics is then 404
      --no-faults                the data routes answer every element's data at once: no fault=, no
                                 simulated failure, no wait (for schema fuzzers)
      --max-connections N        open connections at most (default 10000)
      --max-request-line BYTES   longest request line, else 414 (default 8192)
      --max-header-bytes BYTES   largest header section, else 431 (default 16384)
      --max-header-count N       most header fields, else 431 (default 100)
      --max-body-bytes BYTES     largest request body, else 413 (default 1048576)
      --header-timeout-ms MS     time to receive a request, else 408 (default 10000)
      --idle-timeout-ms MS       idle keep-alive connections are closed after this (default 30000)
      --help                     show this help
      --version                  show the version

    A value may also be attached: --port=8080 (needed for a value starting with --).

    healthcheck: exit 0 if URL (default http://127.0.0.1:$PORT/healthz, PORT default 8080)
    answers 200 within 2 s, else exit 1 with one line saying why.
    export: write the built-in screens into DIR (created if missing) as screen files, a starting
    point for your own. validate: check DIR's screen files as --layouts would; print each problem
    as FILE:JSON-POINTER: REASON and exit 1 if there is any.
    """

    init(arguments: [String], environment: [String: String]) throws(UsageError) {
        configuration.metrics = ServerMetrics()
        configuration.corsExposedFields = SkeletonService.corsExposedFields
        if let host = environment["HOST"], !host.isEmpty { configuration.host = host }
        if let secret = environment["SESSION_SECRET"], !secret.isEmpty { sessionSecret = secret }
        if let port = environment["PORT"], !port.isEmpty {
            guard let value = UInt16(port) else { throw UsageError(message: "PORT '\(port)' is not a port number (0-65535)") }
            configuration.port = value
        }
        var rest = arguments[...]
        if rest.first == "healthcheck" {
            guard rest.count <= 2, rest.dropFirst().allSatisfy({ !$0.hasPrefix("-") }) else {
                throw UsageError(message: "usage: skeleton-server healthcheck [URL]")
            }
            action = .healthcheck(rest.dropFirst().first ?? "http://127.0.0.1:\(configuration.port)/healthz")
            return
        }
        if let command = rest.first, command == "export" || command == "validate" {
            guard rest.count == 2, let directory = rest.last, !directory.hasPrefix("-") else {
                throw UsageError(message: "usage: skeleton-server \(command) DIR")
            }
            action = command == "export" ? .export(directory) : .validate(directory)
            return
        }
        if rest.first == "serve" { rest = rest.dropFirst() }
        while let argument = rest.popFirst() {
            // `--flag=value` or `--flag value`; a value that looks like a flag is a forgotten value.
            var flag = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let attached { return attached }
                guard let value = rest.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
                guard !value.hasPrefix("--") else { throw UsageError(message: "\(flag) needs a value, not the flag '\(value)' (write \(flag)=VALUE for a value starting with --)") }
                return value
            }
            func number(_ range: ClosedRange<Int>) throws(UsageError) -> Int {
                let text = try value()
                guard let number = Int(text), range.contains(number) else {
                    throw UsageError(message: "\(flag) '\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
                return number
            }
            switch flag {
            case "--help", "-h": action = .help
            case "--version": action = .version
            case "--host": configuration.host = try value()
            case "--port": configuration.port = UInt16(try number(0...65535))
            case "--threads": configuration.threads = try number(1...256)
            case "--cors-origin": configuration.corsOrigin = try value()
            case "--layouts": layoutsDirectory = try value()
            case "--learn": learns = true
            case "--learn-from":
                let text = try value()
                guard let range = AddressRange(text) else { throw UsageError(message: "--learn-from '\(text)' is not an address or CIDR block (192.168.1.0/24, fd00::/8)") }
                learnFrom.append(range)
            case "--session-secret":
                sessionSecret = try value()
                guard !sessionSecret.isEmpty else { throw UsageError(message: "--session-secret must not be empty") }
            case "--log-format":
                let text = try value()
                guard let format = AccessLogFormat(rawValue: text) else { throw UsageError(message: "--log-format '\(text)' is not one of: text, json") }
                configuration.accessLog = format
            case "--no-access-log": configuration.accessLog = nil
            case "--no-metrics": configuration.metrics = nil
            case "--no-faults": injectsFaults = false
            case "--max-connections": configuration.maxConnections = try number(1...1_000_000)
            case "--max-request-line": configuration.limits.maxRequestLine = try number(64...1_048_576)
            case "--max-header-bytes": configuration.limits.maxHeaderBytes = try number(64...1_048_576)
            case "--max-header-count": configuration.limits.maxHeaderCount = try number(1...10_000)
            case "--max-body-bytes": configuration.limits.maxBodyBytes = try number(0...1_073_741_824)
            case "--header-timeout-ms": configuration.headerTimeoutMilliseconds = try number(1...3_600_000)
            case "--idle-timeout-ms": configuration.idleTimeoutMilliseconds = try number(1...3_600_000)
            default: throw UsageError(message: "unknown option '\(flag)' (see --help)")
            }
            if attached != nil, ["--help", "-h", "--version", "--no-access-log", "--no-metrics", "--no-faults", "--learn"].contains(flag) {
                throw UsageError(message: "\(flag) takes no value")
            }
        }
        if !learnFrom.isEmpty && !learns { throw UsageError(message: "--learn-from needs --learn") }
    }
}
