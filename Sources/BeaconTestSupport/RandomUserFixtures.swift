import BeaconJSON
import Foundation

/// randomuser.me-shaped answers written for Beacon's tests, modelled on real v1.3 and v1.4 responses: every field
/// the API sends (logins with hashes, `registered`, national ids), coordinates and time-zone offsets as strings,
/// postcodes as integers or strings depending on the nationality (GB and NL are strings), `id.value` `null` with an
/// empty `id.name` (NZ, TR, IR, UA), a garbled id value (FI), and names in Turkish, Persian and Cyrillic letters.
///
/// Like the real API, the same seed always gives the same users and another seed gives others: user `index` of
/// `seed` has the id ``uuid(seed:index:)``. For the birthday tests three users are fixed whatever the seed:
/// index 0 (Norwegian) was born on 27 November (a Friday in 2026, inside ``week``), index 1 (Dutch) on 29 February
/// 1988, and index 2 (Finnish) on 30 November (the Monday after ``week``); nobody else was born in November.
package enum RandomUserFixtures {
  /// The clock of the people tests: Wednesday 25 November 2026, 12:00 UTC (13:00 in Oslo).
  package static let now = Date(timeIntervalSince1970: 1_795_608_000)
  /// `now`'s Monday–Sunday week on Oslo's calendar: 23–29 November 2026.
  package static let week = ("2026-11-23", "2026-11-29")

  /// The body of randomuser.me's 429 (more than 20,000 users per IP in 5 minutes).
  package static let rateLimitBody = #"""
    {"error": "Whoa, ease up there cowboy. You've requested 20100 users in the last minute. Help us keep this \#
    service free and spare some bandwidth for other users please :)"}
    """#
  /// The body randomuser.me sends when it is in trouble (the documentation's wording), possibly with status 200.
  package static let troubleBody = #"""
    {"error": "Uh oh, something has gone wrong. Please tweet us @randomapi about the issue. Thank you."}
    """#

  /// The answer to `?results=count&seed=seed` (`inc` keeps only the named top-level fields, as the API does).
  package static func page(seed: String, count: Int = 100, include: Set<String>? = nil) -> String {
    let users = (0..<count).map { index -> JSONValue in
      guard let include, case .object(let fields) = user(seed: seed, index: index) else {
        return user(seed: seed, index: index)
      }
      return .object(fields.filter { include.contains($0.key) })
    }
    let info: JSONValue = ["seed": .string(seed), "results": .int(count), "page": 1, "version": "1.4"]
    return String(decoding: JSONWriter.serialize(["results": .array(users), "info": info]), as: UTF8.self)
  }

  /// The `login.uuid` of user `index` of `seed`.
  package static func uuid(seed: String, index: Int) -> String {
    let high = hash("\(seed)#\(index)#uuid")
    let low = hash("\(index)#\(seed)#uuid")
    // Shaped like a version 4 UUID, as randomuser.me's are: `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx`.
    let characters = Array(String(format: "%016llx%016llx", high, low))
    let variant = Array("89ab")[Int(low % 4)]
    let groups = [
      String(characters[0..<8]), String(characters[8..<12]), "4" + String(characters[13..<16]),
      String(variant) + String(characters[17..<20]), String(characters[20..<32]),
    ]
    return groups.joined(separator: "-")
  }

  /// Answers like randomuser.me: `/api/`, `/api/1.4/` (with or without the slash) and other known versions serve
  /// `results` users of `seed` (`results` out of 1…5000 or not a number counts as 1; no seed gives a fixed random
  /// one); an unknown version is 404 "Not Found".
  package static func respond(to request: LoopbackHTTPServer.RecordedRequest) -> LoopbackHTTPServer.Response {
    let path = request.path.hasSuffix("/") ? String(request.path.dropLast()) : request.path
    let versions = ["1.0", "1.1", "1.2", "1.3", "1.4"]
    guard path == "/api" || versions.contains(where: { path == "/api/" + $0 }) else {
      return .text("Not Found", status: 404)
    }
    let requested = request.queryItems["results"].flatMap { Int($0) } ?? 1
    let count = (1...5000).contains(requested) ? requested : 1
    let include = request.queryItems["inc"].map { Set($0.split(separator: ",").map(String.init)) }
    return .json(page(seed: request.queryItems["seed"] ?? "a1b2c3d4e5f60718", count: count, include: include))
  }

  /// A loopback server that answers like randomuser.me with ``respond(to:)``.
  package static func server() throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer()
    server.handler = { respond(to: $0) }
    return server
  }

  // MARK: - People

  /// A nationality's way of writing a person.
  struct Nationality: Sendable {
    var nat: String
    var country: String
    var firstNames: [(String, String)]  // (name, gender)
    var lastNames: [String]
    var cities: [(city: String, state: String)]
    var postcode: @Sendable (UInt64) -> JSONValue
    var phone: @Sendable (UInt64) -> String
    var idName: String
    var idValue: @Sendable (UInt64) -> JSONValue
    var offset: String
    /// Written in Latin letters (e-mail addresses are made from the name, without accents).
    var latin: Bool
  }

  static let nationalities: [Nationality] = [
    Nationality(
      nat: "NO",
      country: "Norway",
      firstNames: [("Ingrid", "female"), ("Sander", "male"), ("Sigrid", "female"), ("Håkon", "male")],
      lastNames: ["Moksnes", "Bakken", "Sæther", "Ødegård"],
      cities: [("Tromsø", "Troms"), ("Bergen", "Vestland"), ("Ålesund", "Møre og Romsdal")],
      postcode: { .string(String(format: "%04llu", $0 % 10_000)) },
      phone: { String(format: "%08llu", 20_000_000 + $0 % 70_000_000) },
      idName: "FN",
      idValue: { .string(String(format: "%011llu", $0 % 100_000_000_000)) },
      offset: "+1:00",
      latin: true
    ),
    Nationality(
      nat: "FI",
      country: "Finland",
      firstNames: [("Aino", "female"), ("Eetu", "male"), ("Venla", "female")],
      lastNames: ["Korhonen", "Mäkelä", "Kyllönen"],
      cities: [("Seinäjoki", "Päijät-Häme"), ("Jyväskylä", "Central Finland")],
      postcode: { .int(Int($0 % 90_000) + 10_000) },
      phone: { String(format: "0%llu-%03llu-%03llu", $0 % 9 + 1, $0 % 1_000, ($0 / 7) % 1_000) },
      idName: "HETU",
      idValue: { _ in "NaNNA230undefined" },
      offset: "-6:00",
      latin: true
    ),
    Nationality(
      nat: "NZ",
      country: "New Zealand",
      firstNames: [("Charlotte", "female"), ("Liam", "male")],
      lastNames: ["Walker", "Thompson"],
      cities: [("Whangarei", "Northland"), ("Napier", "Hawke'S Bay")],
      postcode: { .int(Int($0 % 9_000) + 1_000) },
      phone: { String(format: "(%03llu)-%03llu-%04llu", $0 % 1_000, ($0 / 3) % 1_000, $0 % 10_000) },
      idName: "",
      idValue: { _ in .null },
      offset: "+12:00",
      latin: true
    ),
    Nationality(
      nat: "TR",
      country: "Turkey",
      firstNames: [("Ömer", "male"), ("Şeyma", "female")],
      lastNames: ["Koç", "Yıldırım"],
      cities: [("Kütahya", "Bitlis"), ("İzmir", "Aydın")],
      postcode: { .int(Int($0 % 90_000) + 10_000) },
      phone: { String(format: "(%03llu)-%03llu-%04llu", $0 % 1_000, ($0 / 5) % 1_000, $0 % 10_000) },
      idName: "",
      idValue: { _ in .null },
      offset: "+3:00",
      latin: true
    ),
    Nationality(
      nat: "GB",
      country: "United Kingdom",
      firstNames: [("Harry", "male"), ("Amelia", "female")],
      lastNames: ["Fox", "Pearson"],
      cities: [("Sheffield", "Cumbria"), ("Stoke-on-Trent", "Lothian")],
      postcode: { .string(["NB9Q 1PU", "W3 7HQ", "S1 2AB"][Int($0 % 3)]) },
      phone: { String(format: "0%llu-%03llu-%04llu", $0 % 100, $0 % 1_000, ($0 / 11) % 10_000) },
      idName: "NINO",
      idValue: {
        .string(String(format: "WE %02llu %02llu %02llu Q", $0 % 100, ($0 / 100) % 100, ($0 / 10_000) % 100))
      },
      offset: "0:00",
      latin: true
    ),
    Nationality(
      nat: "NL",
      country: "Netherlands",
      firstNames: [("Sanne", "female"), ("Daan", "male")],
      lastNames: ["van der Meer", "de Vries"],
      cities: [("Westerbork", "Drenthe"), ("Zwolle", "Overijssel")],
      postcode: { .string(String(format: "%04llu CU", 1_000 + $0 % 9_000)) },
      phone: { String(format: "(0%03llu) %06llu", $0 % 1_000, $0 % 1_000_000) },
      idName: "BSN",
      idValue: { .string(String(format: "%08llu", $0 % 100_000_000)) },
      offset: "+1:00",
      latin: true
    ),
    Nationality(
      nat: "US",
      country: "United States",
      firstNames: [("Ricky", "male"), ("Brittany", "female")],
      lastNames: ["Alexander", "Hughes"],
      cities: [("Lewisville", "Wisconsin"), ("Stamford", "Oregon")],
      postcode: { .int(Int($0 % 90_000) + 10_000) },
      phone: { String(format: "(%03llu)-%03llu-%04llu", $0 % 1_000, ($0 / 13) % 1_000, $0 % 10_000) },
      idName: "SSN",
      idValue: { .string(String(format: "%03llu-%02llu-%04llu", $0 % 1_000, $0 % 100, $0 % 10_000)) },
      offset: "+9:30",
      latin: true
    ),
    Nationality(
      nat: "IR",
      country: "Iran",
      firstNames: [("نیایش", "female"), ("کامیار", "male")],
      lastNames: ["یاسمی", "کریمی"],
      cities: [("کرمانشاه", "خراسان شمالی"), ("اصفهان", "قم")],
      postcode: { .int(Int($0 % 90_000) + 10_000) },
      phone: { String(format: "0%02llu-%08llu", $0 % 100, $0 % 100_000_000) },
      idName: "",
      idValue: { _ in .null },
      offset: "+3:30",
      latin: false
    ),
    Nationality(
      nat: "UA",
      country: "Ukraine",
      firstNames: [("Мирослава", "female"), ("Богдан", "male")],
      lastNames: ["Дорошенко", "Ковальчук"],
      cities: [("Кременчук", "Харківська"), ("Ужгород", "Закарпатська")],
      postcode: { .int(Int($0 % 90_000) + 10_000) },
      phone: { String(format: "(0%02llu) S%02llu-%04llu", $0 % 100, $0 % 100, $0 % 10_000) },
      idName: "",
      idValue: { _ in .null },
      offset: "+2:00",
      latin: false
    ),
  ]

  /// User `index` of `seed`, in randomuser.me's shape.
  static func user(seed: String, index: Int) -> JSONValue {
    let h = hash("\(seed)#\(index)")
    // The three fixed birthdays are Norwegian, Dutch and Finnish; everyone else is of any nationality.
    let fixed = [0: 0, 1: 5, 2: 1][index]
    let nationality = nationalities[fixed ?? Int((h >> 7) % UInt64(nationalities.count))]
    let (first, gender) = nationality.firstNames[Int(h % 97) % nationality.firstNames.count]
    let last = nationality.lastNames[Int((h >> 13) % 89) % nationality.lastNames.count]
    let place = nationality.cities[Int((h >> 21) % 83) % nationality.cities.count]
    let email = (nationality.latin ? latinStem("\(first).\(last)") : "user\(h % 100_000)") + "@example.com"
    let latitude = Double(Int64(h % 178_000) - 89_000) / 1_000
    let longitude = Double(Int64((h >> 20) % 358_000) - 179_000) / 1_000
    let portrait = Int((h >> 30) % 100)
    let folder = gender == "female" ? "women" : "men"
    let born = birth(seed: seed, index: index, hash: h)
    return [
      "gender": .string(gender),
      "name": ["title": gender == "female" ? "Ms" : "Mr", "first": .string(first), "last": .string(last)],
      "location": [
        "street": ["number": .int(Int(h % 9_000) + 1), "name": "Storgata"],
        "city": .string(place.city),
        "state": .string(place.state),
        "country": .string(nationality.country),
        "postcode": nationality.postcode(h),
        "coordinates": [
          "latitude": .string(String(format: "%.4f", latitude)),
          "longitude": .string(String(format: "%.4f", longitude)),
        ],
        "timezone": ["offset": .string(nationality.offset), "description": "Somewhere"],
      ],
      "email": .string(email),
      "login": [
        "uuid": .string(uuid(seed: seed, index: index)),
        "username": .string("quietfish\(h % 1_000)"),
        "password": "hunter2",
        "salt": "eYZm3b4S",
        "md5": .string(String(format: "%016llx%016llx", h, h >> 1)),
        "sha1": .string(String(format: "%016llx%016llx%08llx", h, h >> 2, h % 0xFFFF_FFFF)),
        "sha256": .string(String(format: "%016llx%016llx%016llx%016llx", h, h >> 3, h >> 5, h >> 7)),
      ],
      "dob": ["date": .string(born.date), "age": .int(2026 - born.year)],
      "registered": ["date": "2010-08-25T17:31:06.746Z", "age": 16],
      "phone": .string(nationality.phone(h)),
      "cell": .string(nationality.phone(h >> 9)),
      "id": ["name": .string(nationality.idName), "value": nationality.idValue(h)],
      "picture": [
        "large": .string("https://randomuser.me/api/portraits/\(folder)/\(portrait).jpg"),
        "medium": .string("https://randomuser.me/api/portraits/med/\(folder)/\(portrait).jpg"),
        "thumbnail": .string("https://randomuser.me/api/portraits/thumb/\(folder)/\(portrait).jpg"),
      ],
      "nat": .string(nationality.nat),
    ]
  }

  /// The `dob.date` of user `index`: the three fixed birthdays for indexes 0…2, else a day outside November.
  static func birth(seed: String, index: Int, hash h: UInt64) -> (date: String, year: Int) {
    let year = 1950 + Int(h % 52)
    switch index {
    case 0: return (String(format: "%04d-11-27T08:15:42.120Z", year), year)
    case 1: return ("1988-02-29T13:45:00.000Z", 1988)
    case 2: return (String(format: "%04d-11-30T23:30:00.000Z", year), year)
    default:
      let months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]
      let month = months[Int((h >> 11) % UInt64(months.count))]
      let day = Int((h >> 17) % 28) + 1
      return (String(format: "%04d-%02d-%02dT%02d:%02d:00.000Z", year, month, day, Int(h % 24), Int(h % 60)), year)
    }
  }

  /// `first.last` in lower-case ASCII, as randomuser.me writes e-mail addresses (`ødegård` → `odegard`).
  static func latinStem(_ name: String) -> String {
    let replaced = name.lowercased().replacingOccurrences(of: "æ", with: "ae").replacingOccurrences(of: "ø", with: "o")
      .replacingOccurrences(of: "ı", with: "i")
    let folded = replaced.folding(options: .diacriticInsensitive, locale: Locale(identifier: "en_US_POSIX"))
    return String(folded.filter { $0.isASCII && ($0.isLetter || $0 == ".") })
  }

  /// FNV-1a, 64 bits: the same on every run and machine.
  static func hash(_ text: String) -> UInt64 {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01b3
    }
    return value
  }
}
