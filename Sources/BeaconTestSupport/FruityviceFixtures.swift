import BeaconJSON
import Foundation

/// Fruityvice-shaped answers written for Beacon's tests, modelled on real `/api/fruit/all` responses: the API's own
/// order (not by id), Java-style numbers (`0.0`, `18.0`) next to integers, the live data's leading spaces
/// (`" Ebenaceae"`, `" Ericales"`), its odd taxonomy (Kiwi in the bird genus *Apteryx*, Melon's order
/// `Cucurbitaceae`), and fields Beacon does not know (`image`, `fiber`).
package enum FruityviceFixtures {
  /// `/api/fruit/all`: 16 fruits in 10 families (11 family strings before trimming).
  package static let all = #"""
    [
      {"name": "Persimmon", "id": 52, "family": "Ebenaceae", "order": "Rosales", "genus": "Diospyros",
       "nutritions": {"calories": 81, "fat": 0.0, "sugar": 18.0, "carbohydrates": 18.0, "protein": 0.0}},
      {"name": "Strawberry", "id": 3, "family": "Rosaceae", "order": "Rosales", "genus": "Fragaria",
       "nutritions": {"calories": 29, "fat": 0.4, "sugar": 5.4, "carbohydrates": 5.5, "protein": 0.8}},
      {"name": "Banana", "id": 1, "family": "Musaceae", "order": "Zingiberales", "genus": "Musa",
       "nutritions": {"calories": 96, "fat": 0.2, "sugar": 17.2, "carbohydrates": 22.0, "protein": 1.0}},
      {"name": "Pear", "id": 4, "family": "Rosaceae", "order": "Rosales", "genus": "Pyrus",
       "nutritions": {"calories": 57, "fat": 0.1, "sugar": 10.0, "carbohydrates": 15.0, "protein": 0.4}},
      {"name": "Kiwi", "id": 66, "family": "Actinidiaceae", "order": "Struthioniformes", "genus": "Apteryx",
       "nutritions": {"calories": 61, "fat": 0.5, "sugar": 9.0, "carbohydrates": 15.0, "protein": 1.1}},
      {"name": "Pineapple", "id": 10, "family": "Bromeliaceae", "order": "Poales", "genus": "Ananas",
       "image": "https://example.invalid/pineapple.png",
       "nutritions": {"calories": 50, "fat": 0.12, "sugar": 9.85, "carbohydrates": 13.12, "protein": 0.54}},
      {"name": "Orange", "id": 2, "family": "Rutaceae", "order": "Sapindales", "genus": "Citrus",
       "nutritions": {"calories": 43, "fat": 0.2, "sugar": 8.2, "carbohydrates": 8.3, "protein": 1.0}},
      {"name": "GreenApple", "id": 72, "family": "Rosaceae", "order": "Rosales", "genus": "Malus",
       "nutritions": {"calories": 21, "fat": 0.1, "sugar": 6.4, "carbohydrates": 3.1, "protein": 0.4}},
      {"name": "Watermelon", "id": 25, "family": "Cucurbitaceae", "order": "Cucurbitales", "genus": "Citrullus",
       "nutritions": {"calories": 30, "fat": 0.2, "sugar": 6.0, "carbohydrates": 8.0, "protein": 0.6}},
      {"name": "Lemon", "id": 26, "family": "Rutaceae", "order": "Sapindales", "genus": "Citrus",
       "nutritions": {"calories": 29, "fat": 0.3, "sugar": 2.5, "carbohydrates": 9.0, "protein": 1.1, "fiber": 2.8}},
      {"name": "Apple", "id": 6, "family": "Rosaceae", "order": "Rosales", "genus": "Malus",
       "nutritions": {"calories": 52, "fat": 0.4, "sugar": 10.3, "carbohydrates": 11.4, "protein": 0.3}},
      {"name": "Melon", "id": 41, "family": "Cucurbitaceae", "order": "Cucurbitaceae", "genus": "Cucumis",
       "nutritions": {"calories": 34, "fat": 0.0, "sugar": 8.0, "carbohydrates": 8.0, "protein": 0.0}},
      {"name": "Grape", "id": 81, "family": "Vitaceae", "order": "Vitales", "genus": "Vitis",
       "nutritions": {"calories": 69, "fat": 0.16, "sugar": 16.0, "carbohydrates": 18.1, "protein": 0.72}},
      {"name": "Cranberry", "id": 87, "family": "Ericaceae", "order": "Ericales", "genus": "Vaccinium",
       "nutritions": {"calories": 46, "fat": 0.1, "sugar": 4.0, "carbohydrates": 12.2, "protein": 0.4}},
      {"name": "Hazelnut", "id": 96, "family": "Betulaceae", "order": "Fagales", "genus": "Corylus",
       "nutritions": {"calories": 628, "fat": 61.0, "sugar": 4.3, "carbohydrates": 17.0, "protein": 15.0}},
      {"name": "Japanese Persimmon", "id": 101, "family": " Ebenaceae", "order": " Ericales", "genus": "Diospyros",
       "nutritions": {"calories": 70, "fat": 0.2, "sugar": 13.0, "carbohydrates": 19.0, "protein": 0.6}}
    ]
    """#

  /// `/api/fruit/all` as an older snapshot has it: sorted by name, `genus` first, the nutrition keys in another
  /// order, whole numbers without `.0`, one value written as a string, and a name with surrounding spaces.
  package static let olderShape = #"""
    [{
        "genus": "Malus",
        "name": "Apple",
        "id": 6,
        "family": "Rosaceae",
        "order": "Rosales",
        "nutritions": {"carbohydrates": 11.4, "protein": 0.3, "fat": 0.4, "calories": 52, "sugar": 10.3}
    }, {
        "genus": "Persea",
        "name": "  Avocado ",
        "id": 84,
        "family": "Lauraceae",
        "order": "Laurales",
        "nutritions": {"carbohydrates": 8.53, "protein": 2, "fat": 14.66, "calories": 160, "sugar": "0.66"}
    }, {
        "genus": "Musa",
        "name": "Banana",
        "id": 1,
        "family": "Musaceae",
        "order": "Zingiberales",
        "nutritions": {"carbohydrates": 22, "protein": 1, "fat": 0.2, "calories": 96, "sugar": 17.2}
    }]
    """#

  /// Fruityvice's 404 body for an unknown name, family, genus or order.
  package static let notFoundBody = #"{"error": "Not found"}"#

  /// The fruits of `all` whose `kind` (`family`, `genus`, `order`) is `name`, compared as the live API seems to:
  /// ignoring case but not the leading spaces; `nil` when there are none (Fruityvice answers 404).
  package static func group(kind: String, name: String) -> String? {
    guard let fruits = try? JSONParser.parse(Array(all.utf8)).arrayValue else { return nil }
    let members = fruits.filter { $0[kind]?.stringValue?.lowercased() == name.lowercased() }
    guard !members.isEmpty else { return nil }
    return String(decoding: JSONWriter.serialize(.array(members)), as: UTF8.self)
  }

  /// Answers like Fruityvice: `/api/fruit/all`, `/api/fruit/{family|genus|order}/{name}`, 404 otherwise.
  package static func respond(to request: LoopbackHTTPServer.RecordedRequest) -> LoopbackHTTPServer.Response {
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    switch parts.count {
    case 3 where parts[0] == "api" && parts[1] == "fruit" && parts[2] == "all":
      return .json(all)
    case 4 where parts[0] == "api" && parts[1] == "fruit" && ["family", "genus", "order"].contains(parts[2]):
      return group(kind: parts[2], name: parts[3]).map { .json($0) } ?? .json(notFoundBody, status: 404)
    default:
      return .json(notFoundBody, status: 404)
    }
  }

  /// A loopback server that answers like Fruityvice with ``respond(to:)``.
  package static func server() throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer()
    server.handler = { respond(to: $0) }
    return server
  }
}
