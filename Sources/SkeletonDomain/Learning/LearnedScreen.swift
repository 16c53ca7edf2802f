import Layouts

/// A screen file with learned subtrees in place of its elements' nodes (`--learn`; docs/spec.md,
/// "Learned skeletons"): what `GET /drift/{screen}/proposal` serves and `--layouts DIR` is given.
///
/// Guarantees: the result is validated exactly as a screen file is (`ScreenFileDecoder`: one
/// rule), so a returned file always loads; a learned node is the element's node (its id set to the
/// element's) and keeps the file node's `width` and `maxWidth` (fixed stays fixed, fluid stays
/// fluid) unless the element was reported at two widths, which makes a fixed width `fill`.
package enum LearnedScreen {
    /// One element's latest learned subtree.
    package struct Proposal: Sendable, Equatable {
        package let element: String
        /// A node of a screen file (docs/screens.md), as the renderer captured it.
        package let node: JSONValue
        /// Whether the element was reported at two or more widths: its box follows the page.
        package let isFluid: Bool

        package init(element: String, node: JSONValue, isFluid: Bool) {
            self.element = element
            self.node = node
            self.isFluid = isFluid
        }
    }

    /// The screen file `file` (its bytes) with each proposal's node in place of its element's node
    /// in every layout, indented; its problems, if any, with a pointer into the last proposal
    /// written `/proposal/…`.
    package static func substitute(_ proposals: [Proposal], into file: [UInt8]) throws(InvalidScreenFile) -> (bytes: [UInt8], screen: Screen) {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(file, limits: JSONLimits(maxDepth: ScreenFileLimits.maxJSONDepth, maxBytes: ScreenFileLimits.maxFileBytes))
        } catch {
            throw InvalidScreenFile(problems: [ScreenFileProblem(pointer: "", reason: "not JSON: \(error)")])
        }
        var places: [String] = []
        let learned = replacingLayouts(of: value) { root, pointer in
            proposals.reduce(root) { node, proposal in
                replacing(proposal, in: node, at: pointer) { if proposal == proposals.last { places.append($0) } }
            }
        }
        var writer = JSONWriter(reservingCapacity: file.count + 1024)
        learned.write(to: &writer)
        let bytes = PrettyJSON.indented(writer.bytes)
        do throws(InvalidScreenFile) {
            return (bytes, try ScreenFileDecoder.decode(bytes))
        } catch {
            throw InvalidScreenFile(problems: error.problems.map { problem in
                guard let place = places.first(where: { problem.pointer == $0 || problem.pointer.hasPrefix($0 + "/") }) else { return problem }
                return ScreenFileProblem(pointer: "/proposal" + problem.pointer.dropFirst(place.count), reason: problem.reason)
            })
        }
    }

    /// `value` with each `layouts[i].root` passed through `change` (given its pointer).
    private static func replacingLayouts(of value: JSONValue, _ change: (JSONValue, String) -> JSONValue) -> JSONValue {
        guard case .object(let members) = value, case .array(let layouts)? = value["layouts"] else { return value }
        let changed = layouts.enumerated().map { index, layout -> JSONValue in
            guard case .object(let fields) = layout, let root = layout["root"] else { return layout }
            return .object(fields.map { $0.key == "root" ? JSONMember(key: "root", value: change(root, "/layouts/\(index)/root")) : $0 })
        }
        return .object(members.map { $0.key == "layouts" ? JSONMember(key: "layouts", value: .array(changed)) : $0 })
    }

    /// `node` with the node whose id is the proposal's element replaced by its learned node;
    /// `found` is told the pointer of each replacement.
    private static func replacing(_ proposal: Proposal, in node: JSONValue, at pointer: String, found: (String) -> Void) -> JSONValue {
        guard case .object(let members) = node else { return node }
        if node["id"] == .string(proposal.element) {
            found(pointer)
            return learnedNode(proposal, replacing: node)
        }
        return .object(members.map { member in
            switch (member.key, member.value) {
            case ("child", _):
                return JSONMember(key: "child", value: replacing(proposal, in: member.value, at: pointer + "/child", found: found))
            case ("children", .array(let children)):
                let replaced = children.enumerated().map { replacing(proposal, in: $1, at: pointer + "/children/\($0)", found: found) }
                return JSONMember(key: "children", value: .array(replaced))
            default:
                return member
            }
        })
    }

    /// The proposal's node with the element's id, and the width the file's node gave it (the rule above).
    private static func learnedNode(_ proposal: Proposal, replacing old: JSONValue) -> JSONValue {
        guard case .object(let members) = proposal.node else { return proposal.node }
        let sizing = ["id", "width", "maxWidth"]
        var learned = [JSONMember(key: "type", value: proposal.node["type"] ?? .null), JSONMember(key: "id", value: .string(proposal.element))]
        learned += members.filter { $0.key != "type" && !sizing.contains($0.key) }
        let isFixed: Bool
        switch old["width"] {
        case .number?: isFixed = true
        case .object?: isFixed = old["width"]?["kind"] == .string("points")
        default: isFixed = false
        }
        if isFixed && proposal.isFluid {
            learned.append(JSONMember(key: "width", value: .string("fill")))
        } else {
            for key in ["width", "maxWidth"] { if let value = old[key] { learned.append(JSONMember(key: key, value: value)) } }
        }
        return .object(learned)
    }
}
