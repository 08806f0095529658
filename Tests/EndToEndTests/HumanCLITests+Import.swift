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

/// `beacon import FILE`: the `places/import` method with a summary, and a progress bar on a terminal.
extension EndToEnd.HumanCLITests {
  /// An OpenStreetMap export: a restaurant, two cafés and a hotel, plus one nameless restaurant, one bank and
  /// one duplicate.
  static let osmExport = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "node/101", "properties": {"amenity": "restaurant", "name": "Fjellstua Bistro"},
       "geometry": {"type": "Point", "coordinates": [10.76, 59.92]}},
      {"type": "Feature", "id": "node/102", "properties": {"amenity": "cafe", "name": "Kaffekoppen"},
       "geometry": {"type": "Point", "coordinates": [10.761, 59.921]}},
      {"type": "Feature", "id": "node/103", "properties": {"tourism": "hotel", "name": "Hotell Nord"},
       "geometry": {"type": "Point", "coordinates": [10.762, 59.922]}},
      {"type": "Feature", "id": "node/104", "properties": {"amenity": "cafe", "name": "Kafé Sør"},
       "geometry": {"type": "Point", "coordinates": [10.763, 59.923]}},
      {"type": "Feature", "id": "node/105", "properties": {"amenity": "restaurant"},
       "geometry": {"type": "Point", "coordinates": [10.764, 59.924]}},
      {"type": "Feature", "id": "node/106", "properties": {"amenity": "bank", "name": "Banken"},
       "geometry": {"type": "Point", "coordinates": [10.765, 59.925]}},
      {"type": "Feature", "id": "node/101", "properties": {"amenity": "restaurant", "name": "Fjellstua Bistro"},
       "geometry": {"type": "Point", "coordinates": [10.76, 59.92]}}
    ]}
    """

  @Test func importPrintsASummaryAndTheImportedPlacesCanBeSearchedOffline() throws {
    let workspace = try Workspace()
    let file = try workspace.write(Self.osmExport, to: "oslo.geojson")
    let result = try workspace.run(["import", file])
    #expect(result.termination == .exited(0), "stderr: \(result.stderr)")
    #expect(result.stdout.contains("Importerte 4 steder"), "\(result.stdout)")
    #expect(result.stdout.contains("1 restaurant"))
    #expect(result.stdout.contains("2 kafeer"))
    #expect(result.stdout.contains("1 hotell"))
    #expect(result.stdout.contains("Hoppet over 3"))
    #expect(result.stdout.contains("uten navn"))
    #expect(!result.stderr.contains("\r"), "no progress bar when stderr is not a terminal: \(result.stderr)")

    let cafes = try workspace.succeed(["--offline", "search", "--near", "59.92,10.76", "--category", "cafe"])
    #expect(cafes.contains("Kaffekoppen"), "\(cafes)")
    #expect(cafes.contains("Kafé Sør"))

    let json = try Self.parse(try workspace.succeed(["import", file, "--json"]))
    #expect(json["file"]?.stringValue == file)
    #expect(json["total"] == 4)
    #expect(json["imported"] == ["restaurant": 1, "cafe": 2, "hotel": 1])
    #expect(json["skipped"]?["nameless"] == 1)
    #expect(json["skipped"]?["otherKind"] == 1)

    let english = try workspace.succeed(["--locale", "en", "import", file])
    #expect(english.contains("Imported 4 places"), "\(english)")
    #expect(english.contains("2 cafés"))
  }

  @Test func importOfAMissingFileFailsWithExitCode1() throws {
    let workspace = try Workspace()
    let missing = workspace.directory.appendingPathComponent("missing.geojson").path
    let result = try workspace.run(["import", missing])
    #expect(result.termination == .exited(1))
    #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")
    #expect(result.stderr.contains("missing.geojson"), "\(result.stderr)")
  }

  @Test func importDrawsAProgressBarOnATerminalAndClearsIt() throws {
    let workspace = try Workspace()
    let file = try workspace.write(Self.osmExport, to: "oslo.geojson")
    let result = try Self.runWithTerminalStderr(["--store", workspace.storePath, "import", file])
    #expect(result.termination == .exited(0), "stderr: \(result.stderr)")
    #expect(result.stdout.contains("Importerte 4 steder"), "\(result.stdout)")
    #expect(result.stderr.contains("\r\u{1B}[K"), "stderr: \(excerpt(Array(result.stderr.utf8)))")
    #expect(result.stderr.contains("%"))
    #expect(result.stderr.hasSuffix("\r\u{1B}[K"), "the bar is cleared at the end")
  }

  /// Runs `beacon arguments` with stderr on a pseudo-terminal (so `isatty(2)` holds) and stdout on a pipe.
  static func runWithTerminalStderr(_ arguments: [String], timeout: Double = 15) throws -> CommandResult {
    let (master, name) = try openPseudoTerminal()
    defer { close(master) }
    let terminal = open(name, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw HarnessError("cannot open \(name) (errno \(errno))") }
    let process = Process()
    process.executableURL = try BeaconBinary.url()
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment.filter { name, _ in
      !name.hasPrefix("BEACON_") && name != "GEOAPIFY_API_KEY"
    }
    environment["BEACON_OFFLINE"] = "1"
    process.environment = environment
    let stdout = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    try process.run()
    close(terminal)
    let collected = OutputCollector(handle: stdout.fileHandleForReading, name: "stdout", parsesMessages: false)

    var stderr: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) >= 0 || errno == EINTR else { break }
      if descriptor.revents == 0 {
        if !process.isRunning { break }
        continue
      }
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if count > 0 {
        stderr.append(contentsOf: buffer[0..<count])
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break  // EIO: the child closed the terminal's last descriptor.
      }
    }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    guard collected.waitForEnd(timeout: timeout) else { throw HarnessError("stdout did not end") }
    let status = process.terminationStatus
    return CommandResult(
      termination: process.terminationReason == .exit ? .exited(status) : .signalled(status),
      stdout: collected.text,
      stderr: String(decoding: stderr, as: UTF8.self)
    )
  }

  /// Opens the master side of a new pseudo-terminal and returns it with the path of its terminal side.
  static func openPseudoTerminal() throws -> (Int32, String) {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0 else { throw HarnessError("no pseudo-terminal (errno \(errno))") }
    #if os(Linux)
    // TIOCSPTLCK and TIOCGPTN (asm-generic/ioctls.h): unlock the terminal side and ask for its number.
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
      close(master)
      throw HarnessError("cannot set up the pseudo-terminal (errno \(errno))")
    }
    return (master, "/dev/pts/\(number)")
    #else
    guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
      close(master)
      throw HarnessError("cannot set up the pseudo-terminal (errno \(errno))")
    }
    return (master, String(cString: name))
    #endif
  }
}
