import Testing

/// Every end-to-end suite is nested here and runs one test at a time: their waits block a thread, and on
/// a two-core machine running them side by side would starve Swift's cooperative pool that every other
/// test (and the in-process server) needs.
@Suite(.serialized) enum EndToEnd {}
