/// The sentences of `places/import` and `beacon import` about what an input held (exports without OSM ids,
/// empty imports, the standard input), in Norwegian Bokmål, Nynorsk and English.
package enum ImportMessage: Sendable, Equatable {
  /// Nothing in `file` was a named restaurant, café or hotel; `skipped` counts what was there, by reason.
  case nothingImported(file: String, skipped: [String: Int])
  /// This many places had no OSM id in the input and got one derived from their content.
  case derivedIDs(Int)
  /// `beacon import -` was run with a terminal as its standard input.
  case standardInputIsTerminal
  /// `path: "-"` where the standard input is not there to read (it carries the protocol).
  case standardInputUnavailable
  /// What `-` stands for in a summary.
  case standardInput
  /// Why features were left out: `nameless`, `otherKind`, `duplicate`, `unsupportedGeometry`, `noCenter`,
  /// `missingNodes`.
  case skipReason(String)

  /// The sentence in `language`.
  package func text(in language: Language) -> String {
    language.choose(texts(in: language))
  }

  private func texts(in language: Language) -> (String, String, String) {
    switch self {
    case .nothingImported(let file, let skipped):
      let reasons = skipped.filter { $0.value > 0 }.sorted {
        $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
      }
      let list = reasons.map { "\($0.value) \(ImportMessage.skipReason($0.key).text(in: language))" }
        .joined(separator: ", ")
      let total = reasons.reduce(0) { $0 + $1.value }
      return (
        "Fant ingen restauranter, kafeer eller hoteller med navn i \(Self.quoted(file).0); ingenting ble lagret"
          + (list.isEmpty
            ? " (ingenting i filen er merket som restaurant, kafé eller hotell)" : ". Hoppet over \(total): \(list)"),
        "Fann ingen restaurantar, kafear eller hotell med namn i \(Self.quoted(file).1); ingenting vart lagra"
          + (list.isEmpty
            ? " (ingenting i fila er merkt som restaurant, kafé eller hotell)" : ". Hoppa over \(total): \(list)"),
        "Found no named restaurants, cafés or hotels in \(Self.quoted(file).2); nothing was stored"
          + (list.isEmpty
            ? " (nothing in the file is tagged as a restaurant, café or hotel)" : ". Skipped \(total): \(list)")
      )
    case .derivedIDs(let count):
      return (
        "\(count) av stedene har ingen OpenStreetMap-id i filen og fikk en id laget av kategori, navn og posisjon. "
          + "En ny import kan ikke oppdatere dem (nytt navn eller ny posisjon blir et nytt sted); eksporter med "
          + "'osmium export -a type,id' for å få med id-ene",
        "\(count) av stadene har ingen OpenStreetMap-id i fila og fekk ein id laga av kategori, namn og posisjon. "
          + "Ein ny import kan ikkje oppdatere dei (nytt namn eller ny posisjon blir ein ny stad); eksporter med "
          + "'osmium export -a type,id' for å få med id-ane",
        "\(count) of the places have no OpenStreetMap id in the file and got an id made from their category, name "
          + "and position. A re-import cannot update them (a new name or position becomes a new place); export "
          + "with 'osmium export -a type,id' to include the ids"
      )
    case .standardInputIsTerminal:
      let example = "'osmium export by.osm.pbf -f geojsonseq -o - | beacon import -'"
      let english = "'osmium export city.osm.pbf -f geojsonseq -o - | beacon import -'"
      return (
        "'beacon import -' leser fra standard inn, men den er en terminal; send dataene inn gjennom et rør, "
          + "for eksempel \(example)",
        "'beacon import -' les frå standard inn, men den er ein terminal; send dataa inn gjennom eit røyr, "
          + "til dømes \(example)",
        "'beacon import -' reads the standard input, but it is a terminal; pipe the data in, for example "
          + english
      )
    case .standardInputUnavailable:
      return (
        "'-' (standard inn) kan bare leses av 'beacon import -'; her fører standard inn protokollen. Oppgi en filsti",
        "'-' (standard inn) kan berre lesast av 'beacon import -'; her fører standard inn protokollen. Gje opp ei filsti",
        "'-' (the standard input) can only be read by 'beacon import -'; here the standard input carries the "
          + "protocol. Give a file path"
      )
    case .standardInput:
      return ("standard inn", "standard inn", "the standard input")
    case .skipReason(let reason):
      return Self.skipReasonTexts(reason)
    }
  }

  /// How a message names the input `file`: quoted, or the standard input for `-` (nb, nn, en).
  static func quoted(_ file: String) -> (String, String, String) {
    file == "-" ? ("standard inn", "standard inn", "the standard input") : ("'\(file)'", "'\(file)'", "'\(file)'")
  }

  /// The command that turns an `.osm` or `.osm.pbf` file into what Beacon reads.
  static func exportCommand(in language: Language) -> String {
    "osmium export \(language == .en ? "FILE" : "FIL") -a type,id -f geojsonseq -o places.geojsonseq"
  }

  private static func skipReasonTexts(_ reason: String) -> (String, String, String) {
    switch reason {
    case "nameless": ("uten navn", "utan namn", "without a name")
    case "otherKind":
      ("ikke restaurant, kafé eller hotell", "ikkje restaurant, kafé eller hotell", "not a restaurant, café or hotel")
    case "missingId": ("uten OpenStreetMap-id", "utan OpenStreetMap-id", "without an OpenStreetMap id")
    case "duplicate": ("dobbelt oppført", "dobbelt oppført", "listed twice")
    case "unsupportedGeometry":
      ("uten brukbar geometri", "utan brukande geometri", "without a usable geometry")
    case "missingNodes":
      ("med noder som mangler i utdraget", "med nodar som manglar i utdraget", "with nodes missing from the extract")
    case "noCenter":
      (
        "uten posisjon (bruk 'out center;' i Overpass)", "utan posisjon (bruk 'out center;' i Overpass)",
        "without a position (use 'out center;' in Overpass)"
      )
    default: (reason, reason, reason)
    }
  }
}
