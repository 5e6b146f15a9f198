import Foundation
import TestMeasures
import Testing

@testable import BaseServices

@Suite struct DownloadFolderTests {
    @Test func environmentVariableComesFirst() {
        let folder = DownloadFolder.standard(environment: ["HOME": "/home/ana", "XDG_DOWNLOAD_DIR": "$HOME/Podcasts"])
        #expect(folder == "/home/ana/Podcasts")
    }

    @Test func userDirsFileIsReadWhenTheVariableIsNotSet() throws {
        let config = TemporaryFolder()
        let text =
            "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_DOWNLOAD_DIR=\"$HOME/Téléchargements\"\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: config.file("user-dirs.dirs")))
        let folder = DownloadFolder.standard(environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": config.path])
        #expect(folder == "/home/ana/Téléchargements")
    }

    @Test func homeDownloadsIsTheLastResort() {
        let empty = TemporaryFolder()
        #expect(
            DownloadFolder.standard(environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": empty.path])
                == "/home/ana/Downloads")
    }

    @Test func relativeEntryOfTheUserDirsFileIsIgnored() {
        #expect(DownloadFolder.userDirsEntry("XDG_DOWNLOAD_DIR=\"Downloads\"", home: "/h") == nil)
        #expect(DownloadFolder.userDirsEntry("XDG_DOWNLOAD_DIR=/srv/dl", home: "/h") == "/srv/dl")
    }
}
