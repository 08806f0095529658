import BeaconCore
import BeaconFruits

/// The sentences and labels of fruit results shown as text (command line and MCP), in Norwegian Bokmål, Nynorsk
/// and English. Names and user input stand in single quotes.
package enum FruitText: Sendable, Equatable {
  case core(FruitMessage)
  case columnID, columnName, columnFamily, columnGenus, columnOrder, columnColor, columnTime
  case calories, fat, sugar, carbohydrates, protein, per100g
  case fruitRain
  case rain(count: Int, emoji: String)
  case noRain
  case families, genera, orders
  case group(kind: FruitGroupKind, name: String, count: Int)
  case logged(name: String, time: String, id: Int)
  case entryRemoved(Int)
  case entryNotThere(Int)
  case emptyLog(HumanOutput.Audience)
  case total
  case staleData(String)

  /// The text in `language`.
  package func text(in language: Language) -> String {
    if case .core(let message) = self { return message.text(in: language) }
    return language.choose(texts)
  }

  private var texts: (String, String, String) {
    switch self {
    case .core: ("", "", "")
    case .columnID: ("ID", "ID", "ID")
    case .columnName: ("Navn", "Namn", "Name")
    case .columnFamily: ("Familie", "Familie", "Family")
    case .columnGenus: ("Slekt", "Slekt", "Genus")
    case .columnOrder: ("Orden", "Orden", "Order")
    case .columnColor: ("Farge", "Farge", "Colour")
    case .columnTime: ("Tid", "Tid", "Time")
    case .calories: ("Kalorier", "Kaloriar", "Calories")
    case .fat: ("Fett", "Feitt", "Fat")
    case .sugar: ("Sukker", "Sukker", "Sugar")
    case .carbohydrates: ("Karbohydrater", "Karbohydrat", "Carbohydrates")
    case .protein: ("Protein", "Protein", "Protein")
    case .per100g: ("per 100 g", "per 100 g", "per 100 g")
    case .fruitRain: ("Fruktregn", "Fruktregn", "Fruit rain")
    case .rain(let count, let emoji):
      (
        "\(emoji) × \(count): spist \(count) \(count == 1 ? "gang" : "ganger") de siste 30 dagene",
        "\(emoji) × \(count): eten \(count) \(count == 1 ? "gong" : "gonger") dei siste 30 dagane",
        "\(emoji) × \(count): eaten \(count) \(count == 1 ? "time" : "times") in the last 30 days"
      )
    case .noRain:
      ("ikke spist de siste 30 dagene", "ikkje eten dei siste 30 dagane", "not eaten in the last 30 days")
    case .families: ("Familier", "Familiar", "Families")
    case .genera: ("Slekter", "Slekter", "Genera")
    case .orders: ("Ordener", "Ordenar", "Orders")
    case .group(let kind, let name, let count):
      (
        "\(kind.label(in: .nb).capitalized) '\(name)': \(count) \(count == 1 ? "frukt" : "frukter")",
        "\(kind.label(in: .nn).capitalized) '\(name)': \(count) \(count == 1 ? "frukt" : "frukter")",
        "\(kind.label(in: .en).capitalized) '\(name)': \(count) \(count == 1 ? "fruit" : "fruits")"
      )
    case .logged(let name, let time, let id):
      (
        "Loggført: '\(name)' spist \(time) (loggføring \(id))",
        "Loggført: '\(name)' eten \(time) (loggføring \(id))",
        "Logged: '\(name)' eaten \(time) (entry \(id))"
      )
    case .entryRemoved(let id):
      ("Loggføring \(id) er fjernet", "Loggføring \(id) er fjerna", "Entry \(id) is removed")
    case .entryNotThere(let id):
      ("Fant ingen loggføring \(id)", "Fann inga loggføring \(id)", "There is no entry \(id)")
    case .emptyLog(let audience):
      (
        "Ingen frukt er loggført ennå; loggfør med \(Self.eatHint(audience))",
        "Inga frukt er loggført enno; loggfør med \(Self.eatHint(audience))",
        "No fruit is logged yet; log one with \(Self.eatHint(audience))"
      )
    case .total: ("Totalt", "Totalt", "Total")
    case .staleData(let date):
      (
        "Viser lagrede data fra \(date); Fruityvice svarte ikke",
        "Viser lagra data frå \(date); Fruityvice svarte ikkje",
        "Showing stored data from \(date); Fruityvice did not answer"
      )
    }
  }

  /// How to log a fruit, in the reader's terms.
  private static func eatHint(_ audience: HumanOutput.Audience) -> String {
    switch audience {
    case .commandLine: "'beacon fruits eat ID'"
    case .agent: "'fruitlog_add'"
    }
  }
}
