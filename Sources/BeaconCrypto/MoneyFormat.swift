import BeaconCore
import Foundation

/// The currency prices are shown in.
package enum CryptoCurrency: String, Sendable, Codable, Equatable {
  /// US dollars, as CoinLore gives them: `$400.56`.
  case usd = "USD"
  /// Norwegian kroner at the user's rate: `431,50 kr`.
  case nok = "NOK"
}

/// Converts US dollar amounts to the user's currency and writes them as the seed asks: `$400.56`, `$99,584.59`,
/// `-$1,234.50` in dollars; `431,50 kr`, `1 075 203,45 kr` in kroner (spaces between thousands, a decimal comma).
///
/// Amounts are rounded half away from zero on their decimal digits (`400.565` → `$400.57`), not on the nearest
/// binary double. Amounts under one keep four significant digits (`$0.00001234`, at most 12 decimals), so the
/// smallest coins do not all read `$0.00`.
package struct MoneyFormat: Sendable, Equatable {
  /// The currency amounts are written in.
  package var currency: CryptoCurrency
  /// Kroner per US dollar, when the currency is NOK.
  package var nokRate: Double?

  /// US dollars.
  package static let usd = MoneyFormat(nokRate: nil)

  /// Kroner when `nokRate` is set (and positive), else US dollars.
  package init(nokRate: Double?) {
    if let nokRate, nokRate > 0, nokRate.isFinite {
      currency = .nok
      self.nokRate = nokRate
    } else {
      currency = .usd
      self.nokRate = nil
    }
  }

  /// `usd` in the currency, as a number.
  package func convert(_ usd: Double) -> Double {
    guard let nokRate else { return usd }
    let product = Self.decimal(usd) * Self.decimal(nokRate)
    return Double(product.description) ?? usd * nokRate
  }

  /// `usd` converted and written in the currency.
  package func format(_ usd: Double) -> String {
    guard usd.isFinite else { return "–" }
    let amount = nokRate.map { Self.decimal(usd) * Self.decimal($0) } ?? Self.decimal(usd)
    let (negative, whole, fraction) = Self.parts(amount)
    switch currency {
    case .usd:
      return (negative ? "-" : "") + "$" + Self.grouped(whole, separator: ",") + "." + fraction
    case .nok:
      return (negative ? "-" : "") + Self.grouped(whole, separator: " ") + "," + fraction + " kr"
    }
  }

  /// `value` without grouping, rounded like an amount (two decimals from one up, four significant digits below):
  /// `0.000000000314`, `0.04`, `1.00`.
  package static func plain(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    let (negative, whole, fraction) = parts(decimal(value))
    return (negative ? "-" : "") + whole + "." + fraction
  }

  // MARK: - Digits

  /// The exact decimal value of the shortest text that reads back as `value` (`400.565`, not 400.56499…).
  static func decimal(_ value: Double) -> Decimal {
    Decimal(string: String(value), locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(value)
  }

  /// How many decimals an amount gets: 2 from one up, else enough for four significant digits (at most 12).
  static func decimals(for magnitude: Decimal) -> Int {
    guard magnitude < 1, magnitude > 0 else { return 2 }
    var digits = 0
    var scaled = magnitude
    while scaled < 1, digits < 12 {
      scaled *= 10
      digits += 1
    }
    return min(12, max(2, digits + 3))
  }

  /// The sign, the whole digits and the decimals of `amount`, rounded; decimals past the second are written only
  /// when they are not zero.
  static func parts(_ amount: Decimal) -> (negative: Bool, whole: String, fraction: String) {
    let magnitude = amount < 0 ? -amount : amount
    let scale = decimals(for: magnitude)
    var input = magnitude
    var rounded = Decimal()
    NSDecimalRound(&rounded, &input, scale, .plain)
    let text = rounded.description
    let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = pieces.first.map(String.init) ?? "0"
    var fraction = pieces.count > 1 ? String(pieces[1]) : ""
    while fraction.count < 2 { fraction += "0" }
    while fraction.count > 2, fraction.hasSuffix("0") { fraction.removeLast() }
    let isZero = rounded == 0
    return (amount < 0 && !isZero, whole.isEmpty ? "0" : whole, fraction)
  }

  /// `1234567` → `1,234,567` (or with spaces).
  package static func grouped(_ digits: String, separator: String) -> String {
    var groups: [Substring] = []
    var end = digits.endIndex
    while end > digits.startIndex {
      let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
      groups.insert(digits[start..<end], at: 0)
      end = start
    }
    return groups.joined(separator: separator)
  }
}
