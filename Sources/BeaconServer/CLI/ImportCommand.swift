import BeaconCore
import BeaconSync
import Foundation
import JSONRPC

/// `beacon import FILE`: the `places/import` method with a progress bar on a terminal and a summary at the end.
/// `beacon import -` reads the standard input (a pipe: `osmium export … -o - | beacon import -`).
package enum ImportCommand {
  /// The `workDoneToken` the import's `$/progress` notifications carry.
  static let progressToken = "import"

  package static func run(path: String, format: OutputFormat, options: ServerOptions, logger: Logger) async -> Int32 {
    var options = options
    if path == "-" {
      // Human commands leave the standard input alone, so the import may read it; never a terminal, though.
      guard isatty(STDIN_FILENO) == 0 else {
        logger.sink(LocalizedMessage.osmImport(.standardInputIsTerminal).text(in: options.initialLanguage))
        return 1
      }
      options.importsFromStandardInput = true
    }
    let bar = ProgressBar(
      title: HumanText.importing.text(in: options.initialLanguage),
      output: HumanOutput(language: options.initialLanguage),
      size: path == "-" ? nil : fileSize(path)
    )
    return await CommandSession.run(
      options: options,
      logger: logger,
      beforeStderr: { bar.clear() },
      onNotification: { method, params in
        guard method == "$/progress", params?["token"]?.stringValue == progressToken, let value = params?["value"]
        else { return }
        bar.update(value)
      }
    ) { session in
      let params: JSONValue = [
        "path": .string(path == "-" ? path : absolutePath(path)), "workDoneToken": .string(progressToken),
      ]
      // Ctrl-C cancels the import, which rolls its transaction back, instead of ending the process in the middle.
      let interrupted = Locked(false)
      let call = Task { await session.client.call("places/import", params: params) }
      let interrupts = onInterrupt {
        interrupted.withLock { $0 = true }
        call.cancel()
      }
      let outcome = await call.value
      interrupts.cancel()
      bar.clear()
      let result: JSONValue
      switch outcome {
      case .success(let value):
        result = value
      case .failure where interrupted.withLock({ $0 }):
        logger.sink(HumanText.importInterrupted(file: path == "-" ? nil : path).text(in: session.language))
        return 130
      case .failure(let error):
        session.show(error)
        return 1
      }
      if format == .json {
        StandardOutput.writeJSON(result)
      } else {
        StandardOutput.write(session.output.importSummary(result))
      }
      return 0
    }
  }

  /// Calls `handler` on each SIGINT until the returned source is cancelled; SIGINT's default action (ending the
  /// process) comes back then.
  static func onInterrupt(_ handler: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
    let source = SignalSource.make(SIGINT, handler: handler)
    source.setCancelHandler { signal(SIGINT, SIG_DFL) }
    return source
  }

  /// The size in bytes of the regular file at `path`, if it is one.
  static func fileSize(_ path: String) -> Int? {
    var status = stat()
    guard stat(absolutePath(path), &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(status.st_size)
  }

  /// `path` made absolute against the current directory, so the server reads the file the user meant.
  static func absolutePath(_ path: String) -> String {
    let expanded = (path as NSString).expandingTildeInPath
    let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    return URL(fileURLWithPath: expanded, relativeTo: base).standardizedFileURL.path
  }
}
