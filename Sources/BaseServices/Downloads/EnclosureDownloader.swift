public import Domain
import Foundation
import Requests
public import Streams

/// Downloads a file (a podcast episode, an item's enclosure) into a folder, as the feeds are
/// fetched: through a ``NetworkBaseServiceType``, web addresses only, under a size limit and a
/// timeout.
///
/// The file is written to `NAME.part` and renamed to `NAME` when complete. An interrupted
/// download leaves its `.part`, and the next download of the same address continues it with a
/// `Range` request; a server that answers with the whole file instead (`200`) starts it over.
/// `NAME` is the address's last path component, made safe for a file name; a file already
/// there is never replaced: the new one is `NAME (2)`, `NAME (3)`, and so on. Each file records
/// the address it came from (as `user.xdg.origin.url`, where the file system keeps extended
/// attributes), so a second download of an address whose file is still there fetches nothing
/// and names that file, and a `.part` another address left is never continued.
///
/// ```swift
/// let downloader = EnclosureDownloader()
/// downloader.download("https://example.com/ep2.mp3", into: "/home/ana/Downloads")
///     .subscribe(onNext: { event in
///         if case .finished(let path, _) = event { print(path) }
///     }, onError: { print($0) })  // a DownloadError
/// ```
public struct EnclosureDownloader: Sendable {
    /// The default size limit: 2 GiB. A podcast episode is tens to a few hundred megabytes and
    /// a long video episode about a gigabyte; twice that still stops an address that leads to
    /// a disk image or a stream that never ends before it fills the disk.
    public static let defaultMaximumSize: Int64 = 2 * 1024 * 1024 * 1024

    /// The default timeout of a whole download: 6 hours, 2 GiB at about 100 KB/s. A server
    /// that sends nothing for two minutes fails sooner: the network layer stops stalled
    /// transfers.
    public static let defaultTimeout = SchedulerDuration.seconds(6 * 60 * 60)

    private let network: any NetworkBaseServiceType
    private let maximumSize: Int64
    private let timeout: SchedulerDuration

    /// A downloader over `network` that refuses files over `maximumSize` bytes and gives up
    /// after `timeout`.
    public init(
        network: any NetworkBaseServiceType = NetworkBaseService.shared,
        maximumSize: Int64 = EnclosureDownloader.defaultMaximumSize,
        timeout: SchedulerDuration = EnclosureDownloader.defaultTimeout
    ) {
        self.network = network
        self.maximumSize = maximumSize
        self.timeout = timeout
    }

    /// Downloads `address` into `folder` (made when missing) when subscribed: emits
    /// ``DownloadEvent/started(path:resumedAt:)``, progress, then
    /// ``DownloadEvent/finished(path:size:)`` and completes; or fails with a ``DownloadError``.
    /// When the file of an earlier download of `address` is still in `folder`, emits only
    /// ``DownloadEvent/alreadyThere(path:size:)`` and completes.
    /// Disposing stops the transfer and keeps the `.part` file for the next try.
    public func download(_ address: String, into folder: String) -> Observable<DownloadEvent> {
        let (network, maximumSize, timeout) = (network, maximumSize, timeout)
        return Observable.create { observer in
            let target: _DownloadTarget
            do throws(DownloadError) {
                target = try _DownloadTarget(address: address, folder: folder)
            } catch {
                observer.onError(error)
                return Disposables.empty
            }
            if let (path, size) = target.existing {
                observer.onNext(.alreadyThere(path: path, size: size))
                observer.onCompleted()
                return Disposables.empty
            }
            let part = _PartFile(
                path: target.partPath, offset: target.resumedAt, limit: maximumSize, origin: target.address,
                report: { observer.onNext($0) })
            observer.onNext(.started(path: target.path, resumedAt: target.resumedAt))
            var request = ServiceRequest(
                service: RemoteService(name: target.url.host ?? "download", baseURL: .fixed(target.url)),
                headers: ["User-Agent": AppVersion.userAgent], timeout: timeout, acceptedStatusCodes: [200, 206, 416],
                maximumBodySize: Int(clamping: maximumSize))
            if target.resumedAt > 0 { request.headers["Range"] = "bytes=\(target.resumedAt)-" }
            request.bodySink = part
            let subscription = network.response(for: request).subscribe { event in
                switch event {
                case .next:
                    part.close()
                    switch target.complete(part.progress) {
                    case .success(let (path, size)):
                        observer.onNext(.finished(path: path, size: size))
                        observer.onCompleted()
                    case .failure(let error):
                        observer.onError(error)
                    }
                case .error(let error):
                    part.close()
                    observer.onError(part.failure ?? Self.downloadError(error, limit: maximumSize))
                case .completed:
                    break
                }
            }
            return Disposables.create {
                subscription.dispose()
                part.close()
            }
        }
    }

    /// `error` of the network layer as the sentence a person reads.
    static func downloadError(_ error: any Error, limit: Int64) -> DownloadError {
        guard let error = error as? RequestError else { return DownloadError("the download failed: \(error)") }
        if case .bodyTooLarge = error.reason { return DownloadError(_PartFile.tooLarge(limit)) }
        return DownloadError(error.description)
    }
}
