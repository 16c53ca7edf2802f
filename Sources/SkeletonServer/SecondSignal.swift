import Glibc

/// Once the drain has begun, a second SIGTERM or SIGINT exits at once, with status 1: the
/// operator does not want to wait for it. A thread of its own waits for that signal, since the
/// main thread waits for the loops (the signals stay blocked in every thread, as `main` set).
func exitOnSecondStopSignal() {
    var thread = pthread_t()
    pthread_create(&thread, nil, { _ in
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT] { sigaddset(&signals, signal) }
        var received: Int32 = 0
        sigwait(&signals, &received)
        let line = Array("skeleton-server: second stop signal: exiting without finishing the drain\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(1)
    }, nil)
}
