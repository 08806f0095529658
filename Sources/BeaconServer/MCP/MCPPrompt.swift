import BeaconCore
import JSONRPC

/// One MCP prompt: a message template a client offers the user, which tells the agent which tools to call.
struct MCPPrompt: Sendable {
  /// One argument of a prompt (always a string).
  struct Argument: Sendable {
    let name: String
    /// For the model and the client's form.
    let description: String
    let required: Bool
  }

  let name: String
  let title: MCPTool.Title
  /// What the prompt is for (English, like the tools' descriptions).
  let description: String
  let arguments: [Argument]
  /// The user message in Bokmål, Nynorsk and English, made from the (checked, single-line) arguments.
  let message: @Sendable (_ arguments: [String: String]) -> (String, String, String)

  /// The prompt as `prompts/list` gives it.
  func definition(in language: Language) -> JSONValue {
    [
      "name": .string(name), "title": .string(title.text(in: language)), "description": .string(description),
      "arguments": .array(
        arguments.map {
          ["name": .string($0.name), "description": .string($0.description), "required": .bool($0.required)]
        }
      ),
    ]
  }

  /// The prompts Beacon offers, in the order `prompts/list` gives them.
  static let all: [MCPPrompt] = [findFoodNow, compareFavorites, planVisit]

  static let findFoodNow = MCPPrompt(
    name: "find_food_now",
    title: .init(nb: "Finn mat nå", nn: "Finn mat no", en: "Find food now"),
    description: "Find somewhere to eat that is open now, near a place or the stored centre.",
    arguments: [
      .init(
        name: "near",
        description: "A place or address to search around; default: the stored centre.",
        required: false
      ),
      .init(name: "diet", description: "What the user wants to eat or avoid, e.g. vegan, sushi.", required: false),
    ]
  ) { arguments in
    let near = arguments["near"]
    let diet = arguments["diet"]
    let start = (
      "Finn et sted jeg kan spise nå" + (near.map { " i nærheten av «\($0)»" } ?? "") + ".",
      "Finn ein stad eg kan ete no" + (near.map { " i nærleiken av «\($0)»" } ?? "") + ".",
      "Find somewhere I can eat now" + (near.map { " near \"\($0)\"" } ?? "") + "."
    )
    let centre = near.map { near in
      (
        " Kall først places_autocomplete med text «\(near)» og bruk det beste forslagets location som center.",
        " Kall først places_autocomplete med text «\(near)» og bruk det beste forslaget sin location som center.",
        " First call places_autocomplete with text \"\(near)\" and use the best suggestion's location as center."
      )
    }
    let search = (
      " Kall places_search med category «restaurant» og openNow true.",
      " Kall places_search med category «restaurant» og openNow true.",
      " Call places_search with category \"restaurant\" and openNow true."
    )
    let wish = diet.map { diet in
      (
        " Jeg vil ha: \(diet); sjekk kjøkkenet til kandidatene med places_details.",
        " Eg vil ha: \(diet); sjekk kjøkenet til kandidatane med places_details.",
        " I would like: \(diet); check the candidates' cuisine with places_details."
      )
    }
    let end = (
      " Foreslå de tre nærmeste med avstand, vurdering og adresse; er ingen åpne, si det og prøv en større radiusMeters.",
      " Føreslå dei tre næraste med avstand, vurdering og adresse; er ingen opne, sei det og prøv ein større radiusMeters.",
      " Suggest the three nearest with distance, rating and address; if none is open, say so and try a larger radiusMeters."
    )
    let parts = [start, centre ?? ("", "", ""), search, wish ?? ("", "", ""), end]
    return (parts.map(\.0).joined(), parts.map(\.1).joined(), parts.map(\.2).joined())
  }

  static let compareFavorites = MCPPrompt(
    name: "compare_favorites",
    title: .init(nb: "Sammenlign mine steder", nn: "Samanlikn mine stader", en: "Compare my places"),
    description: "Compare the user's favourite places by rating, distance and opening hours.",
    arguments: []
  ) { _ in
    (
      "Sammenlign mine favorittsteder. Kall favorites_list med detail «full», og sammenlign for hvert sted min "
        + "vurdering (snitt og antall), avstanden og om det er åpent nå. Anbefal ett og si hvorfor. Har jeg ingen "
        + "favoritter, si hvordan jeg legger til en med favorites_add.",
      "Samanlikn favorittstadene mine. Kall favorites_list med detail «full», og samanlikn for kvar stad "
        + "vurderinga mi (snitt og tal), avstanden og om han er open no. Tilrå éin og sei kvifor. Har eg ingen "
        + "favorittar, sei korleis eg legg til ein med favorites_add.",
      "Compare my favourite places. Call favorites_list with detail \"full\" and compare, for each place, my "
        + "rating (average and count), the distance and whether it is open now. Recommend one and say why. If I "
        + "have no favourites, say how to add one with favorites_add."
    )
  }

  static let planVisit = MCPPrompt(
    name: "plan_visit",
    title: .init(nb: "Planlegg et besøk", nn: "Planlegg eit besøk", en: "Plan a visit"),
    description: "What the user needs to visit one place: today's hours, address, phone and a map link.",
    arguments: [.init(name: "placeId", description: "The place's `id` from a search.", required: true)]
  ) { arguments in
    let id = arguments["placeId"] ?? ""
    return (
      "Jeg vil besøke stedet «\(id)». Kall places_details med id «\(id)» og fortell meg om det er åpent nå, "
        + "åpningstidene i dag, adressen, telefonnummeret og en kartlenke.",
      "Eg vil besøkje staden «\(id)». Kall places_details med id «\(id)» og fortel meg om han er open no, "
        + "opningstidene i dag, adressa, telefonnummeret og ei kartlenkje.",
      "I want to visit the place \"\(id)\". Call places_details with id \"\(id)\" and tell me whether it is open "
        + "now, today's opening hours, the address, the phone number and a map link."
    )
  }
}
