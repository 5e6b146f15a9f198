# Turns the ```swift blocks of one markdown file into one Swift source file (.ci/snippets runs it).
#
#   awk -v md=PATH -v imports="Streams Foundation" -v excerpts=DIR -v default_excerpt=PATH \
#       -v stats=FILE -f .ci/snippets.awk PATH > Snippets.swift
#
# What a block becomes:
# - Declarations (types, functions, imports, and anything with an access modifier) go to file
#   scope, made `fileprivate` so two articles may both declare a `Habit`; `@Test` functions stay
#   as written. Everything else (`let`, `var`, statements) goes, block by block, into a `do { }`
#   of one function, so each block's variables are its own.
# - `<!-- snippet-setup: CODE -->` right before a block (blank lines between are fine) is compiled
#   before it, the same way: hidden code the block needs but need not show. A `fileprivate`
#   declaration in a setup is seen by every block of the file.
# - `<!-- snippet: excerpt PATH -->` right before a block: the block is a quotation of PATH (a
#   file, or a folder's Swift files) that its own build compiles; it is checked against that text,
#   `…` standing for what it leaves out. `default_excerpt` makes that the rule for every block of
#   the file.
# - `<!-- snippet: skip REASON -->` right before a block: it is not compiled, and REASON is printed.
# `#sourceLocation` points every compiled line back at its line of the markdown file, so an error
# names the article and the line. Blocks are compiled, never run: a setup may stub what a block
# calls. The imports every file gets are set per catalog in .ci/snippets; a block or a setup may
# import more.
#
# To `stats` it appends one line per block: `compiled|excerpt|skipped <md>:<line> [detail]`. An
# excerpt line carries the file written to `excerpts` for the excerpt check.

function fail(message) {
    printf "%s:%d: %s\n", md, FNR, message > "/dev/stderr"
    failed = 1
    exit 1
}

function trim(s) {
    sub(/^[ \t]+/, "", s)
    sub(/[ \t]+$/, "", s)
    return s
}

function location(line) {
    return "#sourceLocation(file: \"" md "\", line: " line ")"
}

# Reads one line of Swift for brackets, strings and comments. Returns the change of the nesting
# depth (braces, parentheses and brackets together) and leaves `in_text` set when the line ends
# inside a multi-line string literal. Good enough for documentation code: it does not follow
# string interpolations that contain quotes.
function scan(line,    i, n, c, depth_change, in_string) {
    depth_change = 0
    in_string = 0
    n = length(line)
    for (i = 1; i <= n; i++) {
        c = substr(line, i, 1)
        if (in_text) {
            if (substr(line, i, 3) == "\"\"\"") { in_text = 0; i += 2 }
            continue
        }
        if (in_string) {
            if (c == "\\") { i++; continue }
            if (c == "\"") in_string = 0
            continue
        }
        if (substr(line, i, 2) == "//") break
        if (substr(line, i, 3) == "\"\"\"") { in_text = 1; i += 2; continue }
        if (c == "\"") { in_string = 1; continue }
        if (c == "{" || c == "(" || c == "[") depth_change++
        if (c == "}" || c == ")" || c == "]") depth_change--
    }
    return depth_change
}

function is_comment(line) {
    line = trim(line)
    return line == "" || line ~ /^\/\//
}

function is_attributes_only(line) {
    line = trim(line)
    if (line !~ /^@/) return 0
    while (match(line, /^@[A-Za-z_][A-Za-z0-9_]*(\([^)]*\))?[ \t]*/)) line = substr(line, RLENGTH + 1)
    return line == ""
}

# Whether a line at depth zero carries on the item before it instead of starting one.
function continues(line, previous) {
    line = trim(line)
    if (line ~ /^(\.[^.]|\{|->|else|catch|where|throws|async|\?\?|&&|\|\||\?|:)/) return 1
    sub(/[ \t]*\/\/.*$/, "", previous)
    previous = trim(previous)
    if (previous ~ /(=|,|\(|\[|\{|->|&&|\|\||\?\?|\+| in)$/) return 1
    if (previous ~ /^@/ && is_attributes_only(previous)) return 1
    return 0
}

# The first word of a declaration's line once attributes and modifiers are left out.
function keyword_of(line,    word) {
    line = trim(line)
    while (match(line, /^@[A-Za-z_][A-Za-z0-9_]*(\([^)]*\))?[ \t]*/)) line = substr(line, RLENGTH + 1)
    while (match(line, /^(public|open|package|internal|fileprivate|private|final|static|nonisolated|indirect|mutating|override|required|convenience|lazy|dynamic)([ \t]+|\()/)) {
        if (substr(line, RLENGTH, 1) == "(") {
            # nonisolated(unsafe), private(set): the parenthesised part belongs to the modifier.
            sub(/^[^)]*\)[ \t]*/, "", line)
        } else {
            line = substr(line, RLENGTH + 1)
        }
    }
    match(line, /^[A-Za-z_#]+/)
    return substr(line, RSTART, RLENGTH)
}

function has_access_modifier(line) {
    line = trim(line)
    while (match(line, /^@[A-Za-z_][A-Za-z0-9_]*(\([^)]*\))?[ \t]*/)) line = substr(line, RLENGTH + 1)
    return line ~ /^((final|static|nonisolated(\(unsafe\))?|indirect)[ \t]+)*(public|open|package|internal|fileprivate|private)[ \t(]/
}

function make_fileprivate(line,    head) {
    head = ""
    while (match(line, /^[ \t]*@[A-Za-z_][A-Za-z0-9_]*(\([^)]*\))?[ \t]*/)) {
        head = head substr(line, 1, RLENGTH)
        line = substr(line, RLENGTH + 1)
    }
    if (head != "" && head !~ /[ \t]$/) head = head " "
    match(line, /^[ \t]*/)
    return head substr(line, 1, RLENGTH) "fileprivate " substr(line, RLENGTH + 1)
}

# Emits the code lines code[1..code_count] (markdown lines code_line[]) of one block.
function compile_block(block_start,    i, depth, previous, item, kind, first, word, text, last_line, in_body) {
    item = 0
    depth = 0
    in_text = 0
    previous = ""
    for (i = 1; i <= code_count; i++) {
        if (depth == 0 && !in_text && !is_comment(code[i]) && (item == 0 || !continues(code[i], previous))) {
            item++
            item_start[item] = i
        } else if (item == 0) {
            item++
            item_start[item] = i
        }
        item_of[i] = item
        if (!in_text) depth += scan(code[i])
        else scan(code[i])
        if (!is_comment(code[i])) previous = code[i]
    }
    if (depth != 0 || in_text) fail("the swift block starting at line " block_start " has unbalanced brackets or an open string")

    in_body = 0
    for (it = 1; it <= item; it++) {
        first = item_start[it]
        last = (it < item) ? item_start[it + 1] - 1 : code_count
        # The line that says what the item is: the first that is neither comment nor attributes.
        word = ""
        decl = 0
        for (i = first; i <= last; i++) {
            if (is_comment(code[i])) continue
            if (is_attributes_only(code[i])) continue
            decl = i
            word = keyword_of(code[i])
            break
        }
        if (decl == 0) continue  # comments only
        text = ""
        last_line = -1
        attributes = ""
        for (i = first; i <= decl; i++) if (!is_comment(code[i])) attributes = attributes " " code[i]
        hoisted = (word ~ /^(struct|enum|class|actor|protocol|extension|typealias|func|import|macro)$/) || has_access_modifier(code[decl])
        for (i = first; i <= last; i++) {
            if (code_line[i] != last_line + 1) text = text location(code_line[i]) "\n"
            line = code[i]
            if (i == decl && hoisted && word != "import" && word != "extension" && !has_access_modifier(line) && attributes !~ /@Test/)
                line = make_fileprivate(line)
            text = text line "\n"
            last_line = code_line[i]
        }
        if (word == "import") imports_text = imports_text text
        else if (hoisted) file_text = file_text text
        else {
            if (!in_body) { body_text = body_text "    do {\n"; in_body = 1 }
            body_text = body_text text
        }
    }
    if (in_body) body_text = body_text "#sourceLocation()\n    }\n"
}

function end_block(    file, i) {
    if (directive == "skip") {
        print "skipped " md ":" block_start " " directive_detail >> stats
    } else if (directive == "excerpt") {
        excerpt_count++
        file = excerpts "/" excerpt_count ".txt"
        printf "" > file
        for (i = 1; i <= code_count; i++) print code[i] > file
        close(file)
        print "excerpt " md ":" block_start " " file " " directive_detail >> stats
    } else {
        compile_block(block_start)
        print "compiled " md ":" block_start >> stats
    }
    directive = ""
    code_count = 0
}

function add_code(line, number) {
    code[++code_count] = line
    code_line[code_count] = number
}

BEGIN {
    code_count = 0
    excerpt_count = 0
    directive = ""
    pending_since = 0
}

in_setup {
    line = $0
    if (index(line, "-->")) {
        sub(/-->.*/, "", line)
        if (trim(line) != "") add_code(line, FNR)
        in_setup = 0
        pending_since = FNR
        next
    }
    add_code(line, FNR)
    next
}

in_swift {
    if ($0 ~ /^[ \t]*```/) {
        in_swift = 0
        end_block()
        next
    }
    line = $0
    # A block indented in a list keeps its indentation relative to the fence.
    if (substr(line, 1, fence_indent) ~ /^[ \t]*$/) line = substr(line, fence_indent + 1)
    add_code(line, FNR)
    next
}

in_other {
    if ($0 ~ /^[ \t]*```[ \t]*$/) in_other = 0
    next
}

/^[ \t]*<!--[ \t]*snippet-setup:/ {
    if (pending_since) fail("a second snippet comment before the same block")
    line = $0
    sub(/^[ \t]*<!--[ \t]*snippet-setup:/, "", line)
    if (index(line, "-->")) {
        sub(/-->.*/, "", line)
        if (trim(line) != "") add_code(line, FNR)
        pending_since = FNR
    } else {
        if (trim(line) != "") add_code(line, FNR)
        in_setup = 1
    }
    next
}

/^[ \t]*<!--[ \t]*snippet:/ {
    if (pending_since) fail("a second snippet comment before the same block")
    line = $0
    sub(/^[ \t]*<!--[ \t]*snippet:[ \t]*/, "", line)
    if (!index(line, "-->")) fail("a snippet comment ends on its own line")
    sub(/[ \t]*-->.*/, "", line)
    directive = line
    sub(/[ \t].*/, "", directive)
    directive_detail = trim(substr(line, length(directive) + 1))
    if (directive != "skip" && directive != "excerpt") fail("unknown snippet comment '" directive "' (skip REASON or excerpt PATH)")
    if (directive_detail == "") fail("'snippet: " directive "' needs " (directive == "skip" ? "a reason" : "a path"))
    pending_since = FNR
    next
}

/^[ \t]*```swift[ \t]*$/ {
    in_swift = 1
    match($0, /^[ \t]*/)
    fence_indent = RLENGTH
    block_start = FNR + 1
    if (directive == "" && default_excerpt != "") {
        directive = "excerpt"
        directive_detail = default_excerpt
    }
    if (directive == "excerpt" && code_count > 0) fail("a quoted block takes no snippet-setup")
    pending_since = 0
    next
}

/^[ \t]*```/ {
    if (pending_since) fail("the snippet comment of line " pending_since " is followed by a block that is not swift")
    in_other = 1
    next
}

pending_since && /[^ \t]/ {
    fail("the snippet comment of line " pending_since " is not followed by a swift block")
}

END {
    if (failed) exit 1
    if (in_swift || in_setup) fail("the file ends inside a swift block or a snippet comment")
    if (pending_since) fail("the snippet comment of line " pending_since " is not followed by a swift block")
    print "// Generated by .ci/snippets from " md ": edit the markdown file, not this one."
    n = split(imports, names, " ")
    for (i = 1; i <= n; i++) print "import " names[i]
    printf "%s", imports_text
    printf "%s", file_text
    if (imports_text file_text != "") print "#sourceLocation()"
    print ""
    print "@MainActor"
    print "private func snippets() async throws {"
    printf "%s", body_text
    print "}"
}
