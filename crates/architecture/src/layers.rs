//! Layers inside a crate: its modules (seen one file each, [`ModuleGraph::submodules_of_crate`]) in layers
//! from the bottom up, each layer importing only from its own and those below it.
//!
//! Inside a layer, some modules are shared (the others of the layer and those above use them freely) and
//! some stand apart (the core's features, each feature's vocabulary): one of those imports another only
//! through a documented hook, an entry with its reason in words. A module that stands apart and imports
//! one that stands apart in a layer below (a feature and a feature's vocabulary) must speak it (be listed
//! among its speakers) or go through a hook too.
//!
//! A shared entry names exactly one module; an entry that stands apart names a module with its submodules
//! (`tournaments` holds `tournaments::field`), which import each other freely. A module the tables do not
//! place is an error, so that a new one is placed on purpose. The crate's root may import every module,
//! and no module may import the root's own items (it sits above every layer).

use std::collections::BTreeSet;

use crate::{ModuleGraph, ROOT};

/// One layer: its name, its shared modules, and its modules that stand apart.
#[derive(Clone, Copy, Debug)]
pub struct Layer<'a> {
    pub name: &'a str,
    /// Modules the layer and those above it use freely: each entry one module.
    pub shared: &'a [&'a str],
    /// Modules that import each other only through a hook: each entry a module with its submodules.
    pub apart: &'a [&'a str],
}

/// An import between two modules that stand apart, allowed: (importer, imported, why).
pub type Hook<'a> = (&'a str, &'a str, &'a str);

/// A module that stands apart in a lower layer (a feature's vocabulary), the modules that stand apart
/// above it and speak it (the features that answer its commands), and why: (module, speakers, why).
pub type Speakers<'a> = (&'a str, &'a [&'a str], &'a str);

/// A crate's layers, bottom first, with the hooks between modules that stand apart.
#[derive(Clone, Copy, Debug)]
pub struct Layering<'a> {
    pub layers: &'a [Layer<'a>],
    pub hooks: &'a [Hook<'a>],
    pub speakers: &'a [Speakers<'a>],
}

/// Where a module sits: its layer, and the table entry that places it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seat {
    layer: usize,
    entry: String,
    apart: bool,
}

impl Layering<'_> {
    /// What breaks the layering: every module no table places, and every import that points up a layer,
    /// into the root, or from one module that stands apart to another without a hook. Each names the
    /// import and one place that makes it (file and line).
    pub fn broken(&self, graph: &ModuleGraph) -> Vec<String> {
        let mut out = Vec::new();
        for node in graph.edges.keys() {
            if node != ROOT && self.seat(node).is_none() {
                out.push(format!(
                    "{node} is in no layer: place it in a layer's shared or apart modules"
                ));
            }
        }
        for (from, imports) in &graph.edges {
            if from == ROOT {
                continue; // the root re-exports, and may use, every module
            }
            let Some(here) = self.seat(from) else {
                continue;
            };
            for (to, place) in imports {
                if let Some(why) = self.refusal(&here, to) {
                    out.push(format!("{from} -> {to} ({place}): {why}"));
                }
            }
        }
        out
    }

    /// Why an import from a module seated at `here` to `to` is refused, if it is.
    fn refusal(&self, here: &Seat, to: &str) -> Option<String> {
        let name = |seat: &Seat| self.layers[seat.layer].name;
        if to == ROOT {
            return Some(
                "the crate's root sits above every layer: name the module that defines the item"
                    .to_owned(),
            );
        }
        let there = self.seat(to)?; // a module in no layer is reported once, as such
        let hooked = || self.hook(&here.entry, &there.entry).is_some();
        if there.layer > here.layer {
            return Some(format!(
                "{} ({}) imports from {} ({}), a layer above it",
                here.entry,
                name(here),
                there.entry,
                name(&there)
            ));
        }
        if !(here.apart && there.apart) || here.entry == there.entry || hooked() {
            return None;
        }
        if there.layer == here.layer {
            return Some(format!(
                "{} and {} stand apart in {}: one imports the other only through a documented hook \
                 (add it to the hooks with its reason, or remove the import)",
                here.entry,
                there.entry,
                name(here)
            ));
        }
        let speakers = self.speakers.iter().find(|(m, _, _)| *m == there.entry);
        if speakers.is_some_and(|(_, speakers, _)| speakers.contains(&here.entry.as_str())) {
            return None;
        }
        Some(format!(
            "{} does not speak {} ({}; its speakers: {}): a documented hook or a speaker's entry \
             allows it",
            here.entry,
            there.entry,
            name(&there),
            speakers.map_or("none".to_owned(), |(_, s, _)| s.join(", "))
        ))
    }

    /// What the tables name that the crate does not have: a module, a hook that no import takes, a
    /// speaker that is not a module standing apart; and a module placed twice.
    pub fn stale(&self, graph: &ModuleGraph) -> Vec<String> {
        let mut out = Vec::new();
        let mut seen = BTreeSet::new();
        for layer in self.layers {
            for entry in layer.shared.iter().chain(layer.apart) {
                if !graph.edges.contains_key(*entry) {
                    out.push(format!(
                        "{} lists {entry}, which the crate no longer has",
                        layer.name
                    ));
                }
                if !seen.insert(*entry) {
                    out.push(format!("{entry} is placed twice"));
                }
            }
        }
        let apart: BTreeSet<&str> = self
            .layers
            .iter()
            .flat_map(|l| l.apart.iter().copied())
            .collect();
        for (from, to, why) in self.hooks {
            let taken = graph.edges.iter().any(|(f, imports)| {
                self.seat(f).is_some_and(|s| s.entry == *from)
                    && imports
                        .keys()
                        .any(|t| self.seat(t).is_some_and(|s| s.entry == *to))
            });
            if !taken {
                out.push(format!(
                    "the hook {from} -> {to} ({why}) is no import any more: drop it"
                ));
            }
        }
        for (module, speakers, _) in self.speakers {
            for name in std::iter::once(module).chain(speakers.iter()) {
                if !apart.contains(name) {
                    out.push(format!(
                        "the speakers of {module} name {name}, which stands apart in no layer"
                    ));
                }
            }
        }
        out
    }

    /// The hook from one entry to another, if there is one.
    fn hook(&self, from: &str, to: &str) -> Option<&Hook<'_>> {
        self.hooks.iter().find(|(f, t, _)| *f == from && *t == to)
    }

    /// Where a node sits: a shared entry naming it, else the longest apart entry holding it.
    fn seat(&self, node: &str) -> Option<Seat> {
        let mut best: Option<Seat> = None;
        for (layer, l) in self.layers.iter().enumerate() {
            if l.shared.contains(&node) {
                return Some(Seat {
                    layer,
                    entry: node.to_owned(),
                    apart: false,
                });
            }
            for entry in l.apart {
                let holds = node == *entry
                    || node
                        .strip_prefix(entry)
                        .is_some_and(|rest| rest.starts_with("::"));
                if holds && !best.as_ref().is_some_and(|b| b.entry.len() >= entry.len()) {
                    best = Some(Seat {
                        layer,
                        entry: (*entry).to_owned(),
                        apart: true,
                    });
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAYERS: &[Layer] = &[
        Layer {
            name: "the bottom",
            shared: &["clock"],
            apart: &[],
        },
        Layer {
            name: "the vocabulary",
            shared: &["words"],
            apart: &["words::a", "words::b"],
        },
        Layer {
            name: "the features",
            shared: &[],
            apart: &["a", "b", "c"],
        },
        Layer {
            name: "the top",
            shared: &["top"],
            apart: &[],
        },
    ];

    const RULES: Layering = Layering {
        layers: LAYERS,
        hooks: &[
            ("b", "a", "b asks a"),
            ("words::b", "words::a", "b's words name a's"),
        ],
        speakers: &[
            ("words::a", &["a"], "a's commands"),
            ("words::b", &["b"], "b's commands"),
        ],
    };

    fn crate_with(extra: &[(&'static str, &'static str)]) -> ModuleGraph {
        let mut sources = vec![
            (
                "lib.rs",
                "mod clock;\nmod words;\nmod a;\nmod b;\nmod c;\nmod top;\npub use top::run;\n",
            ),
            ("clock.rs", "pub fn now() {}\n"),
            (
                "words/mod.rs",
                "pub mod a;\npub mod b;\npub use a::A;\nuse crate::clock::now;\n",
            ),
            ("words/a.rs", "pub struct A;\n"),
            ("words/b.rs", "use super::A;\n"),
            ("a.rs", "use crate::words::A;\n"),
            ("a/inner.rs", "use super::super::words::a::A;\n"),
            ("b.rs", "use crate::a;\nuse crate::words::b;\n"),
            ("c.rs", "use crate::words::Thing;\n"),
            ("top.rs", "use crate::{a, b, c};\n"),
        ];
        for (path, text) in extra {
            match sources.iter_mut().find(|(p, _)| p == path) {
                Some(source) => source.1 = text,
                None => sources.push((path, text)),
            }
        }
        ModuleGraph::submodules_of_sources(&sources)
    }

    #[test]
    fn a_crate_in_its_layers_passes() {
        let graph = crate_with(&[]);
        assert_eq!(RULES.broken(&graph), Vec::<String>::new());
        assert_eq!(RULES.stale(&graph), Vec::<String>::new());
    }

    #[test]
    fn an_import_of_a_layer_above_is_refused_with_its_place() {
        let graph = crate_with(&[(
            "a.rs",
            "use crate::words::A;\n\nfn f() { crate::top::run() }\n",
        )]);
        assert_eq!(
            RULES.broken(&graph),
            ["a -> top (a.rs:3): a (the features) imports from top (the top), a layer above it"]
        );
        let graph = crate_with(&[("words/a.rs", "use crate::c::C;\n")]);
        let broken = RULES.broken(&graph);
        assert_eq!(broken.len(), 1, "{broken:?}");
        assert!(broken[0].starts_with("words::a -> c (words/a.rs:1): words::a (the vocabulary)"));
    }

    #[test]
    fn modules_apart_need_a_hook() {
        // c -> a has no hook; b -> a has one.
        let graph = crate_with(&[("c.rs", "use crate::a::Thing;\n")]);
        let broken = RULES.broken(&graph);
        assert_eq!(broken.len(), 1, "{broken:?}");
        assert!(
            broken[0].starts_with("c -> a (c.rs:1): c and a stand apart in the features"),
            "{broken:?}"
        );
        // words::a -> words::b has none either (only the other way).
        let graph = crate_with(&[("words/a.rs", "use super::b::B;\n")]);
        assert_eq!(RULES.broken(&graph).len(), 1);
    }

    #[test]
    fn a_feature_speaks_only_its_own_vocabulary() {
        let graph = crate_with(&[("c.rs", "use crate::words::a::A;\n")]);
        assert_eq!(
            RULES.broken(&graph),
            ["c -> words::a (c.rs:1): c does not speak words::a (the vocabulary; its speakers: a): a \
              documented hook or a speaker's entry allows it"]
        );
    }

    #[test]
    fn a_module_in_no_layer_and_the_root_s_items_are_refused() {
        let graph = crate_with(&[
            ("words/c.rs", "pub struct C;\n"),
            ("b.rs", "use crate::Nothing;\n"),
        ]);
        let broken = RULES.broken(&graph);
        assert_eq!(broken.len(), 2, "{broken:?}");
        assert!(broken[0].starts_with("words::c is in no layer"));
        assert!(broken[1].starts_with("b -> (root) (b.rs:1)"));
    }

    #[test]
    fn what_the_tables_name_and_the_crate_lacks_is_stale() {
        // b no longer imports a: its hook is dead weight; c's file is gone.
        let graph = ModuleGraph::submodules_of_sources(&[
            (
                "lib.rs",
                "mod clock;\nmod words;\nmod a;\nmod b;\nmod top;\n",
            ),
            ("clock.rs", ""),
            ("words/mod.rs", "pub mod a;\npub mod b;\n"),
            ("words/a.rs", ""),
            ("words/b.rs", "use super::a::A;\n"),
            ("a.rs", ""),
            ("b.rs", ""),
            ("top.rs", ""),
        ]);
        assert_eq!(
            RULES.stale(&graph),
            [
                "the features lists c, which the crate no longer has",
                "the hook b -> a (b asks a) is no import any more: drop it",
            ]
        );
    }
}
