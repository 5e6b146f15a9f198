extension SampleFeed {
    /// The sample feed's document, built into the program: a copied binary still has it. It
    /// was written once from the feed as it was kept in a resource file; edit it here.
    static let document = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0">
          <channel>
            <title>Rivulet: getting started</title>
            <description>A short tour of Rivulet, shipped with the app so there is something to read offline.</description>
            <language>en</language>
            <item>
              <title>Welcome to Rivulet</title>
              <guid isPermaLink="false">rivulet-sample-welcome</guid>
              <pubDate>Mon, 02 Jun 2025 09:00:00 +0000</pubDate>
              <description><![CDATA[<p>Rivulet keeps your <b>todos</b> and the <b>feeds</b> you follow in one small database,
              and shows both in the terminal. Everything you see updates live: change a todo from a script in
              another terminal and this window follows.</p>]]></description>
            </item>
            <item>
              <title>Todos, from the keyboard</title>
              <guid isPermaLink="false">rivulet-sample-todos</guid>
              <pubDate>Mon, 02 Jun 2025 09:05:00 +0000</pubDate>
              <description><![CDATA[<p>Add a todo, mark it done, undo, edit or remove it without leaving the keyboard.
              Press <code>?</code> at any time for the keys that work on the current screen.</p>]]></description>
            </item>
            <item>
              <title>Following feeds</title>
              <guid isPermaLink="false">rivulet-sample-feeds</guid>
              <pubDate>Mon, 02 Jun 2025 09:10:00 +0000</pubDate>
              <description><![CDATA[<p>Add any RSS, Atom or JSON Feed address, or a feed file on this machine.
              Refreshing asks the server only for what changed, and items you have read stay read
              across refreshes. A feed that fails to refresh keeps the items you already have.</p>]]></description>
            </item>
            <item>
              <title>Works offline</title>
              <guid isPermaLink="false">rivulet-sample-offline</guid>
              <pubDate>Mon, 02 Jun 2025 09:15:00 +0000</pubDate>
              <description><![CDATA[<p>Feeds are stored after each refresh, so reading needs no network.
              This feed ships inside the app itself: it is here even on a machine that has never been online.</p>]]></description>
            </item>
            <item>
              <title>Scripts welcome</title>
              <guid isPermaLink="false">rivulet-sample-scripts</guid>
              <pubDate>Mon, 02 Jun 2025 09:20:00 +0000</pubDate>
              <description><![CDATA[<p>Every action has a command: <code>rivulet add</code>, <code>rivulet list --json</code>,
              <code>rivulet feeds refresh</code> and more. They exit with status 0 on success, 1 on an error and
              2 on a usage mistake, so they fit in shell scripts.</p>]]></description>
            </item>
            <item>
              <title>Try it without a network</title>
              <guid isPermaLink="false">rivulet-sample-environments</guid>
              <pubDate>Mon, 02 Jun 2025 09:25:00 +0000</pubDate>
              <description><![CDATA[<p>Run <code>rivulet --environment fake</code> to use an in-memory database and a pretend
              network with a delay, or <code>--scenario slow-network</code> and friends to start in a
              prepared state. Nothing you do there touches your real data.</p>]]></description>
            </item>
          </channel>
        </rss>

        """#
}
