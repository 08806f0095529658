import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore
@testable import BeaconCrypto
@testable import BeaconServer

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `CryptoChartSVG`: a well-formed SVG document (parsed with Foundation's XML parser) with one bar per coin and period,
/// the coins' names, axis titles, legend, percent ticks, and names that cannot break the markup.
@Suite struct CryptoChartSVGTests {
  static func stats(_ coins: [Coin], language: Language = .nb) -> CryptoStatsResult {
    let alerts = CryptoStatsResult.alerts(coins, threshold: 10)
    return CryptoStatsResult(
      coins: coins.map { CoinSummary($0, money: .usd) },
      chart: CryptoStatsResult.chart(coins, language: language),
      alert: !alerts.isEmpty,
      alertThreshold: 10,
      alerts: alerts,
      rain: nil,
      source: .live,
      stale: false,
      fetchedAt: Date(timeIntervalSince1970: 0),
      presentation: nil,
      attribution: CryptoService.attribution
    )
  }

  /// Collects element names, attributes and text.
  final class Collector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var texts: [String] = []
    private var current = ""

    func parser(
      _ parser: XMLParser,
      didStartElement elementName: String,
      namespaceURI: String?,
      qualifiedName qName: String?,
      attributes attributeDict: [String: String] = [:]
    ) {
      elements.append((elementName, attributeDict))
      current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
      if elementName == "text" { texts.append(current) }
      current = ""
    }
  }

  static func parse(_ svg: String) throws -> Collector {
    let parser = XMLParser(data: Data(svg.utf8))
    let collector = Collector()
    parser.delegate = collector
    #expect(parser.parse(), "well-formed: \(String(describing: parser.parserError))")
    return collector
  }

  @Test func theChartIsWellFormedWithABarPerCoinAndPeriod() throws {
    let coins = try CoinLoreDecoding.ticker(from: Array(CoinLoreFixtures.ticker(ids: ["90", "80", "45088"]).utf8))
    let svg = CryptoChartSVG(Self.stats(coins), output: HumanOutput(language: .nb)).render()
    #expect(svg.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
    let parsed = try Self.parse(svg)
    #expect(parsed.elements.first?.name == "svg")
    #expect(parsed.elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    let bars = parsed.elements.filter { $0.name == "rect" && $0.attributes["fill"] != "#FFFFFF" }
    #expect(bars.count == 3 * 3 + 3, "nine bars and three legend swatches")
    for colour in ["#4E79A7", "#F28E2B", "#59A14F"] {
      #expect(bars.count { $0.attributes["fill"] == colour } == 4, "\(colour)")
    }
    for label in ["Bitcoin", "Ethereum", "Shiba Inu", "Kryptovaluta", "Endring (%)", "1 t", "24 t", "7 d", "0 %"] {
      #expect(parsed.texts.contains(label), "\(label) in \(parsed.texts)")
    }
    #expect(parsed.texts.contains("-21,0 %"), "Shiba Inu's 7-day fall is labelled")
    #expect(parsed.texts.contains("+11,4 %"))
  }

  @Test func negativeBarsHangBelowTheZeroLine() throws {
    let coins = [Coin(id: "1", symbol: "D", name: "Down", change1h: -5, change24h: 5, change7d: nil)]
    let parsed = try Self.parse(
      CryptoChartSVG(Self.stats(coins, language: .en), output: HumanOutput(language: .en)).render()
    )
    let zero = try #require(parsed.elements.first { $0.name == "line" && $0.attributes["stroke"] == "#333333" })
    let zeroY = try #require(Double(zero.attributes["y1"] ?? ""))
    let down = try #require(parsed.elements.first { $0.attributes["fill"] == "#4E79A7" && $0.attributes["x"] != nil })
    let up = try #require(parsed.elements.first { $0.attributes["fill"] == "#F28E2B" && $0.attributes["x"] != nil })
    #expect(Double(down.attributes["y"] ?? "") == zeroY, "a fall starts at zero and goes down")
    let upY = try #require(Double(up.attributes["y"] ?? ""))
    let upHeight = try #require(Double(up.attributes["height"] ?? ""))
    #expect(abs(upY + upHeight - zeroY) < 0.11, "a rise ends at zero")
    #expect(parsed.texts.contains("Change (%)"))
    #expect(parsed.texts.contains("-5.0%"))
  }

  @Test func namesCannotBreakTheMarkup() throws {
    let coins = [Coin(id: "1", symbol: "X", name: #"<b>"Ærlig" & 'sann'</b>"#, change1h: 1, change24h: 2, change7d: 3)]
    let parsed = try Self.parse(CryptoChartSVG(Self.stats(coins), output: HumanOutput(language: .nb)).render())
    #expect(parsed.texts.contains(#"<b>"Ærlig" & 'sann'</b>"#))
    #expect(!parsed.elements.contains { $0.name == "b" })
  }
}
