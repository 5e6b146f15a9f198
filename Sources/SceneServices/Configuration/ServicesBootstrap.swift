internal import BaseServices
import Dispatch
import Foundation
import Streams

/// Starts the services: configures the base services once, shapes the data as the
/// configuration asks, makes the one feed fetch of the process, and returns the builders of
/// every scene's service. The app and every subcommand start here.
///
/// ```swift
/// let services = try ServicesBootstrap.start(ServicesConfiguration(environment: .fake, database: .inMemory))
/// let coordinator = SceneCoordinator(services: services, scheduler: uiScheduler, presenter: ui)
/// ```
package enum ServicesBootstrap {
    /// What the fake network answers for the broken feed: a web page, which no feed parser
    /// accepts.
    static let brokenFeedBody = "<!DOCTYPE html><html><body><p>This page is not a feed.</p></body></html>"

    /// Configures the base services and returns the scene services over them. Call it once per
    /// process, from the composition root; a second call fails, as does a database that cannot
    /// be used (with the reason in the message). A database file created just now gets the
    /// sample feed beside it.
    package static func start(_ configuration: ServicesConfiguration) throws(SceneError) -> Services {
        let opened: ConfiguredDatabase
        do {
            opened = try configureBaseServices(
                BaseServicesConfiguration(
                    database: databaseLocation(configuration.database), environment: configuration.environment,
                    readsOnlyWhenReadOnly: configuration.readsOnlyWhenReadOnly))
        } catch {
            throw SceneError.storage(error.message)
        }
        let todos: any TodosBaseServiceType = TodosBaseService.shared
        let feeds: any FeedsBaseServiceType = FeedsBaseService.shared
        let history: any HistoryBaseServiceType = HistoryBaseService.shared
        if opened.wasCreated, let path = opened.path { addSampleFeed(besideDatabaseAt: path, feeds: feeds) }
        try prepare(configuration.content, todos: todos, feeds: feeds, history: history)
        let fetch = makeFetch(configuration, feeds: feeds)
        var environment = ProcessInfo.processInfo.environment
        if let browser = configuration.browser { environment["BROWSER"] = browser }
        let opener = LinkOpener.system(environment: environment)
        let downloader = makeDownloader(configuration)
        let downloadFolder = configuration.downloadFolder ?? DownloadFolder.standard()
        let downloads = DownloadQueue(downloader: downloader, folder: downloadFolder)
        let refreshing = FeedRefreshActivity()
        var services = Services(
            makeHomeService: { HomeService(todos: todos, feeds: feeds) },
            makeTodoListService: { TodoListService(todos: todos, history: history) },
            makeTodoEditorService: { TodoEditorService(todos: todos) },
            makeFeedListService: {
                FeedListService(feeds: feeds, history: history, fetch: fetch, activity: refreshing)
            },
            makeFeedItemsService: {
                FeedItemsService(feeds: feeds, history: history, opener: opener, downloads: downloads)
            },
            makeCommandLineService: {
                CommandLineService(
                    todos: todos, feeds: feeds, history: history, downloader: downloader, downloadFolder: downloadFolder
                )
            })
        services.createdDatabasePath = opened.wasCreated ? opened.path : nil
        return services
    }

    /// How feeds are fetched in this configuration, made here and nowhere else: failing at once
    /// when offline, through a fake network (serving the sample feed at every address `feeds`
    /// holds, and a page that is not a feed at the broken feed's) in the fake environment or
    /// when slow, else through the real network.
    static func makeFetch(
        _ configuration: ServicesConfiguration, feeds: any FeedsBaseServiceType
    ) -> @Sendable (String, FeedValidators?) -> Observable<FeedFetchEvent> {
        if configuration.network == .offline {
            return { _, _ in .error(SceneError.offline) }
        }
        var delay = 0
        if case .slow(let milliseconds) = configuration.network { delay = milliseconds }
        guard configuration.environment == .fake || delay > 0 else {
            let fetcher = FeedFetcher()
            return { fetcher.fetch($0, validators: $1) }
        }
        let network = FakeNetworkService(
            scheduler: DispatchQueueScheduler(label: "rivulet.fake-network"), delay: .milliseconds(delay))
        let knownFeeds = (try? outcome(feeds.fetchFeeds()))?.map(\.url) ?? []
        for url in knownFeeds where url != brokenFeedURL { network.stubSampleFeed(url: url) }
        network.stubs.stub(url: brokenFeedURL, with: .ok(brokenFeedBody))
        let fetcher = FeedFetcher(network: network)
        return { fetcher.fetch($0, validators: $1) }
    }

    /// How files are downloaded in this configuration, made here and nowhere else: through
    /// the real network, or, in the fake environment, through a fake network that has no files
    /// (every download fails with its reason, after the slow network's delay; offline, that the
    /// network is).
    static func makeDownloader(_ configuration: ServicesConfiguration) -> EnclosureDownloader {
        guard configuration.environment == .fake || configuration.network != .normal else {
            return EnclosureDownloader()
        }
        var delay = 0
        if case .slow(let milliseconds) = configuration.network { delay = milliseconds }
        let network = FakeNetworkService(
            scheduler: DispatchQueueScheduler(label: "rivulet.fake-downloads"), delay: .milliseconds(delay))
        if configuration.network == .offline { network.failEveryRequest(because: offlineReason) }
        return EnclosureDownloader(network: network)
    }

    /// Why every download fails offline, as a request's failure names it.
    static let offlineReason = "the network is unavailable (offline)"

    private static func databaseLocation(_ database: ServicesConfiguration.Database) -> DatabaseLocation {
        switch database {
        case .standard: .standard
        case .file(let path): .file(path)
        case .inMemory: .inMemory
        }
    }
}
