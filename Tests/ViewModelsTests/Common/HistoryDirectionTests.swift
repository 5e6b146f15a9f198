import SceneServices
import Testing
import ViewModels

@Test func aStepsNoticeShortensALongTitleSoTheKeyBackStaysInView() {
    let title = "Mark a todo done, then clear the done ones, then undo both of them"
    let step = HistoryStep(action: "delete", subject: "\(title)", todoCount: 1)
    let undone = HistoryDirection.undo.notice(for: step)
    #expect(undone == "Undid: delete “Mark a todo done, then clear the done…”. \(.redo) redoes it.")
    #expect(HistoryDirection.redo.notice(for: step).description.hasSuffix("…”. <undo> undoes it."))
    #expect(
        HistoryDirection.undo.notice(for: HistoryStep(action: "add", subject: "Buy milk", todoCount: 1))
            == "Undid: add “Buy milk”. \(.redo) redoes it.")
}
