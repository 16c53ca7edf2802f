import Glibc
import HTTPServer
import SkeletonAPI

/// `skeleton-server`: parses the command line, serves until SIGTERM or SIGINT, then drains
/// (stop accepting, finish in-flight requests, answer long polls, tell event streams to
/// reconnect, close idle connections) and exits 0; a second signal ends it at once. SIGHUP
/// reloads `--layouts DIR`, keeping the screens served if the new set is invalid.

let options: CommandLineOptions
do {
    options = try CommandLineOptions(arguments: Array(CommandLine.arguments.dropFirst()), environment: environmentVariables())
} catch {
    writeLine("skeleton-server: \(error.message)", to: STDERR_FILENO)
    exit(2)
}

switch options.action {
case .help:
    writeLine(CommandLineOptions.usage, to: STDOUT_FILENO)
    exit(0)
case .version:
    writeLine("skeleton-server \(SkeletonService.version)", to: STDOUT_FILENO)
    exit(0)
case .healthcheck(let url):
    do throws(HealthCheck.Failure) {
        try HealthCheck(url: url).run()
        exit(0)
    } catch {
        writeLine("skeleton-server healthcheck: \(url): \(error.reason)", to: STDERR_FILENO)
        exit(1)
    }
case .export(let directory):
    exit(ScreenFileCommands.export(to: directory))
case .validate(let directory):
    exit(ScreenFileCommands.validate(directory))
case .serve:
    break
}

guard let catalog = ScreenFileCommands.catalog(adding: options.layoutsDirectory) else {
    writeLine("skeleton-server: not started: the screen files in \(options.layoutsDirectory!) are invalid", to: STDERR_FILENO)
    exit(1)
}

// Handle the stop signals on this thread with sigwait; the loop threads inherit the mask.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&stopSignals, signal) }
pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

// Serving --max-connections needs as many descriptors: take the hard limit, as nginx's worker_rlimit_nofile.
var descriptorLimit = rlimit()
if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &descriptorLimit) == 0 && descriptorLimit.rlim_cur < descriptorLimit.rlim_max {
    descriptorLimit.rlim_cur = descriptorLimit.rlim_max
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &descriptorLimit)
}

let readiness = Readiness()
let learner = options.learns ? Learner(admitting: options.learnFrom, directory: options.layoutsDirectory) : nil
let service = SkeletonService(readiness: readiness, catalog: catalog, sessionSecret: options.sessionSecret, metrics: options.configuration.metrics,
                              injectsFaults: options.injectsFaults, learner: learner)
let server = Server(configuration: options.configuration, router: service.router)
// An applied proposal rewrote a file in --layouts DIR: serve the new catalog at once, as SIGHUP would.
learner?.whenApplied { catalog in server.replaceRouter(service.serving(catalog).router) }
let port: UInt16
do {
    port = try server.start()
} catch {
    writeLine("skeleton-server: cannot listen on \(options.configuration.host):\(options.configuration.port): \(error)", to: STDERR_FILENO)
    exit(1)
}
let shownHost = options.configuration.host.contains(":") ? "[\(options.configuration.host)]" : options.configuration.host
writeLine("skeleton-server \(SkeletonService.version) listening on http://\(shownHost):\(port)", to: STDOUT_FILENO)
if let learner {
    writeLine("skeleton-server: --learn: taking proposals from \(learner.admitted.map(\.description).joined(separator: ", "))"
              + (learner.directory.map { " and rewriting \($0)" } ?? "") + " (a development tool: never in production)", to: STDERR_FILENO)
}

/// SIGHUP: serve `--layouts` anew if the files are valid, else say why and keep what is served.
func reload() {
    guard let directory = options.layoutsDirectory else {
        writeLine("skeleton-server: SIGHUP: nothing to reload (no --layouts)", to: STDERR_FILENO)
        return
    }
    guard let catalog = ScreenFileCommands.catalog(adding: directory) else {
        writeLine("skeleton-server: SIGHUP: reload refused; still serving the previous screens", to: STDERR_FILENO)
        return
    }
    server.replaceRouter(service.serving(catalog).router)
    writeLine("skeleton-server: SIGHUP: serving \(catalog.screens.count) screens (\(catalog.screens.map(\.id).joined(separator: ", ")))", to: STDERR_FILENO)
}

while true {
    var received: Int32 = 0
    sigwait(&stopSignals, &received)
    if received == SIGTERM || received == SIGINT { break }
    if received == SIGHUP { reload() }
}
readiness.beginDraining()
server.shutdown()
// Until the loops have drained, a second SIGTERM or SIGINT ends the process at once, by that
// signal's default action (the operator will not wait; no exit handler runs).
var checkAgain = timespec(tv_sec: 0, tv_nsec: 50_000_000)
while !server.hasFinished {
    let received = sigtimedwait(&stopSignals, nil, &checkAgain)
    if received == SIGTERM || received == SIGINT {
        writeLine("skeleton-server: second stop signal: exiting without finishing the drain", to: STDERR_FILENO)
        signal(received, SIG_DFL)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
        raise(received)
    }
}
server.wait()
exit(0)
