import BeaconCore
import Foundation

/// What `beacon store …` does: look after the store file itself, without a session (it may be too damaged
/// to open one).
package enum StoreAction: Equatable {
  /// `beacon store check`: SQLite's integrity check and what each table holds that can be read.
  case check
  /// `beacon store recover [--output PATH]`: copy what can be read into a new store.
  case recover(output: String?)
  /// `beacon store copy FROM TO`: the whole store from one backend to another (``StoreCopyCommand``).
  case copy(from: String, to: String)
}

extension HumanCommandParser {
  /// `beacon store check | recover [--output PATH] | copy FROM TO`.
  func parseStore() throws(UsageError) -> Command {
    for name in ["--json", "--geojson"] where has(name) {
      throw UsageError(.optionNotAllowed(option: name, command: "store"))
    }
    switch arguments.first {
    case "check":
      try allow([])
      try expect(arguments: [], after: 1)
      return .store(.check)
    case "recover":
      try allow(["--output"])
      try expect(arguments: [], after: 1)
      return .store(.recover(output: last("--output")))
    case "copy":
      try allow([])
      let ends = try expect(arguments: ["FROM", "TO"], after: 1)
      return .store(.copy(from: ends[0], to: ends[1]))
    case nil:
      throw UsageError(message: .missingArgument("check|recover|copy"))
    case let other?:
      throw UsageError(message: .unknownCommand("store \(other)"))
    }
  }
}

/// `beacon store check` and `beacon store recover`.
package enum StoreCommand {
  package static func run(_ action: StoreAction, options: ServerOptions, logger: Logger) async -> Int32 {
    if case .copy(let from, let to) = action {
      return await StoreCopyCommand.run(from: from, to: to, options: options, logger: logger)
    }
    let language = options.initialLanguage
    let environment = ProcessInfo.processInfo.environment
    var given = options.flags.storePath ?? options.environment.storePath
    switch given.map(StoreTarget.init) {
    case .postgres?:
      // A SQLite file's check and recovery; never the URL (its password) in a message.
      logger.sink(BeaconServer.notOnSharedStore("store", in: language))
      return 1
    case .sqlite(let path)?: given = path
    case nil: break
    }
    let path =
      given.map { ($0 as NSString).expandingTildeInPath } ?? StoreLocation.defaultPath(environment: environment)
    func say(_ text: StoreText) -> String { text.text(in: language) }
    func table(_ count: StoreRecovery.TableCount) -> String {
      "  " + say(.table(name: count.table, rows: count.rows, damaged: count.damaged))
    }
    guard FileManager.default.fileExists(atPath: path) else {
      logger.sink(say(.noSuchFile(path: path)))
      return 1
    }
    do {
      switch action {
      case .check:
        let report = try StoreRecovery.check(path: path)
        for problem in report.problems { logger.debug("integrity_check: \(problem)") }
        guard report.isReadable else {
          logger.sink(say(.unreadable(path: path)))
          return 1
        }
        let damaged = report.tables.filter(\.damaged).count
        let shown = report.tables.filter { $0.rows > 0 || $0.damaged }
        if report.isHealthy {
          StandardOutput.write([say(.healthy(path: path))] + shown.map(table))
          return 0
        }
        StandardOutput.write([say(.damaged(path: path, tables: max(damaged, 1)))] + shown.map(table))
        logger.sink(say(.recoverHint))
        return 1
      case .recover(let output):
        let target = output.map { ImportCommand.absolutePath($0) } ?? defaultOutput(for: path, now: options.now())
        guard !FileManager.default.fileExists(atPath: target) else {
          logger.sink(say(.outputExists(path: target)))
          return 1
        }
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder) else {
          logger.sink(LocalizedMessage.storeDirectoryMissing(path: target, directory: folder).text(in: language))
          return 1
        }
        let report = try StoreRecovery.recover(from: path, to: target, migrations: Feature.storeMigrations)
        guard report.tables.contains(where: { $0.rows > 0 }) else {
          try? FileManager.default.removeItem(atPath: target)
          logger.sink(say(.nothingRecovered(path: path)))
          return 1
        }
        let shown = report.tables.filter { $0.rows > 0 || $0.damaged }
        StandardOutput.write(
          [say(.recovered(path: path, output: target))] + shown.map(table)
            + [say(.useRecovered(path: path, output: target))]
        )
        return 0
      case .copy:
        return 1  // Handled above.
      }
    } catch {
      logger.sink(error.message(in: language))
      return 1
    }
  }

  /// `beacon-recovered-20261125-1712.sqlite` next to `beacon.sqlite`.
  static func defaultOutput(for path: String, now: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let url = URL(fileURLWithPath: path)
    let stem = url.deletingPathExtension().lastPathComponent
    let name = "\(stem)-recovered-\(formatter.string(from: now)).sqlite"
    return url.deletingLastPathComponent().appendingPathComponent(name).path
  }
}
