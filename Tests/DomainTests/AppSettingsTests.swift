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
            "line 2: there is no setting “colour”; the settings are browser, refresh-every, refresh-on-start, "
                + "download-folder, accent, bind-key.",
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

@Test func accentTakesANameANumberOrTheNearestOfTheIndexedColours() {
    let text = """
        accent = Bright-Magenta
        """
    #expect(AppSettings.parse(text).settings.accentColor == 13)
    #expect(AppSettings.parse("accent = 208").settings.accentColor == 208)
    // Pure red is the cube's corner; a mid grey is on the grey ramp.
    #expect(AppSettings.parse("accent = \"#FF0000\"").settings.accentColor == 196)
    #expect(AppSettings.parse("accent = \"#808080\"").settings.accentColor == 244)
}

@Test func keyBindingsAreReadInNewsboatsFormInTheFilesOrder() {
    let text = """
        bind-key x delete
        bind-key ctrl-n next-unread items
        bind-key space done todos   # Space, spelled any case
        bind-key = search
        bind-key "#" help
        bind-key J down reader
        bind-key F2 save editor
        bind-key x open-feeds home
        bind-key z cancel-download
        """
    let (settings, problems) = AppSettings.parse(text)
    #expect(problems.isEmpty)
    #expect(
        settings.keyBindings == [
            KeyBinding(key: "x", action: .delete), KeyBinding(key: "Ctrl-N", action: .nextUnread, scene: .items),
            KeyBinding(key: "Space", action: .done, scene: .todos), KeyBinding(key: "=", action: .search),
            KeyBinding(key: "#", action: .help), KeyBinding(key: "J", action: .down, scene: .reader),
            KeyBinding(key: "F2", action: .save, scene: .editor),
            KeyBinding(key: "x", action: .openFeeds, scene: .home),
            KeyBinding(key: "z", action: .cancelDownload),
        ])
}

@Test func eachBadAccentOrBindingLineGetsItsNumberAndOneSentence() {
    let text = """
        accent = purple-ish
        accent = 256
        bind-key x
        bind-key Hyper-X delete
        bind-key x explode
        bind-key x done kitchen
        bind-key x mark-all-read todos
        accent = #00ff00
        bind-key X add
        bind-key x save editor
        bind-key Space next-field editor
        bind-key x open-todos reader
        """
    let (settings, problems) = AppSettings.parse(text)
    #expect(problems.count == 10)
    // Lines 8 and 9 are good.
    for (index, problem) in problems.enumerated() {
        #expect(problem.hasPrefix("line \(index < 7 ? index + 1 : index + 3): "))
        #expect(problem.hasSuffix("."))
        #expect(problem.dropLast().split(separator: ". ").count == 1)
    }
    #expect(problems[3].contains("“Hyper-X” is not a key"))
    #expect(problems[4].contains("there is no action “explode”"))
    #expect(problems[6].contains("the todos scene has no action mark-all-read"))
    #expect(
        problems[7]
            == "line 10: in the editor “x” edits the text (as every character, Space, Enter, Backspace, Delete, "
            + "the arrows, Home and End do), so it cannot be bound there; bind a Ctrl- key, F1 to F12, Tab, "
            + "Esc, PgUp or PgDn."
    )
    #expect(problems[8].hasPrefix("line 11: in the editor “Space” edits the text"))
    #expect(problems[9] == "line 12: the reader scene has no action open-todos.")
    // The good lines still count.
    #expect(settings.accentColor == 46)
    #expect(settings.keyBindings == [KeyBinding(key: "X", action: .add)])
}

@Test func ctrlCAndCtrlZCannotBeBoundAsTheyAlwaysQuitAndSuspend() {
    let (settings, problems) = AppSettings.parse(
        "bind-key Ctrl-C undo\nbind-key ctrl-z redo todos\nbind-key Ctrl-U undo")
    #expect(
        problems == [
            "line 1: Ctrl-C cannot be bound: Ctrl-C always quits and Ctrl-Z always suspends the app; bind another "
                + "Ctrl- key.",
            "line 2: Ctrl-Z cannot be bound: Ctrl-C always quits and Ctrl-Z always suspends the app; bind another "
                + "Ctrl- key.",
        ])
    #expect(settings.keyBindings == [KeyBinding(key: "Ctrl-U", action: .undo)])
}
