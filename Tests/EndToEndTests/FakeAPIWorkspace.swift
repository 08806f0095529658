import BeaconTestSupport
import Foundation
import Testing

/// A loopback fake of one upstream API and one temporary store, shared by every `beacon` command of a test, with
/// the clock fixed (`BEACON_TEST_NOW`).
final class FakeAPIWorkspace {
  let server: LoopbackHTTPServer
  let directory: URL
  private let environment: [String: String?]

  /// - Parameters:
  ///   - server: The fake API (stopped when the workspace goes).
  ///   - urlVariable: The environment variable that points Beacon at it (`BEACON_FRUITYVICE_URL`).
  ///   - now: The fixed clock, RFC 3339.
  init(server: LoopbackHTTPServer, urlVariable: String, now: String) throws {
    self.server = server
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("beacon-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    environment = [urlVariable: server.baseURL.absoluteString, "BEACON_TEST_NOW": now]
  }

  deinit {
    server.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs `beacon --store STORE arguments…`.
  func run(_ arguments: [String]) throws -> CommandResult {
    try BeaconProcess.run(
      ["--store", directory.appendingPathComponent("store.sqlite").path] + arguments,
      environment: environment
    )
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
