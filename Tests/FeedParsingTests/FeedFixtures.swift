import Foundation

/// Feed documents shaped like the ones real sites publish, written for these tests.
enum FeedFixtures {
    static let rss = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
             xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">
          <channel>
            <title>Harbour Notes &amp; Tides</title>
            <link>https://harbour.example/</link>
            <atom:link href="https://harbour.example/feed.xml" rel="self" type="application/rss+xml"/>
            <description><![CDATA[Weekly <b>notes</b> from the harbour]]></description>
            <language>en-gb</language>
            <item>
              <title>Spring tides arrive</title>
              <link>https://harbour.example/posts/spring-tides</link>
              <guid isPermaLink="false">harbour-2025-041</guid>
              <pubDate>Tue, 03 Jun 2025 09:39:21 GMT</pubDate>
              <dc:creator>Morag Finlay</dc:creator>
              <description><![CDATA[<p>The <em>highest</em> tides of the year&nbsp;are here.</p><p>Moor&nbsp;early &amp; check lines.</p>]]></description>
              <content:encoded><![CDATA[<div>Full article with <a href="/x">a link</a>.</div>]]></content:encoded>
            </item>
            <item>
              <title>Ferry timetable changes</title>
              <link>/posts/ferry-timetable</link>
              <pubDate>2 Jun 2025 18:05 +0100</pubDate>
              <description>From Monday the 07:15 sailing leaves at 07:30 &mdash; plan ahead.</description>
            </item>
            <item>
              <title>Lighthouse open day</title>
              <guid>https://harbour.example/posts/open-day</guid>
              <pubDate>Sun, 1 Jun 25 10:00:00 EST</pubDate>
              <description>Tours every hour.</description>
            </item>
            <item>
              <description>A note with no title, no link and no guid.</description>
              <pubDate>not a date at all</pubDate>
            </item>
            <item>
              <title>Spring tides arrive (repost)</title>
              <guid isPermaLink="false">harbour-2025-041</guid>
              <description>Duplicate id: the first one wins.</description>
            </item>
            <item>
            </item>
          </channel>
        </rss>
        """

    static let atom = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
          <title type="text">Lanterns &amp; Lamps</title>
          <subtitle type="html">A blog about &lt;i&gt;light&lt;/i&gt;</subtitle>
          <link href="https://lanterns.example/" rel="alternate" type="text/html"/>
          <link href="https://lanterns.example/atom.xml" rel="self"/>
          <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
          <updated>2025-06-03T12:00:00Z</updated>
          <entry>
            <title type="text">Why 2 &lt; 3 matters for wicks</title>
            <link rel="alternate" href="https://lanterns.example/2025/wicks"/>
            <link rel="edit" href="https://lanterns.example/edit/1"/>
            <id>tag:lanterns.example,2025:1</id>
            <published>2025-06-03T10:15:30.250+02:00</published>
            <updated>2025-06-03T11:00:00Z</updated>
            <author><name>Ines Duarte</name><email>ines@lanterns.example</email></author>
            <summary type="html">&lt;p&gt;Short wicks burn &lt;b&gt;cleaner&lt;/b&gt;.&lt;/p&gt;</summary>
          </entry>
          <entry>
            <title>Oil or wax?</title>
            <link href="2025/oil-or-wax"/>
            <id>tag:lanterns.example,2025:2</id>
            <updated>2025-05-30T08:00:00-04:00</updated>
            <content type="xhtml">
              <div xmlns="http://www.w3.org/1999/xhtml"><p>Both have <strong>merits</strong>.</p><p>Read on.</p></div>
            </content>
          </entry>
        </feed>
        """

    static let jsonFeed = """
        {
          "version": "https://jsonfeed.org/version/1.1",
          "title": "Kettle Stories",
          "home_page_url": "https://kettle.example/",
          "feed_url": "https://kettle.example/feed.json",
          "description": "Tea, mostly.",
          "authors": [{ "name": "Sam Okafor" }],
          "items": [
            {
              "id": "2",
              "url": "https://kettle.example/2",
              "title": "Green tea at 80 °C",
              "content_html": "<p>Never boil it &amp; never rush it.</p>",
              "date_published": "2025-06-01T07:30:00+00:00",
              "authors": [{ "name": "Sam Okafor" }]
            },
            {
              "id": 1,
              "url": "https://kettle.example/1",
              "title": "First post",
              "summary": "Hello <there>",
              "content_text": "The long version.",
              "date_published": "2025-05-01T07:30:00Z",
              "date_modified": "yesterday"
            },
            {
              "url": "https://kettle.example/3",
              "content_text": "An item without id or title."
            },
            "not an item",
            { "id": 7, "title": ["wrong", "type"], "content_text": "Title of the wrong type." }
          ]
        }
        """

    static let rdf = """
        <?xml version="1.0"?>
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                 xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel rdf:about="https://old.example/">
            <title>Old School</title>
            <link>https://old.example/</link>
            <description>RSS 1.0 lives on.</description>
          </channel>
          <item rdf:about="https://old.example/a">
            <title>A</title>
            <link>https://old.example/a</link>
            <dc:date>2004-03-01T12:00:00+01:00</dc:date>
          </item>
        </rdf:RDF>
        """

    static let emptyRSS = """
        <rss version="2.0"><channel><title>Nothing yet</title><link>https://empty.example/</link></channel></rss>
        """

    static let all = [rss, atom, jsonFeed, rdf, emptyRSS] + liberal
}
