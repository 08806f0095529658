import BeaconTestSupport
import Foundation
import JSONRPC
import Testing

extension EndToEnd {
  /// A `beacon` copied alone into an empty directory (what a user does with `cp .build/release/beacon ~/bin`)
  /// still has everything it needs: the contract is compiled in, not a resource bundle beside it.
  @Suite struct RelocatedBinaryTests {
    /// Runs the copy with an empty `HOME` and the current directory empty too.
    static func runCopy(_ arguments: [String]) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
      let temporary = TemporaryDirectory("beacon-copy")
      let directory = temporary.url
      let home = directory.appendingPathComponent("home")
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
      let copy = directory.appendingPathComponent("beacon")
      try FileManager.default.copyItem(at: try BeaconBinary.url(), to: copy)

      let process = Process()
      process.executableURL = copy
      process.arguments = arguments
      process.environment = BeaconProcess.sanitizerVariables.merging(["HOME": home.path]) { _, new in new }
      process.currentDirectoryURL = directory
      // stderr goes to a file, so reading stdout to its end cannot block on a full stderr pipe.
      let errorFile = directory.appendingPathComponent("stderr.txt")
      _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
      let errorHandle = try FileHandle(forWritingTo: errorFile)
      defer { try? errorHandle.close() }
      let stdout = Pipe()
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = stdout
      process.standardError = errorHandle
      try process.run()
      let output = Array(stdout.fileHandleForReading.readDataToEndOfFile())
      process.waitUntilExit()
      let errorText = String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self)
      return (process.terminationStatus, output, errorText)
    }

    @Test func aCopiedBinaryServesTheWholeOpenRPCDocument() throws {
      let result = try Self.runCopy(["call", "rpc.discover"])
      #expect(result.status == 0, "stderr: \(result.stderr)")
      let schemaFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Schemas/openrpc.json")
      let expected = try JSONParser.parse(Array(try Data(contentsOf: schemaFile)))
      #expect(try JSONParser.parse(result.stdout) == expected)
    }

    @Test func versionNamesTheCommitItWasBuiltFrom() throws {
      let result = try Self.runCopy(["--version"])
      #expect(result.status == 0, "stderr: \(result.stderr)")
      let line = String(decoding: result.stdout, as: UTF8.self)
      let commit = line.firstRange(of: /\(commit ([0-9a-f]{7,40}|unknown), SQLite [0-9.]+\)\n$/)
      #expect(commit != nil, "stdout: \(line)")
    }
  }
}
