import BeaconCore
import BeaconFruits
import Foundation

extension HumanOutput {
  /// `text` in this output's language.
  package func fruitText(_ message: FruitText) -> String { message.text(in: language) }

  /// A nutrition value with up to 2 decimals and the language's decimal mark (`0,4`, `18`).
  package func amount(_ value: Double) -> String {
    var text = decimal(value, digits: 2)
    let mark: Character = language == .en ? "." : ","
    if text.contains(mark) {
      while text.hasSuffix("0") { text.removeLast() }
      if text.last == mark { text.removeLast() }
    }
    return text
  }

  /// Fruits as a table: id, name, family (with its colour), genus and order.
  package func fruitTable(_ fruits: [FruitSummary]) -> [String] {
    let columns: [TableFormatter.Column] = [
      .init(header: fruitText(.columnID), alignment: .right),
      .init(header: fruitText(.columnName), maxWidth: 32),
      .init(header: fruitText(.columnFamily), maxWidth: 24),
      .init(header: fruitText(.columnColor)),
      .init(header: fruitText(.columnGenus), maxWidth: 24),
      .init(header: fruitText(.columnOrder), maxWidth: 24),
    ]
    let rows = fruits.map { fruit in
      [String(fruit.id), Self.singleLine(fruit.name), Self.singleLine(fruit.family), fruit.color]
        + [Self.singleLine(fruit.genus), Self.singleLine(fruit.order)]
    }
    return TableFormatter(columns: columns).render(rows)
  }

  /// `fruits/list`: the table, a note when the data is stale, and the attribution.
  package func fruitList(_ result: FruitListResult) -> [String] {
    fruitTable(result.fruits) + fruitFooter(stale: result.stale, fetchedAt: result.fetchedAt, result.attribution)
  }

  /// `fruits/byGroup`: the group and its size, then the table.
  package func fruitGroup(_ result: FruitGroupResult) -> [String] {
    let heading = fruitText(.group(kind: result.kind, name: Self.singleLine(result.name), count: result.fruits.count))
    return [heading] + fruitTable(result.fruits)
      + fruitFooter(stale: result.stale, fetchedAt: result.fetchedAt, result.attribution)
  }

  /// `fruits/groups`: families, genera and orders, each under its own heading, with their sizes.
  package func fruitGroups(_ result: FruitGroupsResult) -> [String] {
    var lines: [String] = []
    for (heading, groups) in [
      (FruitText.families, result.families), (.genera, result.genera), (.orders, result.orders),
    ] {
      if !lines.isEmpty { lines.append("") }
      lines.append("\(fruitText(heading)) (\(groups.count)):")
      let width = groups.map { TableFormatter.width(of: Self.singleLine($0.name)) }.max() ?? 0
      for group in groups {
        let name = TableFormatter.pad(Self.singleLine(group.name), to: width)
        lines.append("  \(name)  \(group.count)" + (group.color.map { "  \($0)" } ?? ""))
      }
    }
    return lines + fruitFooter(stale: result.stale, fetchedAt: result.fetchedAt, result.attribution)
  }

  /// `fruits/get`: every field, the sugar notice, and the fruit rain.
  package func fruitDetails(_ result: FruitDetailsResult) -> [String] {
    let fruit = result.fruit
    let grams = { (value: Double) in "\(self.amount(value)) g" }
    let rain =
      result.rain.count > 0 ? fruitText(.rain(count: result.rain.count, emoji: result.rain.emoji)) : fruitText(.noRain)
    var lines = fruitLabelled([
      (fruitText(.columnName), fruit.name),
      (fruitText(.columnID), String(fruit.id)),
      (fruitText(.columnFamily), fruit.family),
      (fruitText(.columnGenus), fruit.genus),
      (fruitText(.columnOrder), fruit.order),
      (fruitText(.columnColor), fruit.color),
      (fruitText(.calories) + " (\(fruitText(.per100g)))", "\(amount(fruit.nutritions.calories)) kcal"),
      (fruitText(.fat), grams(fruit.nutritions.fat)),
      (fruitText(.sugar), grams(fruit.nutritions.sugar)),
      (fruitText(.carbohydrates), grams(fruit.nutritions.carbohydrates)),
      (fruitText(.protein), grams(fruit.nutritions.protein)),
      (fruitText(.fruitRain), rain),
    ])
    if let notice = result.notice { lines.append("⚠ " + notice) }
    return lines + fruitFooter(stale: result.stale, fetchedAt: result.fetchedAt, result.attribution)
  }

  /// `fruitlog/add`: what was logged, when (on the user's clock), and the entry's id.
  package func fruitLogged(_ entry: FruitLogEntry) -> String {
    let time = "\(entry.localTime.day) \(entry.localTime.time)"
    return fruitText(.logged(name: Self.singleLine(entry.name), time: time, id: entry.id))
  }

  /// `fruitlog/days`: each day (newest first) with its entries and the day's totals.
  package func fruitLogDays(_ result: FruitLogDaysResult) -> [String] {
    guard !result.days.isEmpty else { return [fruitText(.emptyLog(audience))] }
    var lines: [String] = []
    for day in result.days {
      if !lines.isEmpty { lines.append("") }
      lines.append("\(day.date)")
      let rows = day.entries.map { entry in
        [
          entry.localTime.time, Self.singleLine(entry.name), "\(amount(entry.nutritions.calories)) kcal",
          "#\(entry.id)",
        ]
      }
      let table = TableFormatter(columns: [
        .init(header: fruitText(.columnTime)), .init(header: fruitText(.columnName), maxWidth: 32),
        .init(header: fruitText(.calories), alignment: .right), .init(header: fruitText(.columnID)),
      ])
      lines += table.render(rows).map { "  " + $0 }
      lines.append("  \(fruitText(.total)): " + nutritionLine(day.totals))
    }
    return lines
  }

  /// `96 kcal · fett 0,2 g · sukker 17,2 g · karbohydrater 22 g · protein 1 g`.
  package func nutritionLine(_ nutrition: Nutrition) -> String {
    let parts = [
      "\(amount(nutrition.calories)) kcal",
      "\(fruitText(.fat).lowercased()) \(amount(nutrition.fat)) g",
      "\(fruitText(.sugar).lowercased()) \(amount(nutrition.sugar)) g",
      "\(fruitText(.carbohydrates).lowercased()) \(amount(nutrition.carbohydrates)) g",
      "\(fruitText(.protein).lowercased()) \(amount(nutrition.protein)) g",
    ]
    return parts.joined(separator: " · ")
  }

  /// `label: value` lines with the values aligned.
  private func fruitLabelled(_ pairs: [(String, String)]) -> [String] {
    let width = pairs.map { TableFormatter.width(of: $0.0) + 1 }.max() ?? 0
    return pairs.map { TableFormatter.pad($0.0 + ":", to: width) + "  " + Self.singleLine($0.1) }
  }

  /// A stale note when needed, a blank line and the attribution.
  private func fruitFooter(stale: Bool, fetchedAt: Date, _ attribution: String) -> [String] {
    (stale ? [fruitText(.staleData(date(fetchedAt)))] : []) + ["", attribution]
  }
}
