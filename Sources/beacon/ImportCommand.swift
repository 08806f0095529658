import BeaconCore
import BeaconServer
import Foundation
import JSONRPC

/// `beacon import FILE`: the `places/import` method with a progress bar on a terminal and a summary at the end.
enum ImportCommand {
  /// The `workDoneToken` the import's `$/progress` notifications carry.
  static let progressToken = "import"

  static func run(path: String, format: OutputFormat, options: ServerOptions, logger: Logger) async -> Int32 {
    let bar = ProgressBar(title: CLIText.importing.text(in: options.initialLanguage))
    guard
      let session = await CommandSession.start(
        options: options,
        logger: logger,
        beforeStderr: { bar.clear() },
        onNotification: { method, params in
          guard method == "$/progress", params?["token"]?.stringValue == progressToken, let value = params?["value"]
          else { return }
          bar.update(value)
        }
      )
    else { return 1 }
    let params: JSONValue = ["path": .string(absolutePath(path)), "workDoneToken": .string(progressToken)]
    let result = await session.call("places/import", params)
    bar.clear()
    guard let result else { return 1 }
    if format == .json {
      StandardOutput.writeJSON(result)
    } else {
      StandardOutput.write(summary(result, output: session.output))
    }
    return 0
  }

  /// `path` made absolute against the current directory, so the server reads the file the user meant.
  static func absolutePath(_ path: String) -> String {
    let expanded = (path as NSString).expandingTildeInPath
    let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    return URL(fileURLWithPath: expanded, relativeTo: base).standardizedFileURL.path
  }

  /// How many places of each category came in, and which features were left out and why.
  ///
  /// Reads the result as JSON: `{file, total, imported: {restaurant, cafe, hotel}, skipped: {reason: count}}`.
  static func summary(_ result: JSONValue, output: HumanOutput) -> [String] {
    let file = result["file"]?.stringValue ?? ""
    let total = result["total"]?.intValue ?? 0
    var lines = [output.text(.imported(total: total, file: file))]
    let imported = PlaceCategory.allCases.map { category in
      (category, result["imported"]?[category.rawValue]?.intValue ?? 0)
    }
    let countWidth = imported.map { String($0.1).count }.max() ?? 1
    for (category, count) in imported {
      let noun = category.counted(count, in: output.language).drop(while: { $0 != " " }).dropFirst()
      lines.append("  " + TableFormatter.pad(String(count), to: countWidth, alignment: .right) + " " + noun)
    }
    var skipped: [(reason: String, count: Int)] = []
    for (reason, value) in result["skipped"]?.objectValue ?? [:] {
      if let count = value.intValue, count > 0 { skipped.append((reason, count)) }
    }
    skipped.sort { $0.count != $1.count ? $0.count > $1.count : $0.reason < $1.reason }
    if !skipped.isEmpty {
      let skippedTotal = skipped.reduce(0) { $0 + $1.count }
      lines.append(output.text(.skipped(skippedTotal)))
      let skippedWidth = skipped.map { String($0.count).count }.max() ?? 1
      for (reason, count) in skipped {
        let number = TableFormatter.pad(String(count), to: skippedWidth, alignment: .right)
        lines.append("  " + number + " " + output.text(.skipReason(reason)))
      }
    }
    return lines
  }
}
