//! The architecture as a test can see it: which modules of a crate import which, and whether any of them
//! import each other in a circle.
//!
//! A crate's nodes are its top-level modules (a file or folder under `src/`) and its root (`lib.rs` or
//! `main.rs`) for the items defined there. A module depends on another when its code names a path into it:
//! `crate::other::…`, `super::other::…` from a top-level file, or a name the root re-exports from it
//! (`crate::Name` with `pub use other::Name` in the root). Submodules count as their top-level module, so a
//! folder may be as tangled inside as it likes; between top-level modules, the imports must point one way.
//!
//! The reading is textual and errs on the side of seeing an edge: comments are skipped, but a path spelled in
//! a string would count. That is the safe side for a check that only ever fails on an edge.

pub mod functions;
pub mod sentences;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The node of a crate's root, for the items defined in `lib.rs` or `main.rs` itself.
pub const ROOT: &str = "(root)";

/// The import graph of one crate's top-level modules.
#[derive(Debug, Default)]
pub struct ModuleGraph {
    /// Every node, with the modules it imports and, for each, one place that does (file and line).
    pub edges: BTreeMap<String, BTreeMap<String, String>>,
}

/// One source file of a crate and where it sits in the crate's modules.
struct SourceFile {
    /// The module path of the file: empty for the root, `["play"]` for `src/play.rs` or `src/play/mod.rs`,
    /// `["commands", "admin"]` for `src/commands/admin.rs`.
    module: Vec<String>,
    path: PathBuf,
    text: String,
}

impl ModuleGraph {
    /// Reads the crate whose sources are in `src` (its root is `lib.rs`, else `main.rs`).
    pub fn of_crate(src: &Path) -> io::Result<ModuleGraph> {
        let mut files = Vec::new();
        collect(src, src, &mut files)?;
        Ok(ModuleGraph::of_files(&files))
    }

    /// Reads a crate given as (path under `src/`, text) pairs: for tests of the reading itself.
    pub fn of_sources(sources: &[(&str, &str)]) -> ModuleGraph {
        let files: Vec<SourceFile> = sources
            .iter()
            .map(|(path, text)| SourceFile {
                module: module_of(Path::new(path)),
                path: PathBuf::from(path),
                text: (*text).to_owned(),
            })
            .collect();
        ModuleGraph::of_files(&files)
    }

    fn of_files(files: &[SourceFile]) -> ModuleGraph {
        let modules: BTreeSet<String> = files
            .iter()
            .filter_map(|f| f.module.first().cloned())
            .collect();
        let root = files.iter().find(|f| f.module.is_empty());
        let reexports = root
            .map(|r| reexports(&r.text, &modules))
            .unwrap_or_default();
        let spread = spread_methods(files);
        let mut graph = ModuleGraph::default();
        for node in modules.iter().cloned().chain([ROOT.to_owned()]) {
            graph.edges.entry(node).or_default();
        }
        for file in files {
            let from = file
                .module
                .first()
                .cloned()
                .unwrap_or_else(|| ROOT.to_owned());
            let mut inline = InlineModules::default();
            for (line_no, line) in code_lines(&file.text) {
                let module = inline.module_at(&file.module, line);
                let mut targets = if module.is_empty() {
                    root_targets(line, &modules)
                } else {
                    path_targets(line, &module, &modules, &reexports)
                };
                targets.extend(method_targets(line, &spread));
                for to in targets {
                    if to != from {
                        let place = format!("{}:{}", file.path.display(), line_no);
                        graph
                            .edges
                            .get_mut(&from)
                            .expect("every module is a node")
                            .entry(to)
                            .or_insert(place);
                    }
                }
            }
        }
        graph
    }

    /// The circles: every strongly connected set of two or more nodes, each sorted, with one import of
    /// each edge inside it.
    pub fn cycles(&self) -> Vec<Vec<String>> {
        let mut finder = Tarjan::default();
        for node in self.edges.keys() {
            if !finder.index.contains_key(node) {
                finder.visit(node, self);
            }
        }
        finder.components.retain(|c| c.len() > 1);
        for component in &mut finder.components {
            component.sort();
        }
        finder.components.sort();
        finder.components
    }

    /// A readable account of a circle: each edge inside it, with where it is imported.
    pub fn explain(&self, cycle: &[String]) -> String {
        let mut lines = Vec::new();
        for from in cycle {
            for (to, place) in &self.edges[from] {
                if cycle.contains(to) {
                    lines.push(format!("  {from} -> {to}  ({place})"));
                }
            }
        }
        lines.join("\n")
    }
}

fn collect(src: &Path, dir: &Path, files: &mut Vec<SourceFile>) -> io::Result<()> {
    let mut entries: Vec<_> = fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            collect(src, &path, files)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(src).expect("under src");
            files.push(SourceFile {
                module: module_of(relative),
                text: fs::read_to_string(&path)?,
                path,
            });
        }
    }
    Ok(())
}

/// The module path of a file under `src/`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The methods of a type whose inherent `impl` blocks are spread over several top-level modules (the core's
/// `impl Core` in every feature), each with the module that defines it: calling one (`self.name(` or
/// `core.name(`) uses that module as much as an import does. A name defined in two modules is left out.
fn spread_methods(files: &[SourceFile]) -> BTreeMap<String, String> {
    // type -> modules with an inherent impl of it; (type, method) -> the modules defining it
    let mut impls: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut methods: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let module = file
            .module
            .first()
            .cloned()
            .unwrap_or_else(|| ROOT.to_owned());
        let mut current: Option<(String, usize)> = None;
        let mut depth = 0usize;
        for (_, line) in code_lines(&file.text) {
            let trimmed = line.trim_start();
            if current.is_none() {
                if let Some(name) = inherent_impl(trimmed) {
                    impls
                        .entry(name.clone())
                        .or_default()
                        .insert(module.clone());
                    current = Some((name, depth));
                }
            } else if let Some((name, at)) = &current {
                let method = [
                    "pub fn ",
                    "pub(crate) fn ",
                    "pub(super) fn ",
                    "fn ",
                    "pub async fn ",
                    "pub(crate) async fn ",
                    "pub(super) async fn ",
                    "async fn ",
                ]
                .iter()
                .find_map(|p| trimmed.strip_prefix(p))
                .map(leading_ident);
                if let Some(method) = method.filter(|_| depth == at + 1) {
                    methods
                        .entry(method)
                        .or_default()
                        .insert(format!("{name}\u{0}{module}"));
                }
            }
            depth += line.matches('{').count();
            depth = depth.saturating_sub(line.matches('}').count());
            if current.as_ref().is_some_and(|&(_, at)| depth <= at) {
                current = None;
            }
        }
    }
    let spread: BTreeSet<&String> = impls
        .iter()
        .filter(|(_, m)| m.len() > 1)
        .map(|(t, _)| t)
        .collect();
    methods
        .into_iter()
        .filter_map(|(method, owners)| {
            let owners: Vec<(&str, &str)> = owners
                .iter()
                .filter_map(|o| o.split_once('\u{0}'))
                .filter(|(ty, _)| spread.contains(&ty.to_string()))
                .collect();
            match owners.as_slice() {
                [(_, module)] => Some((method, (*module).to_owned())),
                _ => None,
            }
        })
        .collect()
}

/// `impl Core {` or `impl<'a> Thing<'a> {`: the type of an inherent impl (not `impl Trait for Type`).
fn inherent_impl(line: &str) -> Option<String> {
    let rest = line.strip_prefix("impl")?;
    if !rest.trim_end().ends_with('{') || rest.contains(" for ") {
        return None;
    }
    let rest = match rest.strip_prefix('<') {
        Some(generics) => &generics[generics.find('>')? + 1..],
        None => rest,
    };
    let name = leading_ident(rest.trim_start());
    (!name.is_empty()).then_some(name)
}

/// The modules whose spread methods `line` calls on `self` or on a `core`.
fn method_targets(line: &str, spread: &BTreeMap<String, String>) -> Vec<String> {
    let mut out = Vec::new();
    for receiver in ["self.", "core."] {
        for (at, _) in line.match_indices(receiver) {
            if at > 0 && is_ident(line[..at].chars().next_back().unwrap_or(' ')) {
                continue;
            }
            let after = &line[at + receiver.len()..];
            let name = leading_ident(after);
            let called =
                after[name.len()..].starts_with('(') || after[name.len()..].starts_with("::<");
            if let Some(module) = spread.get(&name).filter(|_| called) {
                out.push(module.clone());
            }
        }
    }
    out
}

/// The inline modules (`mod tests { … }`) a file's lines are in, followed by their braces.
#[derive(Default)]
struct InlineModules {
    /// The brace depth so far.
    depth: usize,
    /// Each open inline module: its name and the depth its body is at.
    open: Vec<(String, usize)>,
}

impl InlineModules {
    /// The module path that `line` of a file of module `file` is in, and follows the line's braces.
    fn module_at(&mut self, file: &[String], line: &str) -> Vec<String> {
        let trimmed = line.trim_start();
        let opens_module = ["mod ", "pub mod ", "pub(crate) mod ", "pub(super) mod "]
            .iter()
            .find_map(|p| trimmed.strip_prefix(p))
            .and_then(|rest| rest.trim_end().strip_suffix('{'))
            .map(|name| name.trim().to_owned());
        let mut module = file.to_vec();
        module.extend(self.open.iter().map(|(name, _)| name.clone()));
        for c in line.chars() {
            match c {
                '{' => self.depth += 1,
                '}' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.open.last().is_some_and(|&(_, at)| self.depth < at) {
                        self.open.pop();
                    }
                }
                _ => {}
            }
        }
        if let Some(name) = opens_module {
            self.open.push((name, self.depth));
        }
        module
    }
}

/// Lines of code with their numbers, comments removed (line comments, doc comments and block comments).
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut in_block = false;
    for (i, line) in text.lines().enumerate() {
        let mut line = line;
        if in_block {
            match line.find("*/") {
                Some(end) => {
                    in_block = false;
                    line = &line[end + 2..];
                }
                None => continue,
            }
        }
        if let Some(start) = line.find("/*") {
            if !line[start..].contains("*/") {
                in_block = true;
            }
            line = &line[..start];
        }
        if let Some(comment) = line.find("//") {
            line = &line[..comment];
        }
        if !line.trim().is_empty() {
            out.push((i + 1, line));
        }
    }
    out
}

/// The names the root re-exports, and the module each comes from (`pub use play::{Move, Board};`).
fn reexports(root: &str, modules: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    let public = statements(root, "pub use ");
    let crate_wide = statements(root, "pub(crate) use ");
    for statement in public.into_iter().chain(crate_wide) {
        let mut segments = statement.splitn(2, "::");
        let (Some(first), Some(rest)) = (segments.next(), segments.next()) else {
            continue;
        };
        let first = first.trim();
        if !modules.contains(first) {
            continue;
        }
        for name in leaf_names(rest) {
            names.insert(name, first.to_owned());
        }
    }
    names
}

/// The `use` statements that start with `prefix`, whole (they may span lines), without the prefix and `;`.
fn statements<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        let after = &rest[at + prefix.len()..];
        let end = after.find(';').unwrap_or(after.len());
        out.push(&after[..end]);
        rest = &after[end..];
    }
    out
}

/// The last segments of a use tree: `{a::B, c::{D, E as F}, G}` gives B, D, F, G.
fn leaf_names(tree: &str) -> Vec<String> {
    tree.split([',', '{', '}'])
        .filter_map(|item| {
            let item = item.trim();
            let name = match item.split_once(" as ") {
                Some((_, alias)) => alias.trim(),
                None => item.rsplit("::").next().unwrap_or(item).trim(),
            };
            (!name.is_empty() && name != "self" && name != "*").then(|| name.to_owned())
        })
        .collect()
}

/// The top-level modules a line of a module's file names, through `crate::`, `super::` or `self::`.
fn path_targets(
    line: &str,
    module: &[String],
    modules: &BTreeSet<String>,
    reexports: &BTreeMap<String, String>,
) -> Vec<String> {
    let mut out = Vec::new();
    for (start, _) in line
        .match_indices("crate::")
        .chain(line.match_indices("super::"))
    {
        if start > 0 && is_ident(line[..start].chars().next_back().unwrap_or(' ')) {
            continue; // `foo_crate::` or a longer name
        }
        if line[..start].ends_with("::") {
            continue; // the middle of a longer path, `super::super::` counted once from its start
        }
        let (base, rest) = resolve_prefix(&line[start..], module);
        if let Some(top) = base.first() {
            out.push(top.clone());
            continue;
        }
        for first in first_segments(rest) {
            if modules.contains(&first) {
                out.push(first);
            } else if let Some(owner) = reexports.get(&first) {
                out.push(owner.clone());
            } else if first.chars().next().is_some_and(char::is_uppercase) || is_root_fn(&first) {
                out.push(ROOT.to_owned());
            }
        }
    }
    out
}

/// A lowercase name after `crate::` that is neither a module nor a re-export is a function or a macro of
/// the root (or an external path such as `crate::` inside a macro, which has none).
fn is_root_fn(name: &str) -> bool {
    !name.is_empty() && name != "self"
}

/// Strips `crate::` or a chain of `super::` from a path and says where it lands: the module path it is
/// relative to (empty: the crate root) and the rest of the path.
fn resolve_prefix<'a>(path: &'a str, module: &[String]) -> (Vec<String>, &'a str) {
    if let Some(rest) = path.strip_prefix("crate::") {
        return (Vec::new(), rest);
    }
    let mut base = module.to_vec();
    let mut rest = path;
    while let Some(after) = rest.strip_prefix("super::") {
        base.pop();
        rest = after;
    }
    (base, rest)
}

/// The first segments of what follows a prefix: `play::X` gives play, `{a::B, c}` gives a and c.
fn first_segments(rest: &str) -> Vec<String> {
    if let Some(inner) = rest.strip_prefix('{') {
        let mut depth = 0usize;
        let mut items = Vec::new();
        let mut current = String::new();
        for c in inner.chars() {
            match c {
                '{' => {
                    depth += 1;
                    current.push(c);
                }
                '}' if depth == 0 => break,
                '}' => {
                    depth -= 1;
                    current.push(c);
                }
                ',' if depth == 0 => items.push(std::mem::take(&mut current)),
                _ => current.push(c),
            }
        }
        items.push(current);
        return items
            .iter()
            .map(|item| leading_ident(item.trim()))
            .filter(|s| !s.is_empty())
            .collect();
    }
    vec![leading_ident(rest)]
}

fn leading_ident(text: &str) -> String {
    text.chars().take_while(|&c| is_ident(c)).collect()
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// In the root file, the modules its own code names: `play::MatchRef`, `use outage::Watch;`. The root's
/// `mod` declarations and `pub use` re-exports are not dependencies of its code.
fn root_targets(line: &str, modules: &BTreeSet<String>) -> Vec<String> {
    let trimmed = line.trim_start();
    if trimmed.starts_with("pub use ")
        || trimmed.starts_with("pub mod ")
        || trimmed.starts_with("mod ")
        || trimmed.starts_with("pub(crate) mod ")
    {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (start, _) in line.match_indices("::") {
        let before = &line[..start];
        let name: String = before
            .chars()
            .rev()
            .take_while(|&c| is_ident(c))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let preceded = before[..before.len() - name.len()].ends_with("::");
        if !preceded && modules.contains(&name) {
            out.push(name);
        }
    }
    out
}

#[derive(Default)]
struct Tarjan {
    next: usize,
    index: BTreeMap<String, usize>,
    low: BTreeMap<String, usize>,
    stack: Vec<String>,
    on_stack: BTreeSet<String>,
    components: Vec<Vec<String>>,
}

impl Tarjan {
    fn visit(&mut self, node: &str, graph: &ModuleGraph) {
        self.index.insert(node.to_owned(), self.next);
        self.low.insert(node.to_owned(), self.next);
        self.next += 1;
        self.stack.push(node.to_owned());
        self.on_stack.insert(node.to_owned());
        for to in graph.edges[node].keys() {
            if !self.index.contains_key(to) {
                self.visit(to, graph);
                let low = self.low[node].min(self.low[to]);
                self.low.insert(node.to_owned(), low);
            } else if self.on_stack.contains(to) {
                let low = self.low[node].min(self.index[to]);
                self.low.insert(node.to_owned(), low);
            }
        }
        if self.low[node] == self.index[node] {
            let mut component = Vec::new();
            while let Some(member) = self.stack.pop() {
                self.on_stack.remove(&member);
                let done = member == node;
                component.push(member);
                if done {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_circle_through_crate_paths_is_found() {
        let graph = ModuleGraph::of_sources(&[
            ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
            ("a.rs", "use crate::b::Thing;\n"),
            ("b.rs", "use crate::{c::Other, a as _};\n"),
            ("c.rs", "// use crate::a::Nothing;\nfn f() {}\n"),
        ]);
        assert_eq!(graph.cycles(), vec![vec!["a".to_owned(), "b".to_owned()]]);
        assert!(graph.explain(&graph.cycles()[0]).contains("b.rs:1"));
    }

    #[test]
    fn super_paths_re_exports_and_the_root_count() {
        let graph = ModuleGraph::of_sources(&[
            (
                "lib.rs",
                "mod a;\nmod b;\nmod c;\npub use c::Reply;\npub struct Core;\nuse a::helper;\n",
            ),
            ("a.rs", "use super::Reply;\n"),
            ("b.rs", "use super::{Core, c};\n"),
            ("c.rs", "fn f(x: super::Core) {}\n"),
            ("c/inner.rs", "use super::super::b::X;\n"),
        ]);
        let edges = |from: &str| -> Vec<&String> { graph.edges[from].keys().collect() };
        assert_eq!(edges("a"), ["c"]);
        assert_eq!(edges("b"), [ROOT, "c"]);
        assert_eq!(edges("c"), [ROOT, "b"]);
        assert_eq!(edges(ROOT), ["a"]);
        // c -> b, b -> c: one circle; the root is in it too (c -> root -> a -> c).
        assert_eq!(graph.cycles().len(), 1);
        assert!(graph.cycles()[0].contains(&"b".to_owned()));
    }

    #[test]
    fn super_in_an_inline_test_module_is_its_file() {
        let graph = ModuleGraph::of_sources(&[
            ("lib.rs", "mod a;\nmod b;\npub struct Root;\nfn f() { a::g() }\n"),
            (
                "a.rs",
                "pub fn g() {}\n#[cfg(test)]\nmod tests {\n    use super::g;\n}\nuse super::b::X;\n",
            ),
            ("b.rs", "pub struct X;\nuse super::Root;\n"),
        ]);
        assert_eq!(graph.edges["a"].keys().collect::<Vec<_>>(), ["b"]);
        // The root's `a::g()` then makes root -> a -> b -> root a circle.
        assert_eq!(graph.cycles().len(), 1);
    }

    #[test]
    fn calls_of_a_type_s_methods_spread_over_modules_count() {
        let graph = ModuleGraph::of_sources(&[
            ("lib.rs", "mod a;\nmod b;\nmod core;\n"),
            (
                "core.rs",
                "pub struct Core;\nimpl Core {\n    pub fn now(&self) -> i64 { 0 }\n}\n",
            ),
            (
                "a.rs",
                "impl Core {\n    pub fn play(&self) {\n        self.finish();\n    }\n}\n",
            ),
            (
                "b.rs",
                "impl Core {\n    pub fn finish(&self) {\n        let x = core.play();\n    }\n}\n",
            ),
        ]);
        assert_eq!(graph.edges["a"].keys().collect::<Vec<_>>(), ["b"]);
        assert_eq!(graph.cycles(), vec![vec!["a".to_owned(), "b".to_owned()]]);
    }

    #[test]
    fn submodules_of_one_module_may_import_each_other() {
        let graph = ModuleGraph::of_sources(&[
            ("lib.rs", "mod commands;\nmod reply;\n"),
            ("commands/mod.rs", "mod play;\nuse crate::reply::Reply;\n"),
            (
                "commands/play.rs",
                "use super::helper;\nuse crate::commands::x;\n",
            ),
            ("reply.rs", "pub struct Reply;\n"),
        ]);
        assert!(graph.cycles().is_empty());
        assert_eq!(
            graph.edges["commands"].keys().collect::<Vec<_>>(),
            ["reply"]
        );
    }
}
