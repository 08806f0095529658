import BeaconCore
import Foundation

/// `beacon store copy FROM TO [--user NAME]`: a whole store from one backend to another, each a SQLite file (a path
/// or `sqlite:PATH`) or a PostgreSQL server (`postgresql://…`). Progress on stderr, the summary on stdout; exit 1
/// with the target untouched when it fails.
enum StoreCopyCommand {
  static func run(from: String, to: String, options: ServerOptions, logger: Logger) async -> Int32 {
    let language = options.initialLanguage
    let user: String
    switch options.flags.user ?? options.environment.user {
    case let given? where given.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty:
      logger.sink(LocalizedMessage.emptyUser.text(in: language))
      return 64
    case let given?: user = given
    case nil: user = StoreTarget.defaultUser()
    }
    let source = StoreTarget(from)
    let target = StoreTarget(to)
    let sourceName = StoreCopy.name(of: source)
    let targetName = StoreCopy.name(of: target)
    do {
      let (snapshot, report) = try await StoreCopy.copy(from: source, to: target, user: user) { step in
        switch step {
        case .reading:
          logger.sink(StoreCopyText.reading(from: sourceName).text(in: language))
        case .writing(let snapshot):
          let text = StoreCopyText.writing(
            to: targetName,
            places: snapshot.places.count,
            ratings: snapshot.ratings.count,
            favorites: snapshot.favorites.count,
            settings: snapshot.settings.count
          )
          logger.sink(text.text(in: language))
        }
      }
      let lines: [StoreCopyText] =
        [
          .copied(from: sourceName, to: targetName),
          .places(added: report.placesAdded, updated: report.placesUpdated, unchanged: report.placesUnchanged),
          .ratings(added: report.ratingsAdded, present: report.ratingsPresent, renumbered: report.ratingsRenumbered),
          .favorites(added: report.favoritesAdded),
          .settings(changed: report.settingsChanged),
          .importedArea(report.importedArea),
        ] + report.parts.map(StoreCopyText.part)
      StandardOutput.write(lines.map { $0.text(in: language) })
      if !snapshot.leftBehind.isEmpty {
        let tables = snapshot.leftBehind.map { "\($0.table) (\($0.rows))" }.joined(separator: ", ")
        logger.sink(StoreCopyText.leftBehind(tables: tables).text(in: language))
      }
      return 0
    } catch {
      logger.sink(error.message(in: language))
      logger.sink(StoreCopyText.failed(to: targetName).text(in: language))
      return 1
    }
  }
}
