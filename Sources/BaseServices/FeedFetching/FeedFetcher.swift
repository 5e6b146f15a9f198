public import Domain
import FeedParsing
public import Foundation
public import Requests
public import Streams

/// Fetches a feed from a web address or a local file and parses it into a ``ParsedFeed``.
///
/// Remote feeds go through a ``NetworkBaseServiceType`` (the real one, or a fake) with
/// conditional requests: given the validators of the previous fetch, an unchanged feed comes
/// back as ``FeedFetchResult/notModified(movedTo:)`` without a download. Documents larger than the size
/// limit are refused, from `Content-Length` or while streaming.
///
/// ```swift
/// let fetcher = FeedFetcher()
/// fetcher.fetch("https://example.com/feed.xml", validators: stored)
///     .subscribe(onNext: { event in
///         switch event {
///         case .progress(let step): show(step)
///         case .finished(.notModified): break
///         case .finished(.fetched(let feed, let validators)): store(feed, validators)
///         }
///     }, onError: { report($0) })
/// ```
public struct FeedFetcher: Sendable {
    /// The default size limit: 10 MB (10,000,000 bytes).
    ///
    /// Not 10 MiB: the system XML parser (libxml2, without its huge-document option) refuses a
    /// document over 10,000,000 bytes with a bare "parser error", so a larger limit would let
    /// through RSS and Atom documents that then fail as if they were malformed.
    public static let defaultMaximumSize = 10_000_000

    /// The `Accept` header sent with every request.
    public static let acceptHeader =
        "application/feed+json, application/atom+xml, application/rss+xml, application/json;q=0.9, "
        + "application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5"

    private let network: any NetworkBaseServiceType
    private let maximumSize: Int
    private let timeout: SchedulerDuration
    private let environment: AppEnvironment

    /// A fetcher that uses `network`, refuses documents over `maximumSize` bytes and gives up
    /// on a server after `timeout`.
    public init(
        network: any NetworkBaseServiceType = NetworkBaseService.shared,
        maximumSize: Int = FeedFetcher.defaultMaximumSize,
        timeout: SchedulerDuration = .seconds(30),
        environment: AppEnvironment = .production
    ) {
        self.network = network
        self.maximumSize = maximumSize
        self.timeout = timeout
        self.environment = environment
    }

    /// Fetches the feed at `location` when subscribed: emits ``FeedFetchEvent/progress(_:)``
    /// steps, then one ``FeedFetchEvent/finished(_:)``, then completes; or fails with a
    /// ``FeedError``. Disposing cancels the download.
    public func fetch(_ location: String, validators: FeedValidators? = nil) -> Observable<FeedFetchEvent> {
        let parsed: FeedLocation
        do {
            parsed = try FeedLocation.parse(location)
        } catch {
            return .error(error)
        }
        return fetch(parsed, validators: validators)
    }

    /// Fetches the feed at `location`; see ``fetch(_:validators:)-(String,_)``.
    public func fetch(_ location: FeedLocation, validators: FeedValidators? = nil) -> Observable<FeedFetchEvent> {
        switch location {
        case .file(let path): fetchFile(path)
        case .remote(let url): fetchRemote(url, validators: validators)
        }
    }

    /// Fetches the feed at `location` and returns how it ended.
    ///
    /// - Throws: ``FeedError``.
    public func fetch(
        _ location: String, validators: FeedValidators? = nil
    ) async throws(FeedError)
        -> FeedFetchResult
    {
        let observable: Observable<FeedFetchEvent> = fetch(location, validators: validators)
        let cancelled = FeedError.network(
            RequestError(request: ServiceRequest(service: Self.service(for: nil)), reason: .cancelled)
        )
        let result = await observable.firstResolved(cancelled: Result<FeedFetchResult, FeedError>.failure(cancelled)) {
            event in
            switch event {
            case .next(.finished(let result)): .success(result)
            case .next(.progress): nil
            case .error(let error as FeedError): .failure(error)
            case .error(let error): .failure(.invalidLocation(String(describing: error)))
            case .completed: .failure(cancelled)
            }
        }
        return try result.get()
    }

    /// The request for `url`, conditional when `validators` has values. Only a conditional
    /// request accepts 304 Not Modified: to any other, it answers nothing to store, so it fails
    /// as an unexpected status.
    public func request(for url: URL, validators: FeedValidators?) -> ServiceRequest {
        var headers = ["Accept": Self.acceptHeader, "User-Agent": AppVersion.userAgent]
        if let etag = validators?.etag { headers["If-None-Match"] = etag }
        if let lastModified = validators?.lastModified { headers["If-Modified-Since"] = lastModified }
        var acceptedStatusCodes = Set(200..<300)
        if headers["If-None-Match"] != nil || headers["If-Modified-Since"] != nil { acceptedStatusCodes.insert(304) }
        var service = Self.service(for: url)
        service.environment = ServiceEnvironment(rawValue: environment.rawValue)
        return ServiceRequest(
            service: service,
            headers: headers,
            timeout: timeout,
            acceptedStatusCodes: acceptedStatusCodes,
            maximumBodySize: maximumSize
        )
    }

    private static func service(for url: URL?) -> RemoteService {
        RemoteService(name: url?.host ?? "feed", baseURL: .runtime { url })
    }

    private func fetchRemote(_ url: URL, validators: FeedValidators?) -> Observable<FeedFetchEvent> {
        let request = request(for: url, validators: validators)
        let network = network
        return Observable.create { observer in
            observer.onNext(.progress(.requesting(.remote(url))))
            return network.response(for: request).subscribe { event in
                switch event {
                case .next(let response):
                    if response.statusCode == 304 {
                        observer.onNext(.finished(.notModified(movedTo: response.permanentURL?.absoluteString)))
                        return
                    }
                    observer.onNext(.progress(.parsing(bytes: response.body.count)))
                    do throws(FeedParsingError) {
                        let feed = try FeedDocument.parse(
                            response.body,
                            sourceURL: response.url,
                            contentType: response.header("Content-Type"),
                            maximumItems: FeedsBaseService.maximumItemsPerFeed
                        )
                        let validators = FeedValidators(
                            etag: response.header("ETag"),
                            lastModified: response.header("Last-Modified"),
                            movedTo: response.permanentURL?.absoluteString
                        )
                        observer.onNext(.finished(.fetched(feed, validators)))
                    } catch {
                        observer.onError(FeedError.parsing(error))
                    }
                case .error(let error as RequestError):
                    observer.onError(FeedError.network(error))
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onCompleted()
                }
            }
        }
    }

    private func fetchFile(_ path: String) -> Observable<FeedFetchEvent> {
        let limit = maximumSize
        return Observable.create { observer in
            observer.onNext(.progress(.requesting(.file(path))))
            do throws(FeedError) {
                let data = try _LocalFeedFile.read(path, limit: limit)
                observer.onNext(.progress(.parsing(bytes: data.count)))
                let feed: ParsedFeed
                do throws(FeedParsingError) {
                    feed = try FeedDocument.parse(
                        data, sourceURL: URL(fileURLWithPath: path), maximumItems: FeedsBaseService.maximumItemsPerFeed)
                } catch {
                    throw FeedError.parsing(error)
                }
                observer.onNext(.finished(.fetched(feed, FeedValidators())))
                observer.onCompleted()
            } catch {
                observer.onError(error)
            }
            return Disposables.empty
        }
    }
}
