import BeaconCore
import Testing

@testable import BeaconCrypto

/// `MoneyFormat`: `$400.56` and `431,50 kr`, rounding on decimal digits, thousands separators, negative
/// amounts, tiny prices and the krone conversion.
@Suite struct CryptoFormattingTests {
  @Test(arguments: [
    (400.56, "$400.56"), (400.5, "$400.50"), (400, "$400.00"), (0, "$0.00"), (1, "$1.00"),
    (99584.59, "$99,584.59"), (1_234_567.891, "$1,234,567.89"), (999.999, "$1,000.00"),
    (2499568847643.1787, "$2,499,568,847,643.18"), (344_187_126_190_825_216, "$344,187,126,190,825,200.00"),
  ])
  func dollarsAreWrittenUSStyle(usd: Double, text: String) {
    #expect(MoneyFormat.usd.format(usd) == text)
  }

  @Test(arguments: [
    (400.565, "$400.57"), (400.555, "$400.56"), (0.125, "$0.125"), (1.005, "$1.01"), (2.675, "$2.68"),
    (-1.005, "-$1.01"),
  ])
  func halvesRoundAwayFromZeroOnTheDecimalDigits(usd: Double, text: String) {
    #expect(MoneyFormat.usd.format(usd) == text)
  }

  @Test(arguments: [
    (-1234.5, "-$1,234.50"), (-0.98, "-$0.98"), (-0.001, "-$0.001"), (-0.0000001, "-$0.0000001"),
  ])
  func negativeAmountsCarryTheirSignFirst(usd: Double, text: String) {
    #expect(MoneyFormat.usd.format(usd) == text)
  }

  @Test(arguments: [
    (0.00001234, "$0.00001234"), (0.447914, "$0.4479"), (0.5, "$0.50"), (0.05, "$0.05"), (0.0678, "$0.0678"),
    (0.000031, "$0.000031"), (3.14e-10, "$0.000000000314"), (0.999999, "$1.00"), (1e-15, "$0.00"),
  ])
  func tinyPricesKeepFourSignificantDigits(usd: Double, text: String) {
    #expect(MoneyFormat.usd.format(usd) == text)
  }

  @Test(arguments: [
    (40.0, 10.7875, "431,50 kr"), (400.56, 10, "4 005,60 kr"), (99584.59, 10.8, "1 075 513,57 kr"),
    (0.1, 10, "1,00 kr"), (-12.5, 10, "-125,00 kr"), (0.00001234, 10.8, "0,0001333 kr"), (1, 0.5, "0,50 kr"),
    (100, 11.0005, "1 100,05 kr"), (123_456_789, 1, "123 456 789,00 kr"),
  ])
  func kronerUseTheRateSpacesAndADecimalComma(usd: Double, rate: Double, text: String) {
    let money = MoneyFormat(nokRate: rate)
    #expect(money.currency == .nok)
    #expect(money.format(usd) == text)
  }

  @Test func conversionIsExactOnTheDecimalDigits() {
    #expect(MoneyFormat(nokRate: 10.8).convert(99584.59) == 1_075_513.572)
    #expect(MoneyFormat(nokRate: 3).convert(0.1) == 0.3)
    #expect(MoneyFormat.usd.convert(12.34) == 12.34)
  }

  @Test(arguments: [nil, 0, -5, Double.nan, Double.infinity] as [Double?])
  func withoutAUsableRateItIsDollars(rate: Double?) {
    let money = MoneyFormat(nokRate: rate)
    #expect(money.currency == .usd)
    #expect(money.format(400.56) == "$400.56")
  }

  @Test func anAmountThatIsNoNumberIsADash() {
    #expect(MoneyFormat.usd.format(.nan) == "–")
    #expect(MoneyFormat(nokRate: 10).format(.infinity) == "–")
  }

  @Test(arguments: [("1", "1"), ("123", "123"), ("1234", "1,234"), ("123456", "123,456"), ("1234567", "1,234,567")])
  func thousandsAreGroupedInThrees(digits: String, grouped: String) {
    #expect(MoneyFormat.grouped(digits, separator: ",") == grouped)
  }
}
