import CLinux
import Glibc
import Synchronization

/// The part of an event loop that other threads may touch, and the only one that is `Sendable`:
/// ask it to stop, hand it a router, wake it (and, for `ManualClock.advance`, wait until the loop
/// has handled the wake-up). It holds an atomic stop flag, a mutex-guarded router slot, counts of
/// those waits behind a mutex, and the loop's wake-up eventfd, which it owns and closes when the
/// last reference goes.
final class LoopHandle: Sendable {
    /// Readable when another thread wants the loop's attention; registered with the loop's epoll.
    let wakeFd: Int32
    private let stopRequested = Atomic<Bool>(false)
    private let pendingRouter = PendingRouter()
    private let receipts = WakeUpReceipts()

    init() throws(SystemError) {
        wakeFd = try checked("eventfd") { eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC)) }
    }

    deinit {
        Glibc.close(wakeFd)
    }

    /// Marks a graceful shutdown as asked for, without waking the loop.
    func requestStop() {
        stopRequested.store(true, ordering: .releasing)
    }

    /// Whether a graceful shutdown was asked for; read by the loop at each wake-up.
    var isStopRequested: Bool { stopRequested.load(ordering: .acquiring) }

    /// Routes requests that arrive from the loop's next wake-up on with `router`.
    func replaceRouter(_ router: Router) {
        pendingRouter.offer(router)
        wake()
    }

    /// The router handed over since the last call, if any; on the loop's thread.
    func takeRouter() -> Router? {
        pendingRouter.hasRouter ? pendingRouter.take() : nil
    }

    /// Wakes the loop, to see a stop requested or a router replaced.
    func wake() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeFd, &one, 8)
    }

    /// Wakes the loop and blocks until it has handled the wake-up and has nothing left ready: what
    /// its sockets had ready before the call is handled, and what fell due by the clock then has
    /// fired (`ManualClock.advance`). Returns at once if the loop has stopped; never call it on the
    /// loop's own thread.
    func wakeAndWait() {
        let ticket = receipts.request()
        wake()
        receipts.wait(for: ticket)
    }

    /// On the loop's thread, when epoll reports `wakeFd`: resets it, and returns the tickets of the
    /// `wakeAndWait` calls taken so far. Each was taken after its caller moved the clock and sent
    /// what it sent, so the loop answers them (`acknowledge`) after a later pass whose epoll_wait
    /// found nothing ready.
    func consumeWakeUp() -> UInt64 {
        var value: UInt64 = 0
        _ = Glibc.read(wakeFd, &value, 8)
        return receipts.requested
    }

    /// On the loop's thread: the `wakeAndWait` calls with tickets up to `tickets` may return.
    func acknowledge(_ tickets: UInt64) {
        receipts.acknowledge(tickets)
    }

    /// On the loop's thread, when it has stopped: no waiter waits any longer.
    func stopped() {
        receipts.close()
    }
}

/// Counts `wakeAndWait` calls and the loop's acknowledgements of them behind a pthread mutex and
/// condition (not `Synchronization.Mutex`: see `Locked`), so that a waiter sleeps until the loop
/// has handled its wake-up.
private final class WakeUpReceipts: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let requestCount = Atomic<UInt64>(0)
    private var acknowledged: UInt64 = 0
    private var isClosed = false

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Takes a ticket, before the wake-up is written, so that the loop that reads the eventfd sees it.
    func request() -> UInt64 {
        requestCount.add(1, ordering: .sequentiallyConsistent).newValue
    }

    var requested: UInt64 { requestCount.load(ordering: .sequentiallyConsistent) }

    func wait(for ticket: UInt64) {
        pthread_mutex_lock(mutex)
        while acknowledged < ticket && !isClosed { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
    }

    func acknowledge(_ requested: UInt64) {
        pthread_mutex_lock(mutex)
        acknowledged = max(acknowledged, requested)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    func close() {
        pthread_mutex_lock(mutex)
        isClosed = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }
}
