import Foundation

/// Small documents for the fetcher's tests: what is fetched matters there, not how it parses.
enum FetchFixtures {
    static let rss = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0"><channel><title>Quay Log</title><link>https://quay.example/</link>
        <item><title>Boats in</title><link>/log/1</link><guid>quay-1</guid></item>
        <item><title>Boats out</title><link>/log/2</link><guid>quay-2</guid></item>
        </channel></rss>
        """

    static let atom = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom"><title>Signal Box</title>
        <link href="https://signal.example/"/><id>urn:signal</id><updated>2025-06-03T12:00:00Z</updated>
        <entry><title>Green</title><id>urn:signal:1</id><updated>2025-06-03T12:00:00Z</updated></entry>
        </feed>
        """

    static let jsonFeed = """
        {"version": "https://jsonfeed.org/version/1.1", "title": "Tin Can",
         "items": [{"id": "1", "url": "https://tin.example/1", "title": "Rattle", "content_text": "Loud."}]}
        """

    static let emptyRSS = """
        <rss version="2.0"><channel><title>Nothing yet</title><link>https://empty.example/</link></channel></rss>
        """
}
