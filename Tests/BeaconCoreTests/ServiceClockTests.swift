import BeaconJSON
import BeaconSync
import Foundation
import Testing

@testable import BeaconCore

/// The places service's clock gives times as the store gives them back, so a live answer's `fetchedAt` and the
/// same answer served later from the cache are written as the same text.
@Suite struct ServiceClockTests {
  /// A service whose clock reads what `clock` holds (it never reaches its upstream).
  static func service(clock: Locked<Date>) throws -> PlacesService {
    PlacesService(
      store: try Store.open(path: ":memory:"),
      client: GeoapifyClient(
        baseURL: URL(fileURLWithPath: "/dev/null"),
        apiKey: nil,
        transport: URLSessionTransport(connectTimeout: 1, totalTimeout: 1)
      ),
      now: { clock.withLock { $0 } }
    )
  }

  @Test func aTimeReadBackFromTheStoreIsTheClocksTimeToTheBit() throws {
    var generator = SystemRandomNumberGenerator()
    // 2023-06-25T09:00:54.191999 5…: its milliseconds change when it goes through seconds since 1970 and back.
    var dates = [Date(timeIntervalSinceReferenceDate: 709_376_454.191_999_5)]
    for _ in 0..<5_000 {
      let nanoseconds = Int.random(in: 700_000_000_000_000_000..<1_000_000_000_000_000_000, using: &generator)
      dates.append(Date(timeIntervalSinceReferenceDate: Double(nanoseconds) / 1_000_000_000))
    }
    let clock = Locked(Date())
    let service = try Self.service(clock: clock)
    var moved = 0
    for date in dates {
      clock.withLock { $0 = date }
      let now = service.now()
      let stored = Date(timeIntervalSince1970: now.timeIntervalSince1970)
      #expect(stored.timeIntervalSinceReferenceDate.bitPattern == now.timeIntervalSinceReferenceDate.bitPattern)
      #expect(JSONWriter.dateText(stored) == JSONWriter.dateText(now))
      #expect(abs(now.timeIntervalSince(date)) < 1e-6)
      if Date(timeIntervalSince1970: date.timeIntervalSince1970) != date { moved += 1 }
    }
    // The raw times do move on the way through the store.
    #expect(moved > 100)
  }
}
