import BeaconCore
import BeaconCrypto
import BeaconServer
import Foundation
import JSONRPC

/// What `beacon crypto …` does.
enum CryptoCommand: Equatable {
  /// `beacon crypto [global]`: `crypto/global`.
  case global(refresh: Bool)
  /// `beacon crypto list`: `crypto/tickers`.
  case list(sort: CoinSortKey?, order: CoinSortOrder?, start: Int?, limit: Int?, refresh: Bool)
  /// `beacon crypto show ID`: `crypto/ticker`.
  case show(id: String, refresh: Bool)
  /// `beacon crypto stats [ID…] [--svg FILE]`: `crypto/stats`, optionally drawn as SVG.
  case stats(ids: [String], svg: String?, refresh: Bool)
  /// `beacon crypto settings [--nok-rate R|none] [--alert-threshold N]`: `crypto/settings/get` or `…/update`.
  case settings(nokRate: Double??, alertThreshold: Double?)

  /// The coins `beacon crypto stats` compares when none are named: Bitcoin, Ethereum and XRP (Ripple).
  static let defaultStatsIDs = ["90", "80", "58"]
}

extension HumanCommandParser {
  /// `beacon crypto [global | list | show ID | stats [ID…] | settings]`.
  func parseCrypto() throws(UsageError) -> Command {
    func integer(_ name: String) throws(UsageError) -> Int? {
      guard let value = last(name) else { return nil }
      guard let number = Int(value) else { throw UsageError(.invalidInteger(name: name, value: value)) }
      return number
    }
    func number(_ name: String) throws(UsageError) -> Double? {
      guard let value = last(name) else { return nil }
      guard let number = Self.decimal(value), number.isFinite else {
        throw UsageError(.invalidNumber(option: name, value: value))
      }
      return number
    }
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws(UsageError) -> T?
    where T.RawValue == String {
      guard let value = last(name) else { return nil }
      guard let chosen = T(rawValue: value) else {
        throw UsageError(.invalidChoice(option: name, value: value, choices: T.allCases.map(\.rawValue)))
      }
      return chosen
    }
    let command: CryptoCommand
    switch arguments.first {
    case nil, "global":
      try allow(["--refresh"])
      try expect(arguments: [], after: arguments.isEmpty ? 0 : 1)
      command = .global(refresh: has("--refresh"))
    case "list":
      try allow(["--sort", "--order", "--start", "--limit", "--refresh"])
      try expect(arguments: [], after: 1)
      command = .list(
        sort: try choice("--sort", CoinSortKey.self),
        order: try choice("--order", CoinSortOrder.self),
        start: try self.integer("--start", in: 0...Int.max),
        limit: try self.integer("--limit", in: CryptoService.limitRange),
        refresh: has("--refresh")
      )
    case "show":
      try allow(["--refresh"])
      command = .show(id: try expect(arguments: ["ID"], after: 1)[0], refresh: has("--refresh"))
    case "stats":
      try allow(["--svg", "--refresh"])
      let ids = Array(arguments.dropFirst())
      command = .stats(
        ids: ids.isEmpty ? CryptoCommand.defaultStatsIDs : ids,
        svg: last("--svg"),
        refresh: has("--refresh")
      )
    case "settings":
      try allow(["--nok-rate", "--alert-threshold"])
      try expect(arguments: [], after: 1)
      var nokRate: Double??
      if let value = last("--nok-rate") {
        nokRate = ["none", "ingen", "usd"].contains(value.lowercased()) ? .some(nil) : .some(try number("--nok-rate"))
      }
      let threshold = try number("--alert-threshold")
      if let threshold, !CryptoSettings.alertThresholdRange.contains(threshold) {
        let range = CryptoSettings.alertThresholdRange
        throw UsageError(
          .outOfRange(
            option: "--alert-threshold",
            lower: String(Int(range.lowerBound)),
            upper: String(Int(range.upperBound)),
            value: last("--alert-threshold") ?? "",
            unit: "%"
          )
        )
      }
      command = .settings(nokRate: nokRate, alertThreshold: threshold)
    case let other?:
      throw UsageError(message: .unknownCommand("crypto \(other)"))
    }
    return .crypto(command, format: try format())
  }
}

/// `beacon crypto …`: the crypto methods as tables and labelled lines, or their JSON with `--json`.
enum CryptoCommandRunner {
  static func run(_ command: CryptoCommand, format: OutputFormat, options: ServerOptions, logger: Logger) async -> Int32
  {
    guard let session = await CommandSession.start(options: options, logger: logger) else { return 1 }
    func refreshing(_ refresh: Bool) -> [String: JSONValue] { refresh ? ["refresh": true] : [:] }
    switch command {
    case .global(let refresh):
      return await session.show(CryptoGlobalRequest.method, .object(refreshing(refresh)), format)
    case .list(let sort, let order, let start, let limit, let refresh):
      var params = refreshing(refresh)
      if let sort { params["sort"] = .string(sort.rawValue) }
      if let order { params["order"] = .string(order.rawValue) }
      if let start { params["start"] = .int(start) }
      if let limit { params["limit"] = .int(limit) }
      return await session.show(CryptoTickersRequest.method, .object(params), format)
    case .show(let id, let refresh):
      var params = refreshing(refresh)
      params["id"] = .string(id)
      return await session.show(CryptoTickerRequest.method, .object(params), format)
    case .stats(let ids, let svg, let refresh):
      var params = refreshing(refresh)
      params["ids"] = .array(ids.map(JSONValue.string))
      return await stats(.object(params), svg: svg, format: format, session: session)
    case .settings(let nokRate, let alertThreshold):
      var params: [String: JSONValue] = [:]
      switch nokRate {
      case .some(.some(let rate)): params["nokRate"] = .double(rate)
      case .some(.none): params["nokRate"] = .null
      case .none: break
      }
      if let alertThreshold { params["alertThreshold"] = .double(alertThreshold) }
      let method = params.isEmpty ? GetCryptoSettingsRequest.method : UpdateCryptoSettingsRequest.method
      return await session.show(method, .object(params), format)
    }
  }

  /// `crypto/stats`, printed, and drawn into `svg` when given.
  private static func stats(
    _ params: JSONValue,
    svg: String?,
    format: OutputFormat,
    session: CommandSession
  ) async
    -> Int32
  {
    guard let result = await session.call(CryptoStatsRequest.method, params) else { return 1 }
    guard let decoded = session.decode(CryptoStatsResult.self, from: result) else { return 1 }
    let output = session.output
    var notice: String?
    if let svg {
      let path = (svg as NSString).expandingTildeInPath
      do {
        try Data(CryptoChartSVG(decoded, output: output).render().utf8).write(to: URL(fileURLWithPath: path))
        notice = output.cryptoText(.chartWritten(svg))
      } catch {
        session.beforeStderr()
        session.logger.sink(output.cryptoText(.cannotWriteFile(svg)))
        return 1
      }
    }
    if format == .json {
      StandardOutput.writeJSON(result)
    } else {
      StandardOutput.write(output.cryptoStats(decoded) + (notice.map { [$0] } ?? []))
    }
    return 0
  }
}
