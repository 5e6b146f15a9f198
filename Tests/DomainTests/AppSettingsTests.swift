import Domain
import Testing

@Test func settingsAreReadOneALineWithCommentsAndQuotes() {
    let text = """
        # the reader's settings
        browser = firefox --new-tab %s   # opens in a tab

        refresh-every=60
        Refresh-On-Start = no
        """
    let (settings, problems) = AppSettings.parse(text)
    #expect(problems.isEmpty)
    #expect(settings == AppSettings(browser: "firefox --new-tab %s", refreshEveryMinutes: 60, refreshOnStart: false))
}

@Test func aQuotedValueKeepsAHashAndItsSpaces() {
    let (settings, problems) = AppSettings.parse("browser = \" my-browser #1 \"\r\n")
    #expect(problems.isEmpty)
    #expect(settings.browser == " my-browser #1 ")
}

@Test func eachBadLineIsNamedAndSkippedAndTheOthersStillCount() {
    let text = """
        browser = lynx
        colour = blue
        refresh-every = soon
        refresh-every = 100000
        refresh-on-start = maybe
        just some words
        browser =
        refresh-every = 15
        """
    let (settings, problems) = AppSettings.parse(text)
    #expect(settings == AppSettings(browser: "lynx", refreshEveryMinutes: 15))
    #expect(
        problems == [
            "line 2: there is no setting “colour”; the settings are browser, refresh-every, refresh-on-start, download-folder.",
            "line 3: refresh-every is whole minutes from 0 (never) to 10080, not “soon”.",
            "line 4: refresh-every is whole minutes from 0 (never) to 10080, not “100000”.",
            "line 5: refresh-on-start is yes or no, not “maybe”.",
            "line 6: a setting is written name = value, which “just some words” is not.",
            "line 7: browser needs a command, such as firefox %s.",
        ])
}

@Test func aSettingWrittenTwiceTakesTheLaterValue() {
    let (settings, problems) = AppSettings.parse("refresh-on-start = yes\nrefresh-on-start = off\n")
    #expect(problems.isEmpty && settings.refreshOnStart == false)
}

@Test func anEmptyFileSetsNothing() {
    #expect(AppSettings.parse("").settings == AppSettings())
    #expect(AppSettings.parse("\n\n# nothing\n").problems.isEmpty)
}
