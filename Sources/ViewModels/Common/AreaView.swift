/// How a front end shows a field of several lines, kept in the view model beside the text and
/// its cursor (a ``PromptText``) so that the front end holds nothing between keys: the area's
/// size, the first row and column in view, and the column up and down aim for.
package struct AreaView: Sendable, Hashable {
    /// The columns the area is drawn in (0: not known yet).
    package var width: Int
    /// The rows the area is drawn in (0: not known yet).
    package var height: Int
    /// The first row shown (a row as drawn: a wrapped line counts several).
    package var scrollRow: Int
    /// The columns scrolled off the left edge, when lines do not wrap.
    package var scrollColumn: Int
    /// The column up and down aim for while they are pressed in a row, if they are.
    package var goalColumn: Int?

    /// A view of `width` × `height` cells scrolled to `scrollRow` and `scrollColumn`.
    package init(width: Int = 0, height: Int = 0, scrollRow: Int = 0, scrollColumn: Int = 0, goalColumn: Int? = nil) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.scrollRow = max(scrollRow, 0)
        self.scrollColumn = max(scrollColumn, 0)
        self.goalColumn = goalColumn
    }
}
