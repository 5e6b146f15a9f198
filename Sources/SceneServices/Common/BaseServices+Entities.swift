internal import BaseServices
import Foundation

// DTO → entity mapping: the only place that knows both shapes.

extension Todo {
    init(_ object: TodoObject) {
        self.init(
            id: object.id, title: object.title, notes: object.notes, isCompleted: object.isCompleted,
            createdAt: object.createdAt, modifiedAt: object.updatedAt, completedAt: object.completedAt,
            dueAt: object.dueAt, attributes: object.attributes, anchorDay: object.anchorDay)
    }
}

extension Feed {
    init(_ object: FeedObject) {
        self.init(object, omittedItemCount: 0)
    }

    /// The feed `object` stores; `omittedItemCount` older items were left out when it was read.
    init(_ object: FeedObject, omittedItemCount: Int) {
        let lastRefresh: FeedRefreshState =
            if let message = object.lastError {
                .failed(message: message)
            } else {
                object.lastFetchedAt.map { .succeeded(at: $0) } ?? .never
            }
        self.init(
            id: object.id, url: object.url, title: object.title, itemCount: object.itemCount,
            unreadCount: object.unreadCount, lastRefresh: lastRefresh, tags: object.tags,
            omittedItemCount: omittedItemCount, refreshedAt: object.lastFetchedAt)
    }
}

extension FeedRule {
    init(_ object: FeedRuleObject) {
        self.init(id: object.id, name: object.name, expression: object.expression)
    }

    init(_ object: FeedQueryFeedObject) {
        self.init(
            id: object.rule.id, name: object.rule.name, expression: object.rule.expression,
            itemCount: object.itemCount, unreadCount: object.unreadCount)
    }
}

extension HistoryStep {
    init(_ step: HistoryStepObject) {
        self.init(action: step.action, subject: step.subject, todoCount: step.todoCount)
    }
}

extension FeedItem {
    init(_ object: FeedItemObject) {
        self.init(
            id: object.id, feedID: object.feedID, title: object.title, link: object.link, text: object.summary,
            publishedAt: object.publishedAt, isRead: object.isRead, content: object.content,
            contentType: object.contentType, links: object.links, enclosures: object.enclosures)
    }
}

extension FeedItemPage {
    init(_ window: FeedItemPageObject) {
        self.init(
            items: window.items.map(FeedItem.init), totalCount: window.totalCount, unreadCount: window.unreadCount,
            offset: window.offset)
    }
}

extension FeedItemPlace {
    init(_ location: FeedItemLocation) {
        self.init(item: FeedItem(location.item), position: location.position)
    }
}

extension FeedSearchResult {
    init(_ hit: FeedItemSearchHit) {
        self.init(item: FeedItem(hit.item), feedTitle: hit.feedTitle)
    }
}

extension FeedItemFilter {
    /// The filter of a list that shows every item (`nil`), or only unread ones and `kept`.
    init(keeping kept: Set<Int64>?) {
        self.init(isUnreadOnly: kept != nil, keptItemIDs: kept ?? [])
    }
}

extension SceneError {
    init(_ error: BaseServiceError) {
        self = .storage(error.message)
    }

    init(_ error: FeedRefreshError) {
        switch error {
        case .fetch(let error): self = .feed(error.description)
        case .database(let error): self = .storage(error.message)
        case .source(let error as SceneError): self = error
        case .source(let error): self = .feed(String(describing: error))
        }
    }
}

extension Result where Failure == BaseServiceError {
    /// The same result with entities and scene errors.
    func toScene<Entity>(_ transform: (Success) -> Entity) -> Result<Entity, SceneError> {
        map(transform).mapError(SceneError.init)
    }

    /// The same result with entities and scene errors, where a missing row is `gone`: what was
    /// acted on was removed meanwhile, perhaps by another process.
    func toScene<Entity>(gone: SceneError.Gone, _ transform: (Success) -> Entity) -> Result<Entity, SceneError> {
        map(transform).mapError { $0.kind == .notFound ? .gone(gone) : SceneError($0) }
    }
}
