import Domain
import Foundation
import SceneServices

extension FeedListViewModel {
    /// Folds `event` into `state`; returns what the step asks of the service, in order.
    static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        var effects: [Effect] = []
        switch event {
        case .action(let action):
            // A message stays until the next key (or its timeout).
            if case .viewport = action {} else { state.status.dismiss() }
            effects = state.apply(action)
        case .messageExpired(let expiry): state.status.expire(expiry)
        case .feedsLoaded(.success(let feeds)):
            // The list changed around the selected feed (one added or renamed, by this process
            // or another): the selection stays on that feed, not on the row it was in.
            let selected = state.selectedRow
            state.feeds = feeds
            state.isLoading = false
            let ids = Set(feeds.map(\.id))
            state.refreshErrors = state.refreshErrors.filter { ids.contains($0.key) }
            state.keepSelection(on: selected)
        case .queriesLoaded(.success(let queries)):
            let selected = state.selectedRow
            state.queries = queries
            state.keepSelection(on: selected)
        case .queriesLoaded(.failure(let error)):
            state.status.show(error.message(after: "Could not load the query feeds"), .error)
        case .feedsLoaded(.failure(let error)):
            state.isLoading = false
            state.status.show(error.message(after: "Could not load the feeds"), .error)
        case .refresh(.started(let ids)):
            state.refresh = RefreshTally(feedIDs: ids)
            for id in ids { state.refreshErrors[id] = nil }
        case .refresh(.finished(let id, let result)):
            guard state.refresh.finish(id, result, title: state.feeds.first { $0.id == id }?.title ?? "") else { break }
            if case .failure(let error) = result { state.refreshErrors[id] = error.message }
        case .refreshing(let ids): state.refreshingNow = ids
        case .refreshEnded(let failure):
            state.refresh.end()
            if let failure {
                state.status.show("Could not refresh: \(failure)", .error)
            } else if state.refresh.done > 0 {
                let text = [state.refreshLead, state.refresh.summary].compactMap { $0 }.joined(separator: " ")
                let failed = state.refresh.failedFeeds > 0 || state.status.error != nil
                state.status.show(text, failed ? .error : .notice)
            }
            state.refreshLead = nil
        case .added(let result):
            let done = state.submissions.isEmpty ? nil : state.submissions.removeFirst()
            switch result {
            case .success(let feed):
                state.pendingSelection = feed.id
                let kept = CountText.kept(feed.itemCount, omitted: feed.omittedItemCount)
                state.status.show("Subscribed to “\(FeedURLRule.hidingPasswords(in: feed.title))”: \(kept).", .notice)
            case .failure(let error):
                // The reason names the address (unless its own words do, if only its start, as a long
                // one is cut), and the line comes back holding it, as a line that cannot be read stays open.
                let address = FeedURLRule.hidingPasswords(in: done?.url ?? "")
                let named = address.isEmpty || error.message.contains(address.prefix(24)) ? "" : " to “\(address)”"
                state.status.show(error.message(after: "Could not subscribe" + named), .error)
                state.reopen(.adding(PromptText(done?.typed ?? "")))
            }
            if let next = state.submissions.first { effects = [.add(url: next.url)] }
        case .removed(let result, let isQuery):
            let what = isQuery ? "the query feed" : "the feed"
            switch result {
            case .success(let title): state.status.show("Removed \(what) “\(title)”. \(.undo) undoes it.", .notice)
            case .failure(let error): state.status.show(error.message(after: "Could not remove \(what)"), .error)
            }
        case .imported(_, .success(let summary)):
            // An import with failures says both what it did and what failed, as an error.
            state.status.show(summary.report, summary.failures.isEmpty ? .notice : .error)
            // Imported feeds are fetched at once, with the refresh's progress on screen; its
            // summary, when it ends, follows what the import said.
            if !summary.addedFeedIDs.isEmpty {
                state.refreshLead = summary.report
                effects = [.refresh(summary.addedFeedIDs)]
            }
        case .imported(let path, .failure(let error)):
            state.status.show(error.message(after: "Could not import"), .error)
            state.reopen(.importing(PromptText(path)))
        case .historyStepped(let direction, .success(let step)): state.status.show(direction.notice(for: step), .notice)
        case .historyStepped(let direction, .failure(let error)): state.status.show(direction.failure(error), .error)
        case .searchLoaded(let request, let result):
            guard request == state.search.request else { break }
            state.search.answered = request
            switch result {
            case .success(let results):
                state.search.results = Array(results.prefix(maximumSearchResults))
                state.search.hasMore = results.count > maximumSearchResults
                state.search.error = nil
            case .failure(let error):
                state.search.error = error.message(after: "Could not search")
            }
        }
        state.settle()
        return effects
    }
}

extension FeedListViewModel.State {
    fileprivate typealias Effect = FeedListViewModel.Effect

    fileprivate mutating func apply(_ action: FeedListViewModel.Action) -> [Effect] {
        switch (action, mode) {
        case (.dismissMessage, _): break
        case (.viewport(let height), _): contentHeight = max(height, 0)
        case (.startSearching, .browsing): mode = .searching(PromptText())
        case (.startSearching, .searchResults(let text)): mode = .searching(text)
        case (.edit(let text), .searching(let old)):
            mode = .searching(text)
            // New results: from their top. Empty text ends the search.
            if text.text != old.text || search.query != nil {
                resultsViewport.selected = nil
                search = text.text.isEmpty || search.query != nil ? FeedListViewModel.Search() : search
                search.text = text.text
            }
        case (.submit, .searching(let text)): mode = text.text.isEmpty ? .browsing : .searchResults(text)
        case (.cancel, .searching), (.cancel, .searchResults), (.back, .searchResults):
            mode = .browsing
            search = FeedListViewModel.Search()
        case (.select(let move), .searching), (.select(let move), .searchResults):
            resultsViewport.selected = resultsViewport.selection(after: move)
        case (.open, .searchResults), (.open, .searching):
            return selectedSearchRow.map { [.route(.feedItems(feedID: $0.feedID, openingItemID: $0.id))] } ?? []
        case (.help, .searchResults), (.help, .browsing): return [.route(.help(.feeds))]
        case (.edit(let text), .adding): mode = .adding(text)
        case (.submit, .adding(let text)):
            // Subscribing downloads the feed first (one that cannot be read is not added), one
            // address at a time; one that is no address is refused at once, the line left open.
            switch FeedURLRule.validate(text.text) {
            case .failure(let problem): status.show(problem.message, .error)
            case .success(let url):
                mode = .browsing
                submissions.append(FeedListViewModel.Submission(typed: text.text, url: url))
                return submissions.count == 1 ? [.add(url: url)] : []
            }
        case (.edit(let text), .importing): mode = .importing(text)
        case (.submit, .importing(let text)):
            let path = text.text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard path.isEmpty else {
                mode = .browsing
                return [.importFile(path)]
            }
            status.show(SceneError.noImportPath.message(after: "Could not import"), .error)
        case (.cancel, _): mode = .browsing
        case (.confirm, .confirmingRemove(let id, _, let isQuery)):
            mode = .browsing
            return [.remove(id, isQuery: isQuery)]
        case (.select(let move), .browsing): viewport.selected = viewport.selection(after: move)
        case (.open, .browsing):
            guard let row = selectedRow else { break }
            guard row.isQuery else { return [.route(.feedItems(feedID: row.id))] }
            // A query feed's items show as a search's results do: across feeds, newest first.
            search = FeedListViewModel.Search(query: queries.first { $0.id == row.id })
            resultsViewport.selected = nil
            mode = .searchResults(PromptText())
        case (.filterByTag, .browsing):
            // Each press lists the feeds of the next tag, and after the last, every feed again.
            let tags = tags
            guard !tags.isEmpty else {
                status.show("No feed has a tag: tag one with “rivulet feeds tag ID +NAME”.", .notice)
                break
            }
            let next = tagFilter.flatMap(tags.firstIndex(of:)).map { $0 + 1 } ?? 0
            tagFilter = next < tags.count ? tags[next] : nil
            viewport.selected = nil
        case (.clearTagFilter, .browsing):
            tagFilter = nil
            viewport.selected = nil
        case (.showError, .browsing):
            guard let row = selectedRow else { break }
            let worked: ActionText =
                row.isQuery ? Self.queryNote(row) : "“\(row.title)” has no error (\(row.statusText))."
            status.show(
                row.errorMessage.map { "“\(row.title)”: \($0)" } ?? worked, row.errorMessage == nil ? .notice : .error)
        case (.refresh, .browsing), (.refreshAll, .browsing):
            refreshLead = nil
            let ids = action == .refreshAll ? feeds.map(\.id) : selectedRow.flatMap { $0.isQuery ? nil : [$0.id] } ?? []
            if ids.isEmpty, let row = selectedRow, row.isQuery { status.show(Self.queryNote(row), .notice) }
            return ids.isEmpty ? [] : [.refresh(ids)]
        case (.undo, .browsing), (.redo, .browsing): return [.step(action == .undo ? .undo : .redo)]
        case (.startAdding, .browsing):
            // A refused address is offered back once, to be corrected; after that, the line is empty.
            mode = .adding(PromptText(refusedAddress ?? ""))
            refusedAddress = nil
        case (.startImporting, .browsing): mode = .importing(PromptText())
        case (.askToRemove, .browsing):
            guard let row = selectedRow else { break }
            mode = .confirmingRemove(id: row.id, title: row.title, isQuery: row.isQuery)
        case (.back, .browsing): return [.route(.back)]
        default: break
        }
        return []
    }

    /// Opens `line` again after what was typed on it failed, holding it: unless another line or
    /// a question is open by then, when a refused address is offered at the next add instead.
    /// What a query feed is, for `e` and `r` on its row: there is no refresh of its own to show.
    fileprivate static func queryNote(_ row: FeedRow) -> ActionText {
        "“\(row.title)” is a query feed: it shows matching items of the other feeds and is never fetched itself."
    }

    fileprivate mutating func reopen(_ line: FeedListViewModel.Mode) {
        if mode == .browsing { return mode = line }
        if case .adding(let text) = line { refusedAddress = text.text }
    }

    /// Selects the row `selected` was, where the list now has it (the list changed around it:
    /// a feed added or renamed, by this process or another).
    fileprivate mutating func keepSelection(on selected: FeedRow?) {
        guard let selected,
            let index = rows.firstIndex(where: { $0.id == selected.id && $0.isQuery == selected.isQuery })
        else { return }
        viewport.selected = index
    }

    /// Keeps the selections and windows within their lists; selects a feed just subscribed to.
    fileprivate mutating func settle() {
        let rows = rows
        viewport.setCount(rows.count)
        if let pending = pendingSelection, let index = rows.firstIndex(where: { $0.id == pending && !$0.isQuery }) {
            viewport.selected = index
            pendingSelection = nil
        }
        resultsViewport.setCount(search.results.count)
        // An input line, or the question, takes a row of the list.
        let hasLine = if case .searchResults = mode { false } else { mode != .browsing }
        viewport.height = max(contentHeight - (hasLine ? 1 : 0), 0)
        viewport.scrollToSelection()
        resultsViewport.height = viewport.height
        resultsViewport.scrollToSelection()
    }
}
