//! Sentences left in code: string literals of two or more English words where a player may read them,
//! which belong in the language resources (`namnam-words`) instead.
//!
//! The reading parses each file with `syn` and looks at every string literal, those inside macros too,
//! except where no player reads them: tests (`#[cfg(test)]`, `#[test]`), doc comments and attributes
//! (`#[error("…")]` is a log's word), the log and panic macros (inside other macros too), `.expect(…)` and
//! `.context(…)`, a metric's help text (`.register(…)`), an internal error's text, what the code names a `reason` or a `what` (an operator's
//! word on why a post was dropped or what failed), and the names of commands (which stay the same in
//! every language).

use std::path::{Path, PathBuf};

use syn::visit::{self, Visit};

/// A literal found, with its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sentence {
    pub file: PathBuf,
    pub text: String,
}

/// Macros whose words only a developer or an operator reads.
const UNREAD_MACROS: &[&str] = &[
    "trace",
    "debug",
    "info",
    "warn",
    "error",
    "event",
    "span",
    "info_span",
    "debug_span",
    "error_span",
    "warn_span",
    "trace_span",
    "instrument",
    "panic",
    "unreachable",
    "todo",
    "unimplemented",
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "bail",
    "anyhow",
    "ensure",
];

/// Methods whose arguments only a developer or an operator reads (a metric's help text is registered with
/// it), and those that name commands.
const UNREAD_METHODS: &[&str] = &[
    "register",
    "expect",
    "context",
    "with_context",
    "command",
    "subcommand",
];

/// Calls whose arguments only a developer reads (an internal error's text, what a Discord answer was for
/// the log), or that name a command: by the path's last segment, or its last two.
const UNREAD_CALLS: &[&str] = &["Inconsistent", "command", "subcommand", "shown_of"];

/// Names of bindings whose text only an operator reads.
const UNREAD_BINDINGS: &[&str] = &["reason", "what"];

/// Whether `text` reads as words of a sentence: two or more words of letters, separated by spaces (a
/// message id, a file name or a format string has none).
pub fn is_sentence(text: &str) -> bool {
    let words = text
        .split_whitespace()
        .filter(|w| {
            let letters: String = w.chars().filter(|c| c.is_alphabetic()).collect();
            letters.chars().count() >= 2
                && !w.contains('{')
                && w.chars()
                    .all(|c| c.is_alphabetic() || ",.;:!?'()".contains(c))
        })
        .count();
    words >= 2
}

/// The sentences of one file's text.
pub fn sentences_in(text: &str) -> syn::Result<Vec<String>> {
    let file = syn::parse_file(text)?;
    let mut finder = Finder::default();
    finder.visit_file(&file);
    Ok(finder.found)
}

/// The sentences of every `.rs` file under `src`.
pub fn sentences_under(src: &Path) -> std::io::Result<Vec<Sentence>> {
    let mut files = Vec::new();
    collect(src, &mut files)?;
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file)?;
        let sentences = sentences_in(&text).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{}: {e}", file.display()),
            )
        })?;
        found.extend(sentences.into_iter().map(|text| Sentence {
            file: file.clone(),
            text,
        }));
    }
    Ok(found)
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    Ok(())
}

#[derive(Default)]
struct Finder {
    found: Vec<String>,
}

impl Finder {
    fn literal(&mut self, text: String) {
        if is_sentence(&text) {
            self.found.push(text);
        }
    }

    /// The string literals among a macro's tokens, however deep, but for those of the unread macros
    /// called there (a log line in a `select!`).
    fn tokens(&mut self, tokens: proc_macro2::TokenStream) {
        let mut unread_macro = (false, false);
        for token in tokens {
            let skip = unread_macro == (true, true);
            unread_macro = match &token {
                proc_macro2::TokenTree::Ident(ident) => {
                    (UNREAD_MACROS.contains(&ident.to_string().as_str()), false)
                }
                proc_macro2::TokenTree::Punct(p) if p.as_char() == '!' => (unread_macro.0, true),
                _ => (false, false),
            };
            match token {
                proc_macro2::TokenTree::Group(_) if skip => {}
                proc_macro2::TokenTree::Group(group) => self.tokens(group.stream()),
                proc_macro2::TokenTree::Literal(literal) => {
                    if let Ok(string) = syn::parse_str::<syn::LitStr>(&literal.to_string()) {
                        self.literal(string.value());
                    }
                }
                _ => {}
            }
        }
    }
}

/// Whether the attributes mark test code.
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        let path = a.path();
        path.is_ident("test")
            || path.segments.last().is_some_and(|s| s.ident == "test")
            || (path.is_ident("cfg")
                && a.parse_args::<proc_macro2::TokenStream>()
                    .is_ok_and(|t| t.to_string().contains("test")))
    })
}

fn last_segment(path: &syn::Path) -> String {
    path.segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default()
}

/// The path's last two segments, `Outgoing::of`.
fn last_two_segments(path: &syn::Path) -> String {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    segments[segments.len().saturating_sub(2)..].join("::")
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if !is_test(&item.attrs) {
            visit::visit_item_mod(self, item);
        }
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        if !is_test(&item.attrs) {
            visit::visit_item_fn(self, item);
        }
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        if !is_test(&item.attrs) {
            visit::visit_impl_item_fn(self, item);
        }
    }

    fn visit_lit_str(&mut self, literal: &'ast syn::LitStr) {
        self.literal(literal.value());
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if !UNREAD_MACROS.contains(&last_segment(&mac.path).as_str()) {
            self.tokens(mac.tokens.clone());
        }
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        if UNREAD_METHODS.contains(&call.method.to_string().as_str()) {
            self.visit_expr(&call.receiver);
        } else {
            visit::visit_expr_method_call(self, call);
        }
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        if let syn::Expr::Path(path) = &*call.func {
            if UNREAD_CALLS.contains(&last_segment(&path.path).as_str())
                || UNREAD_CALLS.contains(&last_two_segments(&path.path).as_str())
            {
                return;
            }
        }
        visit::visit_expr_call(self, call);
    }

    fn visit_local(&mut self, local: &'ast syn::Local) {
        if let syn::Pat::Ident(binding) = &local.pat {
            if UNREAD_BINDINGS.contains(&binding.ident.to_string().as_str()) {
                return;
            }
        }
        visit::visit_local(self, local);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_are_found_where_players_read_them() {
        let code = r#"
            /// A doc comment is no sentence of the bot's.
            fn reply() -> String {
                tracing::info!("a log line stays English");
                let x = Some(1).expect("a developer's words");
                let id = "button-take-back";
                let path = "{:04}{match_part}.{ext}";
                let reason = match x { Some(_) => "the bot may not post", None => "it went away" };
                tokio::select! { () = done => tracing::info!("shutting down now") }
                Text::new().command("notify off");
                format!("Your turn in match {}", 3)
            }
            fn other() -> &'static str { "You have no match" }
            #[cfg(test)]
            mod tests { fn t() { let _ = "words in a test"; } }
        "#;
        assert_eq!(
            sentences_in(code).unwrap(),
            ["Your turn in match {}", "You have no match"]
        );
    }

    #[test]
    fn ids_names_and_formats_are_not_sentences() {
        for text in [
            "error-no-match",
            "nam-nam-opening.png",
            "{} vs {}",
            "#{id}",
            "1d 12h",
            "`{name} {options}`",
        ] {
            assert!(!is_sentence(text), "{text}");
        }
        for text in [
            "Take back",
            "no move that gave away a seed",
            "Join with the button below",
        ] {
            assert!(is_sentence(text), "{text}");
        }
    }
}
