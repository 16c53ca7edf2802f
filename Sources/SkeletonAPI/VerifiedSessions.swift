import Glibc
import Layouts

/// Session tokens this thread (an event loop) has verified lately, with their schedules, so that
/// a client polling every 100 ms pays for the HMAC, the decoding and the schedule lookup once:
/// a later poll costs one dictionary lookup and the token's time checks. One per thread, found
/// through a pthread key, so no lock and no loop waits for another. Entries are tagged with
/// the routes that verified them (`owner`), so that services with other secrets in one process
/// never share a verdict. Bounded: when full it starts afresh.
final class VerifiedSessions {
    struct Entry {
        let owner: UInt64
        let token: SessionToken
        let schedule: Schedule
    }

    private var entries: [String: Entry] = [:]
    static let capacity = 16_384

    /// This thread's cache, made on its first use.
    static var current: VerifiedSessions {
        if let existing = pthread_getspecific(threadKey) {
            return Unmanaged<VerifiedSessions>.fromOpaque(existing).takeUnretainedValue()
        }
        let made = VerifiedSessions()
        pthread_setspecific(threadKey, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    func entry(_ text: String, owner: UInt64) -> Entry? {
        guard let entry = entries[text], entry.owner == owner else { return nil }
        return entry
    }

    func remember(_ text: String, _ entry: Entry) {
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[text] = entry
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
