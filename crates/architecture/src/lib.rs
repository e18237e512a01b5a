//! The architecture as a test can see it: which modules of a crate import which, and whether any of them
//! import each other in a circle.
//!
//! A graph sees a crate at one of two depths. [`ModuleGraph::of_crate`] sees its top-level modules (a file or
//! folder under `src/`): submodules count as their top-level module, so a folder may be as tangled inside as
//! it likes; between top-level modules, the imports must point one way. [`ModuleGraph::submodules_of_crate`]
//! sees every module with a file of its own, by its path (`vocabulary::play` for `src/vocabulary/play.rs`),
//! for rules about what a folder holds ([`layers`]). At both depths the root (`lib.rs` or `main.rs`) is a node for the
//! items defined there, and inline modules (`mod tests { … }`) count as their file.
//!
//! A module depends on another when its code names a path into it: `crate::other::…`, `super::…` and
//! `self::…` (from the module the line is in, a nested file's `super::` being its folder), a child module's
//! name (`field::Seed` in `tournaments/mod.rs`), a group (`use super::{a, b::C}`, over several lines too), or
//! a name another module imports or re-exports (`crate::Name` with `pub use other::Name` in the root,
//! `super::Name` with `pub use input::Name` in a folder's `mod.rs`), followed to the module that defines it.
//! The root's own re-exports (`pub use`) are its facade, not dependencies of its code; a folder's are its
//! code's. Calling a method of a type whose inherent `impl` blocks are spread over several modules (the
//! core's `impl Core`) depends on the module that defines it.
//!
//! The reading is textual and errs on the side of seeing an edge: comments are skipped, but a path spelled in
//! a string would count. That is the safe side for a check that only ever fails on an edge.

pub mod functions;
pub mod layers;
pub mod sentences;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The node of a crate's root, for the items defined in `lib.rs` or `main.rs` itself.
pub const ROOT: &str = "(root)";

/// The import graph of one crate's modules: its top-level modules, or every module with a file of its own.
#[derive(Debug, Default)]
pub struct ModuleGraph {
    /// Every node, with the modules it imports and, for each, one place that does (file and line).
    pub edges: BTreeMap<String, BTreeMap<String, String>>,
}

/// How finely a graph sees a crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Depth {
    /// Top-level modules: a submodule counts as its top-level module.
    TopLevel,
    /// Every module with a file of its own, by its path (`vocabulary::play`).
    Files,
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
    /// Reads the crate whose sources are in `src` (its root is `lib.rs`, else `main.rs`), by top-level
    /// module.
    pub fn of_crate(src: &Path) -> io::Result<ModuleGraph> {
        Ok(ModuleGraph::of_files(&read_crate(src)?, Depth::TopLevel))
    }

    /// Reads the crate whose sources are in `src`, by module with a file of its own: its nodes are named
    /// by their path (`vocabulary::play`), and the root is [`ROOT`].
    pub fn submodules_of_crate(src: &Path) -> io::Result<ModuleGraph> {
        Ok(ModuleGraph::of_files(&read_crate(src)?, Depth::Files))
    }

    /// Reads a crate given as (path under `src/`, text) pairs, by top-level module: for tests of the
    /// reading itself.
    pub fn of_sources(sources: &[(&str, &str)]) -> ModuleGraph {
        ModuleGraph::of_files(&source_files(sources), Depth::TopLevel)
    }

    /// Reads a crate given as (path under `src/`, text) pairs, by module with a file of its own.
    pub fn submodules_of_sources(sources: &[(&str, &str)]) -> ModuleGraph {
        ModuleGraph::of_files(&source_files(sources), Depth::Files)
    }

    fn of_files(files: &[SourceFile], depth: Depth) -> ModuleGraph {
        let codes: Vec<Code> = files.iter().map(|f| Code::of(&f.text, &f.module)).collect();
        let krate = Crate::new(files, &codes);
        let node = |module: &[String]| krate.node(module, depth);
        let spread = spread_methods(files, &node);
        let mut graph = ModuleGraph::default();
        for file in files {
            graph.edges.entry(node(&file.module)).or_default();
        }
        graph.edges.entry(ROOT.to_owned()).or_default();
        for (file, code) in files.iter().zip(&codes) {
            let from = node(&file.module);
            let mut targets = krate.path_targets(&file.module, code);
            for (line_no, line) in code.lines() {
                targets.extend(
                    method_targets(line, &spread)
                        .into_iter()
                        .map(|to| (line_no, to)),
                );
            }
            targets.sort_by_key(|(line_no, _)| *line_no);
            for (line_no, to) in targets {
                let to = match to {
                    Target::Module(module) => node(&module),
                    Target::Node(node) => node,
                };
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

fn read_crate(src: &Path) -> io::Result<Vec<SourceFile>> {
    let mut files = Vec::new();
    collect(src, src, &mut files)?;
    Ok(files)
}

fn source_files(sources: &[(&str, &str)]) -> Vec<SourceFile> {
    sources
        .iter()
        .map(|(path, text)| SourceFile {
            module: module_of(Path::new(path)),
            path: PathBuf::from(path),
            text: (*text).to_owned(),
        })
        .collect()
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

/// What a line depends on: a module path (to be placed at the graph's depth), or a node already.
enum Target {
    Module(Vec<String>),
    Node(String),
}

/// A file's code without its comments, line by line, with the module each line is in.
struct Code {
    /// The code, comments removed, its lines where the file has them.
    text: String,
    /// Where each line starts in `text`.
    starts: Vec<usize>,
    /// The module each line is in: the file's, or an inline module's inside it.
    modules: Vec<Vec<String>>,
}

impl Code {
    fn of(text: &str, file: &[String]) -> Code {
        let mut lines = vec![""; text.lines().count()];
        for (line_no, line) in code_lines(text) {
            lines[line_no - 1] = line;
        }
        let mut inline = InlineModules::default();
        let modules = lines.iter().map(|l| inline.module_at(file, l)).collect();
        let mut starts = Vec::with_capacity(lines.len());
        let mut at = 0;
        for line in &lines {
            starts.push(at);
            at += line.len() + 1;
        }
        Code {
            text: lines.join("\n"),
            starts,
            modules,
        }
    }

    /// The lines with code, with their numbers.
    fn lines(&self) -> impl Iterator<Item = (usize, &str)> + '_ {
        self.text
            .split('\n')
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| (i + 1, l))
    }

    /// The `use` statements of the file's own level (not those of an inline module), whole (they may span
    /// lines), without `use` and `;`.
    fn use_statements(&self, file: &[String]) -> Vec<&str> {
        let mut out = Vec::new();
        for (i, &start) in self.starts.iter().enumerate() {
            if self.modules[i] != file {
                continue;
            }
            let line = &self.text[start..];
            if let Some(tree) = use_statement(line) {
                out.push(&tree[..tree.find(';').unwrap_or(tree.len())]);
            }
        }
        out
    }
}

/// A line that starts a `use` statement (`use`, `pub use`, `pub(crate) use`, …): the rest after `use`.
fn use_statement(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    if let Some(after) = rest.strip_prefix("pub") {
        let after = after.trim_start();
        rest = match after.strip_prefix('(') {
            Some(inner) => &inner[inner.find(')')? + 1..],
            None => after,
        }
        .trim_start();
    }
    rest.strip_prefix("use")
        .filter(|r| r.starts_with(char::is_whitespace))
}

/// A line of the root that starts a re-export (`pub use`): the root's facade, not its code's dependency.
fn is_facade(line: &str) -> bool {
    line.trim_start().starts_with("pub use ")
}

/// The modules of a crate and the names each imports, to follow a path through them.
struct Crate {
    /// Every module with a file of its own.
    modules: BTreeSet<Vec<String>>,
    /// Each module's imported names (`use` and `pub use` at its file's level), with the absolute path each
    /// stands for: `Wanted` in `vocabulary` stands for `vocabulary::input::Wanted`.
    imports: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
}

impl Crate {
    fn new(files: &[SourceFile], codes: &[Code]) -> Crate {
        let mut krate = Crate {
            modules: files.iter().map(|f| f.module.clone()).collect(),
            imports: BTreeMap::new(),
        };
        for (file, code) in files.iter().zip(codes) {
            let mut names = BTreeMap::new();
            for statement in code.use_statements(&file.module) {
                for (path, alias) in paths_of(statement) {
                    let Some(name) = alias.or_else(|| path.last().cloned()) else {
                        continue;
                    };
                    if name == "*" || name == "_" {
                        continue;
                    }
                    if let Some(absolute) = krate.absolute(&file.module, &path) {
                        names.insert(name, absolute);
                    }
                }
            }
            krate.imports.insert(file.module.clone(), names);
        }
        krate
    }

    /// A path of a `use` statement in module `holder`, from the crate's root; `None` for another crate's.
    fn absolute(&self, holder: &[String], path: &[String]) -> Option<Vec<String>> {
        let (first, rest) = path.split_first()?;
        let mut base = holder.to_vec();
        match first.as_str() {
            "crate" => return Some(rest.to_vec()),
            "self" => base.extend(rest.iter().cloned()),
            "super" => {
                base.pop();
                let mut rest = rest;
                while let Some(("super", after)) = rest.split_first().map(|(s, a)| (s.as_str(), a))
                {
                    base.pop();
                    rest = after;
                }
                base.extend(rest.iter().cloned());
            }
            _ => {
                base.push(first.clone());
                if !self.modules.contains(&base) {
                    return None;
                }
                base.extend(rest.iter().cloned());
            }
        }
        Some(base)
    }

    /// The module a path names, read from module `at`: through child modules, and through the names a
    /// module imports to where they come from. What is left names an item of the module reached.
    fn locate(&self, at: &[String], path: &[String], hops: usize) -> Vec<String> {
        let mut at = at.to_vec();
        for (i, segment) in path.iter().enumerate() {
            at.push(segment.clone());
            if self.modules.contains(&at) {
                continue;
            }
            at.pop();
            let imported = self.imports.get(&at).and_then(|names| names.get(segment));
            if let Some(target) = imported.filter(|_| hops < 8) {
                let mut full = target.clone();
                full.extend(path[i + 1..].iter().cloned());
                return self.locate(&[], &full, hops + 1);
            }
            break;
        }
        at
    }

    /// The node a module path falls in: the deepest module with a file that holds it, or that one's
    /// top-level module; the root's for the root (and for an inline module of the root's file).
    fn node(&self, module: &[String], depth: Depth) -> String {
        let mut len = module.len();
        while len > 0 && !self.modules.contains(&module[..len]) {
            len -= 1;
        }
        if depth == Depth::TopLevel {
            len = len.min(1);
        }
        let module = &module[..len];
        if module.is_empty() {
            ROOT.to_owned()
        } else {
            module.join("::")
        }
    }

    /// The modules the paths of a file's code lead to, each with its line: `crate::…`, `super::…`,
    /// `self::…` and a child module's name, groups included.
    fn path_targets(&self, file: &[String], code: &Code) -> Vec<(usize, Target)> {
        let mut out = Vec::new();
        let mut in_facade = false;
        for (i, &start) in code.starts.iter().enumerate() {
            let end = code.starts.get(i + 1).map_or(code.text.len(), |&e| e - 1);
            let line = &code.text[start..end];
            if file.is_empty() {
                // The root's re-exports (they may span lines) are its facade.
                in_facade = in_facade || is_facade(line);
                if in_facade {
                    in_facade = !line.contains(';');
                    continue;
                }
            }
            let module = &code.modules[i];
            let mut previous: Option<char> = None;
            for (at, c) in line.char_indices() {
                let starts_a_name = is_ident(c) && !previous.is_some_and(is_ident);
                previous = Some(c);
                if !starts_a_name || line[..at].ends_with("::") {
                    continue; // inside a name, or the middle of a longer path
                }
                let rest = &code.text[start + at..];
                let (base, path) = if let Some(path) = rest.strip_prefix("crate::") {
                    (Vec::new(), path)
                } else if let Some(path) = rest.strip_prefix("self::") {
                    (module.clone(), path)
                } else if rest.starts_with("super::") {
                    let mut base = module.clone();
                    let mut path = rest;
                    while let Some(after) = path.strip_prefix("super::") {
                        base.pop();
                        path = after.trim_start();
                    }
                    (base, path)
                } else {
                    let name = leading_ident(rest);
                    let mut child = file.to_vec();
                    child.push(name.clone());
                    if !rest[name.len()..].starts_with("::") || !self.modules.contains(&child) {
                        continue;
                    }
                    (file.to_vec(), rest)
                };
                for (path, _) in paths_of(path) {
                    out.push((i + 1, Target::Module(self.locate(&base, &path, 0))));
                }
            }
        }
        out
    }
}

/// The paths of a use tree, or of a path in code, from its start, each with its alias: `a::{b::C, d as e,
/// self}` gives a::b::C, a::d (as e) and a. A glob ends with `*`. The reading stops at the first character
/// no path has (`(`, `<`, `;`, …).
fn paths_of(text: &str) -> Vec<(Vec<String>, Option<String>)> {
    let mut out = Vec::new();
    use_tree(text, &mut Vec::new(), &mut out);
    out
}

/// Reads one use tree after `prefix` into `out`, and gives back the text after it.
fn use_tree<'a>(
    text: &'a str,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) -> &'a str {
    let depth = prefix.len();
    let mut rest = text.trim_start();
    loop {
        if let Some(mut inner) = rest.strip_prefix('{') {
            loop {
                inner = use_tree(inner, prefix, out).trim_start();
                match inner.strip_prefix(',') {
                    Some(after) => inner = after,
                    None => {
                        inner = inner.strip_prefix('}').unwrap_or(inner);
                        break;
                    }
                }
            }
            prefix.truncate(depth);
            return inner;
        }
        if let Some(after) = rest.strip_prefix('*') {
            let mut glob = prefix.clone();
            glob.push("*".to_owned());
            out.push((glob, None));
            prefix.truncate(depth);
            return after;
        }
        let name = leading_ident(rest);
        if name.is_empty() {
            if prefix.len() > depth {
                out.push((prefix.clone(), None));
            }
            prefix.truncate(depth);
            return rest;
        }
        rest = &rest[name.len()..];
        if name != "self" {
            prefix.push(name); // `self` in a group stands for the path before it
        }
        let after = rest.trim_start();
        if let Some(next) = after.strip_prefix("::") {
            rest = next.trim_start();
            continue;
        }
        let alias = after
            .strip_prefix("as")
            .filter(|a| a.starts_with(char::is_whitespace))
            .map(|a| a.trim_start())
            .map(|a| (leading_ident(a), a));
        let alias = match alias {
            Some((alias, a)) if !alias.is_empty() => {
                rest = &a[alias.len()..];
                Some(alias)
            }
            _ => None,
        };
        out.push((prefix.clone(), alias));
        prefix.truncate(depth);
        return rest;
    }
}

/// The methods of a type whose inherent `impl` blocks are spread over several nodes (the core's `impl
/// Core` in every feature), each with the node that defines it: calling one (`self.name(` or `core.name(`)
/// uses that node as much as an import does. A name defined in two nodes is left out.
fn spread_methods(
    files: &[SourceFile],
    node: &dyn Fn(&[String]) -> String,
) -> BTreeMap<String, String> {
    // type -> nodes with an inherent impl of it; (type, method) -> the nodes defining it
    let mut impls: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut methods: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let module = node(&file.module);
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

/// The nodes whose spread methods `line` calls on `self` or on a `core`.
fn method_targets(line: &str, spread: &BTreeMap<String, String>) -> Vec<Target> {
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
            if let Some(node) = spread.get(&name).filter(|_| called) {
                out.push(Target::Node(node.clone()));
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

fn leading_ident(text: &str) -> String {
    text.chars().take_while(|&c| is_ident(c)).collect()
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
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
    fn self_in_an_inline_module_of_the_root_is_the_root() {
        let sources: &[(&str, &str)] = &[
            (
                "lib.rs",
                "mod a;\n#[cfg(test)]\nmod tests {\n    use self::helpers::x;\n}\n",
            ),
            ("a.rs", ""),
        ];
        for graph in [
            ModuleGraph::of_sources(sources),
            ModuleGraph::submodules_of_sources(sources),
        ] {
            assert_eq!(graph.edges.keys().collect::<Vec<_>>(), [ROOT, "a"]);
            assert!(graph.cycles().is_empty());
        }
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

    /// A small core: a vocabulary folder, the root's re-exports, a feature folder.
    fn core_like(extra: &[(&'static str, &'static str)]) -> ModuleGraph {
        let mut sources = vec![
            (
                "lib.rs",
                "mod clock;\nmod message;\npub mod vocabulary;\nmod play;\nmod tournaments;\n\
                 pub use vocabulary::{\n    Command,\n    MatchRef,\n};\n",
            ),
            ("clock.rs", "pub fn now() {}\n"),
            ("message.rs", "use super::clock::now;\npub struct Text;\n"),
            (
                "vocabulary/mod.rs",
                "pub mod input;\npub mod matches;\npub mod message;\npub mod play;\n\
                 use super::message::Text;\npub use input::{Options, Wanted};\n\
                 pub use matches::MatchRef;\npub struct UserError;\npub enum Command {}\n",
            ),
            (
                "vocabulary/input.rs",
                "pub struct Options;\npub enum Wanted {}\n",
            ),
            ("vocabulary/matches.rs", "pub enum MatchRef {}\n"),
            ("vocabulary/message.rs", "pub struct Decoy;\n"),
            ("vocabulary/play.rs", "pub enum PlayCommand {}\n"),
            ("play.rs", "pub fn f() {}\n"),
            ("tournaments/mod.rs", "mod field;\n"),
            ("tournaments/field.rs", "pub struct Seed;\n"),
        ];
        for (path, text) in extra {
            match sources.iter_mut().find(|(p, _)| p == path) {
                Some(source) => source.1 = text,
                None => sources.push((path, text)),
            }
        }
        ModuleGraph::submodules_of_sources(&sources)
    }

    fn imports(graph: &ModuleGraph, from: &str) -> Vec<String> {
        graph.edges[from].keys().cloned().collect()
    }

    #[test]
    fn submodules_are_nodes_by_their_path() {
        let graph = core_like(&[]);
        assert_eq!(
            graph.edges.keys().collect::<Vec<_>>(),
            [
                ROOT,
                "clock",
                "message",
                "play",
                "tournaments",
                "tournaments::field",
                "vocabulary",
                "vocabulary::input",
                "vocabulary::matches",
                "vocabulary::message",
                "vocabulary::play",
            ]
        );
        // The folder's `pub use` are its code's imports; the root's are its facade.
        assert_eq!(
            imports(&graph, "vocabulary"),
            ["message", "vocabulary::input", "vocabulary::matches"]
        );
        assert!(imports(&graph, ROOT).is_empty());
    }

    #[test]
    fn super_from_a_nested_file_is_its_folder() {
        let graph = core_like(&[(
            "vocabulary/play.rs",
            "use super::matches::MatchRef;\nfn f(e: super::UserError) {}\n",
        )]);
        assert_eq!(
            imports(&graph, "vocabulary::play"),
            ["vocabulary", "vocabulary::matches"]
        );
    }

    #[test]
    fn super_from_a_folder_s_mod_rs_is_the_crate_root() {
        // `super::message` from `vocabulary/mod.rs` is the crate's `message`, not `vocabulary::message`.
        let graph = core_like(&[]);
        assert!(imports(&graph, "vocabulary").contains(&"message".to_owned()));
        assert!(!imports(&graph, "vocabulary").contains(&"vocabulary::message".to_owned()));
        // And `super::super::` from a nested file is the root's.
        let graph = core_like(&[("vocabulary/play.rs", "use super::super::clock::now;\n")]);
        assert_eq!(imports(&graph, "vocabulary::play"), ["clock"]);
    }

    #[test]
    fn crate_paths_reach_the_deepest_module_named() {
        let graph = core_like(&[(
            "play.rs",
            "use crate::vocabulary::play::PlayCommand;\nfn f() { crate::clock::now(); }\n\
             fn g(_: crate::vocabulary::Command) {}\n",
        )]);
        assert_eq!(
            imports(&graph, "play"),
            ["clock", "vocabulary", "vocabulary::play"]
        );
        assert_eq!(graph.edges["play"]["clock"], "play.rs:2");
    }

    #[test]
    fn groups_are_read_whole_over_several_lines() {
        let graph = core_like(&[(
            "vocabulary/play.rs",
            "use super::{\n    input::Options,\n    matches::{self, MatchRef},\n    UserError,\n};\n",
        )]);
        assert_eq!(
            imports(&graph, "vocabulary::play"),
            ["vocabulary", "vocabulary::input", "vocabulary::matches"]
        );
        let graph = core_like(&[(
            "play.rs",
            "use crate::{clock, vocabulary::{play::PlayCommand, input}};\n",
        )]);
        assert_eq!(
            imports(&graph, "play"),
            ["clock", "vocabulary::input", "vocabulary::play"]
        );
    }

    #[test]
    fn re_exported_names_lead_to_the_module_defining_them() {
        // `crate::MatchRef`: the root re-exports it from `vocabulary`, which re-exports it from `matches`.
        let graph = core_like(&[("play.rs", "use crate::MatchRef;\n")]);
        assert_eq!(imports(&graph, "play"), ["vocabulary::matches"]);
        // `super::Wanted` from the vocabulary's own file: `vocabulary/mod.rs` re-exports it from `input`.
        let graph = core_like(&[("vocabulary/play.rs", "use super::{Wanted, Command};\n")]);
        assert_eq!(
            imports(&graph, "vocabulary::play"),
            ["vocabulary", "vocabulary::input"]
        );
        // A name the folder imports for itself (`use`, not `pub use`) is followed too.
        let graph = core_like(&[("vocabulary/play.rs", "use super::Text;\n")]);
        assert_eq!(imports(&graph, "vocabulary::play"), ["message"]);
        // A module imported by its name (`{self}`) stands for the module.
        let graph = core_like(&[
            ("message.rs", "pub use crate::vocabulary::input::{self};\n"),
            ("play.rs", "fn f(_: crate::message::input::Options) {}\n"),
        ]);
        assert_eq!(imports(&graph, "play"), ["vocabulary::input"]);
    }

    #[test]
    fn a_folder_names_its_own_submodules_and_self() {
        let graph = core_like(&[(
            "tournaments/mod.rs",
            "mod field;\nfn f() -> field::Seed { todo!() }\nuse self::field::Seed as S;\n",
        )]);
        assert_eq!(imports(&graph, "tournaments"), ["tournaments::field"]);
        assert_eq!(
            graph.edges["tournaments"]["tournaments::field"],
            "tournaments/mod.rs:2"
        );
        // At the top level, all of it is one module.
        let top = ModuleGraph::of_sources(&[
            ("lib.rs", "mod tournaments;\n"),
            ("tournaments/mod.rs", "mod field;\nuse field::Seed;\n"),
            ("tournaments/field.rs", "use super::super::Nothing;\n"),
        ]);
        assert_eq!(imports(&top, "tournaments"), [ROOT]);
    }

    #[test]
    fn spread_methods_lead_to_the_submodule_defining_them() {
        let graph = core_like(&[
            (
                "tournaments/field.rs",
                "impl Core {\n    pub fn seed(&self) {}\n}\n",
            ),
            (
                "play.rs",
                "impl Core {\n    pub fn play(&self) {\n        self.seed();\n    }\n}\n",
            ),
        ]);
        assert_eq!(imports(&graph, "play"), ["tournaments::field"]);
    }

    #[test]
    fn the_top_level_graph_folds_what_the_submodules_see() {
        let sources: &[(&str, &str)] = &[
            ("lib.rs", "mod message;\nmod vocabulary;\nmod play;\n"),
            ("message.rs", ""),
            (
                "vocabulary/mod.rs",
                "mod matches;\nmod play;\nuse super::message::Text;\n",
            ),
            ("vocabulary/matches.rs", ""),
            ("vocabulary/play.rs", "use super::matches::MatchRef;\n"),
            ("play.rs", "use crate::vocabulary::play::PlayCommand;\n"),
        ];
        let top = ModuleGraph::of_sources(sources);
        assert_eq!(imports(&top, "vocabulary"), ["message"]);
        assert_eq!(imports(&top, "play"), ["vocabulary"]);
        let deep = ModuleGraph::submodules_of_sources(sources);
        assert_eq!(imports(&deep, "vocabulary::play"), ["vocabulary::matches"]);
        assert_eq!(imports(&deep, "play"), ["vocabulary::play"]);
    }
}
