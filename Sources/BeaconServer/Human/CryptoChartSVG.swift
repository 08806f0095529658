import BeaconCore
import BeaconCrypto
import Foundation

/// The `crypto/stats` chart as a standalone SVG 1.1 image: one group of bars per coin (its name under the x axis),
/// one bar per period (1 h, 24 h, 7 d, each its own colour, with its value), percent on the y axis with grid lines
/// and a stronger zero line, the axis titles, and a legend. Written by `beacon crypto stats --svg FILE`.
package struct CryptoChartSVG: Sendable {
  /// The bar colours of 1 h, 24 h and 7 d (colour-blind safe).
  package static let colors: [ChangePeriod: String] = [.hour: "#4E79A7", .day: "#F28E2B", .week: "#59A14F"]

  let result: CryptoStatsResult
  let output: HumanOutput

  /// A chart of `result`, with numbers written as `output` writes them.
  package init(_ result: CryptoStatsResult, output: HumanOutput) {
    self.result = result
    self.output = output
  }

  // Layout in pixels.
  private let left = 80.0
  private let right = 30.0
  private let top = 70.0
  private let bottom = 70.0
  private let plotHeight = 320.0
  private var groupWidth: Double { 170 }
  private var width: Double { left + right + groupWidth * Double(max(1, categories.count)) }
  private var height: Double { top + plotHeight + bottom }
  private var categories: [String] { result.chart.series.first?.points.map(\.x) ?? [] }

  /// The y axis: from the lowest to the highest tick, ticks every `step` percent (0 is always on it).
  func scale() -> (low: Double, high: Double, step: Double) {
    let values = result.chart.series.flatMap { $0.points.compactMap(\.y) }.filter(\.isFinite)
    let low = min(0, values.min() ?? 0)
    let high = max(0, values.max() ?? 0)
    let span = max(high - low, 1)
    let raw = span / 5
    let magnitude = pow(10, floor(log10(raw)))
    let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
    return ((low / step).rounded(.down) * step, max((high / step).rounded(.up) * step, step), step)
  }

  /// The SVG document.
  package func render() -> String {
    let (low, high, step) = scale()
    func y(_ value: Double) -> Double { top + (high - value) / (high - low) * plotHeight }
    let plotRight = width - right
    var svg: [String] = [
      ##"<?xml version="1.0" encoding="UTF-8"?>"##,
      ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Self.n(width))" height="\##(Self.n(height))" "##
        + ##"viewBox="0 0 \##(Self.n(width)) \##(Self.n(height))" font-family="Helvetica, Arial, sans-serif">"##,
      ##"<title>\##(Self.escape(result.chart.yAxis))</title>"##,
      ##"<rect width="100%" height="100%" fill="#FFFFFF"/>"##,
      ##"<text x="\##(Self.n(left))" y="28" font-size="18" font-weight="bold" fill="#222222">"##
        + ##"\##(Self.escape(result.chart.yAxis))</text>"##,
    ]
    var tick = low
    while tick <= high + step / 2 {
      let position = Self.n(y(tick))
      let isZero = abs(tick) < step / 1000
      svg.append(
        ##"<line x1="\##(Self.n(left))" y1="\##(position)" x2="\##(Self.n(plotRight))" y2="\##(position)" "##
          + ##"stroke="\##(isZero ? "#333333" : "#DDDDDD")" stroke-width="\##(isZero ? 1.5 : 1)"/>"##
      )
      svg.append(
        ##"<text x="\##(Self.n(left - 8))" y="\##(Self.n(y(tick) + 4))" font-size="13" text-anchor="end" "##
          + ##"fill="#444444">\##(Self.escape(output.plainPercent(isZero ? 0 : tick)))</text>"##
      )
      tick += step
    }
    for (index, name) in categories.enumerated() {
      let groupLeft = left + groupWidth * Double(index)
      let barWidth = (groupWidth - 40) / Double(max(1, result.chart.series.count))
      for (seriesIndex, series) in result.chart.series.enumerated() {
        guard index < series.points.count, let value = series.points[index].y, value.isFinite else { continue }
        let x = groupLeft + 20 + barWidth * Double(seriesIndex)
        let barTop = min(y(value), y(0))
        let barHeight = max(abs(y(value) - y(0)), 1)
        let color = Self.colors[series.period] ?? "#888888"
        svg.append(
          ##"<rect x="\##(Self.n(x + 2))" y="\##(Self.n(barTop))" width="\##(Self.n(barWidth - 4))" "##
            + ##"height="\##(Self.n(barHeight))" fill="\##(color)"><title>\##(Self.escape(name)) "##
            + ##"\##(Self.escape(series.label)): \##(Self.escape(output.percent(value)))</title></rect>"##
        )
        let labelY = value >= 0 ? barTop - 5 : barTop + barHeight + 14
        svg.append(
          ##"<text x="\##(Self.n(x + barWidth / 2))" y="\##(Self.n(labelY))" font-size="11" text-anchor="middle" "##
            + ##"fill="#333333">\##(Self.escape(output.percent(value, digits: 1)))</text>"##
        )
      }
      svg.append(
        ##"<text x="\##(Self.n(groupLeft + groupWidth / 2))" y="\##(Self.n(top + plotHeight + 24))" font-size="14" "##
          + ##"text-anchor="middle" fill="#222222">\##(Self.escape(name))</text>"##
      )
    }
    svg.append(
      ##"<text x="\##(Self.n(left + (plotRight - left) / 2))" y="\##(Self.n(height - 16))" font-size="14" "##
        + ##"text-anchor="middle" fill="#444444">\##(Self.escape(result.chart.xAxis))</text>"##
    )
    for (index, series) in result.chart.series.enumerated() {
      let x = plotRight - 90 * Double(result.chart.series.count - index)
      svg.append(
        ##"<rect x="\##(Self.n(x))" y="16" width="14" height="14" fill="\##(Self.colors[series.period] ?? "#888888")"/>"##
      )
      svg.append(
        ##"<text x="\##(Self.n(x + 20))" y="28" font-size="13" fill="#222222">\##(Self.escape(series.label))</text>"##
      )
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
  }

  /// A coordinate with at most one decimal (`12`, `12.5`).
  static func n(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// `text` safe inside an XML element or attribute.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      default:
        if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 || $0 == "\t" }) { escaped.append(character) }
      }
    }
    return escaped
  }
}
