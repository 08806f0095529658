/// One result row, read by column position.
package struct Row: Sendable, Equatable {
  /// The values, in column order.
  package var values: [DatabaseValue]

  /// The column at `index` as an integer, if it is one.
  package func int(_ index: Int) -> Int? {
    if case .integer(let number) = values[index] { return Int(number) }
    return nil
  }

  /// The column at `index` as a Double, if it is a number.
  package func double(_ index: Int) -> Double? {
    switch values[index] {
    case .real(let number): return number
    case .integer(let number): return Double(number)
    default: return nil
    }
  }

  /// The column at `index` as text, if it is text.
  package func string(_ index: Int) -> String? {
    if case .text(let text) = values[index] { return text }
    return nil
  }
}
