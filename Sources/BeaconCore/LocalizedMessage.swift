/// Every sentence Beacon says to people, in Norwegian Bokmål, Nynorsk and English.
///
/// Code is English; people read these. One concise sentence each, user input in single quotes.
package enum LocalizedMessage: Sendable, Equatable {
  case parseError
  case framingError(String)
  case invalidRequest
  case emptyBatch
  case methodNotFound(String)
  case invalidParams(field: String?)
  case internalError
  case serverNotInitialized
  case alreadyInitialized
  case shuttingDown
  case requestCancelled
  case serverOverloaded(Int)
  case invalidBaseURL(String)
  /// A feature's upstream service (`name`) configured with a base URL that is no absolute http(s) URL.
  case invalidServiceURL(name: String, text: String)
  case invalidTimeZone(String)
  /// The user of a PostgreSQL store was given empty (`--user ""`, `initializationOptions.user`, `BEACON_USER=`).
  case emptyUser
  case keyInTheClear(String)
  /// A locale Beacon does not speak, and the language it speaks instead.
  case unrecognizedLocale(String, using: Language)
  case invalidJSONArgument(String)
  case unknownCommand(String)
  case unknownOption(String)
  case missingValue(String)
  case missingArgument(String)
  case placeNotFound(String)
  case starsOutOfRange(Int)
  case commentTooLong(Int)
  case radiusOutOfRange(Int)
  case invalidCoordinate
  case invalidCursor
  case storeUnavailable(path: String, reason: StoreUnavailableReason)
  case storeTooNew(path: String, version: Int, supported: Int)
  case storageFailure
  case storeReadOnly
  /// Another process held the store's lock for longer than Beacon waits (a long import, for example).
  case storeBusy
  case storeOpenedReadOnly(path: String, reason: String)
  case missingAPIKey
  case invalidAPIKey(source: String)
  /// An upstream API's fault (texts in `UpstreamFault+Message.swift`, one per fault for every service).
  case upstream(UpstreamService, UpstreamFault)
  case noResults
  case noneOpenNow
  case nearMeUnavailable
  case superseded
  case searching
  case showingStoredPlaces
  case importFailed(file: String, position: ImportPosition?, reason: ImportProblem)
  case noOfflineDataHere(area: String)
  case offlineWithoutKey
  case importing
  case outOfRange(field: String, lower: Int, upper: Int, value: Int)
  /// A sentence a feature's own module defines (`LocalizedMessage.crypto` in `BeaconCrypto`, `.fruit` in
  /// `BeaconFruits`, `.people` in `BeaconPeople`).
  case feature(FeatureSentence)
  /// A sentence about search filters (diet, cuisine, access, opening time, rating).
  case filter(FilterMessage)
  /// A sentence about routes (`places/searchAlongRoute`).
  case route(RouteMessage)

  // Store files a user can act on. Texts in `LocalizedMessage+Store.swift`.
  /// An explicitly chosen store's folder does not exist.
  case storeDirectoryMissing(path: String, directory: String)
  /// The store file is damaged; how to check it and copy out what can be read.
  case storeDamaged(path: String)

  /// A sentence about what an import held (exports without OSM ids, empty imports, the standard input).
  case osmImport(ImportMessage)

  /// A place Geoapify knows that is no restaurant, café or hotel.
  case unsupportedPlace(String)
  /// An offline search where none of the user's imported places lie (the demo data left out).
  case noImportedDataHere

  // Protocol and JSON faults in the user's language.
  /// A message body that is not JSON, saying what was wrong (`-32700` `parseError`).
  case invalidJSONMessage(JSONSyntaxMessage)
  /// A badly framed message, saying what was wrong (`-32700` `framingError`).
  case framingFault(FramingFaultMessage)
  /// `beacon call` parameters that are not JSON, saying what was wrong.
  case invalidJSONParameters(JSONSyntaxMessage)
  /// A required parameter is missing (`-32602`).
  case missingParameter(String)
  /// A parameter of the wrong JSON type; `expected` is a JSON Schema type name (`string`, `integer`, …).
  case parameterOfWrongType(field: String, expected: String)
  /// A number parameter too large for what reads it (`1e400`), though valid JSON (`-32602`).
  case parameterOutOfRange(field: String)
  /// Parameters given by position (an array) to a method that takes them by name (`-32602`).
  case parametersByPosition

  /// The sentence in `language`.
  package func text(in language: Language) -> String {
    if case .osmImport(let message) = self { return message.text(in: language).clipped(to: Self.maxLength) }
    // Sentences quote client input (a command, a path, an id): never an unbounded amount of it.
    return language.choose(texts).clipped(to: Self.maxLength)
  }

  /// A command line argument's placeholder (`STARS`, `FILE`, …) as the help names it in nb, nn and en.
  package static func argumentNames(_ name: String) -> (String, String, String) {
    switch name {
    case "STARS": ("STJERNER", "STJERNER", "STARS")
    case "FILE": ("FIL", "FIL", "FILE")
    case "FROM": ("FRA", "FRÅ", "FROM")
    case "TO": ("TIL", "TIL", "TO")
    case "NAME": ("NAVN", "NAMN", "NAME")
    case "METHOD": ("METODE", "METODE", "METHOD")
    case "ENTRY_ID": ("LOGG-ID", "LOGG-ID", "ENTRY-ID")
    default: (name, name, name)
    }
  }

  /// The longest sentence, in characters.
  package static let maxLength = 600

  private var texts: (String, String, String) {
    switch self {
    case .storeDirectoryMissing, .storeDamaged:
      storeTexts
    case .upstream(let service, let fault):
      fault.texts(of: service)
    case .feature(let sentence):
      sentence.message.texts
    case .filter(let message):
      message.texts
    case .route(let message):
      message.texts
    case .osmImport:
      ("", "", "")  // Answered by `text(in:)`.
    case .invalidJSONMessage, .framingFault, .invalidJSONParameters, .missingParameter, .parameterOfWrongType,
      .parameterOutOfRange, .parametersByPosition:
      protocolFaultTexts
    case .parseError:
      ("Meldingen er ikke gyldig JSON", "Meldinga er ikkje gyldig JSON", "The message is not valid JSON")
    case .framingError(let detail):
      (
        "Meldingen har feil innramming: \(detail)", "Meldinga har feil innramming: \(detail)",
        "The message is badly framed: \(detail)"
      )
    case .invalidRequest:
      (
        "Meldingen er ikke en gyldig JSON-RPC-forespørsel", "Meldinga er ikkje ein gyldig JSON-RPC-førespurnad",
        "The message is not a valid JSON-RPC request"
      )
    case .emptyBatch:
      (
        "En bunt må inneholde minst én melding", "Ein bunt må innehalde minst éi melding",
        "A batch must contain at least one message"
      )
    case .methodNotFound(let method):
      ("Ukjent metode '\(method)'", "Ukjend metode '\(method)'", "Unknown method '\(method)'")
    case .invalidParams(let field?):
      ("Ugyldig parameter '\(field)'", "Ugyldig parameter '\(field)'", "Invalid parameter '\(field)'")
    case .invalidParams(nil):
      ("Ugyldige parametere", "Ugyldige parametrar", "Invalid parameters")
    case .internalError:
      (
        "Noe gikk galt i Beacon; se loggen for detaljer", "Noko gjekk gale i Beacon; sjå loggen for detaljar",
        "Something went wrong in Beacon; see the log for details"
      )
    case .serverNotInitialized:
      (
        "Serveren er ikke startet; send 'initialize' først", "Tenaren er ikkje starta; send 'initialize' først",
        "The server is not initialized; send 'initialize' first"
      )
    case .alreadyInitialized:
      ("Serveren er allerede startet", "Tenaren er allereie starta", "The server is already initialized")
    case .shuttingDown:
      ("Serveren avslutter", "Tenaren avsluttar", "The server is shutting down")
    case .requestCancelled:
      ("Forespørselen ble avbrutt", "Førespurnaden vart avbroten", "The request was cancelled")
    case .serverOverloaded(let limit):
      (
        "Serveren har allerede \(limit) forespørsler under arbeid; prøv igjen når noen er besvart",
        "Tenaren har allereie \(limit) førespurnader under arbeid; prøv igjen når nokre er svarte",
        "The server already has \(limit) requests in progress; try again once some have been answered"
      )
    case .invalidBaseURL(let text):
      (
        "Ugyldig Geoapify-adresse '\(text)'; bruk en http- eller https-adresse",
        "Ugyldig Geoapify-adresse '\(text)'; bruk ei http- eller https-adresse",
        "Invalid Geoapify URL '\(text)'; use an http or https URL"
      )
    case .invalidServiceURL(let name, let text):
      (
        "Ugyldig \(name)-adresse '\(text)'; bruk en http- eller https-adresse",
        "Ugyldig \(name)-adresse '\(text)'; bruk ei http- eller https-adresse",
        "Invalid \(name) URL '\(text)'; use an http or https URL"
      )
    case .keyInTheClear(let host):
      (
        "Geoapify-nøkkelen sendes ukryptert (http) til \(host); bruk https",
        "Geoapify-nøkkelen vert send ukryptert (http) til \(host); bruk https",
        "The Geoapify key is sent unencrypted (http) to \(host); use https"
      )
    case .invalidTimeZone(let text):
      (
        "Ukjent tidssone '\(text)'; bruk et IANA-navn som Europe/Oslo",
        "Ukjend tidssone '\(text)'; bruk eit IANA-namn som Europe/Oslo",
        "Unknown time zone '\(text)'; use an IANA name such as Europe/Oslo"
      )
    case .emptyUser:
      (
        "Brukernavnet kan ikke være tomt; oppgi et navn med --user NAVN (eller BEACON_USER), eller utelat det "
          + "for å bruke kontonavnet",
        "Brukarnamnet kan ikkje vere tomt; oppgi eit namn med --user NAMN (eller BEACON_USER), eller utelat det "
          + "for å bruke kontonamnet",
        "The user name cannot be empty; give a name with --user NAME (or BEACON_USER), or leave it out to use "
          + "the account's name"
      )
    case .unrecognizedLocale(let tag, let used):
      (
        "Ukjent språk '\(tag)'; bruker \(used.names.0)", "Ukjent språk '\(tag)'; brukar \(used.names.1)",
        "Unknown language '\(tag)'; using \(used.names.2)"
      )
    case .invalidJSONArgument(let detail):
      (
        "Parameterne er ikke gyldig JSON: \(detail)", "Parametrane er ikkje gyldig JSON: \(detail)",
        "The parameters are not valid JSON: \(detail)"
      )
    case .unknownCommand(let command):
      ("Ukjent kommando '\(command)'", "Ukjend kommando '\(command)'", "Unknown command '\(command)'")
    case .unknownOption(let option):
      ("Ukjent valg '\(option)'", "Ukjent val '\(option)'", "Unknown option '\(option)'")
    case .missingValue(let option):
      ("Mangler verdi for '\(option)'", "Manglar verdi for '\(option)'", "Missing value for '\(option)'")
    case .missingArgument(let name):
      {
        let (nb, nn, en) = Self.argumentNames(name)
        return ("Mangler argumentet '\(nb)'", "Manglar argumentet '\(nn)'", "Missing argument '\(en)'")
      }()
    case .placeNotFound(let id):
      (
        "Fant ikke stedet '\(id)'; søk etter det først", "Fann ikkje staden '\(id)'; søk etter han først",
        "No place '\(id)' is known; search for it first"
      )
    case .starsOutOfRange(let stars):
      (
        "Vurderingen må være fra 1 til 5 stjerner, ikke \(stars)",
        "Vurderinga må vere frå 1 til 5 stjerner, ikkje \(stars)",
        "A rating must be 1 to 5 stars, not \(stars)"
      )
    case .commentTooLong(let limit):
      (
        "Kommentaren kan ha høyst \(limit) tegn", "Kommentaren kan ha høgst \(limit) teikn",
        "A comment may have at most \(limit) characters"
      )
    case .radiusOutOfRange(let radius):
      (
        "Radius må være fra 1 000 til 10 000 meter, ikke \(radius)",
        "Radius må vere frå 1 000 til 10 000 meter, ikkje \(radius)",
        "The radius must be 1,000 to 10,000 metres, not \(radius)"
      )
    case .invalidCursor:
      (
        "Ukjent 'cursor'; bruk 'nextCursor' fra forrige side",
        "Ukjend 'cursor'; bruk 'nextCursor' frå førre side",
        "Unknown 'cursor'; use 'nextCursor' from the previous page"
      )
    case .invalidCoordinate:
      (
        "Ugyldig posisjon; breddegrad må være −90…90 og lengdegrad −180…180",
        "Ugyldig posisjon; breiddegrad må vere −90…90 og lengdegrad −180…180",
        "Invalid position; latitude must be −90…90 and longitude −180…180"
      )
    case .storeUnavailable(let path, let reason):
      {
        let (nb, nn, en) = reason.texts
        return (
          "Kan ikke åpne databasen '\(path)': \(nb)", "Kan ikkje opne databasen '\(path)': \(nn)",
          "Cannot open the database '\(path)': \(en)"
        )
      }()
    case .storeReadOnly:
      (
        "Databasen er bare åpnet for lesing, så endringen ble ikke lagret",
        "Databasen er berre opna for lesing, så endringa vart ikkje lagra",
        "The database is open for reading only, so the change was not saved"
      )
    case .storeBusy:
      (
        "Databasen er opptatt: en annen Beacon-prosess skriver til den (for eksempel en import); prøv igjen når den "
          + "er ferdig",
        "Databasen er oppteken: ein annan Beacon-prosess skriv til han (til dømes ein import); prøv igjen når "
          + "han er ferdig",
        "The database is busy: another Beacon process is writing to it (an import, for example); try again when it "
          + "is done"
      )
    case .storeOpenedReadOnly(let path, let reason):
      (
        "Databasen '\(path)' kan ikke skrives til (\(Self.readOnlyReason(reason).0)); den er åpnet bare for lesing, "
          + "og endringer blir ikke lagret",
        "Databasen '\(path)' kan ikkje skrivast til (\(Self.readOnlyReason(reason).1)); han er opna berre for lesing, "
          + "og endringar blir ikkje lagra",
        "The database '\(path)' cannot be written (\(Self.readOnlyReason(reason).2)); it is open for reading only, "
          + "and changes are not saved"
      )
    case .storeTooNew(let path, let version, let supported):
      (
        "Databasen '\(path)' er fra en nyere Beacon (versjon \(version), denne kan \(supported)); oppdater Beacon",
        "Databasen '\(path)' er frå ein nyare Beacon (versjon \(version), denne kan \(supported)); oppdater Beacon",
        "The database '\(path)' is from a newer Beacon (version \(version), this one knows \(supported)); update Beacon"
      )
    case .missingAPIKey:
      (
        "Beacon mangler en Geoapify-nøkkel. Lag en gratis nøkkel på https://myprojects.geoapify.com og sett "
          + "GEOAPIFY_API_KEY, eller bruk --offline for å søke i lagrede steder uten nøkkel",
        "Beacon manglar ein Geoapify-nøkkel. Lag ein gratis nøkkel på https://myprojects.geoapify.com og set "
          + "GEOAPIFY_API_KEY, eller bruk --offline for å søkje i lagra stader utan nøkkel",
        "Beacon has no Geoapify key. Get a free key at https://myprojects.geoapify.com and set "
          + "GEOAPIFY_API_KEY, or use --offline to search stored places without one"
      )
    case .invalidAPIKey(let source):
      (
        "Geoapify godtok ikke nøkkelen; sjekk \(source)", "Geoapify godtok ikkje nøkkelen; sjekk \(source)",
        "Geoapify did not accept the key; check \(source)"
      )
    case .noResults:
      ("Ingen treff", "Ingen treff", "No results")
    case .noneOpenNow:
      (
        "Ingen treff er åpne nå", "Ingen treff er opne no", "None of the places found are open now"
      )
    case .nearMeUnavailable:
      (
        "Fant ikke posisjonen din; søker fra det lagrede midtpunktet",
        "Fann ikkje posisjonen din; søkjer frå det lagra midtpunktet",
        "Could not find your position; searching from the stored centre"
      )
    case .importFailed(let file, let position, let reason):
      (
        "Kunne ikke importere \(ImportMessage.quoted(file).0)\(position.map { " (\($0.texts.0))" } ?? ""): \(reason.texts.0); ingenting ble lagret",
        "Kunne ikkje importere \(ImportMessage.quoted(file).1)\(position.map { " (\($0.texts.1))" } ?? ""): \(reason.texts.1); ingenting vart lagra",
        "Could not import \(ImportMessage.quoted(file).2)\(position.map { " (\($0.texts.2))" } ?? ""): \(reason.texts.2); nothing was stored"
      )
    case .noOfflineDataHere(let area):
      (
        "Ingen offline-data her. Demodata dekker \(area); importer et OSM-utdrag med 'beacon import' for andre steder",
        "Ingen offline-data her. Demodata dekkjer \(area); importer eit OSM-utdrag med 'beacon import' for andre stader",
        "No offline data here. The demo data covers \(area); import an OSM extract with 'beacon import' for other places"
      )
    case .offlineWithoutKey:
      (
        "Uten Geoapify-nøkkel søker Beacon i lagrede steder og demodata. Lag en gratis nøkkel på "
          + "https://myprojects.geoapify.com og sett GEOAPIFY_API_KEY for å søke overalt",
        "Utan Geoapify-nøkkel søkjer Beacon i lagra stader og demodata. Lag ein gratis nøkkel på "
          + "https://myprojects.geoapify.com og set GEOAPIFY_API_KEY for å søkje overalt",
        "Without a Geoapify key Beacon searches stored places and the demo data. Get a free key at "
          + "https://myprojects.geoapify.com and set GEOAPIFY_API_KEY to search everywhere"
      )
    case .importing:
      ("Importerer steder …", "Importerer stader …", "Importing places …")
    case .showingStoredPlaces:
      (
        "Får ikke kontakt med Geoapify; viser lagrede steder",
        "Får ikkje kontakt med Geoapify; viser lagra stader",
        "Cannot reach Geoapify; showing stored places"
      )
    case .searching:
      ("Søker …", "Søkjer …", "Searching …")
    case .outOfRange(let field, let lower, let upper, let value):
      (
        "'\(field)' må være fra \(lower) til \(upper), ikke \(value)",
        "'\(field)' må vere frå \(lower) til \(upper), ikkje \(value)",
        "'\(field)' must be \(lower) to \(upper), not \(value)"
      )
    case .superseded:
      (
        "Erstattet av et nyere søk", "Erstatta av eit nyare søk", "Replaced by a newer search"
      )
    case .storageFailure:
      (
        "Kunne ikke lagre eller lese data; se loggen for detaljer",
        "Kunne ikkje lagre eller lese data; sjå loggen for detaljar",
        "Could not store or read data; see the log for details"
      )

    // MARK: Real data and first contact

    case .unsupportedPlace(let id):
      (
        "Stedet '\(id)' er verken restaurant, kafé eller hotell, så Beacon kan ikke vise det",
        "Staden '\(id)' er verken restaurant, kafé eller hotell, så Beacon kan ikkje vise han",
        "The place '\(id)' is not a restaurant, café or hotel, so Beacon cannot show it"
      )
    case .noImportedDataHere:
      (
        "Ingen av stedene du har importert ligger her; demodataene tas bare med når du ber om dem",
        "Ingen av stadene du har importert ligg her; demodataa blir berre tekne med når du ber om dei",
        "None of the places you imported are here; the demo data is included only when asked for"
      )
    }
  }
}
