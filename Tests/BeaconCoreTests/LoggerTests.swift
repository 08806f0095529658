import BeaconSync
import Testing

@testable import BeaconCore

@Suite struct LoggerTests {
  final class Lines: Sendable {
    let lines = Locked<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
  }

  @Test func dropsLinesBelowTheMinimumLevel() {
    let lines = Lines()
    let logger = Logger(minimumLevel: .warning, sink: lines.append)
    logger.debug("d")
    logger.info("i")
    logger.warning("w")
    logger.error("e")
    logger.fault("f")
    #expect(lines.all == ["beacon warning: w", "beacon error: e", "beacon fault: f"])
  }

  @Test func readsLevelNames() {
    #expect(Logger.Level(name: "DEBUG") == .debug)
    #expect(Logger.Level(name: "error") == .error)
    #expect(Logger.Level(name: "loud") == nil)
  }

  @Test func linksTheSystemSQLite() {
    #expect(SQLiteLibrary.version.split(separator: ".").first == "3")
  }
}
