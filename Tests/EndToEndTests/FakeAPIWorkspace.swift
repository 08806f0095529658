import BeaconTestSupport
import Foundation
import Testing

/// A loopback fake of one upstream API and one temporary store, shared by every `beacon` command of a test.
class FakeAPIWorkspace {
  let server: LoopbackHTTPServer
  private let temporary = TemporaryDirectory("beacon-cli")
  let environment: [String: String?]

  /// - Parameters:
  ///   - server: The fake API (stopped when the workspace goes).
  ///   - environment: What every command runs with besides the store (the variable that points Beacon at the
  ///     fake, an API key, a fixed clock).
  init(server: LoopbackHTTPServer, environment: [String: String?]) {
    self.server = server
    self.environment = environment
  }

  /// A workspace with the clock fixed (`BEACON_TEST_NOW`).
  ///
  /// - Parameters:
  ///   - server: The fake API (stopped when the workspace goes).
  ///   - urlVariable: The environment variable that points Beacon at it (`BEACON_FRUITYVICE_URL`).
  ///   - now: The fixed clock, RFC 3339.
  convenience init(server: LoopbackHTTPServer, urlVariable: String, now: String) throws {
    self.init(server: server, environment: [urlVariable: server.baseURL.absoluteString, "BEACON_TEST_NOW": now])
  }

  deinit {
    server.stop()
  }

  /// The workspace's folder (removed when the workspace goes).
  var directory: URL { temporary.url }

  /// The store every command uses.
  var storePath: String { temporary.storePath }

  /// Runs `beacon --store STORE arguments…`, waiting at most `timeout` seconds for it to end.
  func run(_ arguments: [String], timeout: Double = BeaconProcess.defaultTimeout) throws -> CommandResult {
    try BeaconProcess.run(["--store", storePath] + arguments, environment: environment, timeout: timeout)
  }

  /// Writes `text` to a file in the workspace and returns its path.
  func write(_ text: String, to name: String) throws -> String {
    let url = temporary.fileURL(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Runs a command that must succeed, and returns its stdout.
  func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try run(arguments)
    #expect(
      result.termination == .exited(0),
      "beacon \(arguments.joined(separator: " ")): \(result.stderr)",
      sourceLocation: sourceLocation
    )
    return result.stdout
  }

  /// `text` split into lines, empty ones kept.
  static func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
