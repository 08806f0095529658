import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the `beacon` executable that the build put next to the test bundle.
enum BeaconBinary {
  /// The path of the binary: `BEACON_BINARY` when set, otherwise the first `beacon` found in the test
  /// bundle's directory or one of its parents (a few levels up, to get out of a macOS `.xctest` bundle).
  static func url() throws -> URL {
    if let override = ProcessInfo.processInfo.environment["BEACON_BINARY"], !override.isEmpty {
      let url = URL(fileURLWithPath: override)
      guard isExecutable(url) else { throw HarnessError("BEACON_BINARY=\(override) is not an executable file") }
      return url
    }
    var starts: [URL] = [Bundle.main.bundleURL]
    if let first = CommandLine.arguments.first {
      starts.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    var tried: [String] = []
    for start in starts {
      var directory = start.standardizedFileURL
      for _ in 0..<5 {
        let candidate = directory.appendingPathComponent("beacon")
        tried.append(candidate.path)
        if isExecutable(candidate) { return candidate }
        directory = directory.deletingLastPathComponent()
      }
    }
    throw HarnessError("No built 'beacon' binary found (set BEACON_BINARY); tried: \(tried.joined(separator: ", "))")
  }

  private static func isExecutable(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
      && FileManager.default.isExecutableFile(atPath: url.path)
  }
}
