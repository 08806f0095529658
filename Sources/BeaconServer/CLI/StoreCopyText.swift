import BeaconCore

/// What `beacon store copy` says, in Norwegian Bokmål, Nynorsk and English.
enum StoreCopyText: Sendable, Equatable {
  case reading(from: String)
  case writing(to: String, places: Int, ratings: Int, favorites: Int, settings: Int)
  case copied(from: String, to: String)
  case places(added: Int, updated: Int, unchanged: Int)
  case ratings(added: Int, present: Int, renumbered: Int)
  case favorites(added: Int)
  case settings(changed: Int)
  case importedArea(ImportedAreaCopy)
  /// A feature's kind of rows (``StoreCopyCount``): added, updated (when its rows can be) and unchanged.
  case part(StoreCopyCount)
  case leftBehind(tables: String)
  case failed(to: String)

  /// The text in `language`.
  func text(in language: Language) -> String {
    if case .part(let count) = self { return Self.line(count, in: language) }
    return language.choose(texts)
  }

  /// The summary's line of a feature's rows, named in `language`.
  private static func line(_ count: StoreCopyCount, in language: Language) -> String {
    let label = count.label.text(in: language)
    let (added, unchanged) = (count.added, count.unchanged)
    guard let updated = count.updated else {
      return language.choose(
        (
          "  \(label): \(added) \(new(added)), \(unchanged) fantes fra før",
          "  \(label): \(added) \(new(added)), \(unchanged) fanst frå før",
          "  \(label): \(added) added, \(unchanged) already there"
        )
      )
    }
    return language.choose(
      (
        "  \(label): \(added) \(new(added)), \(updated) \(updatedWord(updated)), \(unchanged) "
          + (unchanged == 1 ? "uendret" : "uendrede"),
        "  \(label): \(added) \(new(added)), \(updated) \(updatedWord(updated)), \(unchanged) uendra",
        "  \(label): \(added) added, \(updated) updated, \(unchanged) unchanged"
      )
    )
  }

  /// "New" in Norwegian after `count`: "ny" (or "nytt", of a neuter noun) for one, "nye" for any other number.
  private static func new(_ count: Int, neuter: Bool = false) -> String {
    count == 1 ? (neuter ? "nytt" : "ny") : "nye"
  }

  /// "Updated" in Norwegian (Bokmål and Nynorsk alike) after `count`.
  private static func updatedWord(_ count: Int) -> String { count == 1 ? "oppdatert" : "oppdaterte" }

  private var texts: (String, String, String) {
    switch self {
    case .reading(let from):
      ("Leser '\(from)' …", "Les '\(from)' …", "Reading '\(from)' …")
    case .writing(let to, let places, let ratings, let favorites, let settings):
      (
        "Skriver \(places) steder, \(ratings) vurderinger, \(favorites) favoritter og \(settings) innstillinger "
          + "til '\(to)' i én transaksjon …",
        "Skriv \(places) stader, \(ratings) vurderingar, \(favorites) favorittar og \(settings) innstillingar "
          + "til '\(to)' i éin transaksjon …",
        "Writing \(places) places, \(ratings) ratings, \(favorites) favourites and \(settings) settings to '\(to)' "
          + "in one transaction …"
      )
    case .copied(let from, let to):
      ("Kopiert fra '\(from)' til '\(to)':", "Kopiert frå '\(from)' til '\(to)':", "Copied from '\(from)' to '\(to)':")
    case .places(let added, let updated, let unchanged):
      (
        "  steder: \(added) \(Self.new(added, neuter: true)), \(updated) \(Self.updatedWord(updated)), \(unchanged) "
          + (unchanged == 1 ? "uendret" : "uendrede"),
        "  stader: \(added) \(Self.new(added)), \(updated) \(Self.updatedWord(updated)), \(unchanged) uendra",
        "  places: \(added) added, \(updated) updated, \(unchanged) unchanged"
      )
    case .ratings(let added, let present, let renumbered):
      (
        "  vurderinger: \(added) \(Self.new(added)), \(present) fantes fra før"
          + (renumbered > 0 ? " (\(renumbered) fikk ny id fordi id-en var i bruk)" : ""),
        "  vurderingar: \(added) \(Self.new(added)), \(present) fanst frå før"
          + (renumbered > 0 ? " (\(renumbered) fekk ny id fordi id-en var i bruk)" : ""),
        "  ratings: \(added) added, \(present) already there"
          + (renumbered > 0 ? " (\(renumbered) got a new id, theirs being taken)" : "")
      )
    case .favorites(let added):
      (
        "  favoritter: \(added) \(Self.new(added))", "  favorittar: \(added) \(Self.new(added))",
        "  favourites: \(added) added"
      )
    case .settings(let changed):
      ("  innstillinger: \(changed) endret", "  innstillingar: \(changed) endra", "  settings: \(changed) changed")
    case .importedArea(let outcome):
      switch outcome {
      case .noneInSource:
        (
          "  importert område: ingen i kilden", "  importert område: ikkje noko i kjelda",
          "  imported area: none in the source"
        )
      case .added:
        ("  importert område: kopiert", "  importert område: kopiert", "  imported area: copied")
      case .replaced:
        (
          "  importert område: erstattet (importen i kilden er nyere)",
          "  importert område: bytt ut (importen i kjelda er nyare)",
          "  imported area: replaced (the source's import is newer)"
        )
      case .unchanged:
        ("  importert område: uendret", "  importert område: uendra", "  imported area: unchanged")
      case .keptTarget:
        (
          "  importert område: målets beholdt (importen der er like ny eller nyere)",
          "  importert område: målet sitt står (importen der er like ny eller nyare)",
          "  imported area: the target's kept (its import is as new or newer)"
        )
      }
    case .part:
      ("", "", "")  // Answered by `text(in:)`.
    case .leftBehind(let tables):
      (
        "Ikke kopiert (kopieringen tar ikke med dette ennå, eller det er mellomlager som hentes på nytt): " + tables,
        "Ikkje kopiert (kopieringa tek ikkje med dette enno, eller det er mellomlager som blir henta på nytt): "
          + tables,
        "Not copied (the copy does not carry it yet, or it is a cache that is fetched again): " + tables
      )
    case .failed(let to):
      (
        "Ingenting ble kopiert; '\(to)' er som før", "Ingenting vart kopiert; '\(to)' er som før",
        "Nothing was copied; '\(to)' is as it was"
      )
    }
  }
}
