import Foundation
import Testing

/// A PostgreSQL cluster of a test's own, made by `Scripts/pg-cluster.sh` in a directory of its own: for tests that
/// stop the server or turn TLS on, which must not touch the cluster every other test shares
/// (`BEACON_TEST_POSTGRES_URL`). Stopped and deleted when this object goes away.
///
/// Tests using it are skipped, saying why, where the server's programs (or `openssl`, for TLS) are not installed;
/// under `CI=true` they run and fail instead.
final class PostgresPrivateCluster: @unchecked Sendable {
  // `@unchecked Sendable`: the stored properties are immutable.

  /// The cluster's directory (`BEACON_PG_DIR`).
  let directory: String
  /// The connection URL the script printed (with the password; with `--tls`, `sslmode=verify-full` and the CA).
  let url: String

  /// Starts a cluster (`start`, or `start --tls`).
  init(tls: Bool) throws {
    // Short: the server's Unix socket lives in it, and socket paths are limited to about 100 bytes.
    directory = "/tmp/beacon-pg-" + UUID().uuidString.prefix(8).lowercased()
    let output = try Self.script(tls ? ["start", "--tls"] : ["start"], directory: directory)
    guard let url = output.split(separator: "\n").last.map(String.init), url.hasPrefix("postgresql://") else {
      _ = try? Self.script(["stop"], directory: directory)
      throw HarnessError("pg-cluster.sh start printed no URL: \(output)")
    }
    self.url = url
  }

  deinit {
    _ = try? Self.script(["stop"], directory: directory)
  }

  /// The URL without its query (no `sslmode`, no `sslrootcert`), to add others to.
  var bareURL: String { String(url.prefix { $0 != "?" }) }

  /// The password in the URL.
  var password: String? { URLComponents(string: url)?.password }

  /// The certificate authority that signed the server's certificate (`--tls`).
  var certificateAuthority: String { directory + "/tls/ca.crt" }

  /// Stops the server, keeping its data and port (`down fast` or `down immediate`).
  func down(_ mode: String = "fast") throws { try Self.script(["down", mode], directory: directory) }

  /// Starts the server again on the same port (`up`).
  func up() throws { try Self.script(["up"], directory: directory) }

  /// Whether the server's programs are installed where the script looks (Debian's directory or `PATH`), and
  /// `openssl` for `--tls`.
  static func installed(tls: Bool) -> Bool {
    let debian = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    let onDebian = debian.contains {
      FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb")
    }
    return (onDebian || onPath("initdb")) && (!tls || onPath("openssl"))
  }

  /// Whether the tests run (the programs are installed, or `CI=true`, where a missing server is a failure).
  static func enabled(tls: Bool) -> Bool {
    installed(tls: tls) || ProcessInfo.processInfo.environment["CI"] == "true"
  }

  /// Why the tests were skipped.
  static func skipReason(tls: Bool) -> Comment {
    Comment(
      rawValue: "The PostgreSQL server's programs\(tls ? " or openssl" : "") are not installed (Debian: apt-get "
        + "install postgresql\(tls ? " openssl" : ""); macOS: brew install postgresql), so no cluster of the "
        + "test's own can be made with Scripts/pg-cluster.sh (Documentation/PostgreSQL.md)"
    )
  }

  private static func onPath(_ program: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
  }

  /// Runs `Scripts/pg-cluster.sh` with `arguments` on `directory`; returns its stdout and stderr together.
  ///
  /// - Throws: ``HarnessError`` with the output when the script fails.
  @discardableResult
  private static func script(_ arguments: [String], directory: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [root.appendingPathComponent("Scripts/pg-cluster.sh").path] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["BEACON_PG_DIR"] = directory
    environment["BEACON_PG_TLS"] = nil
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw HarnessError("pg-cluster.sh \(arguments.joined(separator: " ")) failed: \(output)")
    }
    return output
  }
}
