import BeaconCore
import Foundation

extension HumanOutput {
  /// `Åpen nå – stenger 22:00`, `Stengt – åpner 11:00` (`Stengt – åpner fre. 11:00` more than a day ahead);
  /// empty when the hours cannot tell.
  package func openingStatus(_ openNow: Bool?, closesAt: LocalDateTime?, opensAt: LocalDateTime?) -> String {
    switch openNow {
    case true?: text(closesAt.map { .openUntil(when($0)) } ?? .openNow)
    case false?: text(opensAt.map { .closedUntil(when($0)) } ?? .closedNow)
    case nil: ""
    }
  }

  /// The place's own clock time of `time`: `22:00` within a day from ``now``, `fre. 22:00` within a week,
  /// `1. mai 11:00` (English `1 May 11:00`) further ahead.
  package func when(_ time: LocalDateTime) -> String {
    let ahead = time.date.timeIntervalSince(now)
    if ahead < 24 * 3_600 { return time.time }
    if ahead < 6 * 24 * 3_600 { return Self.weekdayNames(language)[time.day.weekday] + " " + time.time }
    let month = Self.monthNames(language)[time.day.month - 1]
    return language == .en ? "\(time.day.day) \(month) \(time.time)" : "\(time.day.day). \(month) \(time.time)"
  }

  /// Short weekday names, Monday first.
  static func weekdayNames(_ language: Language) -> [String] {
    switch language {
    case .nb: ["man.", "tir.", "ons.", "tor.", "fre.", "lør.", "søn."]
    case .nn: ["mån.", "tys.", "ons.", "tor.", "fre.", "lau.", "sun."]
    case .en: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    }
  }

  /// Short month names, January first.
  static func monthNames(_ language: Language) -> [String] {
    switch language {
    case .nb, .nn: ["jan.", "feb.", "mars", "apr.", "mai", "juni", "juli", "aug.", "sep.", "okt.", "nov.", "des."]
    case .en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    }
  }
}
