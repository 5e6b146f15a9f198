import Domain
import TerminalUI
import ViewModels

/// The keys the settings file binds (`bind-key KEY ACTION [SCENE]`), as the scenes read them: a bound key pressed in a scene is read as the key that does its action there by
/// default, so the scenes' own key tables stay the one place that maps keys to actions. A key
/// not bound reads as itself, so an action keeps its default key unless that key is bound to
/// something else.
struct KeyBindings {
    /// For each scene: a bound key, and the default key of its action there.
    private var remaps: [BoundScene: [Key: Key]] = [:]
    /// For each scene: the keys bound to each action, as written, in the file's order.
    private var boundKeys: [BoundScene: [BoundAction: [String]]] = [:]

    /// No key bound.
    static let none = KeyBindings([])

    /// The bindings of `bindings`; a later binding of a key in a scene wins.
    init(_ bindings: [KeyBinding]) {
        for binding in bindings {
            guard let key = Self.key(named: binding.key) else { continue }
            for scene in BoundScene.allCases where binding.scene.map({ $0 == scene }) ?? true {
                // A key that edits text, bound for every scene, still edits text in the editor.
                if scene == .editor, binding.scene == nil, KeyBinding.editsText(binding.key) { continue }
                guard let target = Self.defaultKey(for: binding.action, in: scene) else { continue }
                if let earlier = remaps[scene]?[key], let action = Self.action(of: earlier, in: scene) {
                    boundKeys[scene]?[action]?.removeAll { $0 == binding.key }
                }
                remaps[scene, default: [:]][key] = target
                boundKeys[scene, default: [:]][binding.action, default: []].append(binding.key)
            }
        }
    }

    /// A sentence for each action the bindings leave with no key in a scene: its own key was
    /// bound to another action there, and no key to it ("d now does done in todos; delete has
    /// no key there. Bind one with bind-key KEY delete todos.").
    var actionsWithoutKeys: [String] {
        BoundScene.allCases.flatMap { scene -> [String] in
            guard let remap = remaps[scene] else { return [] }
            return BoundAction.allCases.compactMap { action -> String? in
                guard let own = Self.defaultKey(for: action, in: scene), let taken = remap[own], taken != own,
                    boundKeys[scene]?[action]?.isEmpty ?? true, let other = Self.action(of: taken, in: scene),
                    let name = boundKeys[scene]?[other]?.last
                else { return nil }
                return "\(name) now does \(other.rawValue) in \(scene.rawValue); \(action.rawValue) has no key there. "
                    + "Bind one with bind-key KEY \(action.rawValue) \(scene.rawValue)."
            }
        }
    }

    /// `event` as `scene` reads it: a bound key becomes the default key of its action.
    func translate(_ event: InputEvent, in scene: BoundScene) -> InputEvent {
        guard case .key(let pressed) = event, let remap = remaps[scene] else { return event }
        var key = pressed
        if case .character = key.code { key.modifiers.remove(.shift) }
        return remap[key].map { .key($0) } ?? event
    }

    /// `hints` with the keys as bound in `scene` (``shown(_:in:)``); a hint left with no key goes.
    /// Each hint names the keys of one action (up and down are two hints), so that the keys
    /// bound to it stand beside them and the hint still says what they do.
    func relabel(_ hints: [KeyHint], in scene: BoundScene) -> [KeyHint] {
        guard remaps[scene] != nil else { return hints }
        return hints.compactMap { hint in
            let words = hint.key.split(separator: " ").map(String.init)
            let keys = shown(words, in: scene)
            guard keys != words else { return hint }
            guard !keys.isEmpty else { return nil }
            return KeyHint(keys.joined(separator: " "), hint.action, isEssential: hint.isEssential)
        }
    }

    /// The keys `names` (as a hint names them) as bound in `scene`: each comes after the keys
    /// bound to its action, and goes if it is bound to another action itself.
    func shown(_ names: [String], in scene: BoundScene) -> [String] {
        var keys: [String] = []
        for name in names {
            let key = Self.key(named: name)
            let action = key.flatMap { Self.action(of: $0, in: scene) }
            let bound = action.flatMap { boundKeys[scene]?[$0] } ?? []
            let isRebound = key.map { remaps[scene]?[$0] != nil } ?? false
            for shown in bound + (isRebound ? [] : [name]) where !keys.contains(shown) { keys.append(shown) }
        }
        return keys
    }

    /// `text` with each action named by the key that does it in `scene` (or, for an action of
    /// another scene, there): the first key bound to it, else its own unless that key is bound
    /// to another action there, in which case the action is named as the settings file names it.
    func keyed(_ text: ActionText, in scene: BoundScene) -> String {
        text.text { named in
            let own = KeyMaps.key(for: named)
            guard let action = Self.boundAction(for: named) else { return own }
            let home = action.scenes.contains(scene) ? scene : BoundScene.allCases.first(where: action.scenes.contains)
            guard let home else { return own }
            if let bound = boundKeys[home]?[action]?.first { return bound }
            let isTaken = Self.key(named: own).map { remaps[home]?[$0] != nil } ?? false
            return isTaken ? "the \(action.rawValue) action" : own
        }
    }

    /// The action a message names, as the settings file binds it.
    private static func boundAction(for action: NamedAction) -> BoundAction? {
        switch action {
        case .add: .add
        case .undo: .undo
        case .redo: .redo
        case .changeOrder: .sort
        case .changeFilter: .filter
        case .search: .search
        case .clearSearch: nil
        case .clearCompleted: .clearCompleted
        case .back: .back
        case .showAll: .unreadOnly
        case .refresh: .refresh
        case .download: .download
        }
    }

    /// The key a binding names (as ``Domain/KeyBinding/key`` spells it), or `nil`.
    static func key(named name: String) -> Key? {
        let named: [String: Key.Code] = [
            "Space": .character(" "), "Enter": .enter, "Tab": .tab, "Esc": .escape, "Backspace": .backspace,
            "Delete": .delete, "Up": .up, "Down": .down, "Left": .left, "Right": .right, "Home": .home, "End": .end,
            "PgUp": .pageUp, "PgDn": .pageDown,
            // The arrows as the help and the hints show them.
            "↑": .up, "↓": .down,
        ]
        if let code = named[name] { return Key(code) }
        if name == "Shift-Tab" { return Key(.tab, modifiers: .shift) }
        if name.count == 1, let character = name.first { return .character(character) }
        if name.hasPrefix("Ctrl-"), name.count == 6, let letter = name.last {
            return .control(Character(letter.lowercased()))
        }
        if name.hasPrefix("F"), let number = Int(name.dropFirst()), (1...12).contains(number) {
            return Key(.function(number))
        }
        return nil
    }

    /// The key that does `action` in `scene` when nothing is bound: what the scene's key
    /// table reads as that action.
    static func defaultKey(for action: BoundAction, in scene: BoundScene) -> Key? {
        guard action.scenes.contains(scene) else { return nil }
        let name: String =
            switch action {
            case .help where scene == .editor: "F1"
            case .back where scene == .reader || scene == .editor: "Esc"
            case .add: "a"
            case .edit: "e"
            case .delete: "d"
            case .done: "Space"
            case .toggleAll: "A"
            case .clearCompleted: "C"
            case .filter: "Tab"
            case .search: "/"
            case .sort: "s"
            case .moveDown: "J"
            case .moveUp: "K"
            case .undo: "u"
            case .redo: "Ctrl-R"
            case .open: "Enter"
            case .help: "?"
            case .back: "q"
            case .import: "i"
            case .showError: "e"
            case .refresh: "r"
            case .refreshAll: "R"
            case .nextUnread: "n"
            case .toggleRead: "m"
            case .markAllRead: "M"
            case .unreadOnly: "U"
            case .openLink: "o"
            case .download: "D"
            case .cancelDownload: "c"
            case .down: "j"
            case .up: "k"
            case .pageDown: "PgDn"
            case .pageUp: "PgUp"
            case .top: "g"
            case .bottom: "G"
            case .save: "Ctrl-S"
            case .nextField: "Tab"
            case .previousField: "Shift-Tab"
            case .openTodos: "t"
            case .openFeeds: "f"
            }
        return key(named: name)
    }

    /// The action `key` does by default in `scene`, if it is one that can be bound.
    static func action(of key: Key, in scene: BoundScene) -> BoundAction? {
        BoundAction.allCases.first { defaultKey(for: $0, in: scene) == key }
    }
}
