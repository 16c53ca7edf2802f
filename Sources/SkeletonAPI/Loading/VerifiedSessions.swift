import Glibc

/// Session tokens this thread (an event loop) has verified lately, so that a client polling every
/// 100 ms pays for the HMAC and the decoding once: a later poll costs one dictionary lookup and
/// the token's time checks (a loop with more than `capacity` sessions polling at once pays the HMAC
/// again after each fresh start). The schedules stay in the shared, smaller `ScheduleCache`, so that
/// many distinct sessions cost a token each here, not a schedule each. One per thread, found
/// through a pthread key, so no lock and no loop waits for another. Entries are tagged with
/// the `LoadingSessions` that verified them (`owner`), so that services with other secrets in
/// one process never share a verdict. Bounded: when full it starts afresh. Its table is made at
/// its full size on the thread's first poll and never reallocated: a loop's memory does not step
/// up while the cache fills (the doublings at 1,537 and 3,073 tokens, 384 and 772 kB, were the
/// soak's late RSS steps, on the loop that the warm-up had left empty), and no poll pays a rehash.
final class VerifiedSessions {
    private struct Entry {
        let owner: UInt64
        let load: Load
    }

    /// About 250 bytes a token (its text, its load, the table's slot): at most about 1 MiB a loop.
    static let capacity = 4_096
    private var entries = [String: Entry](minimumCapacity: capacity)

    /// This thread's cache, made on its first use.
    static var current: VerifiedSessions {
        if let existing = pthread_getspecific(threadKey) {
            return Unmanaged<VerifiedSessions>.fromOpaque(existing).takeUnretainedValue()
        }
        let made = VerifiedSessions()
        pthread_setspecific(threadKey, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// The load whose token's text is `text`, if `owner` verified it here.
    func load(_ text: String, owner: UInt64) -> Load? {
        guard let entry = entries[text], entry.owner == owner else { return nil }
        return entry.load
    }

    func remember(_ text: String, load: Load, owner: UInt64) {
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[text] = Entry(owner: owner, load: load)
    }

    /// Released with its thread.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { cache in
            if let cache { Unmanaged<VerifiedSessions>.fromOpaque(cache).release() }
        }
        return key
    }()
}
