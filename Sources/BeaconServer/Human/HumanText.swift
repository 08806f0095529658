import BeaconCore

/// The sentences and labels of results shown as text, to people at the command line and to agents over
/// MCP, in Norwegian Bokmål, Nynorsk and English.
///
/// Sentences the server also says in errors live in ``LocalizedMessage`` and are wrapped by ``core(_:)``.
/// Hints name the way to change something in the reader's own terms (``HumanOutput/Audience``). User input
/// and names stand in single quotes.
package enum HumanText: Sendable, Equatable {
  case core(LocalizedMessage)

  // Search and lists
  case columnName, columnCategory, columnDistance, columnRating, columnOpen, columnAddress, columnID
  case storedCenter(String, HumanOutput.Audience)
  case approximateCenter(String, city: String?)
  case demoCenter(String, HumanOutput.Audience)
  case otherCenter(String)
  case staleData(String)
  case noFavorites(HumanOutput.Audience)
  /// The facts column of a filtered list, and the count of places left out for lack of data (`diet 3, …`).
  case columnFacts
  case excludedUnknown(String)

  // Labels of the details and settings views
  case labelName, labelCategory, labelAddress, labelCoordinates, labelOpeningHours, labelPhone, labelWebsite
  case labelEmail, labelCuisine, labelRating, labelFavorite, labelAppleMaps, labelGeo, labelOpenStreetMap
  case labelCenter, labelRadius, labelSort, labelLanguage, labelOpenNow, labelFacts, labelStars
  case yes, no, noRatings

  // Opening hours: open or closed now, and until when (a time as `HumanOutput.when(_:)` writes it)
  case openNow, closedNow
  case openUntil(String)
  case closedUntil(String)

  // Confirmations
  case ratingSaved(stars: Int, summary: String)
  case favoriteAdded(String)
  case favoriteAlreadyThere(String)
  case favoriteRemoved(String)
  case favoriteNotThere(String)
  case settingsReset

  // Import
  case importing
  /// Ctrl-C stopped the import of `file` (`nil`: the standard input).
  case importInterrupted(file: String?)
  /// `file` `nil` is the standard input.
  case imported(total: Int, file: String?)
  case skipped(Int)
  case skipReason(String)
  /// What the import did to the store: new, changed, unchanged and removed places.
  case importChanges(added: Int, updated: Int, unchanged: Int, removed: Int)
  /// Places gone from the file but kept, being rated or favourites.
  case importKept(Int)
  /// How fast an import reads (megabytes per second, as ``HumanOutput/decimal(_:digits:)`` writes it).
  case importRate(String)
  /// About how many seconds an import has left.
  case importTimeLeft(Int)

  // The user's own data as the centre; which centre the favourites' distances are measured from
  case importedCenter(String, HumanOutput.Audience)
  /// The point, and its source as `centerSource` says it (`request`, `settings`, `imported`, `demo`).
  case distancesFrom(String, source: String)

  /// The text in `language`.
  package func text(in language: Language) -> String {
    if case .core(let message) = self { return message.text(in: language) }
    return language.choose(texts)
  }

  private var texts: (String, String, String) {
    switch self {
    case .core: ("", "", "")
    case .columnName: ("Navn", "Namn", "Name")
    case .columnCategory: ("Kategori", "Kategori", "Category")
    case .columnDistance: ("Avstand", "Avstand", "Distance")
    case .columnRating: ("Vurdering", "Vurdering", "Rating")
    case .columnOpen: ("Åpent", "Ope", "Open")
    case .columnFacts, .labelFacts: ("Fakta", "Fakta", "Facts")
    case .excludedUnknown(let counts):
      (
        "Utelatt fordi dataene ikke sier noe om det du filtrerte på: \(counts)",
        "Utelatne fordi dataa ikkje seier noko om det du filtrerte på: \(counts)",
        "Left out because their data says nothing about what you filtered on: \(counts)"
      )
    case .columnAddress: ("Adresse", "Adresse", "Address")
    case .columnID: ("ID", "ID", "ID")
    case .storedCenter(let point, let audience):
      (
        "Søker rundt det lagrede midtpunktet \(point) (velg et annet med \(audience.centerHint.nb))",
        "Søkjer rundt det lagra midtpunktet \(point) (vel eit anna med \(audience.centerHint.nn))",
        "Searching around the stored centre \(point) (choose another with \(audience.centerHint.en))"
      )
    case .approximateCenter(let point, let city?):
      (
        "Søker rundt den omtrentlige posisjonen din i \(city) (\(point))",
        "Søkjer rundt den omtrentlege posisjonen din i \(city) (\(point))",
        "Searching around your approximate position in \(city) (\(point))"
      )
    case .approximateCenter(let point, nil):
      (
        "Søker rundt den omtrentlige posisjonen din (\(point))",
        "Søkjer rundt den omtrentlege posisjonen din (\(point))",
        "Searching around your approximate position (\(point))"
      )
    case .demoCenter(let point, let audience):
      (
        "Søker rundt Helsinki jernbanestasjon (\(point)), der demodataene ligger (velg et annet sted med \(audience.centerHint.nb))",
        "Søkjer rundt Helsinki jernbanestasjon (\(point)), der demodataa ligg (vel ein annan stad med \(audience.centerHint.nn))",
        "Searching around Helsinki railway station (\(point)), where the demo data is (choose another place with \(audience.centerHint.en))"
      )
    case .otherCenter(let point):
      ("Søker rundt \(point)", "Søkjer rundt \(point)", "Searching around \(point)")
    case .staleData(let date):
      (
        "Viser lagrede data fra \(date); Geoapify svarte ikke",
        "Viser lagra data frå \(date); Geoapify svarte ikkje",
        "Showing stored data from \(date); Geoapify did not answer"
      )
    case .noFavorites(let audience):
      (
        "Ingen favoritter ennå; legg til med \(audience.favoriteHint)",
        "Ingen favorittar enno; legg til med \(audience.favoriteHint)",
        "No favourites yet; add one with \(audience.favoriteHint)"
      )
    case .labelName: ("Navn", "Namn", "Name")
    case .labelCategory: ("Kategori", "Kategori", "Category")
    case .labelAddress: ("Adresse", "Adresse", "Address")
    case .labelCoordinates: ("Koordinater", "Koordinatar", "Coordinates")
    case .labelOpeningHours: ("Åpningstider", "Opningstider", "Opening hours")
    case .labelPhone: ("Telefon", "Telefon", "Phone")
    case .labelWebsite: ("Nettside", "Nettstad", "Website")
    case .labelEmail: ("E-post", "E-post", "Email")
    case .labelCuisine: ("Kjøkken", "Kjøkken", "Cuisine")
    case .labelStars: ("Stjerner", "Stjerner", "Stars")
    case .labelRating: ("Vurdering", "Vurdering", "Rating")
    case .labelFavorite: ("Favoritt", "Favoritt", "Favourite")
    case .labelAppleMaps: ("Apple Kart", "Apple Kart", "Apple Maps")
    case .labelGeo: ("Geo-lenke", "Geo-lenkje", "Geo link")
    case .labelOpenStreetMap: ("OpenStreetMap", "OpenStreetMap", "OpenStreetMap")
    case .labelCenter: ("Midtpunkt", "Midtpunkt", "Centre")
    case .labelRadius: ("Radius", "Radius", "Radius")
    case .labelSort: ("Sortering", "Sortering", "Sort order")
    case .labelLanguage: ("Språk", "Språk", "Language")
    case .labelOpenNow: ("Status", "Status", "Status")
    case .openNow: ("Åpen nå", "Ope no", "Open now")
    case .closedNow: ("Stengt", "Stengt", "Closed")
    case .openUntil(let time): ("Åpen nå – stenger \(time)", "Ope no – stengjer \(time)", "Open now – closes \(time)")
    case .closedUntil(let time): ("Stengt – åpner \(time)", "Stengt – opnar \(time)", "Closed – opens \(time)")
    case .yes: ("ja", "ja", "yes")
    case .no: ("nei", "nei", "no")
    case .noRatings: ("ingen vurderinger ennå", "ingen vurderingar enno", "no ratings yet")
    case .ratingSaved(let stars, let summary):
      (
        "Vurderingen er lagret (\(stars) av 5). Nå: \(summary)",
        "Vurderinga er lagra (\(stars) av 5). No: \(summary)",
        "Rating saved (\(stars) of 5). Now: \(summary)"
      )
    case .favoriteAdded(let name):
      (
        "♥ '\(name)' er lagt til i favorittene", "♥ '\(name)' er lagd til i favorittane",
        "♥ '\(name)' is now a favourite"
      )
    case .favoriteAlreadyThere(let name):
      (
        "♥ '\(name)' var allerede en favoritt", "♥ '\(name)' var allereie ein favoritt",
        "♥ '\(name)' already was a favourite"
      )
    case .favoriteRemoved(let id):
      ("'\(id)' er fjernet fra favorittene", "'\(id)' er fjerna frå favorittane", "'\(id)' is no longer a favourite")
    case .favoriteNotThere(let id):
      ("'\(id)' var ikke en favoritt", "'\(id)' var ikkje ein favoritt", "'\(id)' was not a favourite")
    case .settingsReset:
      (
        "Innstillingene er tilbakestilt:", "Innstillingane er tilbakestilte:",
        "The settings are back to their defaults:"
      )
    case .importing: ("Importerer", "Importerer", "Importing")
    case .importInterrupted(let file):
      (
        "Importen fra \(file.map { "'\($0)'" } ?? "standard inn") ble avbrutt; ingenting ble lagret",
        "Importen frå \(file.map { "'\($0)'" } ?? "standard inn") vart avbroten; ingenting vart lagra",
        "The import from \(file.map { "'\($0)'" } ?? "the standard input") was interrupted; nothing was stored"
      )
    case .imported(let total, let file):
      (
        "Importerte \(total) \(total == 1 ? "sted" : "steder") fra \(file.map { "'\($0)'" } ?? "standard inn"):",
        "Importerte \(total) \(total == 1 ? "stad" : "stader") frå \(file.map { "'\($0)'" } ?? "standard inn"):",
        "Imported \(total) \(total == 1 ? "place" : "places") from \(file.map { "'\($0)'" } ?? "the standard input"):"
      )
    case .skipped(let count):
      (
        "Hoppet over \(count) \(count == 1 ? "objekt" : "objekter"):",
        "Hoppa over \(count) \(count == 1 ? "objekt" : "objekt"):",
        "Skipped \(count) \(count == 1 ? "feature" : "features"):"
      )
    case .importChanges(let added, let updated, let unchanged, let removed):
      (
        "Nye: \(added), endret: \(updated), uendret: \(unchanged), fjernet: \(removed)",
        "Nye: \(added), endra: \(updated), uendra: \(unchanged), fjerna: \(removed)",
        "New: \(added), updated: \(updated), unchanged: \(unchanged), removed: \(removed)"
      )
    case .importKept(let count):
      (
        "Beholdt \(count) \(count == 1 ? "sted" : "steder") som ikke lenger er i filen, fordi "
          + "\(count == 1 ? "det har vurderinger eller er en favoritt" : "de har vurderinger eller er favoritter")",
        "Heldt på \(count) \(count == 1 ? "stad" : "stader") som ikkje lenger er i fila, fordi "
          + "\(count == 1 ? "han har vurderingar eller er ein favoritt" : "dei har vurderingar eller er favorittar")",
        "Kept \(count) \(count == 1 ? "place" : "places") no longer in the file, because "
          + "\(count == 1 ? "it has ratings or is a favourite" : "they have ratings or are favourites")"
      )
    case .importRate(let megabytes): ("\(megabytes) MB/s", "\(megabytes) MB/s", "\(megabytes) MB/s")
    case .importTimeLeft(let seconds):
      ("ca. \(seconds) s igjen", "om lag \(seconds) s att", "about \(seconds) s left")
    case .skipReason(let reason):
      (
        ImportMessage.skipReason(reason).text(in: .nb), ImportMessage.skipReason(reason).text(in: .nn),
        ImportMessage.skipReason(reason).text(in: .en)
      )

    case .importedCenter(let point, let audience):
      (
        "Søker rundt midten av stedene du har importert (\(point)) (velg et annet sted med \(audience.centerHint.nb))",
        "Søkjer rundt midten av stadene du har importert (\(point)) (vel ein annan stad med \(audience.centerHint.nn))",
        "Searching around the centre of the places you imported (\(point)) (choose another place with \(audience.centerHint.en))"
      )
    case .distancesFrom(let point, let source):
      Self.distancesFromTexts(point, source: source)
    }
  }

  private static func distancesFromTexts(_ point: String, source: String) -> (String, String, String) {
    switch source {
    case "settings":
      (
        "Avstander fra det lagrede midtpunktet \(point)", "Avstandar frå det lagra midtpunktet \(point)",
        "Distances from the stored centre \(point)"
      )
    case "imported":
      (
        "Avstander fra midten av stedene du har importert (\(point))",
        "Avstandar frå midten av stadene du har importert (\(point))",
        "Distances from the centre of the places you imported (\(point))"
      )
    case "demo":
      (
        "Avstander fra Helsinki jernbanestasjon (\(point)), der demodataene ligger",
        "Avstandar frå Helsinki jernbanestasjon (\(point)), der demodataa ligg",
        "Distances from Helsinki railway station (\(point)), where the demo data is"
      )
    default: ("Avstander fra \(point)", "Avstandar frå \(point)", "Distances from \(point)")
    }
  }
}

extension PlaceCategory {
  /// The category's name for people.
  package func label(in language: Language) -> String {
    switch (self, language) {
    case (.restaurant, _): "Restaurant"
    case (.cafe, .en): "Café"
    case (.cafe, _): "Kafé"
    case (.hotel, .en): "Hotel"
    case (.hotel, _): "Hotell"
    }
  }

  /// `count` places of this category, e.g. `3 kafeer`.
  package func counted(_ count: Int, in language: Language) -> String {
    let one = count == 1
    let noun: String
    switch (self, language) {
    case (.restaurant, .nb): noun = one ? "restaurant" : "restauranter"
    case (.restaurant, .nn): noun = one ? "restaurant" : "restaurantar"
    case (.restaurant, .en): noun = one ? "restaurant" : "restaurants"
    case (.cafe, .nb): noun = one ? "kafé" : "kafeer"
    case (.cafe, .nn): noun = one ? "kafé" : "kafear"
    case (.cafe, .en): noun = one ? "café" : "cafés"
    case (.hotel, .nb), (.hotel, .nn): noun = one ? "hotell" : (language == .nb ? "hoteller" : "hotell")
    case (.hotel, .en): noun = one ? "hotel" : "hotels"
    }
    return "\(count) \(noun)"
  }
}

extension PlaceSort {
  /// The sort order's name for people.
  package func label(in language: Language) -> String {
    switch (self, language) {
    case (.distance, .en): "distance"
    case (.distance, _): "avstand"
    case (.rating, .en): "rating"
    case (.rating, _): "vurdering"
    case (.name, .nn): "namn"
    case (.name, .nb): "navn"
    case (.name, .en): "name"
    case (.best, .nb): "best treff"
    case (.best, .nn): "beste treff"
    case (.best, .en): "best match"
    }
  }
}

extension Language {
  /// The language's own name, with its tag.
  package var label: String {
    switch self {
    case .nb: "norsk bokmål (nb)"
    case .nn: "norsk nynorsk (nn)"
    case .en: "English (en)"
    }
  }
}
