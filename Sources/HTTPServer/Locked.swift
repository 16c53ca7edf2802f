import Glibc

/// A value shared between threads behind a pthread mutex: `withLock` gives one thread at a time
/// the value to read or change. The value must be `Sendable`: it is handed from thread to thread.
///
/// Not `Synchronization.Mutex`: on Linux (Swift 6.3.1) ThreadSanitizer does not see that lock's
/// ordering and reports every contended use as a race, which would hide a real one; it sees a
/// pthread mutex's. The cost is the same: an uncontended lock and unlock, no allocation.
@usableFromInline
package final class Locked<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Exclusive by the mutex, so not checked again at run time.
    @usableFromInline @exclusivity(unchecked) var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Inlined where it is called, so that the body is specialised for its value's type.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
