import Domain
import Foundation
import SceneServices
import ViewModels

/// Small values the view-model tests share.
enum Fixtures {
    static let day = Date(timeIntervalSince1970: 1_798_675_200)  // 2026-12-31
    /// Thursday 26 November 2026.
    static let today = DueDay(daysSince1970: 20_783)
    /// Reads due dates on ``today``, day first.
    static let dueDays = DueDayParser(today: today, order: .dayFirst)

    static func todo(_ id: Int64, _ title: String = "Todo", done: Bool = false, due: Date? = nil) -> Todo {
        Todo(id: id, title: title, isCompleted: done, createdAt: Date(timeIntervalSince1970: 0), dueAt: due)
    }

    static func feed(
        _ id: Int64, _ title: String = "Feed", unread: Int = 0, last: FeedRefreshState = .never
    )
        -> Feed
    {
        Feed(
            id: id, url: "https://example.com/\(id).xml", title: title, itemCount: unread, unreadCount: unread,
            lastRefresh: last)
    }

    static func item(_ id: Int64, feed: Int64 = 1, _ title: String = "Item", read: Bool = false) -> FeedItem {
        FeedItem(
            id: id, feedID: feed, title: title, link: "https://example.com/items/\(id)", text: "Text of \(id)",
            publishedAt: day, isRead: read)
    }
}
