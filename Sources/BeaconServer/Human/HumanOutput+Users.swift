import BeaconCore
import BeaconPeople
import Foundation

extension HumanOutput {
  /// `text` in this output's language.
  package func userText(_ message: UserText) -> String { message.text(in: language) }

  /// A day as people here write it: `15.06.1995` (English `1995-06-15`).
  package func day(_ day: CivilDate) -> String {
    language == .en ? day.description : String(format: "%02d.%02d.%04d", day.day, day.month, day.year)
  }

  /// `users/list`: how many users and the seed, a table (edited mark, name, city, birth date, age, id), a note when
  /// the data is stale, and the attribution.
  package func userList(_ result: UserListResult) -> [String] {
    let columns: [TableFormatter.Column] = [
      .init(header: ""),
      .init(header: userText(.columnName), maxWidth: 32),
      .init(header: userText(.field(.city)), maxWidth: 24),
      .init(header: userText(.field(.birthDate))),
      .init(header: userText(.columnAge), alignment: .right),
      .init(header: userText(.columnID)),
    ]
    let rows = result.users.map { user in
      [
        user.edited ? "✎" : "", Self.singleLine(user.name), Self.singleLine(user.city),
        user.birthDate.map(day) ?? "", user.age.map(String.init) ?? "", user.id,
      ]
    }
    return [userText(.count(result.users.count, seed: Self.singleLine(result.seed)))]
      + TableFormatter(columns: columns).render(rows)
      + userFooter(stale: result.stale, fetchedAt: result.fetchedAt, result.attribution)
  }

  /// `users/get`: every field of the profile, the birthday in this week, and the celebration.
  package func userProfile(_ result: UserDetailsResult) -> [String] {
    let birthday =
      result.birthday.map { userText(.birthdayThisWeek(day($0))) } ?? userText(.notThisWeek)
    var lines = userFields(result.user) + userLabelled([(userText(.columnBirthday), birthday)])
    if let notice = result.notice { lines.append(notice) }
    if let rain = result.celebration?.rain { lines.append(rain.emoji.joined(separator: " ")) }
    return lines + userFooter(stale: result.stale, fetchedAt: result.fetchedAt, result.attribution)
  }

  /// `users/update`: that the changes were saved, then the profile as shown from now on.
  package func userUpdated(_ result: UserUpdateResult) -> [String] {
    [userText(.saved(Self.singleLine(result.user.name)))] + userFields(result.user)
  }

  /// `users/setSeed`: the new seed and what the change did.
  package func userSeedChanged(_ result: UserSeedResult) -> [String] {
    let change = UserText.seedChanged(
      seed: Self.singleLine(result.seed),
      removed: result.removed,
      kept: result.kept,
      added: result.added,
      total: result.total
    )
    return [userText(change)]
  }

  /// `users/map`: the region (or the one user it is centred on), then every pin: name, position, id.
  package func userMap(_ result: UserMapResult) -> [String] {
    var lines: [String] = []
    if result.focus != nil, let pin = result.pins.first {
      lines.append(userText(.mapCentred(name: Self.singleLine(pin.name), center: coordinate(pin.location))))
    } else if let focus = result.focus {
      lines.append(userText(.noLocation(Self.singleLine(focus))))
    } else if let region = result.region {
      let text = UserText.mapAll(
        count: result.pins.count,
        center: coordinate(region.center),
        latitudeDelta: decimal(region.latitudeDelta),
        longitudeDelta: decimal(region.longitudeDelta)
      )
      lines.append(userText(text))
    } else {
      lines.append(userText(.noPins))
    }
    if !result.pins.isEmpty {
      let columns: [TableFormatter.Column] = [
        .init(header: userText(.columnName), maxWidth: 32), .init(header: userText(.columnPosition)),
        .init(header: userText(.columnID)),
      ]
      lines += TableFormatter(columns: columns).render(
        result.pins.map { [Self.singleLine($0.name), coordinate($0.location), $0.id] }
      )
    }
    return lines + userFooter(stale: result.stale, fetchedAt: result.fetchedAt, result.attribution)
  }

  /// The profile's fields as `label: value` lines (the edited ones named at the end).
  private func userFields(_ user: User) -> [String] {
    let place = [user.city, user.country].filter { !$0.isEmpty }.joined(separator: ", ")
    var pairs: [(String, String)] = [
      (userText(.columnName), user.name),
      (userText(.field(.city)), place),
      (userText(.field(.email)), user.email),
      (userText(.field(.phone)), user.phone),
      (userText(.field(.birthDate)), user.birthDate.map(day) ?? ""),
      (userText(.columnAge), user.age.map(String.init) ?? ""),
      (userText(.columnPicture), user.picture.large),
      (userText(.columnPosition), user.location.map(coordinate) ?? ""),
      (userText(.columnID), user.id),
    ]
    if user.edited {
      let fields = user.editedFields.map { userText(.field($0)).lowercased() }
      pairs.append((userText(.columnEdited), "✎ " + fields.joined(separator: ", ")))
    }
    return userLabelled(pairs)
  }

  /// `label: value` lines with the values aligned.
  private func userLabelled(_ pairs: [(String, String)]) -> [String] {
    let width = max(14, pairs.map { TableFormatter.width(of: $0.0) + 1 }.max() ?? 0)
    return pairs.map { TableFormatter.pad($0.0 + ":", to: width) + "  " + Self.singleLine($0.1) }
  }

  /// A stale note when needed, a blank line and the attribution.
  private func userFooter(stale: Bool, fetchedAt: Date, _ attribution: String) -> [String] {
    (stale ? [userText(.staleData(date(fetchedAt)))] : []) + ["", attribution]
  }
}
