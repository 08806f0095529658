import BeaconCore

/// `beacon --help` in Nynorsk and English; the Bokmål text is ``CommandLineArguments/usage``. The three list the
/// same commands and options (`HelpCompletenessTests` checks each against the parser).
package enum HelpText {
  /// The help in `language`.
  package static func text(in language: Language) -> String {
    language.choose((CommandLineArguments.usage, nynorsk, english))
  }

  /// The help of the command `topic` in `language`: the title, the lines of `beacon TOPIC …` with those under them,
  /// and the global options; the whole help when `topic` is `nil` or no command.
  package static func text(in language: Language, for topic: String?) -> String {
    let whole = text(in: language)
    let lines = whole.split(separator: "\n", omittingEmptySubsequences: false)
    // A heading is a line of its own ending in a colon: the commands', then the global options'.
    let headings = lines.indices.filter { !lines[$0].hasPrefix(" ") && lines[$0].hasSuffix(":") }
    guard let topic, headings.count >= 2 else { return whole }
    var kept = Array(lines[...headings[0]])
    var inTopic = false
    for line in lines[(headings[0] + 1)..<headings[1]] {
      if line.hasPrefix("  beacon ") { inTopic = line.split(separator: " ").dropFirst().first == Substring(topic) }
      if inTopic, !line.isEmpty { kept.append(line) }
    }
    guard kept.count > headings[0] + 1 else { return whole }
    kept.append("")
    kept += lines[headings[1]...].prefix { !$0.isEmpty }
    return kept.joined(separator: "\n")
  }

  static let nynorsk = """
    beacon \(BeaconVersion.current): finn restaurantar, kafear og hotell nær eit punkt.

    Bruk:
      beacon search [VAL]               søk etter stader og vis dei i ein tabell
          --category restaurant|cafe|hotel   kva du leitar etter (standard: lagra innstilling)
          --near BREIDD,LENGD                midtpunkt, t.d. 59.9111,10.7503 (blir lagra)
          --radius KM                        søkjeradius i km, 1–10 (t.d. 1,5)
          --text TEKST                       ord som må finnast i namn, adresse eller kjøkken
          --sort distance|rating|name|best   rekkjefølgje (namn blir sorterte norsk: æ, ø, å til slutt; best: nær,
                                             godt vurdert, favoritt, open no)
          --favorites                        søk berre blant favorittane
          --open-now                         berre stader som er opne no (i staden si eiga tidssone)
          --diet vegan|vegetarian|gluten_free|halal|kosher   berre stader med ein av diettane (fleire: vegan,halal)
          --cuisine KJØKKEN                  berre stader med eit av kjøkkena, OSM-verdiar som pizza, sushi
          --wheelchair yes|limited           trinnfri tilkomst (limited: minst delvis)
          --outdoor-seating                  berre stader med uteservering
          --takeaway                         berre stader med mat å ta med
          --open-at TIDSPUNKT                opne på lokal tid, t.d. 2026-11-25T19:00 (i tidssona til staden)
          --open-for MINUTT                  og framleis opne så lenge (utan --open-at: frå no)
          --min-rating N                     berre stader du sjølv har gitt minst N stjerner i snitt (1–5)
          --demo                             ta med demodataa (Helsinki) også etter at du har importert eigne stader
          --limit N                          høgst N treff (1–100, standard 10)
          --refresh                          hent på nytt frå Geoapify, ikkje frå mellomlageret
          --json | --geojson                 skriv resultatet som JSON eller GeoJSON
      beacon route [FIL] [VAL]          stader langs ei rute, i rekkjefølgje langs ho
          FIL                                ein GeoJSON LineString (Feature eller geometri)
          --from BREIDD,LENGD --to BREIDD,LENGD   eller ei rett linje mellom to punkt
          --corridor METER                   kor langt frå ruta, 50–2000 (standard 500)
          --category restaurant|cafe|hotel   kva du leitar etter (standard: lagra innstilling)
          --sort distance|rating|name|best   rekkjefølgje (distance: langs ruta)
          --open-now, --diet, --cuisine, --wheelchair, --outdoor-seating, --takeaway, --open-at, --open-for,
          --min-rating                       dei same filtera som i search
          --demo, --refresh                  som i search
          --limit N                          høgst N treff (1–100, standard 20)
          --json | --geojson                 skriv resultatet som JSON eller GeoJSON (med ruta)
      beacon details ID [--refresh] [--json]          alt om éin stad, med lenkjer til kart
      beacon rate ID STJERNER [--comment TEKST] [--json]   gi ein stad 1–5 stjerner
      beacon favorites [--open-now] [--json|--geojson]   list favorittane (--open-now: berre dei som er opne no)
          --diet, --cuisine, --wheelchair, --outdoor-seating, --takeaway, --open-at, --open-for, --min-rating
                                                  dei same filtera som i search
      beacon favorites add|remove ID [--json]         legg til eller fjern ein favoritt
      beacon settings [--json]                        vis innstillingane
      beacon settings reset [--json]                  tilbakestill innstillingane
      beacon import FIL|- [--json]                    importer stader frå eit OSM-utdrag (.osm.pbf) eller ein eksport
                                                      (GeoJSON, GeoJSONSeq, Overpass JSON); - les standard inn
    \(FeatureVerb.helpLines(in: .nn))
      beacon store check                              prøv om databasefila er heil, og sjå kva som kan lesast
      beacon store recover [--output FIL]             kopier det som kan lesast frå ein skadd database til ei ny
                                                      fil (standard: ved sida av, med «-recovered-» i namnet)
      beacon store copy FRÅ TIL [--user NAMN]         kopier eit heilt lager mellom SQLite og PostgreSQL (begge vegar,
                                                      i éin transaksjon; ei ny køyring endrar ingenting)
      beacon serve [--stdio]            JSON-RPC 2.0-tenar på stdin/stdout (Content-Length eller NDJSON)
      beacon mcp [--toolsets SETT,…]    MCP-tenar (Model Context Protocol) på stdin/stdout for KI-agentar
          verktøysett: \(HelpText.toolSets(standard: "standard", or: "eller"));
          elles BEACON_MCP_TOOLSETS
      beacon call METODE [PARAMS_JSON]  køyr éin førespurnad og skriv resultatet som JSON
      beacon [KOMMANDO] --help | --version   hjelpa (til éin kommando: beacon search --help) eller versjonen

    Globale val:
      --store STI        SQLite-fil (elles BEACON_STORE, eller standardplassen); mappa må finnast, berre
                         mappene til standardplassen blir laga; eller postgresql://… for eit delt
                         PostgreSQL-lager (vurderingar, favorittar, innstillingar, søk etter stader og detaljar)
      --user NAMN        brukaren på eit PostgreSQL-lager (elles BEACON_USER, eller kontonamnet)
      --offline          bruk berre lagra data, aldri nettet
      --locale nb|nn|en  språk for meldingar og utdata (standard nb)
      --time-zone SONE   tidssone for dagane i fruktloggen, bursdagsveka og alderen til brukarane, og for
                         opningstider der staden ikkje har si eiga (standard Europe/Oslo)

    Miljø:
      GEOAPIFY_API_KEY       nøkkel til Geoapify (blir aldri vist i utdata)
      BEACON_GEOAPIFY_URL    anna adresse til Geoapify (t.d. ein testtenar)
    \(FeatureVerb.environmentLines(in: .nn))
      BEACON_STORE           SQLite-fil
      BEACON_LOCALE          språk, som --locale
      BEACON_TIME_ZONE       tidssone, som --time-zone
      BEACON_LOG             loggnivå på stderr: debug, info, warning (standard), error

    Forrang: val på kommandolinja > initializationOptions > miljø > standard.
    Feil gir avslutningskode 1, ei ugyldig kommandolinje 64.
    """

  static let english = """
    beacon \(BeaconVersion.current): find restaurants, cafés and hotels near a point.

    Usage:
      beacon search [OPTIONS]           search for places and show them in a table
          --category restaurant|cafe|hotel   what you are looking for (default: the stored setting)
          --near LAT,LON                     centre, e.g. 59.9111,10.7503 (stored)
          --radius KM                        search radius in km, 1–10 (e.g. 1.5)
          --text TEXT                        words that must appear in the name, address or cuisine
          --sort distance|rating|name|best   order (names sort the Norwegian way: æ, ø, å last; best: near,
                                             well rated, a favourite, open now)
          --favorites                        search only among the favourites
          --open-now                         only places open now (in the place's own time zone)
          --diet vegan|vegetarian|gluten_free|halal|kosher   only places with one of the diets (several: vegan,halal)
          --cuisine CUISINE                  only places with one of the cuisines, OSM values such as pizza, sushi
          --wheelchair yes|limited           step-free access (limited: at least partly)
          --outdoor-seating                  only places with outdoor seating
          --takeaway                         only places with food to take away
          --open-at TIME                     open at a local time, e.g. 2026-11-25T19:00 (in the place's time zone)
          --open-for MINUTES                 and still open that long (without --open-at: from now)
          --min-rating N                     only places you rated at least N stars on average (1–5)
          --demo                             include the demo data (Helsinki) after you have imported places of your own
          --limit N                          at most N results (1–100, default 10)
          --refresh                          fetch again from Geoapify, not from the cache
          --json | --geojson                 print the result as JSON or GeoJSON
      beacon route [FILE] [OPTIONS]     places along a route, in order along it
          FILE                               a GeoJSON LineString (a Feature or a geometry)
          --from LAT,LON --to LAT,LON        or a straight line between two points
          --corridor METRES                  how far from the route, 50–2000 (default 500)
          --category restaurant|cafe|hotel   what you are looking for (default: the stored setting)
          --sort distance|rating|name|best   order (distance: along the route)
          --open-now, --diet, --cuisine, --wheelchair, --outdoor-seating, --takeaway, --open-at, --open-for,
          --min-rating                       the same filters as search
          --demo, --refresh                  as in search
          --limit N                          at most N results (1–100, default 20)
          --json | --geojson                 print the result as JSON or GeoJSON (with the route)
      beacon details ID [--refresh] [--json]          everything about one place, with map links
      beacon rate ID STARS [--comment TEXT] [--json]  give a place 1–5 stars
      beacon favorites [--open-now] [--json|--geojson]   list the favourites (--open-now: only those open now)
          --diet, --cuisine, --wheelchair, --outdoor-seating, --takeaway, --open-at, --open-for, --min-rating
                                                  the same filters as search
      beacon favorites add|remove ID [--json]         add or remove a favourite
      beacon settings [--json]                        show the settings
      beacon settings reset [--json]                  reset the settings
      beacon import FILE|- [--json]                   import places from an OSM extract (.osm.pbf) or an export
                                                      (GeoJSON, GeoJSONSeq, Overpass JSON); - reads standard input
    \(FeatureVerb.helpLines(in: .en))
      beacon store check                              check whether the database file is sound, and what can be read
      beacon store recover [--output FILE]            copy what can be read from a damaged database into a new
                                                      file (default: next to it, with "-recovered-" in the name)
      beacon store copy FROM TO [--user NAME]         copy a whole store between SQLite and PostgreSQL (either way,
                                                      in one transaction; running it again changes nothing)
      beacon serve [--stdio]            JSON-RPC 2.0 server on stdin/stdout (Content-Length or NDJSON)
      beacon mcp [--toolsets SET,…]     MCP server (Model Context Protocol) on stdin/stdout for AI agents
          tool sets: \(HelpText.toolSets(standard: "default", or: "or"));
          else BEACON_MCP_TOOLSETS
      beacon call METHOD [PARAMS_JSON]  run one request and print the result as JSON
      beacon [COMMAND] --help | --version   the help (of one command: beacon search --help) or the version

    Global options:
      --store PATH       SQLite file (else BEACON_STORE, else the default location); its folder must exist,
                         only the default location's folders are created; or postgresql://… for a shared
                         PostgreSQL store (ratings, favourites, settings, place searches and details)
      --user NAME        the user on a PostgreSQL store (else BEACON_USER, else the account's name)
      --offline          use stored data only, never the network
      --locale nb|nn|en  language of messages and output (default nb)
      --time-zone ZONE   time zone of the fruit log's days, the users' birthday week and age, and of opening
                         hours where a place has none of its own (default Europe/Oslo)

    Environment:
      GEOAPIFY_API_KEY       key for Geoapify (never shown in any output)
      BEACON_GEOAPIFY_URL    another address for Geoapify (e.g. a test server)
    \(FeatureVerb.environmentLines(in: .en))
      BEACON_STORE           SQLite file
      BEACON_LOCALE          language, like --locale
      BEACON_TIME_ZONE       time zone, like --time-zone
      BEACON_LOG             log level on stderr: debug, info, warning (default), error

    Precedence: command-line options > initializationOptions > environment > default.
    Errors exit with code 1, an invalid command line with 64.
    """

  /// The tool sets as help lists them: the default ones joined by commas, then the others, then `all`.
  static func toolSets(standard: String, or word: String) -> String {
    let standardSets = MCPToolSet.allCases.filter(MCPToolSet.defaultSets.contains).map(\.rawValue)
    let others = MCPToolSet.allCases.filter { !MCPToolSet.defaultSets.contains($0) }.map(\.rawValue)
    return standardSets.joined(separator: ",") + " (\(standard)), " + others.joined(separator: ", ")
      + " \(word) \(MCPToolSet.allName)"
  }
}
