import BeaconCore
import BeaconCrypto
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
    return await CommandSession.run(options: options, logger: logger) { session in
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

extension FeatureVerb {
  /// `beacon crypto …`.
  static let crypto = FeatureVerb(
    name: "crypto",
    valueOptions: ["--order", "--start", "--svg", "--nok-rate", "--alert-threshold"],
    parse: { parser throws(CommandLineArguments.UsageError) in try parser.parseCrypto() },
    help: LocalizedLines(nb: CryptoHelp.nb, nn: CryptoHelp.nn, en: CryptoHelp.en),
    environment: LocalizedLines(
      nb: CryptoHelp.nbEnvironment,
      nn: CryptoHelp.nnEnvironment,
      en: CryptoHelp.enEnvironment
    )
  )
}

extension CommandLineArguments.Command {
  /// `beacon crypto …`, parsed.
  static func crypto(_ command: CryptoCommand, format: OutputFormat) -> Self {
    .feature(
      FeatureCommand("crypto \(command) \(format)") { options, logger in
        await CryptoCommandRunner.run(command, format: format, options: options, logger: logger)
      }
    )
  }
}

/// `beacon crypto`'s lines in `beacon --help`, in Bokmål, Nynorsk and English.
private enum CryptoHelp {
  static let nb = """
      beacon crypto [global] [--refresh] [--json]     kryptomarkedet fra CoinLore (alle tall fra /global/)
      beacon crypto list [VALG] [--refresh] [--json]  kryptovalutaer med pris (i kroner når kronekursen er satt)
          --sort rank|change1h|change24h|change7d    rekkefølge (standard rank; endringer største først)
          --order asc|desc                           stigende eller synkende
          --start N --limit N                        hopp over N etter rang; vis høyst N (1–100, standard 100)
      beacon crypto show ID [--refresh] [--json]      alt om én kryptovaluta (ID fra listen, f.eks. 90)
      beacon crypto stats [ID…] [--svg FIL] [--refresh] [--json]
                                                      endring siste 1 t, 24 t og 7 d (standard 90 80 58);
                                                      --svg lagrer stolpediagrammet som SVG
      beacon crypto settings [--nok-rate KURS|none] [--alert-threshold N] [--json]
                                                      kronekurs (kr per dollar) og varslingsgrense 0–100 %
    """
  static let nn = """
      beacon crypto [global] [--refresh] [--json]     kryptomarknaden frå CoinLore (alle tal frå /global/)
      beacon crypto list [VAL] [--refresh] [--json]   kryptovalutaer med pris (i kroner når kronekursen er sett)
          --sort rank|change1h|change24h|change7d    rekkjefølgje (standard rank; endringar største først)
          --order asc|desc                           stigande eller synkande
          --start N --limit N                        hopp over N etter rang; vis høgst N (1–100, standard 100)
      beacon crypto show ID [--refresh] [--json]      alt om éin kryptovaluta (ID frå lista, t.d. 90)
      beacon crypto stats [ID…] [--svg FIL] [--refresh] [--json]
                                                      endring siste 1 t, 24 t og 7 d (standard 90 80 58);
                                                      --svg lagrar stolpediagrammet som SVG
      beacon crypto settings [--nok-rate KURS|none] [--alert-threshold N] [--json]
                                                      kronekurs (kr per dollar) og varslingsgrense 0–100 %
    """
  static let en = """
      beacon crypto [global] [--refresh] [--json]     the crypto market from CoinLore (every figure of /global/)
      beacon crypto list [OPTIONS] [--refresh] [--json]
                                                      cryptocurrencies with prices (in kroner once the rate is set)
          --sort rank|change1h|change24h|change7d    order (default rank; changes largest first)
          --order asc|desc                           ascending or descending
          --start N --limit N                        skip N by rank; show at most N (1–100, default 100)
      beacon crypto show ID [--refresh] [--json]      everything about one coin (ID from the list, e.g. 90)
      beacon crypto stats [ID…] [--svg FILE] [--refresh] [--json]
                                                      change over 1 h, 24 h and 7 d (default 90 80 58);
                                                      --svg saves the bar chart as SVG
      beacon crypto settings [--nok-rate RATE|none] [--alert-threshold N] [--json]
                                                      krone rate (NOK per dollar) and alert threshold 0–100 %
    """
  static let nbEnvironment = """
      BEACON_COINLORE_URL    annen adresse til CoinLore (standard https://api.coinlore.net)
    """
  static let nnEnvironment = """
      BEACON_COINLORE_URL    anna adresse til CoinLore (standard https://api.coinlore.net)
    """
  static let enEnvironment = """
      BEACON_COINLORE_URL    another address for CoinLore (default https://api.coinlore.net)
    """
}
